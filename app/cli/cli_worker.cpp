#include "cli/cli_worker.h"

#include "domain/session_status.h"
#include "domain/suite.h"
#include "run/metrics_endpoint.h"
#include "run/session_runner.h"
#include "storage/database.h"
#include "storage/run_queue.h"
#include "util/log.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QSysInfo>
#include <QTextStream>
#include <QThread>
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

// Sleeps up to ms, in short slices so a stop signal is seen at once.
void idle(qint64 ms)
{
    QDeadlineTimer deadline(ms);
    while (!deadline.hasExpired() && !s_stopAsked.load())
        QThread::msleep(std::min<qint64>(100, std::max<qint64>(1, deadline.remainingTime())));
}

// Runs one claimed item to its end. Returns false when the database failed under the worker.
void runItem(RunQueue &queue, const QueueClaim &claim, const CliWorkerOptions &o)
{
    const qint64 leaseMs = o.leaseS * 1000;
    QString error;
    const auto suite =
        Suite::parse(claim.suiteJson, CliWorker::tr("queue item %1").arg(claim.itemId), &error);
    if (!suite) {
        QString finishError;
        queue.finish(claim, false, error, &finishError);
        say(CliWorker::tr("item %1: failed: %2").arg(claim.itemId).arg(error));
        return;
    }
    SessionRunner runner;
    if (o.onRunner)
        o.onRunner(runner);
    SessionRequest request;
    request.suite = *suite;
    request.dbPath = o.db;
    // The same plan as the workbench's and the command line's, stored with the session.
    request.plan = SessionPlan::make(*suite, {}, &error);
    if (!request.plan) {
        QString finishError;
        queue.finish(claim, false, error, &finishError);
        say(CliWorker::tr("item %1: failed: %2").arg(claim.itemId).arg(error));
        return;
    }
    QEventLoop loop;
    qint64 sessionId = 0;
    SessionStatus status = SessionStatus::Running;
    bool lost = false;
    // A lost claim stops the run: another worker runs the item now.
    const auto loseClaim = [&] {
        if (lost)
            return;
        lost = true;
        say(CliWorker::tr("item %1: the claim was taken over; stopping this run")
                .arg(claim.itemId));
        runner.cancel();
    };
    QObject::connect(&runner, &SessionRunner::warning, &loop,
                     [](const QString &message) { qCWarning(lcEngine).noquote() << message; });
    QObject::connect(&runner, &SessionRunner::sessionStarted, &loop, [&](qint64 id) {
        sessionId = id;
        QString e;
        if (!queue.setSession(claim, id, &e) && e.isEmpty())
            loseClaim();
        say(CliWorker::tr("item %1: session %2 started").arg(claim.itemId).arg(id));
    });
    QObject::connect(&runner, &SessionRunner::finished, &loop, [&](qint64 id, SessionStatus s) {
        if (id)
            sessionId = id;
        status = s;
        loop.quit();
    });
    QTimer renew;
    renew.setInterval(int(std::max<qint64>(200, leaseMs / 3)));
    QObject::connect(&renew, &QTimer::timeout, &loop, [&] {
        QString e;
        // A failed renewal that is not a lost claim (the database busy a moment) is retried at
        // the next tick; the lease has two more thirds to go.
        if (!queue.renew(claim, leaseMs, &e) && e.isEmpty())
            loseClaim();
    });
    if (!runner.start(std::move(request), &error)) {
        QString finishError;
        queue.finish(claim, false, error, &finishError);
        say(CliWorker::tr("item %1: failed: %2").arg(claim.itemId).arg(error));
        return;
    }
    renew.start();
    loop.exec();
    renew.stop();

    const bool done = status == SessionStatus::Finished;
    QString finishError;
    if (!lost &&
        queue.finish(claim, done, done ? QString() : sessionStatusName(status), &finishError)) {
        say(CliWorker::tr("item %1: session %2 %3")
                .arg(claim.itemId)
                .arg(sessionId)
                .arg(sessionStatusName(status)));
        return;
    }
    if (!finishError.isEmpty()) {
        say(CliWorker::tr("item %1: cannot be marked finished: %2")
                .arg(claim.itemId)
                .arg(finishError));
        return;
    }
    // Superseded: the item belongs to a later claim, so this session is no result of it.
    if (sessionId)
        queue.markInterrupted(sessionId, true, &finishError);
    say(CliWorker::tr("item %1: superseded by a later claim; session %2 marked interrupted")
            .arg(claim.itemId)
            .arg(sessionId));
}

} // namespace

int CliWorker::run(const CliWorkerOptions &o)
{
    std::signal(SIGTERM, onStopSignal);
    std::signal(SIGINT, onStopSignal);
    const QString name = o.name.isEmpty() ? QStringLiteral("%1:%2")
                                                .arg(QSysInfo::machineHostName())
                                                .arg(QCoreApplication::applicationPid())
                                          : o.name;
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
        runItem(queue, *claim, options);
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
