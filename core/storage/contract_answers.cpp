#include "storage/contract_answers.h"

#include "storage/database.h"
#include "storage/session_repository.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace ys {

std::vector<ContractAnswer> loadContractAnswers(const SessionRepository &repo, qint64 runId,
                                                QString *error)
{
    QSqlQuery q(repo.database().connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT id, request_index, attempt, contract FROM samples "
                             "WHERE run_id = ? AND warmup = 0 AND contract IS NOT NULL "
                             "AND (served_by IS NULL OR served_by = '') "
                             "AND outcome IN ('ok', 'truncated_by_limit') ORDER BY seq"));
    q.addBindValue(runId);
    std::vector<ContractAnswer> out;
    if (!q.exec()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(repo.database().path(), q.lastError().text());
        return out;
    }
    while (q.next())
        out.push_back({q.value(0).toLongLong(), runId, q.value(1).toInt(), q.value(2).toInt(),
                       q.value(3).toString()});
    return out;
}

} // namespace ys
