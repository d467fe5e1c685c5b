#include "storage/team_status.h"

#include "storage/database.h"
#include "storage/sql_values.h"

#include <QSqlError>
#include <QSqlQuery>
#include <map>

namespace ys {

std::vector<WorkerStatus> TeamStatus::workers(Database &db, const std::vector<QueueItem> &items,
                                              QString *error)
{
    std::map<QString, WorkerStatus> byName;
    QSqlQuery heartbeat(db.connection());
    heartbeat.prepare(QStringLiteral("SELECT heartbeat_ms FROM sessions WHERE id = ?"));
    for (const QueueItem &item : items) {
        if (item.worker.isEmpty())
            continue;
        WorkerStatus &w = byName[item.worker];
        w.name = item.worker;
        if (item.state == QLatin1StringView("claimed")) {
            w.itemId = item.id;
            w.sessionId = item.sessionId;
            w.leaseUntilMs = item.leaseUntilMs;
            if (item.sessionId) {
                heartbeat.bindValue(0, *item.sessionId);
                if (!heartbeat.exec()) {
                    *error = tr("Could not read the sessions' heartbeats: %1")
                                 .arg(heartbeat.lastError().text());
                    return {};
                }
                if (heartbeat.next())
                    w.heartbeatMs = optOf(heartbeat.value(0));
                heartbeat.finish();
            }
        } else if (item.state == QLatin1StringView("done") ||
                   item.state == QLatin1StringView("failed")) {
            ++(item.state == QLatin1StringView("done") ? w.done : w.failed);
            if (item.finishedAt > w.lastFinishedAt)
                w.lastFinishedAt = item.finishedAt;
        }
    }
    std::vector<WorkerStatus> out;
    for (auto &[name, w] : byName)
        out.push_back(std::move(w));
    return out;
}

std::optional<TeamSnapshot> TeamStatus::read(Database &db, QString *error)
{
    RunQueue queue(db);
    TeamSnapshot s;
    QString problem;
    const std::optional<qint64> now = queue.nowMs(&problem);
    if (now)
        s.items = queue.items(&problem);
    if (problem.isEmpty())
        s.schedules = queue.schedules(&problem);
    if (problem.isEmpty())
        s.workers = workers(db, s.items, &problem);
    if (!now || !problem.isEmpty()) {
        *error = problem;
        return std::nullopt;
    }
    s.nowMs = *now;
    return s;
}

} // namespace ys
