#pragma once

#include <QCoreApplication>
#include <QString>
#include <functional>
#include <optional>

namespace ys {

class SessionRunner;

struct CliWorkerOptions {
    QString db;
    QString name;          // empty: host:pid
    qint64 leaseS = 60;    // a claim's lease, renewed every third of it
    bool once = false;     // one item at most, then exit
    int maxRuns = 0;       // 0: no limit
    qint64 idleExitS = 0;  // 0: wait for work for ever
    qint64 pollMs = 1000;  // how often an idle worker looks at the queue and the schedules
    QString metricsListen; // HOST:PORT: serve the worker's live metrics there (empty: none)
    // Called with each run's runner before it starts: where a metrics endpoint attaches to the
    // runs of a worker (--metrics-listen).
    std::function<void(SessionRunner &)> onRunner;
};

// yardstick-cli worker (docs/workers.md): claims queued suites one at a time, runs each into a
// session of its own with the engine `run` uses, renews its lease while it runs and marks the
// item done or failed; due schedules are enqueued on the way. SIGTERM or SIGINT let the
// current item finish, then the worker exits 0. A worker whose claim was taken over (its lease
// ran out) stops its run, leaves the item to the new claim and marks its session interrupted.
class CliWorker {
    Q_DECLARE_TR_FUNCTIONS(ys::CliWorker)
public:
    static int run(const CliWorkerOptions &options);
};

} // namespace ys
