// The writer's checkpoints on a thread of their own (storage/wal_checkpointer.h): the log is
// copied into the database file while samples keep being committed, it stays bounded, nothing
// committed is lost, and new files get 16 KiB pages while existing ones keep theirs.
#include "session_support.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/wal_checkpointer.h"
#include "test_main.h"
#include "test_support.h"

#include <QFile>
#include <QFileInfo>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace ys;

namespace {

std::vector<Sample> batch(qint64 run, int first, int n)
{
    std::vector<Sample> out;
    for (int i = first; i < first + n; ++i) {
        Sample s;
        s.runId = run;
        s.seq = i;
        s.requestIndex = i;
        s.endNs = 1'000'000 + i;
        s.outcome = Outcome::Ok;
        s.httpStatus = 200;
        s.httpVersion = QStringLiteral("1.1");
        s.requestId = QStringLiteral("req_%1").arg(i, 16, 10, QLatin1Char('0'));
        s.finishReason = QStringLiteral("stop");
        for (int e = 0; e < 40; ++e)
            s.eventTimesNs.push_back(qint64(e) * 9'000'123 + i);
        out.push_back(std::move(s));
    }
    return out;
}

// Opens the file as Yardstick does (creating or migrating it) and closes it; the error, if any.
QString openOnce(const QString &path)
{
    Database db(path);
    QString error;
    db.open(&error);
    return error;
}

qint64 peekScalar(const QString &path, const char *sql)
{
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("peek"));
    db.setDatabaseName(path);
    qint64 value = -1;
    if (db.open()) {
        QSqlQuery q(db);
        if (q.exec(QLatin1String(sql)) && q.next())
            value = q.value(0).toLongLong();
    }
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(QStringLiteral("peek"));
    return value;
}

} // namespace

class TstWalCheckpointer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void newFilesGetLargePagesOldOnesKeepTheirs()
    {
        QTemporaryDir dir;
        const QString fresh = dir.filePath(QStringLiteral("new.sqlite"));
        const QString freshError = openOnce(fresh);
        QVERIFY2(freshError.isEmpty(), qPrintable(freshError));
        QCOMPARE(peekScalar(fresh, "PRAGMA page_size"), qint64(Database::kNewPageSize));

        // A file of an earlier version, made with SQLite's default pages, is migrated in place.
        const QString old = dir.filePath(QStringLiteral("v8.sqlite"));
        QVERIFY(QFile::copy(
            (ys::test::sourceDir() + QStringLiteral("/tests/fixtures/schema/v8.sqlite")), old));
        QFile::setPermissions(old, QFile::ReadOwner | QFile::WriteOwner);
        const qint64 before = peekScalar(old, "PRAGMA page_size");
        QVERIFY(before != Database::kNewPageSize);
        const QString oldError = openOnce(old);
        QVERIFY2(oldError.isEmpty(), qPrintable(oldError));
        QCOMPARE(peekScalar(old, "PRAGMA page_size"), before);
        QCOMPARE(peekScalar(old, "PRAGMA user_version"), qint64(Database::kSchemaVersion));
    }

    void checkpointsOnItsOwnThreadAndKeepsEverySample()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("y.sqlite"));
        Database db(path);
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        SessionRepository repo(db);
        const auto written =
            test::createFirstRun(repo, test::offlineSuite(QStringLiteral("checkpoints")), &error);
        QVERIFY2(written, qPrintable(error));

        constexpr int kRows = 60'000;
        qint64 largestLog = 0;
        {
            WalCheckpointer checkpointer(db);
            QVERIFY(checkpointer.active());
            QSqlQuery hook(db.connection());
            QVERIFY(hook.exec(QStringLiteral("PRAGMA wal_autocheckpoint")) && hook.next());
            QCOMPARE(hook.value(0).toInt(), 0); // SQLite's own is replaced
            for (int i = 0; i < kRows; i += 1000) {
                QVERIFY2(repo.insertSamples(batch(written->run, i, 1000), &error),
                         qPrintable(error));
                largestLog = std::max(largestLog, QFileInfo(path + QStringLiteral("-wal")).size());
            }
            checkpointer.drain();
            // About 20 MB of samples went through a log that was copied back on the thread.
            QVERIFY2(checkpointer.backgroundCheckpoints() >= 2,
                     qPrintable(QString::number(checkpointer.backgroundCheckpoints())));
            // Drained: everything committed is in the database file; a checkpoint finds nothing
            // left to copy (busy 0, frames in the log = frames copied).
            QSqlQuery q(db.connection());
            QVERIFY(q.exec(QStringLiteral("PRAGMA wal_checkpoint(PASSIVE)")) && q.next());
            QCOMPARE(q.value(0).toInt(), 0);
            QCOMPARE(q.value(1).toInt(), q.value(2).toInt());
        }
        // The log stayed bounded: never much past the point where the writer takes over.
        QVERIFY2(largestLog < WalCheckpointer::kWriterBytes + 2 * 1024 * 1024,
                 qPrintable(QString::number(largestLog)));
        QCOMPARE(peekScalar(path, "SELECT COUNT(*) FROM samples"), qint64(kRows));
        QCOMPARE(peekScalar(path, "SELECT COUNT(DISTINCT seq) FROM samples"), qint64(kRows));

        // Detached, SQLite's own automatic checkpoint is back on the connection (the pragma
        // reads 0 while another hook is installed).
        QSqlQuery q(db.connection());
        QVERIFY(q.exec(QStringLiteral("PRAGMA wal_autocheckpoint")) && q.next());
        QCOMPARE(q.value(0).toInt(), 1000);
        QVERIFY2(repo.insertSamples(batch(written->run, kRows, 2'000), &error), qPrintable(error));
        QCOMPARE(peekScalar(path, "SELECT COUNT(*) FROM samples"), qint64(kRows + 2'000));
    }

    void nothingToDoWithoutAFile()
    {
        Database db(QStringLiteral(":memory:"));
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        WalCheckpointer checkpointer(db);
        QVERIFY(!checkpointer.active());
        checkpointer.drain(); // returns at once
    }
};

YS_TEST_GUILESS_MAIN(TstWalCheckpointer)
#include "tst_wal_checkpointer.moc"
