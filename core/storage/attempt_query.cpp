#include "storage/attempt_query.h"

#include "domain/contract_check.h"

#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/sql_values.h"
#include "util/enum_names.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>
#include <algorithm>

namespace ys {

namespace {

// The column (or expression) each sort key orders by; every one is a plain column of samples, so
// the query stays one scan of the run's rows (samples_by_run) and a sort.
constexpr EnumName<AttemptSortKey> kSortColumns[] = {
    {AttemptSortKey::Seq, "seq"},
    {AttemptSortKey::RequestIndex, "request_index"},
    {AttemptSortKey::AttemptNumber, "attempt"},
    {AttemptSortKey::Outcome, "outcome"},
    {AttemptSortKey::HttpStatus, "http_status"},
    {AttemptSortKey::Ttft, "first_token_ns"},
    {AttemptSortKey::E2e, "end_ns"},
    {AttemptSortKey::OutputTokens, "output_tokens"},
    {AttemptSortKey::Cost, "cost_usd"},
    {AttemptSortKey::HttpVersion, "NULLIF(http_version, '')"},
    {AttemptSortKey::Contract, "contract"},
    {AttemptSortKey::Error, "NULLIF(error, '')"},
};

QString sortColumn(AttemptSortKey key)
{
    const QString column = nameIn(kSortColumns, key);
    return column.isEmpty() ? QStringLiteral("seq") : column;
}

// A stored contract with a failed check (ContractCheck::stored: `"ok":false` is never inside
// the escaped answer).
constexpr const char *kContractFailed = "contract LIKE '%\"ok\":false%' ";

QString where(std::optional<Outcome> outcome, bool contractFailed)
{
    QString sql = outcome ? QStringLiteral("WHERE run_id = ? AND outcome = ? ")
                          : QStringLiteral("WHERE run_id = ? ");
    if (contractFailed)
        sql += QStringLiteral("AND ") + QLatin1StringView(kContractFailed);
    return sql;
}

} // namespace

AttemptQuery::AttemptQuery(const SessionRepository &repo)
    : m_repo(repo)
{
}

std::vector<AttemptRunChoice> AttemptQuery::runs(qint64 sessionId, QString *error) const
{
    std::vector<AttemptRunChoice> out;
    QString err;
    const std::vector<ProviderRecord> providers = m_repo.providers(sessionId, &err);
    const std::vector<RunRecord> runs = m_repo.runs(sessionId, &err);
    if (!err.isEmpty()) {
        *error = err;
        return out;
    }
    for (const RunRecord &r : runs) {
        AttemptRunChoice c;
        c.run = r;
        for (const ProviderRecord &p : providers)
            if (p.id == r.providerId)
                c.provider = p.config;
        out.push_back(std::move(c));
    }
    std::sort(out.begin(), out.end(),
              [](const auto &a, const auto &b) { return a.run.id < b.run.id; });
    return out;
}

std::optional<qint64> AttemptQuery::count(qint64 runId, std::optional<Outcome> outcome,
                                          QString *error, bool contractFailed) const
{
    QSqlQuery q(m_repo.database().connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT COUNT(*) FROM samples ") + where(outcome, contractFailed));
    q.addBindValue(runId);
    if (outcome)
        q.addBindValue(outcomeName(*outcome));
    if (!q.exec() || !q.next()) {
        *error = tr("%1: %2").arg(m_repo.database().path(), q.lastError().text());
        return std::nullopt;
    }
    return q.value(0).toLongLong();
}

std::optional<qint64> AttemptQuery::contractFailures(qint64 runId, QString *error) const
{
    return count(runId, std::nullopt, error, true);
}

std::optional<std::vector<std::pair<Outcome, qint64>>>
AttemptQuery::outcomeCounts(qint64 runId, QString *error) const
{
    QSqlQuery q(m_repo.database().connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT outcome, COUNT(*) AS n FROM samples WHERE run_id = ? "
                             "GROUP BY outcome ORDER BY n DESC, outcome"));
    q.addBindValue(runId);
    if (!q.exec()) {
        *error = tr("%1: %2").arg(m_repo.database().path(), q.lastError().text());
        return std::nullopt;
    }
    std::vector<std::pair<Outcome, qint64>> out;
    while (q.next()) {
        // A name this version does not know is shown as the class samples() reads it as.
        const Outcome o = outcomeFromName(q.value(0).toString()).value_or(Outcome::ClientError);
        out.emplace_back(o, q.value(1).toLongLong());
    }
    return out;
}

std::optional<std::vector<AttemptRow>> AttemptQuery::page(const AttemptPageRequest &request,
                                                          QString *error) const
{
    const QString column = sortColumn(request.sortKey);
    const QString dir = request.descending ? QStringLiteral("DESC") : QStringLiteral("ASC");
    // Only the error's first line (at most 200 characters) leaves SQLite.
    const QString firstLine =
        m_repo.database().isPostgres()
            ? QStringLiteral("substr(split_part(error, chr(10), 1), 1, 200) ")
            : QStringLiteral(
                  "substr(substr(error, 1, instr(error || char(10), char(10)) - 1), 1, 200) ");
    const QString sql =
        QStringLiteral(
            "SELECT id, seq, request_index, attempt, warmup, outcome, http_status, "
            "first_token_ns, end_ns, output_tokens, cost_usd, http_version, contract, ") +
        firstLine + QStringLiteral("FROM samples ") +
        where(request.outcome, request.contractFailed) +
        // In the order run (seq is never null) a page is read from an index; any other order
        // sorts the run's attempts first.
        (request.sortKey == AttemptSortKey::Seq
             ? QStringLiteral("ORDER BY seq %1, id %1 LIMIT ? OFFSET ?").arg(dir)
             : QStringLiteral("ORDER BY (%1 IS NULL), %1 %2, seq %2, id %2 LIMIT ? OFFSET ?")
                   .arg(column, dir));
    QSqlQuery q(m_repo.database().connection());
    q.setForwardOnly(true);
    q.prepare(sql);
    q.addBindValue(request.runId);
    if (request.outcome)
        q.addBindValue(outcomeName(*request.outcome));
    q.addBindValue(request.limit);
    q.addBindValue(request.offset);
    if (!q.exec()) {
        *error = tr("%1: %2").arg(m_repo.database().path(), q.lastError().text());
        return std::nullopt;
    }
    std::vector<AttemptRow> rows;
    rows.reserve(std::size_t(std::max(0, request.limit)));
    while (q.next()) {
        AttemptRow r;
        r.id = q.value(0).toLongLong();
        r.seq = q.value(1).toInt();
        r.requestIndex = q.value(2).toInt();
        r.attemptNumber = q.value(3).toInt();
        r.warmup = q.value(4).toInt() != 0;
        r.outcome = outcomeFromName(q.value(5).toString()).value_or(Outcome::ClientError);
        r.httpStatus = q.value(6).toInt();
        r.ttftNs = optOf(q.value(7));
        r.e2eNs = q.value(8).toLongLong();
        r.outputTokens = optOf(q.value(9));
        r.costUsd = optRealOf(q.value(10));
        r.httpVersion = q.value(11).toString();
        if (const auto stored = ContractCheck::fromStored(q.value(12).toString()))
            r.contract = ContractCheck::summary(stored->results);
        r.errorLine = q.value(13).toString();
        rows.push_back(std::move(r));
    }
    return rows;
}

std::optional<Sample> AttemptQuery::attempt(qint64 sampleId, QString *error) const
{
    QString err;
    std::optional<Sample> s = m_repo.sample(sampleId, &err);
    if (!s && !err.isEmpty())
        *error = tr("%1: %2").arg(m_repo.database().path(), err);
    else if (!s)
        *error = tr("Attempt %1 is not in the database").arg(sampleId);
    return s;
}

} // namespace ys
