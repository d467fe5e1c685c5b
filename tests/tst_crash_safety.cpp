// A `yardstick-cli run` killed with SIGKILL at random moments: each time the database opens and
// passes SQLite's integrity check, every sample a reader saw committed just before the kill is
// still there (and those of the sessions killed before), and the next open marks the session
// interrupted, with its runs.
#include "cli_runner.h"
#include "fixtures.h"
#include "sqlite_peek.h"
#include "storage/database.h"
#include "storage/session_liveness.h"
#include "suite_files.h"
#include "test_main.h"
#include "test_support.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <algorithm>
#include <csignal>
#include <map>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

// What another process sees committed, through a read-only connection of its own.
qint64 committedSamples(const QString &path)
{
    // -1 before the first run made the tables.
    return test::peekCount(path, "SELECT COUNT(*) FROM samples", test::PeekFailure::Quiet);
}

qint64 queryScalar(QSqlDatabase &db, const QString &sql)
{
    QSqlQuery q(db);
    if (!q.exec(sql) || !q.next())
        return -1;
    return q.value(0).toLongLong();
}

} // namespace

class TstCrashSafety : public test::ScratchSimTest {
    Q_OBJECT

private:
    QString writeSuite()
    {
        const json provider = test::suiteProviderJson("sim", m_sim->baseUrl(), "fast");
        // Far more than a kill ever lets finish: the run is always mid-way when killed.
        const json scenario = test::latencyScenarioJson(20000, 4, 32, 8);
        return test::writeJsonFile(
            m_dir.filePath(QStringLiteral("crash.json")),
            test::suiteJson("crash", json::array({provider}), json::array({scenario})));
    }

private Q_SLOTS:
    void initTestCase() { test::startFastSimIn(m_dir, m_sim); }

    void cleanupTestCase() { m_sim.reset(); }

    void sigkillAtRandomMoments()
    {
        const QString suite = writeSuite();
        QVERIFY(!suite.isEmpty());
        const QString dbPath = m_dir.filePath(QStringLiteral("crash.sqlite"));
        const quint32 seed = qEnvironmentVariableIsSet("YS_CRASH_SEED")
                                 ? quint32(qEnvironmentVariableIntValue("YS_CRASH_SEED"))
                                 : 15u;
        qInfo("seed %u (set YS_CRASH_SEED to repeat another)", seed);
        QRandomGenerator random(seed);
        // Samples of the sessions killed so far: no later kill or open may lose one.
        std::map<qint64, qint64> kept;
        int killedWithSamples = 0;
        for (int round = 0; round < 20; ++round) {
            // From the process's start-up (opening, migrating) to well into its sampling.
            // The sanitized build is slower to start, but samples are committed from about
            // 0.7 s on even there: twice the moments reach as far into its sampling.
            const int delayMs = int(random.bounded(50, 2500)) * std::min(test::kSlow, 2);
            QProcess cli;
            cli.start(test::binDir() + QStringLiteral("/yardstick-cli"),
                      {QStringLiteral("run"), QStringLiteral("--suite"), suite,
                       QStringLiteral("--db"), dbPath});
            QVERIFY2(cli.waitForStarted(), qPrintable(cli.errorString()));
            QThread::msleep(ulong(delayMs));
            const qint64 before = committedSamples(dbPath);
            QVERIFY2(cli.state() == QProcess::Running,
                     qPrintable(QStringLiteral("round %1: the run ended before the kill: %2")
                                    .arg(round)
                                    .arg(QString::fromUtf8(cli.readAllStandardError()))));
            ::kill(pid_t(cli.processId()), SIGKILL);
            QVERIFY(cli.waitForFinished(30000 * test::kSlow)); // reaped: its pid is gone
            QCOMPARE(cli.exitStatus(), QProcess::CrashExit);

            Database db(dbPath);
            QString error;
            QVERIFY2(
                db.open(&error),
                qPrintable(
                    QStringLiteral("round %1 (%2 ms): %3").arg(round).arg(delayMs).arg(error)));
            QSqlQuery check(db.connection());
            QVERIFY(check.exec(QStringLiteral("PRAGMA integrity_check")) && check.next());
            QCOMPARE(check.value(0).toString(), QStringLiteral("ok"));
            check.finish();
            const qint64 after =
                queryScalar(db.connection(), QStringLiteral("SELECT COUNT(*) FROM samples"));
            qInfo("round %d: killed after %d ms; %lld samples committed before, %lld after", round,
                  delayMs, before, after);
            QVERIFY2(after >= before, qPrintable(QStringLiteral("round %1: %2 samples before the "
                                                                "kill, %3 after")
                                                     .arg(round)
                                                     .arg(before)
                                                     .arg(after)));
            // Every stored row is whole, and no attempt is stored twice.
            QCOMPARE(
                queryScalar(db.connection(),
                            QStringLiteral("SELECT COUNT(*) FROM samples WHERE outcome IS NULL "
                                           "OR outcome = '' OR end_ns IS NULL OR run_id NOT IN "
                                           "(SELECT id FROM runs)")),
                0);
            QCOMPARE(
                queryScalar(db.connection(),
                            QStringLiteral("SELECT COUNT(*) FROM (SELECT run_id, seq FROM samples "
                                           "GROUP BY run_id, seq HAVING COUNT(*) > 1)")),
                0);
            // Opening marked the killed session (if it was made before the kill) interrupted.
            QCOMPARE(queryScalar(
                         db.connection(),
                         QStringLiteral("SELECT COUNT(*) FROM sessions WHERE status = 'running'")),
                     0);
            QCOMPARE(
                queryScalar(db.connection(),
                            QStringLiteral("SELECT COUNT(*) FROM runs WHERE status = 'running'")),
                0);
            QSqlQuery sessions(db.connection());
            QVERIFY(sessions.exec(QStringLiteral(
                "SELECT s.id, s.status, (SELECT COUNT(*) FROM samples x JOIN runs r ON "
                "x.run_id = r.id WHERE r.session_id = s.id) FROM sessions s")));
            while (sessions.next()) {
                const qint64 id = sessions.value(0).toLongLong();
                QCOMPARE(sessions.value(1).toString(), QStringLiteral("interrupted"));
                const qint64 count = sessions.value(2).toLongLong();
                const auto it = kept.find(id);
                if (it != kept.end())
                    QCOMPARE(count, it->second);
                else if (count > 0)
                    ++killedWithSamples;
                kept[id] = count;
            }
        }
        // The moments reach the sampling, not only the start-up.
        QVERIFY2(killedWithSamples >= 5, qPrintable(QString::number(killedWithSamples)));
    }

    // The rule itself: a dead process of this host, a stale heartbeat of a live one, an owner
    // on another host past the lease, and a session from before heartbeats.
    void abandonedRule()
    {
        const qint64 now = SessionLiveness::nowMs();
        const QString me = SessionLiveness::thisOwner();
        const QString host = me.left(me.lastIndexOf(QLatin1Char(':')));
        QVERIFY(!SessionLiveness::isAbandoned(me, now - 1000, now));
        QVERIFY(SessionLiveness::isAbandoned(me, now - SessionLiveness::kLocalStaleMs - 1, now));
        // Above the kernel's largest pid: no such process.
        QVERIFY(SessionLiveness::isAbandoned(host + QStringLiteral(":999999999"), now, now));
        QVERIFY(
            !SessionLiveness::isAbandoned(QStringLiteral("elsewhere.example:1"), now - 60000, now));
        QVERIFY(SessionLiveness::isAbandoned(QStringLiteral("elsewhere.example:1"),
                                             now - SessionLiveness::kLeaseMs - 1, now));
        QVERIFY(SessionLiveness::isAbandoned(QString(), std::nullopt, now));
    }
};

YS_TEST_GUILESS_MAIN(TstCrashSafety)
#include "tst_crash_safety.moc"
