// Workers against a shared store: three yardstick-cli worker processes drain a queue of 30
// suites with none lost and none run twice, and a worker killed mid-run leaves its item to
// another after the lease, its own session marked interrupted. Each case runs on an SQLite file
// and on the test PostgreSQL server (skipped, with the reason, when there is none).
#include "cli_runner.h"
#include "worker_support.h"

#include "storage/database.h"
#include "storage/run_queue.h"
#include "storage/session_repository.h"
#include "test_main.h"

#include <QSet>
#include <QTest>
#include <csignal>

using namespace ys;

class TstWorkers : public test::ScratchSimTest {
    Q_OBJECT

private:
    void backends()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        QTest::newRow("postgres") << QStringLiteral("postgres");
    }

    // Waits for a process to end on its own, keeping the event loop going.
    static bool waitEnded(QProcess &p, int ms)
    {
        QDeadlineTimer deadline(ms);
        while (p.state() != QProcess::NotRunning && !deadline.hasExpired())
            QTest::qWait(100);
        return p.state() == QProcess::NotRunning;
    }

    // Writes a suite named name (requests requests to model on the simulator) into dir and queues
    // it on store with `yardstick-cli queue` and extra arguments; false, after failing the test,
    // when the queueing fails.
    bool queueSuite(const test::WorkerStore &store, const QTemporaryDir &dir, const QString &name,
                    const QString &model, int requests, const QStringList &extra = {})
    {
        const QString suite = test::writeWorkerSuite(dir, name, m_sim->baseUrl(), model, requests);
        auto queue = test::startCli(QStringList{QStringLiteral("queue"), QStringLiteral("--db"),
                                                store.location, QStringLiteral("--suite"), suite} +
                                    extra);
        if (!QTest::qVerify(waitEnded(*queue, 60000 * test::kSlow), "waitEnded(*queue)", "",
                            __FILE__, __LINE__))
            return false;
        return QTest::qVerify(queue->exitCode() == 0, "queue->exitCode() == 0",
                              queue->readAll().constData(), __FILE__, __LINE__);
    }

    // What a test case runs on: a scratch folder and the store of its row's backend in it.
    struct QueuedStore {
        QTemporaryDir dir;
        test::WorkerStore store;
    };

    // The store of this row's backend (a row of backends()) in a new folder, with a suite queued
    // on it as queueSuite does; null when the row is skipped (PostgreSQL without a test server) or
    // failed (no store, or the queueing failed), the reason given either way.
    std::unique_ptr<QueuedStore> queuedStore(const QString &name, const QString &model,
                                             int requests, const QStringList &extra = {})
    {
        QFETCH(QString, backend);
        if (backend == QLatin1StringView("postgres") && !test::PgServer::available()) {
            QTest::qSkip(test::PgServer::skipReason(), __FILE__, __LINE__);
            return nullptr;
        }
        auto queued = std::make_unique<QueuedStore>();
        test::WorkerStore &store = queued->store;
        store = test::makeStore(backend, queued->dir);
        if (!QTest::qVerify(!store.location.isEmpty(), "!store.location.isEmpty()",
                            store.pg ? qPrintable(store.pg->error()) : "", __FILE__, __LINE__))
            return nullptr;
        if (!QTest::qVerify(queueSuite(store, queued->dir, name, model, requests, extra),
                            "queueSuite(store, dir, name, model, requests, extra)", "", __FILE__,
                            __LINE__))
            return nullptr;
        return queued;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        if (test::PgServer::available()) // this process reads the store too
            qputenv("PGPASSWORD", test::PgServer::password().toUtf8());
        auto fast = test::ProfileShape().withTtft(5, 8).withOutput(8, 8);
        // A slow provider: a run of a dozen requests lasts several seconds, long enough to be
        // killed in the middle.
        auto slow = test::ProfileShape().withTtft(300, 300).withDecode(20).withOutput(8, 8);
        m_sim = test::startedSim(
            {test::simProfileJson(QStringLiteral("Fast"), QStringLiteral("fast"), fast),
             test::simProfileJson(QStringLiteral("Slow"), QStringLiteral("slow"), slow)});
    }

    void cleanupTestCase() { m_sim.reset(); }

    void threeWorkersDrainTheQueue_data() { backends(); }
    void threeWorkersDrainTheQueue()
    {
        const auto queued = queuedStore(QStringLiteral("drain"), QStringLiteral("fast"), 2,
                                        {QStringLiteral("--count"), QStringLiteral("30")});
        if (!queued)
            return; // skipped or failed, as said
        const QString &location = queued->store.location;

        std::vector<std::unique_ptr<QProcess>> workers;
        for (int i = 0; i < 3; ++i)
            workers.push_back(test::startCli(
                {QStringLiteral("worker"), QStringLiteral("--db"), location,
                 QStringLiteral("--name"), QStringLiteral("w%1").arg(i), QStringLiteral("--lease"),
                 QStringLiteral("30"), QStringLiteral("--idle-exit"), QStringLiteral("1")}));
        for (auto &w : workers) {
            QVERIFY2(waitEnded(*w, 240000 * test::kSlow), "a worker did not drain the queue");
            QVERIFY2(w->exitCode() == 0, w->readAll().constData());
        }

        Database db(location);
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        RunQueue q(db);
        const auto items = q.items(&error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(items.size(), std::size_t(30));
        QSet<qint64> sessions;
        QSet<QString> workersSeen;
        for (const QueueItem &i : items) {
            QVERIFY2(i.state == QLatin1StringView("done"),
                     qPrintable(QStringLiteral("item %1: %2 %3").arg(i.id).arg(i.state, i.error)));
            QCOMPARE(i.claims, 1); // claimed once: run once
            QVERIFY(i.sessionId);
            sessions.insert(*i.sessionId);
            workersSeen.insert(i.worker);
        }
        QCOMPARE(sessions.size(), 30); // one session per item
        SessionRepository repo(db);
        const auto stored = repo.sessions(&error, false);
        QCOMPARE(stored.size(), std::size_t(30)); // and no other
        for (const SessionInfo &s : stored) {
            QVERIFY(sessions.contains(s.id));
            QCOMPARE(s.status, SessionStatus::Finished);
        }
        QVERIFY2(workersSeen.size() >= 2, "the work was not shared between the workers");
    }

    void deadWorkersItemIsFinishedByAnother_data() { backends(); }
    void deadWorkersItemIsFinishedByAnother()
    {
        const auto queued = queuedStore(QStringLiteral("slow"), QStringLiteral("slow"), 12);
        if (!queued)
            return; // skipped or failed, as said
        const QString &location = queued->store.location;

        const QStringList common{QStringLiteral("worker"), QStringLiteral("--db"), location,
                                 QStringLiteral("--lease"), QStringLiteral("3")};
        auto doomed = test::startCli(
            common + QStringList{QStringLiteral("--name"), QStringLiteral("doomed")});
        Database db(location);
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        RunQueue q(db);
        // Killed once its session has started storing.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const auto items = q.items(nullptr);
                return items.size() == 1 && items.front().sessionId.has_value();
            }(),
            60000 * test::kSlow);
        QTest::qWait(500);
        QCOMPARE(q.items(&error).front().state, QStringLiteral("claimed"));
        const qint64 deadSession = *q.items(&error).front().sessionId;
        ::kill(pid_t(doomed->processId()), SIGKILL);
        QVERIFY(waitEnded(*doomed, 10000));

        auto heir =
            test::startCli(common + QStringList{QStringLiteral("--name"), QStringLiteral("heir"),
                                                QStringLiteral("--max-runs"), QStringLiteral("1")});
        QVERIFY2(waitEnded(*heir, 120000 * test::kSlow), "the item was not taken over");
        QVERIFY2(heir->exitCode() == 0, heir->readAll().constData());

        const auto items = q.items(&error);
        QCOMPARE(items.size(), std::size_t(1));
        const QueueItem &item = items.front();
        QCOMPARE(item.state, QStringLiteral("done"));
        QCOMPARE(item.worker, QStringLiteral("heir"));
        QCOMPARE(item.claims, 2);
        QVERIFY(item.sessionId && *item.sessionId != deadSession);
        SessionRepository repo(db);
        const auto dead = repo.session(deadSession, &error);
        QVERIFY2(dead, qPrintable(error));
        QCOMPARE(dead->status, SessionStatus::Interrupted);
        const auto finished = repo.session(*item.sessionId, &error);
        QVERIFY2(finished, qPrintable(error));
        QCOMPARE(finished->status, SessionStatus::Finished);
    }
};

YS_TEST_GUILESS_MAIN(TstWorkers)
#include "tst_workers.moc"
