#include "cli/cli_worker.h"

#include "cli/cli_gate_baseline.h"
#include "domain/session_status.h"
#include "domain/suite.h"
#include "run/metrics_endpoint.h"
#include "run/session_runner.h"
#include "storage/database.h"
#include "storage/run_queue.h"
#include "util/log.h"
#include "workbench/background_reader.h"
#include "workbench/claimed_run.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QTextStream>
#include <QTimer>
#include <atomic>
#include <csignal>

namespace ys {

namespace {

std::atomic<bool> s_stopAsked{false};

extern "C" void onStopSignal(int)
{
    s_stopAsked.store(true);
}

void say(const QString &line)
{
    QTextStream out(stdout);
    out << line << '\n';
    out.flush();
    qCInfo(lcApp).noquote() << line;
}

// Waits up to ms, in short slices so a stop signal is seen at once, serving events meanwhile:
// the metrics endpoint answers scrapes between items too.
void idle(qint64 ms)
{
    QDeadlineTimer deadline(ms);
    while (!deadline.hasExpired() && !s_stopAsked.load()) {
        QEventLoop loop;
        QTimer::singleShot(std::min<qint64>(100, std::max<qint64>(1, deadline.remainingTime())),
                           &loop, &QEventLoop::quit);
        loop.exec();
    }
}

// Runs one claimed item to its end, its claim kept in the store by a ClaimedRun: the session it
// finished and marked the item done with, or 0.
qint64 runItem(BackgroundReader &store, const QueueClaim &claim, const CliWorkerOptions &o)
{
    QString error;
    QEventLoop loop;
    qint64 finished = 0;
    ClaimedRun claimed(store, o.leaseS * 1000);
    claimed.setClaim(claim);
    QObject::connect(&claimed, &ClaimedRun::settled, &loop,
                     [&](qint64 itemId, qint64 sessionId, SessionStatus status,
                         ClaimedRun::Outcome outcome, const QString &finishError) {
                         switch (outcome) {
                         case ClaimedRun::Outcome::Marked:
                             if (status == SessionStatus::Finished)
                                 finished = sessionId;
                             if (sessionId)
                                 say(CliWorker::tr("item %1: session %2 %3")
                                         .arg(itemId)
                                         .arg(sessionId)
                                         .arg(sessionStatusName(status)));
                             break;
                         case ClaimedRun::Outcome::NotMarked:
                             say(CliWorker::tr("item %1: cannot be marked finished: %2")
                                     .arg(itemId)
                                     .arg(finishError));
                             break;
                         case ClaimedRun::Outcome::Superseded:
                             say(CliWorker::tr("item %1: superseded by a later claim; session "
                                               "%2 marked interrupted")
                                     .arg(itemId)
                                     .arg(sessionId));
                             break;
                         }
                         loop.quit();
                     });
    const auto failEarly = [&](const QString &why) {
        say(CliWorker::tr("item %1: failed: %2").arg(claim.itemId).arg(why));
        claimed.failBeforeStart(why);
        loop.exec();
        return qint64(0);
    };
    const auto suite =
        Suite::parse(claim.suiteJson, CliWorker::tr("queue item %1").arg(claim.itemId), &error);
    if (!suite)
        return failEarly(error);
    SessionRunner runner;
    if (o.onRunner)
        o.onRunner(runner);
    SessionRequest request;
    request.suite = *suite;
    request.dbPath = o.db;
    // The same plan as the workbench's and the command line's, stored with the session.
    request.plan = SessionPlan::make(*suite, {}, &error);
    if (!request.plan)
        return failEarly(error);
    // A lost claim stops the run: another worker runs the item now.
    QObject::connect(&claimed, &ClaimedRun::lost, &loop, [&] {
        say(CliWorker::tr("item %1: the claim was taken over; stopping this run")
                .arg(claim.itemId));
        runner.cancel();
    });
    QObject::connect(&runner, &SessionRunner::warning, &loop,
                     [](const QString &message) { qCWarning(lcEngine).noquote() << message; });
    QObject::connect(&runner, &SessionRunner::sessionStarted, &loop, [&](qint64 id) {
        say(CliWorker::tr("item %1: session %2 started").arg(claim.itemId).arg(id));
    });
    claimed.follow(&runner);
    if (!runner.start(std::move(request), &error))
        return failEarly(error);
    loop.exec();
    return finished;
}

} // namespace

int CliWorker::run(const CliWorkerOptions &o)
{
    std::signal(SIGTERM, onStopSignal);
    std::signal(SIGINT, onStopSignal);
    const QString name = o.name.isEmpty() ? RunQueue::processWorkerName() : o.name;
    QString error;
    // One endpoint for the worker's life: its counters add up over every item it runs.
    MetricsEndpoint metrics;
    CliWorkerOptions options = o;
    if (!o.metricsListen.isEmpty()) {
        if (!metrics.listen(o.metricsListen, &error)) {
            QTextStream(stderr) << tr("--metrics-listen: %1").arg(error) << '\n';
            return 2;
        }
        options.onRunner = [&metrics, hook = o.onRunner](SessionRunner &runner) {
            metrics.attach(&runner);
            if (hook)
                hook(runner);
        };
    }
    Database db(o.db);
    if (!db.open(&error)) {
        QTextStream(stderr) << error << '\n';
        return 2;
    }
    RunQueue queue(db);
    // The claims' leases, sessions and ends are written through a connection of their own.
    BackgroundReader store(o.db, nullptr, QStringLiteral("ys-worker-claims"));
    say(tr("worker %1: waiting for work (lease %2 s)").arg(name).arg(o.leaseS));
    int runs = 0;
    QDeadlineTimer idleSince(o.idleExitS > 0 ? o.idleExitS * 1000 : -1);
    while (!s_stopAsked.load()) {
        error.clear();
        if (const int n = queue.enqueueDue(&error); n > 0)
            say(tr("worker %1: %2 scheduled item(s) enqueued").arg(name).arg(n));
        const auto claim = queue.claim(name, o.leaseS * 1000, &error);
        if (!claim) {
            if (!error.isEmpty())
                qCWarning(lcStorage).noquote() << error;
            if (o.once || (o.idleExitS > 0 && idleSince.hasExpired()))
                break;
            idle(o.pollMs);
            continue;
        }
        say(tr("worker %1: claimed item %2 (suite \"%3\", claim %4)")
                .arg(name)
                .arg(claim->itemId)
                .arg(claim->suiteName)
                .arg(claim->claims));
        // A finished session of an item with a gate is checked against its baseline.
        if (const qint64 session = runItem(store, *claim, options);
            session && !claim->gateJson.isEmpty())
            CliGateBaseline::check(o.db, queue, *claim, session,
                                   o.metricsListen.isEmpty() ? nullptr : &metrics);
        ++runs;
        if (o.once || (o.maxRuns > 0 && runs >= o.maxRuns))
            break;
        if (o.idleExitS > 0)
            idleSince.setRemainingTime(o.idleExitS * 1000);
    }
    say(tr("worker %1: exiting after %2 item(s)").arg(name).arg(runs));
    return 0;
}

} // namespace ys
