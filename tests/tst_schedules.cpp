// A schedule of every 10 seconds with one worker running enqueues and runs its suite three times
// in a little over 20 seconds (slots at 0, 10 and 20 s), and the history groups the three
// sessions. On the test PostgreSQL server when there is one, else on an SQLite file. Slots are
// the same arithmetic whatever the interval (RunQueue::nextSlot), so seconds check what hours do.
#include "cli_runner.h"
#include "worker_support.h"

#include "storage/database.h"
#include "storage/run_queue.h"
#include "storage/session_repository.h"
#include "test_main.h"

#include <QTest>
#include <csignal>

using namespace ys;

class TstSchedules : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyTenSecondsRunsThreeTimes()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        if (test::PgServer::available()) // this process reads the store too
            qputenv("PGPASSWORD", test::PgServer::password().toUtf8());
        QString error;
        auto sim = test::startFastSim(&error);
        QVERIFY2(sim, qPrintable(error));
        const QString backend =
            test::PgServer::available() ? QStringLiteral("postgres") : QStringLiteral("sqlite");
        const test::WorkerStore store = test::makeStore(backend, dir);
        QVERIFY(!store.location.isEmpty());
        const QString suite = test::writeWorkerSuite(dir, QStringLiteral("sampled"), sim->baseUrl(),
                                                     QStringLiteral("fast"), 2);
        const test::CliResult added =
            test::runCli({QStringLiteral("schedule"), QStringLiteral("add"), QStringLiteral("--db"),
                          store.location, QStringLiteral("--suite"), suite,
                          QStringLiteral("--every"), QStringLiteral("10s")});
        QVERIFY2(added.code == 0, qPrintable(added.err));

        auto worker =
            test::startCli({QStringLiteral("worker"), QStringLiteral("--db"), store.location,
                            QStringLiteral("--lease"), QStringLiteral("30")});
        Database db(store.location);
        QVERIFY2(db.open(&error), qPrintable(error));
        RunQueue queue(db);
        const auto doneCount = [&] {
            int n = 0;
            for (const QueueItem &i : queue.items(nullptr))
                n += i.state == QLatin1StringView("done") ? 1 : 0;
            return n;
        };
        QTRY_VERIFY_WITH_TIMEOUT(doneCount() >= 3, (40 + 30 * test::kSlow) * 1000);
        ::kill(pid_t(worker->processId()), SIGTERM); // lets it finish, then it exits 0
        QTRY_VERIFY_WITH_TIMEOUT(worker->state() == QProcess::NotRunning, 60000 * test::kSlow);
        QCOMPARE(worker->exitStatus(), QProcess::NormalExit);
        QCOMPARE(worker->exitCode(), 0);

        const auto items = queue.items(&error);
        QCOMPARE(items.size(), std::size_t(3)); // one item per slot, none twice
        for (const QueueItem &i : items) {
            QCOMPARE(i.state, QStringLiteral("done"));
            QVERIFY(i.scheduleId);
            QCOMPARE(i.suiteName, QStringLiteral("sampled"));
        }
        const auto schedules = queue.schedules(&error);
        QCOMPARE(schedules.size(), std::size_t(1));
        QCOMPARE(*schedules.front().everyS, qint64(10));

        // The history reads the three sessions: one window of an hour (two when the test
        // straddles the hour), each provider's medians over them.
        const test::CliResult history = test::runCli(
            {QStringLiteral("history"), QStringLiteral("--db"), store.location,
             QStringLiteral("--suite"), QStringLiteral("sampled"), QStringLiteral("--window"),
             QStringLiteral("1h"), QStringLiteral("--json")});
        QVERIFY2(history.code == 0, qPrintable(history.err));
        const auto rows = nlohmann::json::parse(history.out.toStdString());
        int sessions = 0;
        for (const auto &row : rows) {
            QCOMPARE(row["provider"].get<std::string>(), std::string("sim"));
            QVERIFY(row["ttft_p50_ms"].is_number());
            sessions += row["sessions"].get<int>();
        }
        QCOMPARE(sessions, 3);
    }
};

YS_TEST_GUILESS_MAIN(TstSchedules)
#include "tst_schedules.moc"
