// The PostgreSQL team store: Database over QPSQL against the tests' own server (test.sh starts
// it), its schema, its transactions, and the bad addresses refused before any connection.
#include "pg_fixture.h"
#include "storage/database.h"
#include "storage/pg_location.h"

#include <QtConcurrent>
#include <QtTest>

using namespace ys;

class TstPgStore : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void malformedLocations_data();
    void malformedLocations();
    void displayHidesPassword();
    void opensAndCreatesSchema();
    void transactions();
    void refusesNewerSchema();
    void concurrentFirstOpen();
};

void TstPgStore::initTestCase()
{
    if (test::PgServer::available())
        qputenv("PGPASSWORD", test::PgServer::password().toUtf8());
}

void TstPgStore::malformedLocations_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("reason");
    QTest::newRow("no host") << QStringLiteral("postgresql://") << QStringLiteral("no host");
    QTest::newRow("no database") << QStringLiteral("postgresql://u@host/")
                                 << QStringLiteral("no database");
    QTest::newRow("port word") << QStringLiteral("postgresql://u@host:abc/db")
                               << QStringLiteral("port");
    QTest::newRow("port too big") << QStringLiteral("postgresql://u@host:70000/db")
                                  << QStringLiteral("port");
    QTest::newRow("unknown parameter")
        << QStringLiteral("postgresql://u@host/db?colour=red") << QStringLiteral("colour");
    QTest::newRow("password") << QStringLiteral("postgresql://u:s3cr3tpw@host/db")
                              << QStringLiteral("PGPASSWORD");
    QTest::newRow("password parameter")
        << QStringLiteral("postgresql://u@host/db?password=s3cr3tpw")
        << QStringLiteral("PGPASSWORD");
}

void TstPgStore::malformedLocations()
{
    QFETCH(QString, url);
    QFETCH(QString, reason);
    QString error;
    QVERIFY(!Database::checkLocation(url, &error));
    QVERIFY2(error.contains(reason), qPrintable(error));
    QVERIFY2(!error.contains(QLatin1StringView("s3cr3tpw")), qPrintable(error));
    Database db(url);
    QString openError;
    QVERIFY(!db.open(&openError));
    QCOMPARE(openError, error);
}

void TstPgStore::displayHidesPassword()
{
    QCOMPARE(Database::display(QStringLiteral("postgresql://u:p@ss/w@h:5/db")),
             QStringLiteral("postgresql://u:***@h:5/db"));
    QCOMPARE(Database::display(QStringLiteral("postgresql://u@h/db")),
             QStringLiteral("postgresql://u@h/db"));
    QCOMPARE(Database::display(QStringLiteral("/tmp/a:b@c.sqlite")),
             QStringLiteral("/tmp/a:b@c.sqlite"));
    QString error;
    QVERIFY(Database::checkLocation(QStringLiteral("postgresql://u@h:6543/db?sslmode=require"),
                                    &error));
}

void TstPgStore::opensAndCreatesSchema()
{
    test::PgDatabase pg;
    if (!test::PgServer::available())
        QSKIP(test::PgServer::skipReason());
    QVERIFY2(pg.isValid(), qPrintable(pg.error()));
    Database db(pg.url());
    QString error;
    QVERIFY2(db.open(&error), qPrintable(error));
    QVERIFY(db.isPostgres());
    QSqlQuery q(db.connection());
    QVERIFY(q.exec(QStringLiteral("SELECT version FROM ys_schema")) && q.next());
    QCOMPARE(q.value(0).toInt(), Database::kSchemaVersion);
    for (const char *table : {"sessions", "providers", "runs", "samples", "events",
                              "run_stream_digests", "schedules", "run_queue", "server_metrics"}) {
        QVERIFY2(q.exec(QStringLiteral("SELECT count(*) FROM %1").arg(QLatin1StringView(table))),
                 table);
    }
    // Types as translated: identity ids, 64-bit integers, doubles and bytea.
    QVERIFY(q.exec(QStringLiteral(
        "SELECT column_name, data_type, is_identity FROM information_schema.columns "
        "WHERE table_name = 'samples' AND column_name IN ('id', 'end_ns', 'cost_usd', "
        "'event_times') ORDER BY column_name")));
    QStringList types;
    while (q.next())
        types << q.value(0).toString() + QLatin1Char(' ') + q.value(1).toString() +
                     QLatin1Char(' ') + q.value(2).toString();
    QCOMPARE(types, QStringList({QStringLiteral("cost_usd double precision NO"),
                                 QStringLiteral("end_ns bigint NO"),
                                 QStringLiteral("event_times bytea NO"),
                                 QStringLiteral("id bigint YES")}));
    db.close();
    // A second open finds the schema made and changes nothing.
    Database again(pg.url());
    QVERIFY2(again.open(&error), qPrintable(error));
}

void TstPgStore::transactions()
{
    test::PgDatabase pg;
    if (!test::PgServer::available())
        QSKIP(test::PgServer::skipReason());
    Database db(pg.url());
    QString error;
    QVERIFY2(db.open(&error), qPrintable(error));
    const auto count = [&] {
        QSqlQuery q(db.connection());
        q.exec(QStringLiteral("SELECT count(*) FROM sessions"));
        q.next();
        return q.value(0).toInt();
    };
    const auto insert = [&] {
        QSqlQuery q(db.connection());
        return q.exec(QStringLiteral("INSERT INTO sessions (suite_name, suite_json, started_at) "
                                     "VALUES ('s', '{}', '2026-01-01T00:00:00Z') RETURNING id")) &&
               q.next() && q.value(0).toLongLong() > 0;
    };
    QVERIFY2(db.beginWrite(&error), qPrintable(error));
    QVERIFY(insert());
    db.rollback();
    QCOMPARE(count(), 0);
    QVERIFY2(db.beginWrite(&error), qPrintable(error));
    QVERIFY(insert());
    QVERIFY2(db.commit(&error), qPrintable(error));
    QCOMPARE(count(), 1);
}

void TstPgStore::refusesNewerSchema()
{
    test::PgDatabase pg;
    if (!test::PgServer::available())
        QSKIP(test::PgServer::skipReason());
    QString error;
    {
        Database db(pg.url());
        QVERIFY2(db.open(&error), qPrintable(error));
        QSqlQuery q(db.connection());
        QVERIFY(q.exec(
            QStringLiteral("UPDATE ys_schema SET version = %1").arg(Database::kSchemaVersion + 1)));
    }
    Database db(pg.url());
    QVERIFY(!db.open(&error));
    QVERIFY2(error.contains(QLatin1StringView("newer")), qPrintable(error));
}

void TstPgStore::concurrentFirstOpen()
{
    test::PgDatabase pg;
    if (!test::PgServer::available())
        QSKIP(test::PgServer::skipReason());
    // Two processes making the schema of a fresh database at the same moment both succeed.
    QList<QProcess *> processes;
    for (int i = 0; i < 2; ++i) {
        auto *p = new QProcess(this);
        p->setProcessEnvironment(test::PgServer::environment());
        processes << p;
    }
    for (QProcess *p : processes)
        p->start(QStringLiteral(YS_BIN_DIR "/yardstick-cli"),
                 {QStringLiteral("list"), QStringLiteral("--db"), pg.url()});
    for (QProcess *p : processes) {
        QVERIFY(p->waitForFinished(60000));
        QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
    }
    qDeleteAll(processes);
}

QTEST_GUILESS_MAIN(TstPgStore)
#include "tst_pg_store.moc"
