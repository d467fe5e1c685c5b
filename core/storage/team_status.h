#pragma once

#include "storage/run_queue.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

class Database;

// One worker as the run queue shows it: the item it holds now, if any, with that item's lease
// and the heartbeat of the session it runs into (sessions.heartbeat_ms, refreshed every 5 s by
// the running process), and the items it has finished.
struct WorkerStatus {
    QString name;
    std::optional<qint64> itemId; // claimed now
    std::optional<qint64> sessionId;
    std::optional<qint64> leaseUntilMs;
    std::optional<qint64> heartbeatMs;
    int done = 0;
    int failed = 0;
    QString lastFinishedAt; // ISO 8601, empty when it finished none
};

// What the Team page shows of a store: its queue, its workers and its schedules, read at once,
// with the store's own clock.
struct TeamSnapshot {
    qint64 nowMs = 0;
    std::vector<QueueItem> items;
    std::vector<WorkerStatus> workers;
    std::vector<Schedule> schedules;
};

class TeamStatus {
    Q_DECLARE_TR_FUNCTIONS(ys::TeamStatus)
public:
    // None with *error set when a read fails.
    static std::optional<TeamSnapshot> read(Database &db, QString *error);
    // The workers named by the items, by name.
    static std::vector<WorkerStatus> workers(Database &db, const std::vector<QueueItem> &items,
                                             QString *error);
};

} // namespace ys
