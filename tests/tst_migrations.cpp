// Every earlier schema's database (tests/fixtures/schema/, README.md there says where each came
// from) migrates to the current schema with its sessions, runs and samples, and its summary and
// `show --json` load; a database of a newer schema is refused and left byte for byte as it was,
// without even a -wal or -shm file beside it.
#include "cli_runner.h"
#include "sqlite_peek.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"
#include "test_main.h"
#include "test_support.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <sqlite3.h>

using namespace ys;

namespace {

QString schemaFixture(int version)
{
    return (ys::test::sourceDir() + QStringLiteral("/tests/fixtures/schema/v%1.sqlite"))
        .arg(version);
}

// A copy to migrate, writable whatever the checkout's permissions.
QString copyOf(const QString &from, const QTemporaryDir &dir, const QString &name)
{
    const QString to = dir.filePath(name);
    QFile::remove(to);
    if (!QFile::copy(from, to))
        return {};
    QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner);
    return to;
}

// Counts through SQLite itself, independent of the code under test.
std::array<qint64, 4> counts(const QString &path)
{
    const auto count = [&](const char *sql) {
        return test::peekCount(path, sql, test::PeekFailure::Quiet);
    };
    return {count("SELECT COUNT(*) FROM sessions"), count("SELECT COUNT(*) FROM runs"),
            count("SELECT COUNT(*) FROM samples"), count("SELECT COUNT(*) FROM providers")};
}

QByteArray fileSha256(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

bool setUserVersion(const QString &path, int version)
{
    sqlite3 *db = nullptr;
    bool ok = sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE, nullptr) ==
              SQLITE_OK;
    ok = ok && sqlite3_exec(
                   db, QByteArray("PRAGMA user_version=" + QByteArray::number(version)).constData(),
                   nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db); // the last connection: checkpoints into the file, removes -wal and -shm
    return ok;
}

} // namespace

class TstMigrations : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void migratesEveryEarlierSchema_data()
    {
        QTest::addColumn<int>("version");
        for (int v = 1; v < Database::kSchemaVersion; ++v)
            QTest::addRow("schema %d", v) << v;
    }

    void migratesEveryEarlierSchema()
    {
        QFETCH(int, version);
        QTemporaryDir dir;
        const QString path = copyOf(schemaFixture(version), dir, QStringLiteral("old.sqlite"));
        QVERIFY2(!path.isEmpty(), qPrintable(schemaFixture(version)));
        const auto before = counts(path);
        QVERIFY(before[0] > 0 && before[2] > 0);
        QCOMPARE(test::peekCount(path, "PRAGMA user_version"), qint64(version));
        const auto hasColumn = [&path](const char *sql) {
            return test::peekCount(path, sql, test::PeekFailure::Quiet) == 1;
        };
        // Schema 11 added samples.contract, schema 12 samples.tool_args_ns, schema 13
        // schedules.gate_json and run_queue.gate_json.
        QCOMPARE(hasColumn("SELECT COUNT(*) FROM pragma_table_info('samples') "
                           "WHERE name = 'contract'"),
                 version >= 11);
        QCOMPARE(hasColumn("SELECT COUNT(*) FROM pragma_table_info('samples') "
                           "WHERE name = 'tool_args_ns'"),
                 version >= 12);
        QVERIFY(!hasColumn("SELECT COUNT(*) FROM pragma_table_info('schedules') "
                           "WHERE name = 'gate_json'"));

        Database db(path);
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        QCOMPARE(test::pragma(db.connection(), "user_version").toInt(), Database::kSchemaVersion);
        QCOMPARE(test::pragma(db.connection(), "integrity_check").toString(), QStringLiteral("ok"));
        QSqlQuery q(db.connection());
        QVERIFY(q.exec(QStringLiteral("PRAGMA foreign_key_check")));
        QVERIFY(!q.next());
        q.finish();
        QCOMPARE(counts(path), before);
        // The attempts stored before schema 12 made no tool call that was measured.
        QVERIFY(hasColumn("SELECT COUNT(*) FROM pragma_table_info('samples') "
                          "WHERE name = 'tool_args_ns'"));
        if (version < 12)
            QCOMPARE(
                test::peekCount(path, "SELECT COUNT(*) FROM samples WHERE tool_args_ns IS NULL"),
                before[2]);
        // The queue items and schedules stored before schema 13 have no regression gate.
        QVERIFY(hasColumn("SELECT COUNT(*) FROM pragma_table_info('schedules') "
                          "WHERE name = 'gate_json'"));
        QVERIFY(hasColumn("SELECT COUNT(*) FROM pragma_table_info('run_queue') "
                          "WHERE name = 'gate_json'"));
        QCOMPARE(
            test::peekCount(path, "SELECT COUNT(*) FROM run_queue WHERE gate_json IS NOT NULL"),
            qint64(0));

        SessionRepository repo(db);
        const auto sessions = repo.sessions(&error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(qint64(sessions.size()), before[0]);
        qint64 samples = 0;
        for (const SessionInfo &s : sessions) {
            const auto summary = loadSessionSummary(repo, s.id, &error);
            QVERIFY2(summary, qPrintable(error));
            QVERIFY(!summary->providers.empty());
            for (const RunRecord &run : repo.runs(s.id, &error)) {
                const auto stored = repo.samples(run.id, &error);
                samples += qint64(stored.size());
                QVERIFY(std::none_of(stored.begin(), stored.end(),
                                     [](const Sample &x) { return x.toolArgsNs.has_value(); }));
            }
        }
        QCOMPARE(samples, before[2]);
        db.close();

        const test::CliResult r = test::runCli(
            {QStringLiteral("show"), QStringLiteral("--db"), path, QStringLiteral("--json")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto doc = nlohmann::json::parse(r.out.toStdString(), nullptr, false);
        QVERIFY2(!doc.is_discarded() && doc.is_object(), r.out.left(400).constData());
    }

    void refusesNewerSchemaUntouched()
    {
        QTemporaryDir dir;
        const QString path = copyOf(schemaFixture(8), dir, QStringLiteral("newer.sqlite"));
        QVERIFY(setUserVersion(path, Database::kSchemaVersion + 1));
        const QString wal = path + QStringLiteral("-wal");
        const QString shm = path + QStringLiteral("-shm");
        QVERIFY(!QFile::exists(wal) && !QFile::exists(shm));
        const QByteArray digest = fileSha256(path);
        const qint64 size = QFileInfo(path).size();

        Database db(path);
        QString error;
        QVERIFY(!db.open(&error));
        QVERIFY2(error.contains(path) && error.contains(QStringLiteral("newer")),
                 qPrintable(error));
        QVERIFY2(error.contains(QString::number(Database::kSchemaVersion + 1)), qPrintable(error));
        db.close();

        const test::CliResult r = test::runCli(
            {QStringLiteral("show"), QStringLiteral("--db"), path, QStringLiteral("--json")});
        QVERIFY2(r.code != 0, r.out.constData());
        QVERIFY2(r.err.contains(path) && r.err.contains(QStringLiteral("newer")),
                 qPrintable(r.err));

        QCOMPARE(fileSha256(path), digest);
        QCOMPARE(QFileInfo(path).size(), size);
        QVERIFY2(!QFile::exists(wal), "a -wal file was made");
        QVERIFY2(!QFile::exists(shm), "a -shm file was made");
    }
};

YS_TEST_GUILESS_MAIN(TstMigrations)
#include "tst_migrations.moc"
