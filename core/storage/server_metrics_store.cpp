#include "storage/server_metrics_store.h"

#include "storage/database.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace ys {

bool ServerMetricsStore::insert(Database &db, const std::vector<ServerMetricRow> &rows,
                                QString *error)
{
    if (rows.empty())
        return true;
    if (!db.beginWrite(error))
        return false;
    QSqlQuery q(db.connection());
    q.prepare(QStringLiteral("INSERT INTO server_metrics (run_id, at_ns, name, labels, value) "
                             "VALUES (?, ?, ?, ?, ?)"));
    for (const ServerMetricRow &r : rows) {
        q.addBindValue(r.runId);
        q.addBindValue(r.atNs);
        q.addBindValue(r.name);
        q.addBindValue(r.labels.isEmpty() ? QVariant(QMetaType(QMetaType::QString))
                                          : QVariant(r.labels));
        q.addBindValue(r.value);
        if (!q.exec()) {
            *error = tr("Could not store server metrics: %1").arg(q.lastError().text());
            db.rollback();
            return false;
        }
    }
    return db.commit(error);
}

std::vector<ServerMetricPoint> ServerMetricsStore::load(Database &db, qint64 sessionId,
                                                        QString *error)
{
    std::vector<ServerMetricPoint> out;
    QSqlQuery q(db.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
        "SELECT p.name, m.run_id, m.at_ns, m.name, m.labels, m.value FROM server_metrics m "
        "JOIN runs r ON r.id = m.run_id JOIN providers p ON p.id = r.provider_id "
        "WHERE r.session_id = ? ORDER BY p.name, m.run_id, m.name, m.labels, m.at_ns"));
    q.addBindValue(sessionId);
    if (!q.exec()) {
        if (error)
            *error = tr("Could not read server metrics: %1").arg(q.lastError().text());
        return out;
    }
    while (q.next()) {
        ServerMetricPoint m;
        m.provider = q.value(0).toString();
        m.runId = q.value(1).toLongLong();
        m.atNs = q.value(2).toLongLong();
        m.name = q.value(3).toString();
        m.labels = q.value(4).toString();
        m.value = q.value(5).toDouble();
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace ys
