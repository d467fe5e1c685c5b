// Bad files under a real `yardstick-cli`: a full disk (a file size limit on the process), a
// read-only file, a database another process holds locked past the busy timeout, and a file
// that is not a database. Each gives a message naming the file and the problem, and loses
// nothing stored before.
#include "cli_runner.h"
#include "fixtures.h"
#include "sqlite_peek.h"
#include "storage/database.h"
#include "suite_files.h"
#include "test_main.h"
#include "test_support.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <csignal>
#include <functional>
#include <nlohmann/json.hpp>
#include <sqlite3.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace ys;
using nlohmann::json;

namespace {

constexpr uid_t kNobody = 65534;

qint64 samplesIn(const QString &path)
{
    return test::peekCount(path, "SELECT COUNT(*) FROM samples");
}

QByteArray contentSha256(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly)
               ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256)
               : QByteArray();
}

struct Ran {
    int code = -1;
    QString err;
};

// yardstick-cli in a child process prepared by setup (between fork and exec).
Ran runCli(const QStringList &args, const std::function<void()> &setup = {},
           const std::function<void(QProcess &)> &whileRunning = {})
{
    QProcess p;
    if (setup)
        p.setChildProcessModifier(setup);
    p.start(test::binDir() + QStringLiteral("/yardstick-cli"), args);
    Ran r;
    if (!p.waitForStarted())
        return r;
    if (whileRunning)
        whileRunning(p);
    if (!p.waitForFinished(180000 * test::kSlow)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

class TstStorageFaults : public test::ScratchSimTest {
    Q_OBJECT

private:
    QString suite(int requests)
    {
        const json provider = test::suiteProviderJson("sim", m_sim->baseUrl(), "fast");
        const json scenario = test::latencyScenarioJson(requests, 4, 32, 8);
        return test::writeJsonFile(
            m_dir.filePath(QStringLiteral("suite-%1.json").arg(requests)),
            test::suiteJson("faults", json::array({provider}), json::array({scenario})));
    }

    // A database holding one finished session of `requests` samples.
    QString storedDatabase(const QString &name, int requests = 20)
    {
        const QString path = m_dir.filePath(name);
        const Ran r = runCli({QStringLiteral("run"), QStringLiteral("--suite"), suite(requests),
                              QStringLiteral("--db"), path});
        return r.code == 0 && samplesIn(path) == requests ? path : QString();
    }

    static QStringList runArgs(const QString &suiteFile, const QString &db)
    {
        return {QStringLiteral("run"), QStringLiteral("--suite"), suiteFile, QStringLiteral("--db"),
                db};
    }

    // Opens, passes the integrity check, and still holds what was stored.
    static void verifyIntact(const QString &path, qint64 atLeastSamples)
    {
        Database db(path);
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        QSqlQuery q(db.connection());
        QVERIFY(q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("ok"));
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM samples")) && q.next());
        QVERIFY2(
            q.value(0).toLongLong() >= atLeastSamples,
            qPrintable(QStringLiteral("%1 < %2").arg(q.value(0).toLongLong()).arg(atLeastSamples)));
    }

private Q_SLOTS:
    void initTestCase() { test::startFastSimIn(m_dir, m_sim); }

    void cleanupTestCase() { m_sim.reset(); }

    void notADatabase()
    {
        const QString path = m_dir.filePath(QStringLiteral("notes.txt"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("These are my notes, not a database.\n");
        f.close();
        // The header of SQLite, then nothing SQLite can read.
        const QString damaged = m_dir.filePath(QStringLiteral("damaged.sqlite"));
        QFile d(damaged);
        QVERIFY(d.open(QIODevice::WriteOnly));
        d.write(QByteArray("SQLite format 3\0", 16) + QByteArray(8176, '\xab'));
        d.close();
        for (const QString &file : {path, damaged}) {
            const QByteArray before = contentSha256(file);
            Database db(file);
            QString error;
            QVERIFY(!db.open(&error));
            QVERIFY2(error.contains(file) && error.contains(QStringLiteral("not a")),
                     qPrintable(error));
            db.close();
            const Ran r = runCli({QStringLiteral("show"), QStringLiteral("--db"), file});
            QVERIFY2(r.code > 0 && r.err.contains(file) && r.err.contains(QStringLiteral("not a")),
                     qPrintable(r.err));
            QCOMPARE(contentSha256(file), before);
            QVERIFY(!QFile::exists(file + QStringLiteral("-wal")));
        }
    }

    // As root, permissions do not stop the process: the run is made as nobody instead.
    void readOnlyFile()
    {
        const QString path = storedDatabase(QStringLiteral("readonly.sqlite"));
        QVERIFY(!path.isEmpty());
        const QByteArray before = contentSha256(path);
        QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther);
        const bool root = ::geteuid() == 0;
        if (root)
            QFile::setPermissions(m_dir.path(), QFile::Permissions(0x7777)); // nobody makes -shm
        const auto asNobody = [root] {
            if (root && (::setgid(kNobody) != 0 || ::setuid(kNobody) != 0))
                ::_exit(99);
        };
        const Ran r = runCli(runArgs(suite(20), path), asNobody);
        QVERIFY2(r.code != 99, "could not run as nobody");
        qInfo("%s", qPrintable(r.err));
        QVERIFY2(r.code > 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(path) && r.err.contains(QStringLiteral("read-only")),
                 qPrintable(r.err));
        // Reading it still works.
        const Ran shown = runCli({QStringLiteral("show"), QStringLiteral("--db"), path}, asNobody);
        QVERIFY2(shown.code == 0, qPrintable(shown.err));
        QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QCOMPARE(contentSha256(path), before);
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        verifyIntact(path, 20);
    }

    // Another process holds the write lock for longer than the busy timeout.
    void lockedDatabase()
    {
        const QString path = storedDatabase(QStringLiteral("locked.sqlite"));
        QVERIFY(!path.isEmpty());
        sqlite3 *holder = nullptr;
        QCOMPARE(
            sqlite3_open_v2(path.toUtf8().constData(), &holder, SQLITE_OPEN_READWRITE, nullptr),
            SQLITE_OK);
        QCOMPARE(sqlite3_exec(holder, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
        const Ran r = runCli(runArgs(suite(20), path));
        sqlite3_exec(holder, "ROLLBACK", nullptr, nullptr, nullptr);
        QVERIFY2(r.code > 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(path) && r.err.contains(QStringLiteral("locked")),
                 qPrintable(r.err));
        verifyIntact(path, 20);

        // Locked in the middle of a run: the writer keeps what it measures and writes it once
        // the lock is gone; nothing measured is lost.
        const int requests = 3000;
        qint64 whileLocked = -1;
        const Ran during = runCli(runArgs(suite(requests), path), {}, [&](QProcess &) {
            QElapsedTimer waited;
            waited.start();
            while (samplesIn(path) <= 20 && waited.elapsed() < 60000 * test::kSlow)
                QThread::msleep(20);
            QCOMPARE(sqlite3_exec(holder, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
            whileLocked = samplesIn(path);
            QThread::msleep(Database::kBusyTimeoutMs + 2000);
            QCOMPARE(samplesIn(path), whileLocked); // nothing got through the lock
            sqlite3_exec(holder, "ROLLBACK", nullptr, nullptr, nullptr);
        });
        sqlite3_close(holder);
        QVERIFY2(during.code == 0, qPrintable(during.err));
        QVERIFY2(during.err.contains(path) && during.err.contains(QStringLiteral("locked")),
                 qPrintable(during.err));
        QCOMPARE(samplesIn(path), 20 + requests);
        verifyIntact(path, 20 + requests);
    }

    // The disk fills up mid-run (a file size limit on the process, SIGXFSZ ignored so writes
    // fail with EFBIG instead of killing it).
    void fullDisk()
    {
        const QString path = storedDatabase(QStringLiteral("full.sqlite"));
        QVERIFY(!path.isEmpty());
        const qint64 limit = QFileInfo(path).size() + 256 * 1024;
        const auto limited = [limit] {
            ::signal(SIGXFSZ, SIG_IGN);
            const rlimit rl{rlim_t(limit), rlim_t(limit)};
            if (::setrlimit(RLIMIT_FSIZE, &rl) != 0)
                ::_exit(99);
        };
        const Ran r = runCli(runArgs(suite(2000), path), limited);
        QVERIFY2(r.code != 99, "could not limit the file size");
        qInfo("%s", qPrintable(r.err.left(1500)));
        QVERIFY2(r.err.contains(path) && (r.err.contains(QStringLiteral("disk is full")) ||
                                          r.err.contains(QStringLiteral("could not be written"))),
                 qPrintable(r.err.left(2000)));
        verifyIntact(path, 20);
        // The session the full disk stopped is not left running.
        QCOMPARE(test::peekCount(path, "SELECT COUNT(*) FROM sessions WHERE status = 'running'"),
                 0);
    }
};

YS_TEST_GUILESS_MAIN(TstStorageFaults)
#include "tst_storage_faults.moc"
