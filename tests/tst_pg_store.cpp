// The PostgreSQL team store: Database over QPSQL against the tests' own server (test.sh starts
// it), its schema, its transactions, and the bad addresses refused before any connection.
#include "cli_runner.h"
#include "fixtures.h"
#include "pg_fixture.h"
#include "session_support.h"
#include "storage/attempt_query.h"
#include "storage/database.h"
#include "storage/pg_location.h"
#include "storage/session_repository.h"
#include "storage/storage_thread_guard.h"
#include "storage/usage_query.h"
#include "suite_files.h"
#include "test_main.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"

#include <QSqlRecord>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>
#include <thread>

using namespace ys;

class TstPgStore : public test::ScratchSimTest {
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
    void runStoredInPgShows();
    void sameShowAsSqlite();
    void badInputOnTheCommandLine();
    void workbenchOnPg();
    void threadGuardSeesPg();
    void insertsInStatementsOfManyRows();
    void passwordSources();
    void cleanupTestCase();

private:
    QString suiteFile(int requests);
    bool copyRows(const QString &sqlitePath, const QString &pgUrl, QString *error);
};

namespace {

// A fresh database on the test server and a Database on it.
struct PgStore {
    test::PgDatabase pg;
    Database db{pg.url()};
};

// Opens store's database; false when the test function is skipped (no test server) or failed (the
// database did not open, *error says why), the reason given either way: the caller returns.
bool opened(PgStore &store, QString *error)
{
    if (!test::PgServer::available()) {
        QTest::qSkip(test::PgServer::skipReason(), __FILE__, __LINE__);
        return false;
    }
    return QTest::qVerify(store.db.open(error), "db.open(&error)", qPrintable(*error), __FILE__,
                          __LINE__);
}

} // namespace

// A suite of one fast simulated provider (latency, then a short throughput sweep).
QString TstPgStore::suiteFile(int requests)
{
    using nlohmann::json;
    const json provider =
        test::suiteProviderJson("sim", m_sim->baseUrl(), "fast",
                                {{"price", {{"input_per_mtok", 0.5}, {"output_per_mtok", 1.5}}}});
    const json scenario = test::latencyScenarioJson(requests, 2, 64, 16);
    return test::writeJsonFile(
        m_dir.filePath(QStringLiteral("suite-%1.json").arg(requests)),
        test::suiteJson("pg", json::array({provider}), json::array({scenario})));
}

// Every row of an SQLite store into a fresh PostgreSQL one, ids and all (the tables in the
// order their references need).
bool TstPgStore::copyRows(const QString &sqlitePath, const QString &pgUrl, QString *error)
{
    Database from(sqlitePath);
    Database to(pgUrl);
    if (!from.open(error) || !to.open(error) || !to.beginWrite(error))
        return false;
    for (const char *table :
         {"sessions", "providers", "runs", "samples", "events", "run_stream_digests"}) {
        QSqlQuery read(from.connection());
        if (!read.exec(QStringLiteral("SELECT * FROM %1").arg(QLatin1StringView(table)))) {
            *error = read.lastError().text();
            return false;
        }
        QSqlQuery write(to.connection());
        bool prepared = false;
        while (read.next()) {
            const QSqlRecord r = read.record();
            if (!prepared) {
                QStringList names, marks;
                for (int i = 0; i < r.count(); ++i) {
                    names << r.fieldName(i);
                    marks << QStringLiteral("?");
                }
                write.prepare(QStringLiteral("INSERT INTO %1 (%2) VALUES (%3)")
                                  .arg(QLatin1StringView(table), names.join(QLatin1Char(',')),
                                       marks.join(QLatin1Char(','))));
                prepared = true;
            }
            for (int i = 0; i < r.count(); ++i)
                write.addBindValue(r.value(i));
            if (!write.exec()) {
                *error = QLatin1StringView(table) + QLatin1Char(' ') + write.lastError().text();
                to.rollback();
                return false;
            }
        }
    }
    return to.commit(error);
}

void TstPgStore::initTestCase()
{
    // Children (yardstick-cli) inherit it: the password travels as a user gives it.
    if (test::PgServer::available())
        qputenv("PGPASSWORD", test::PgServer::password().toUtf8());
    QVERIFY(m_dir.isValid());
    QString error;
    m_sim = test::startFastSim(&error);
    QVERIFY2(m_sim, qPrintable(error));
}

void TstPgStore::cleanupTestCase()
{
    m_sim.reset();
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
    PgStore store;
    QString error;
    if (!opened(store, &error))
        return;
    const auto count = [&] {
        QSqlQuery q(store.db.connection());
        q.exec(QStringLiteral("SELECT count(*) FROM sessions"));
        q.next();
        return q.value(0).toInt();
    };
    const auto insert = [&] {
        QSqlQuery q(store.db.connection());
        return q.exec(QStringLiteral("INSERT INTO sessions (suite_name, suite_json, started_at) "
                                     "VALUES ('s', '{}', '2026-01-01T00:00:00Z') RETURNING id")) &&
               q.next() && q.value(0).toLongLong() > 0;
    };
    QVERIFY2(store.db.beginWrite(&error), qPrintable(error));
    QVERIFY(insert());
    store.db.rollback();
    QCOMPARE(count(), 0);
    QVERIFY2(store.db.beginWrite(&error), qPrintable(error));
    QVERIFY(insert());
    QVERIFY2(store.db.commit(&error), qPrintable(error));
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
        p->start((ys::test::binDir() + QStringLiteral("/yardstick-cli")),
                 {QStringLiteral("list"), QStringLiteral("--db"), pg.url()});
    for (QProcess *p : processes) {
        QVERIFY(p->waitForFinished(60000));
        QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
    }
    qDeleteAll(processes);
}

void TstPgStore::runStoredInPgShows()
{
    test::PgDatabase pg;
    if (!test::PgServer::available())
        QSKIP(test::PgServer::skipReason());
    const auto run = test::runCli({QStringLiteral("run"), QStringLiteral("--suite"), suiteFile(12),
                                   QStringLiteral("--db"), pg.url()});
    QVERIFY2(run.code == 0, qPrintable(run.err));
    const auto show = test::runCli(
        {QStringLiteral("show"), QStringLiteral("--db"), pg.url(), QStringLiteral("--json")});
    QVERIFY2(show.code == 0, qPrintable(show.err));
    const auto doc = nlohmann::json::parse(show.out.toStdString());
    const auto &provider = doc.at("providers").at(0);
    QCOMPARE(provider.at("attempts").get<int>(), 12);
    QCOMPARE(provider.at("successful").get<int>(), 12);
    QVERIFY2(provider.dump().find("ttft") != std::string::npos, provider.dump().c_str());
}

void TstPgStore::sameShowAsSqlite()
{
    test::PgDatabase pg;
    if (!test::PgServer::available())
        QSKIP(test::PgServer::skipReason());
    const QString file = m_dir.filePath(QStringLiteral("same.sqlite"));
    const auto run = test::runCli({QStringLiteral("run"), QStringLiteral("--suite"), suiteFile(20),
                                   QStringLiteral("--db"), file});
    QVERIFY2(run.code == 0, qPrintable(run.err));
    QString error;
    QVERIFY2(copyRows(file, pg.url(), &error), qPrintable(error));
    const auto fromSqlite = test::runCli(
        {QStringLiteral("show"), QStringLiteral("--db"), file, QStringLiteral("--json")});
    const auto fromPg = test::runCli(
        {QStringLiteral("show"), QStringLiteral("--db"), pg.url(), QStringLiteral("--json")});
    QVERIFY2(fromSqlite.code == 0, qPrintable(fromSqlite.err));
    QVERIFY2(fromPg.code == 0, qPrintable(fromPg.err));
    const auto a = nlohmann::json::parse(fromSqlite.out.toStdString());
    const auto b = nlohmann::json::parse(fromPg.out.toStdString());
    QVERIFY2(a == b, nlohmann::json::diff(a, b).dump(1).c_str());
    // The attempts exported read the same from both.
    QByteArray exported[2];
    for (int i = 0; i < 2; ++i) {
        const QString out = m_dir.filePath(QStringLiteral("attempts-%1.csv").arg(i));
        const auto r = test::runCli({QStringLiteral("export"), QStringLiteral("--db"),
                                     i ? pg.url() : file, QStringLiteral("--table"),
                                     QStringLiteral("attempts"), QStringLiteral("--out"), out});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        exported[i] = f.readAll();
    }
    QVERIFY(exported[0].count('\n') > 20);
    QCOMPARE(exported[1], exported[0]);
    // The attempts page and the usage by day read the same from both.
    Database sqlite(file);
    Database server(pg.url());
    QVERIFY2(sqlite.open(&error) && server.open(&error), qPrintable(error));
    SessionRepository fromFile(sqlite);
    SessionRepository fromServer(server);
    const auto runs = fromFile.runs(1, &error);
    QVERIFY(!runs.empty());
    for (const AttemptSortKey key : {AttemptSortKey::Seq, AttemptSortKey::Error}) {
        AttemptPageRequest request;
        request.runId = runs.front().id;
        request.sortKey = key;
        request.descending = true;
        request.limit = 7;
        request.offset = 3;
        const auto pageA = AttemptQuery(fromFile).page(request, &error);
        const auto pageB = AttemptQuery(fromServer).page(request, &error);
        QVERIFY2(pageA && pageB, qPrintable(error));
        QCOMPARE(pageB->size(), pageA->size());
        for (std::size_t i = 0; i < pageA->size(); ++i) {
            QCOMPARE((*pageB)[i].id, (*pageA)[i].id);
            QCOMPARE((*pageB)[i].errorLine, (*pageA)[i].errorLine);
            QCOMPARE((*pageB)[i].costUsd, (*pageA)[i].costUsd);
        }
        QCOMPARE(AttemptQuery(fromServer).count(request.runId, Outcome::Ok, &error),
                 AttemptQuery(fromFile).count(request.runId, Outcome::Ok, &error));
    }
    const auto usageA = UsageQuery::byDayAndModel(sqlite, std::nullopt, &error);
    const auto usageB = UsageQuery::byDayAndModel(server, std::nullopt, &error);
    QVERIFY2(usageA && usageB && !usageA->empty(), qPrintable(error));
    QCOMPARE(usageB->size(), usageA->size());
    QCOMPARE(usageB->front().day, usageA->front().day);
    QCOMPARE(usageB->front().attempts, usageA->front().attempts);
    QCOMPARE(usageB->front().outputTokens, usageA->front().outputTokens);
    QCOMPARE(usageB->front().costUsd.has_value(), usageA->front().costUsd.has_value());
    QVERIFY(qAbs(usageB->front().costUsd.value_or(0) - usageA->front().costUsd.value_or(0)) <
            1e-12);
    const auto list = test::runCli({QStringLiteral("list"), QStringLiteral("--db"), pg.url()});
    QVERIFY2(list.code == 0 && list.out.contains("pg"), qPrintable(list.err));
}

void TstPgStore::badInputOnTheCommandLine()
{
    if (!test::PgServer::available())
        QSKIP(test::PgServer::skipReason());
    const QByteArray password = test::PgServer::password().toUtf8();
    const QUrl server(test::PgServer::url());
    // A port nothing listens on: taken and released.
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const quint16 closedPort = probe.serverPort();
    probe.close();
    const QString log = m_dir.filePath(QStringLiteral("bad.log"));
    struct Case {
        QString url;
        int code;
        QString reason;
        QByteArray environmentPassword;
    };
    QUrl withSecret = server;
    withSecret.setPassword(test::PgServer::password());
    const QList<Case> cases = {
        {QStringLiteral("postgresql://127.0.0.1:%1/x").arg(closedPort), 1,
         QStringLiteral("cannot connect"), password},
        {server.toString(), 1, QStringLiteral("cannot connect"), password + "-wrong"},
        {QStringLiteral("postgresql://"), 2, QStringLiteral("no host"), password},
        {QStringLiteral("postgresql://%1@127.0.0.1/").arg(server.userName()), 2,
         QStringLiteral("no database"), password},
        {QStringLiteral("postgresql://127.0.0.1:port/db"), 2, QStringLiteral("port"), password},
        {withSecret.toString(), 2, QStringLiteral("PGPASSWORD"), password},
    };
    for (const Case &c : cases) {
        for (const QString &command : {QStringLiteral("list"), QStringLiteral("show")}) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("PGPASSWORD"), QString::fromUtf8(c.environmentPassword));
            p.setProcessEnvironment(env);
            p.start((ys::test::binDir() + QStringLiteral("/yardstick-cli")),
                    {command, QStringLiteral("--db"), c.url, QStringLiteral("--log-file"), log});
            QVERIFY(p.waitForFinished(60000));
            const QByteArray out = p.readAllStandardOutput() + p.readAllStandardError();
            QVERIFY2(p.exitCode() == c.code,
                     qPrintable(QString::number(p.exitCode()) + QLatin1Char(' ') + c.url +
                                QLatin1Char(' ') + QString::fromUtf8(out)));
            QVERIFY2(out.contains(c.reason.toUtf8()), out.constData());
            QVERIFY2(!out.contains(password), out.constData());
        }
    }
    QFile f(log);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray logged = f.readAll();
    QVERIFY(!logged.isEmpty());
    QVERIFY2(!logged.contains(password), logged.constData());
}

// The workbench's own run, its writer thread and its summary thread on a team store.
void TstPgStore::workbenchOnPg()
{
    test::PgDatabase pg;
    if (!test::PgServer::available())
        QSKIP(test::PgServer::skipReason());
    Workbench workbench(pg.url());
    QString error;
    QVERIFY2(workbench.open(&error), qPrintable(error));
    const auto suite = Suite::loadFile(suiteFile(8), &error);
    QVERIFY2(suite, qPrintable(error));
    QSignalSpy finished(&workbench, &Workbench::sessionFinished);
    QVERIFY2(workbench.runSuite(*suite, &error), qPrintable(error));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
    const qint64 session = finished.at(0).at(0).toLongLong();
    QVERIFY(workbench.selectSession(session));
    // The summary loaded when the session started has no provider yet: wait for this one.
    QTRY_VERIFY_WITH_TIMEOUT(workbench.summary() && workbench.selectedSession() == session &&
                                 !workbench.summary()->providers.empty(),
                             60000);
    QCOMPARE(workbench.summary()->providers.size(), std::size_t(1));
    QCOMPARE(workbench.summary()->providers.front().attempts, 8);
}

// StorageThreadGuard on a team store: opening a connection and reading through it on the
// forbidden thread are recorded; the same on another thread are not.
void TstPgStore::threadGuardSeesPg()
{
    test::PgDatabase pg;
    if (!test::PgServer::available())
        QSKIP(test::PgServer::skipReason());
    const auto guard = qScopeGuard([] {
        StorageThreadGuard::allowAll();
        StorageThreadGuard::clear();
    });
    StorageThreadGuard::clear();
    StorageThreadGuard::forbid(QThread::currentThread());
    QString error;
    {
        Database db(pg.url());
        QVERIFY2(db.open(&error), qPrintable(error));
        SessionRepository(db).sessions(&error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    const QStringList seen = StorageThreadGuard::violations();
    QVERIFY2(!seen.isEmpty() && seen.front().startsWith(QStringLiteral("open postgresql://")),
             qPrintable(seen.join(QLatin1Char('\n'))));
    QVERIFY2(!seen.filter(QStringLiteral("PostgreSQL connection")).isEmpty(),
             qPrintable(seen.join(QLatin1Char('\n'))));
    StorageThreadGuard::clear();
    std::thread elsewhere([&] {
        Database db(pg.url());
        QString why;
        if (db.open(&why))
            SessionRepository(db).sessions(&why);
    });
    elsewhere.join();
    QVERIFY2(StorageThreadGuard::violations().isEmpty(),
             qPrintable(StorageThreadGuard::violations().join(QLatin1Char('\n'))));
}

// A batch longer than one statement's rows, its last statement shorter: every row, in order,
// with its values and its event times.
void TstPgStore::insertsInStatementsOfManyRows()
{
    PgStore store;
    QString error;
    if (!opened(store, &error))
        return;
    SessionRepository repo(store.db);
    const auto written = test::createFirstRun(
        repo,
        test::suiteOf(
            QStringLiteral("rows"),
            {test::simProvider(QStringLiteral("p"), QUrl(QStringLiteral("http://127.0.0.1:1")),
                               QStringLiteral("m"))},
            Scenario{}),
        &error);
    QVERIFY2(written, qPrintable(error));
    const qint64 run = written->run;
    std::vector<Sample> samples(150);
    for (int i = 0; i < 150; ++i) {
        Sample &s = samples[std::size_t(i)];
        s.runId = run;
        s.seq = i;
        s.endNs = 1000 + i;
        s.outcome = i % 3 ? Outcome::Ok : Outcome::TimeoutIdle;
        s.warmup = i == 0;
        s.costUsd = i * 0.5;
        s.textHash = ~quint64(i);
        s.eventTimesNs = {10, 20 + i};
        if (i % 2)
            s.toolArgsNs = 900 + i;
    }
    QVERIFY2(repo.insertSamples(samples, &error), qPrintable(error));
    const auto stored = repo.samples(run, &error);
    QCOMPARE(stored.size(), samples.size());
    for (std::size_t i = 0; i < stored.size(); ++i) {
        QCOMPARE(stored[i].seq, samples[i].seq);
        QCOMPARE(stored[i].endNs, samples[i].endNs);
        QCOMPARE(stored[i].outcome, samples[i].outcome);
        QCOMPARE(stored[i].warmup, samples[i].warmup);
        QCOMPARE(stored[i].costUsd, samples[i].costUsd);
        QCOMPARE(stored[i].textHash, samples[i].textHash);
        QCOMPARE(stored[i].eventTimesNs, samples[i].eventTimesNs);
        QCOMPARE(stored[i].toolArgsNs, samples[i].toolArgsNs);
    }
}

// The password from ~/.pgpass (here PGPASSFILE) or a key reference, with PGPASSWORD unset; and
// after a run, no row of any table holds it.
void TstPgStore::passwordSources()
{
    test::PgDatabase pg;
    if (!test::PgServer::available())
        QSKIP(test::PgServer::skipReason());
    QProcessEnvironment base = QProcessEnvironment::systemEnvironment();
    base.remove(QStringLiteral("PGPASSWORD"));
    const QString passFile = m_dir.filePath(QStringLiteral("pgpass"));
    {
        QFile f(passFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("*:*:*:*:" + test::PgServer::password().toUtf8() + '\n');
        f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    const auto cli = [](const QProcessEnvironment &env, const QStringList &args) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.start((ys::test::binDir() + QStringLiteral("/yardstick-cli")), args);
        p.waitForFinished(120000);
        return std::pair(p.exitCode(), p.readAllStandardError());
    };
    // None at all: the login fails.
    auto [code, err] = cli(base, {QStringLiteral("list"), QStringLiteral("--db"), pg.url()});
    QVERIFY2(code == 1, err.constData());
    QProcessEnvironment withFile = base;
    withFile.insert(QStringLiteral("PGPASSFILE"), passFile);
    std::tie(code, err) = cli(withFile, {QStringLiteral("run"), QStringLiteral("--suite"),
                                         suiteFile(4), QStringLiteral("--db"), pg.url()});
    QVERIFY2(code == 0, err.constData());
    QProcessEnvironment withReference = base;
    withReference.insert(QStringLiteral("YS_TEAM_DB_PASSWORD"), test::PgServer::password());
    std::tie(code, err) =
        cli(withReference, {QStringLiteral("show"), QStringLiteral("--db"),
                            pg.url() + QStringLiteral("?password_ref=env:YS_TEAM_DB_PASSWORD"),
                            QStringLiteral("--json")});
    QVERIFY2(code == 0, err.constData());
    std::tie(code, err) = cli(base, {QStringLiteral("list"), QStringLiteral("--db"),
                                     pg.url() + QStringLiteral("?password_ref=env:YS_UNSET_PW")});
    QVERIFY2(code == 1 && err.contains("YS_UNSET_PW"), err.constData());

    Database db(pg.url());
    QString error;
    QVERIFY2(db.open(&error), qPrintable(error));
    for (const char *table : {"sessions", "providers", "runs", "samples", "events"}) {
        QSqlQuery q(db.connection());
        q.prepare(QStringLiteral("SELECT count(*) FROM %1 t WHERE t::text LIKE ?")
                      .arg(QLatin1StringView(table)));
        q.addBindValue(QLatin1Char('%') + test::PgServer::password() + QLatin1Char('%'));
        QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 0);
    }
}

YS_TEST_GUILESS_MAIN(TstPgStore)
#include "tst_pg_store.moc"
