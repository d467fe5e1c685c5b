// Server-side metrics: the simulator serves GET /metrics as vLLM does from its scheduler's
// state and keeps every scrape it answered as ground truth; a run whose provider names a
// server_metrics endpoint scrapes it at an interval and stores the samples, and each stored
// queue length equals what the simulator served at that scrape. A scrape that fails is an
// event, not a failed run.
#include "cli_runner.h"
#include "fixtures.h"
#include "metrics_support.h"
#include "suite_files.h"
#include "test_support.h"

#include "domain/suite.h"
#include "test_main.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>
#include <algorithm>

using namespace ys;
using nlohmann::json;

class TstServerMetrics : public test::ScratchSimTest {
    Q_OBJECT

private:
    QString writeSuite(const QString &name, const json &serverMetrics, int requests)
    {
        const json provider =
            test::suiteProviderJson("selfhosted", m_sim->baseUrl(), "queued",
                                    {{"price", {{"input_per_mtok", 0.1}, {"output_per_mtok", 0.2}}},
                                     {"context_window", 128000},
                                     {"server_metrics", serverMetrics}});
        const json scenario = test::latencyScenarioJson(requests, 6, 32, 20);
        return test::writeJsonFile(
            m_dir.filePath(name + QStringLiteral(".json")),
            test::suiteJson(name.toStdString(), json::array({provider}), json::array({scenario})));
    }

    QString metricsUrl() const
    {
        QUrl url = m_sim->baseUrl();
        url.setPath(QStringLiteral("/metrics"));
        return url.toString();
    }

    struct Row {
        qint64 runId;
        qint64 atNs;
        QString name;
        QString labels;
        double value;
    };

    static std::vector<Row> rows(const QString &dbPath)
    {
        std::vector<Row> out;
        const QString name = QUuid::createUuid().toString();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setDatabaseName(dbPath);
            if (db.open()) {
                QSqlQuery q(db);
                q.exec(QStringLiteral("SELECT run_id, at_ns, name, labels, value FROM "
                                      "server_metrics ORDER BY run_id, at_ns, id"));
                while (q.next())
                    out.push_back({q.value(0).toLongLong(), q.value(1).toLongLong(),
                                   q.value(2).toString(), q.value(3).toString(),
                                   q.value(4).toDouble()});
            }
        }
        QSqlDatabase::removeDatabase(name);
        return out;
    }

    static QStringList eventKinds(const QString &dbPath)
    {
        QStringList out;
        const QString name = QUuid::createUuid().toString();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            db.setDatabaseName(dbPath);
            if (db.open()) {
                QSqlQuery q(db);
                q.exec(QStringLiteral("SELECT kind FROM events ORDER BY id"));
                while (q.next())
                    out << q.value(0).toString();
            }
        }
        QSqlDatabase::removeDatabase(name);
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Two requests generate at once; the other four of the run's six wait in the queue.
        auto shape = test::ProfileShape().withTtft(20, 20).withDecode(100).withOutput(20, 20);
        m_sim = test::startedSim({test::simProfileJson(
            QStringLiteral("Queued"), QStringLiteral("queued"), shape, {{"capacity", 2}})});
    }

    void cleanupTestCase() { m_sim.reset(); }

    // The simulator's own text reads as the reference parser reads Prometheus.
    void simulatorServesVllmMetrics()
    {
        const auto body = test::curlGet(metricsUrl());
        QVERIFY(body);
        const json parsed = test::promClientParse(*body);
        QVERIFY2(parsed.is_array(), parsed.dump().c_str());
        QCOMPARE(test::promValue(parsed, "vllm:num_requests_waiting", {{"model_name", "queued"}}),
                 std::optional<double>(0));
        QVERIFY(test::promValue(parsed, "vllm:num_requests_running", {{"model_name", "queued"}}));
        QVERIFY(test::promValue(parsed, "vllm:gpu_cache_usage_perc", {{"model_name", "queued"}}));
        QVERIFY(test::promValue(parsed, "ys_sim_batch_size", {{"model_name", "queued"}}));
        const auto scrapes = m_sim->scrapes();
        QVERIFY(!scrapes.empty());
        QCOMPARE(test::promValue(parsed, "ys_sim_scrapes_total", json::object()),
                 std::optional<double>(double(scrapes.back().number)));
    }

    // Acceptance: a run scraping the simulator at 200 ms stores the scrapes, and each stored
    // queue length is the one the simulator served at that scrape.
    void storedQueueLengthsMatchGroundTruth()
    {
        const QString db = m_dir.filePath(QStringLiteral("scraped.sqlite"));
        const QString suite =
            writeSuite(QStringLiteral("scraped"),
                       {{"url", metricsUrl().toStdString()}, {"interval_ms", 200}}, 36);
        const test::CliResult r = test::runCli(
            {QStringLiteral("run"), QStringLiteral("--suite"), suite, QStringLiteral("--db"), db});
        QVERIFY2(r.code == 0, qPrintable(r.err));

        const std::vector<Row> stored = rows(db);
        // Each stored scrape: its number (ys_sim_scrapes_total) and the queue length.
        std::map<qint64, std::pair<std::optional<double>, std::optional<double>>> byTime;
        for (const Row &row : stored) {
            if (row.name == QStringLiteral("ys_sim_scrapes_total"))
                byTime[row.atNs].first = row.value;
            if (row.name == QStringLiteral("vllm:num_requests_waiting")) {
                QCOMPARE(row.labels, QStringLiteral("model_name=\"queued\""));
                byTime[row.atNs].second = row.value;
            }
        }
        QVERIFY2(byTime.size() >= 3, qPrintable(QString::number(byTime.size())));
        const std::vector<SimScrapeRecord> truth = m_sim->scrapes();
        int queued = 0;
        for (const auto &[atNs, scrape] : byTime) {
            QVERIFY(atNs >= -1'000'000'000LL); // on the run's clock: near or after its start
            QVERIFY(scrape.first && scrape.second);
            const auto it = std::find_if(truth.begin(), truth.end(), [&](const SimScrapeRecord &t) {
                return double(t.number) == *scrape.first;
            });
            QVERIFY2(it != truth.end(), "a stored scrape the simulator never answered");
            QCOMPARE(*scrape.second,
                     it->find(QStringLiteral("vllm:num_requests_waiting"), QStringLiteral("queued"))
                         .value_or(-1));
            QCOMPARE(stored.front().runId, stored.back().runId);
            queued += *scrape.second > 0 ? 1 : 0;
        }
        QVERIFY2(queued > 0, "no scrape saw a queue: the capacity did not bind");

        // show --json summarises each series per provider.
        const test::CliResult shown = test::runCli(
            {QStringLiteral("show"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        QCOMPARE(shown.code, 0);
        const json doc = json::parse(shown.out.toStdString());
        const json &series = doc["server_metrics"]["selfhosted"];
        QVERIFY2(series.is_array(), doc["server_metrics"].dump().c_str());
        bool found = false;
        for (const json &s : series) {
            if (s["name"] != "vllm:num_requests_waiting")
                continue;
            found = true;
            QCOMPARE(s["points"].get<int>(), int(byTime.size()));
            QVERIFY(s["max"].get<double>() >= 1);
            QVERIFY(s["min"].get<double>() <= s["median"].get<double>());
        }
        QVERIFY(found);

        // server_gauges: the queue of the provider's own model over the same scrapes, each
        // value the one the simulator served then.
        const json &waiting = doc["server_gauges"]["selfhosted"]["waiting"];
        QVERIFY2(waiting.is_object(), doc["server_gauges"].dump().c_str());
        QCOMPARE(waiting["metric"].get<std::string>(), std::string("vllm:num_requests_waiting"));
        QCOMPARE(waiting["scrapes"].get<int>(), int(byTime.size()));
        double most = 0;
        for (const auto &[atNs, scrape] : byTime)
            most = std::max(most, *scrape.second);
        QCOMPARE(waiting["max"].get<double>(), most);
        QCOMPARE(waiting["last"].get<double>(), *byTime.rbegin()->second.second);
        const json &cache = doc["server_gauges"]["selfhosted"]["kv_cache_percent"];
        QVERIFY(cache["max"].get<double>() > 0 && cache["max"].get<double>() <= 100);
    }

    // keep: only the named metrics are stored.
    void keepStoresOnlyNamedMetrics()
    {
        const QString db = m_dir.filePath(QStringLiteral("kept.sqlite"));
        const QString suite = writeSuite(QStringLiteral("kept"),
                                         {{"url", metricsUrl().toStdString()},
                                          {"interval_ms", 100},
                                          {"keep", {"vllm:num_requests_running"}}},
                                         12);
        const test::CliResult r = test::runCli(
            {QStringLiteral("run"), QStringLiteral("--suite"), suite, QStringLiteral("--db"), db});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const std::vector<Row> stored = rows(db);
        QVERIFY(!stored.empty());
        for (const Row &row : stored)
            QCOMPARE(row.name, QStringLiteral("vllm:num_requests_running"));
    }

    // An endpoint nobody serves: the run finishes, the failures are events.
    void failedScrapesAreEvents()
    {
        const QString db = m_dir.filePath(QStringLiteral("failed.sqlite"));
        const QString dead = QStringLiteral("http://127.0.0.1:%1/metrics").arg(test::freePort());
        const QString suite = writeSuite(QStringLiteral("failed"),
                                         {{"url", dead.toStdString()}, {"interval_ms", 100}}, 12);
        const test::CliResult r = test::runCli(
            {QStringLiteral("run"), QStringLiteral("--suite"), suite, QStringLiteral("--db"), db});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(rows(db).empty());
        const QStringList kinds = eventKinds(db);
        QVERIFY2(kinds.contains(QStringLiteral("server_metrics_failed")),
                 qPrintable(kinds.join(QLatin1Char(','))));
        QVERIFY(kinds.contains(QStringLiteral("server_metrics")));
    }

    void suiteFieldsAreChecked_data()
    {
        QTest::addColumn<QByteArray>("field");
        QTest::addColumn<QString>("message");
        QTest::newRow("not an object") << QByteArray("1") << QStringLiteral("expected an object");
        QTest::newRow("no url") << QByteArray("{}") << QStringLiteral("missing field \"url\"");
        QTest::newRow("bad url") << QByteArray("{\"url\": \"ftp://x/metrics\"}")
                                 << QStringLiteral("server_metrics.url");
        QTest::newRow("interval too short")
            << QByteArray("{\"url\": \"http://x/metrics\", \"interval_ms\": 5}")
            << QStringLiteral("server_metrics.interval_ms");
        QTest::newRow("bad keep") << QByteArray(
                                         "{\"url\": \"http://x/metrics\", \"keep\": [\"1x\"]}")
                                  << QStringLiteral("server_metrics.keep[0]");
        QTest::newRow("unknown field")
            << QByteArray("{\"url\": \"http://x/metrics\", \"every\": 1}")
            << QStringLiteral("unknown field \"every\"");
    }

    void suiteFieldsAreChecked()
    {
        QFETCH(QByteArray, field);
        QFETCH(QString, message);
        const QByteArray suite = "{\"format\": \"yardstick-suite/1\", \"name\": \"s\", "
                                 "\"providers\": [{\"name\": \"p\",\n"
                                 "                \"dialect\": \"openai-chat\", \"base_url\": "
                                 "\"http://127.0.0.1:1/v1\", \"model\": \"m\",\n"
                                 "                \"server_metrics\": " +
                                 field +
                                 "}], \"scenarios\": [{\"kind\": \"latency\", \"requests\": 1}]}";
        QString error;
        QVERIFY(!Suite::parse(suite, QStringLiteral("s.json"), &error));
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void suiteRoundTrips()
    {
        const QByteArray text =
            "{\"format\": \"yardstick-suite/1\", \"name\": \"s\", \"providers\": [{\"name\": "
            "\"p\",\n"
            "                \"dialect\": \"openai-chat\", \"base_url\": "
            "\"http://127.0.0.1:1/v1\", \"model\": \"m\",\n"
            "                \"server_metrics\": {\"url\": \"http://127.0.0.1:8000/metrics\", "
            "\"interval_ms\": 250,\n"
            "                \"keep\": [\"vllm:num_requests_waiting\"]}}],\n"
            "                \"scenarios\": [{\"kind\": \"latency\", \"requests\": 1}]}";
        QString error;
        const auto suite = Suite::parse(text, QStringLiteral("s.json"), &error);
        QVERIFY2(suite, qPrintable(error));
        const auto &sm = suite->providers.front().serverMetrics;
        QVERIFY(sm);
        QCOMPARE(sm->intervalMs, 250);
        QCOMPARE(sm->keep, QStringList{QStringLiteral("vllm:num_requests_waiting")});
        const auto again = Suite::parse(suite->toJson(), QStringLiteral("again"), &error);
        QVERIFY2(again, qPrintable(error));
        QVERIFY(again->providers.front().serverMetrics == sm);
    }
};

YS_TEST_GUILESS_MAIN(TstServerMetrics)
#include "tst_server_metrics.moc"
