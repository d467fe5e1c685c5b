// Live metrics: the exposition writer and parser (escaping, labels, histograms, NaN/Inf), the
// small /metrics server, and yardstick-cli run --metrics-listen against the simulator, read
// with curl and Python's prometheus_client parser, whose attempt counters equal the database's
// counts at the end.
#include "cli_runner.h"
#include "fixtures.h"
#include "metrics_support.h"
#include "suite_files.h"
#include "test_support.h"

#include "domain/suite.h"
#include "net/metrics_http_server.h"
#include "net/prometheus_text.h"
#include "run/metrics_endpoint.h"
#include "run/session_runner.h"
#include "test_main.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace ys;
using nlohmann::json;

class TstMetrics : public test::ScratchSimTest {
    Q_OBJECT

private:
    // Two providers on one simulator: "steady" answers, "flaky" fails a share of its requests
    // with HTTP 500, so the counters have more than one outcome class.
    json suiteJson(int requests) const
    {
        const auto provider = [&](const char *name) {
            return test::suiteProviderJson(name, m_sim->baseUrl(), name,
                                           test::pricedProviderExtras());
        };
        const json scenario = test::latencyScenarioJson(requests, 2, 32, 16, {{"warmup", 1}});
        return test::suiteJson("metrics", json::array({provider("steady"), provider("flaky")}),
                               json::array({scenario}));
    }

    QString writeSuite(const json &doc)
    {
        return test::writeJsonFile(m_dir.filePath(QStringLiteral("suite.json")), doc);
    }

    // Every yardstick_attempts_total sample of a parse, as {provider, outcome} -> count.
    static std::map<std::pair<QString, QString>, qint64> attemptCounters(const json &samples)
    {
        std::map<std::pair<QString, QString>, qint64> out;
        for (const json &s : samples) {
            if (s["name"] != "yardstick_attempts_total")
                continue;
            out[{QString::fromStdString(s["labels"]["provider"].get<std::string>()),
                 QString::fromStdString(s["labels"]["outcome"].get<std::string>())}] =
                qint64(s["value"].get<double>());
        }
        return out;
    }

    static QString describe(const std::map<std::pair<QString, QString>, qint64> &counts)
    {
        QStringList parts;
        for (const auto &[k, n] : counts)
            parts << QStringLiteral("%1/%2=%3").arg(k.first, k.second).arg(n);
        return parts.join(QStringLiteral(", "));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        auto shape = test::ProfileShape().withTtft(20, 30).withDecode(400).withOutput(12, 12);
        m_sim = test::startedSim(
            {test::simProfileJson(QStringLiteral("Steady"), QStringLiteral("steady"), shape),
             test::simProfileJson(QStringLiteral("Flaky"), QStringLiteral("flaky"), shape,
                                  {{"faults", {{"server_error_500", 0.3}}}})});
    }

    void cleanupTestCase() { m_sim.reset(); }

    void labelValuesAreEscaped()
    {
        QCOMPARE(PromText::escapeLabelValue(QStringLiteral("a\"b\\c\nd")),
                 QByteArray("a\\\"b\\\\c\\nd"));
        QCOMPARE(PromText::labelSet({{QStringLiteral("x"), QStringLiteral("1")},
                                     {QStringLiteral("y"), QStringLiteral("é\"")}}),
                 QByteArray("{x=\"1\",y=\"\xc3\xa9\\\"\"}"));
        QCOMPARE(PromText::labelSet({}), QByteArray());
        QCOMPARE(PromText::escapeHelp(QStringLiteral("a\\b\nc")), QByteArray("a\\\\b\\nc"));
    }

    void valuesAreFormatted()
    {
        QCOMPARE(PromText::formatValue(3), QByteArray("3"));
        QCOMPARE(PromText::formatValue(0.25), QByteArray("0.25"));
        QCOMPARE(PromText::formatValue(std::nan("")), QByteArray("NaN"));
        QCOMPARE(PromText::formatValue(HUGE_VAL), QByteArray("+Inf"));
        QCOMPARE(PromText::formatValue(-HUGE_VAL), QByteArray("-Inf"));
        QCOMPARE(PromText::formatValue(1e300).toDouble(), 1e300);
    }

    void parserReadsLabelsCommentsAndSpecialValues()
    {
        const QByteArray text = "# HELP a_total Help with \\n escape.\n"
                                "# TYPE a_total counter\n"
                                "a_total{x=\"1\",y=\"q\\\"uo\\\\te\\nnl\",} 7 1700000000000\n"
                                "\n"
                                "  # an indented comment\n"
                                "vllm:num_requests_waiting{model_name=\"m\"} 3\r\n"
                                "g NaN\n"
                                "h +Inf\n"
                                "i -Inf\n"
                                "j{} 1.5e-3\n";
        QString error;
        const auto samples = PromText::parse(text, &error);
        QVERIFY2(samples, qPrintable(error));
        QCOMPARE(samples->size(), std::size_t(6));
        const PromSample &a = samples->at(0);
        QCOMPARE(a.name, QStringLiteral("a_total"));
        QCOMPARE(a.labels.size(), std::size_t(2));
        QCOMPARE(a.labels[1].second, QStringLiteral("q\"uo\\te\nnl"));
        QCOMPARE(a.value, 7.0);
        QCOMPARE(a.timestampMs.value_or(0), 1700000000000LL);
        QCOMPARE(samples->at(1).name, QStringLiteral("vllm:num_requests_waiting"));
        QCOMPARE(samples->at(1).labels.at(0).second, QStringLiteral("m"));
        QCOMPARE(samples->at(1).value, 3.0);
        QVERIFY(std::isnan(samples->at(2).value));
        QVERIFY(std::isinf(samples->at(3).value) && samples->at(3).value > 0);
        QVERIFY(std::isinf(samples->at(4).value) && samples->at(4).value < 0);
        QCOMPARE(samples->at(5).value, 1.5e-3);
        QVERIFY(samples->at(5).labels.empty());
    }

    void parserRefusesBadLines_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("no value") << QByteArray("a\n");
        QTest::newRow("bad number") << QByteArray("a 1x\n");
        QTest::newRow("unterminated label") << QByteArray("a{x=\"1} 1\n");
        QTest::newRow("unquoted label") << QByteArray("a{x=1} 1\n");
        QTest::newRow("bad escape") << QByteArray("a{x=\"\\t\"} 1\n");
        QTest::newRow("bad name") << QByteArray("1a 1\n");
        QTest::newRow("extra text") << QByteArray("a 1 2 3\n");
    }

    void parserRefusesBadLines()
    {
        QFETCH(QByteArray, text);
        QString error;
        QVERIFY(!PromText::parse("ok 1\n" + text, &error));
        QVERIFY2(error.startsWith(QStringLiteral("line 2:")), qPrintable(error));
    }

    // What the writer writes, the reference parser reads back the same, histograms included.
    void writerRoundTripsThroughPrometheusClient()
    {
        PromWriter w;
        w.family(QStringLiteral("t_seconds"), "histogram", QStringLiteral("A histogram."));
        w.histogram(QStringLiteral("t_seconds"), {{QStringLiteral("p"), QStringLiteral("a\"b")}},
                    {0.1, 1}, {2, 3, 1}, 4.5);
        w.family(QStringLiteral("c_total"), "counter", QStringLiteral("A counter."));
        w.sample(QStringLiteral("c_total"), {{QStringLiteral("p"), QStringLiteral("x\ny")}}, 5);
        w.family(QStringLiteral("g"), "gauge", QStringLiteral("A gauge."));
        w.sample(QStringLiteral("g"), {}, HUGE_VAL);
        const json parsed = test::promClientParse(w.text());
        QVERIFY2(parsed.is_array(), parsed.dump().c_str());
        QCOMPARE(test::promValue(parsed, "t_seconds_bucket", {{"p", "a\"b"}, {"le", "0.1"}}),
                 std::optional<double>(2));
        QCOMPARE(test::promValue(parsed, "t_seconds_bucket", {{"p", "a\"b"}, {"le", "1.0"}}),
                 std::optional<double>(5));
        QCOMPARE(test::promValue(parsed, "t_seconds_bucket", {{"p", "a\"b"}, {"le", "+Inf"}}),
                 std::optional<double>(6));
        QCOMPARE(test::promValue(parsed, "t_seconds_count", {{"p", "a\"b"}}),
                 std::optional<double>(6));
        QCOMPARE(test::promValue(parsed, "t_seconds_sum", {{"p", "a\"b"}}),
                 std::optional<double>(4.5));
        QCOMPARE(test::promValue(parsed, "c_total", {{"p", "x\ny"}}), std::optional<double>(5));
        // Our parser reads it too.
        QString error;
        const auto own = PromText::parse(w.text(), &error);
        QVERIFY2(own, qPrintable(error));
        QCOMPARE(own->size(), std::size_t(7));
    }

    void serverAnswersOnlyMetrics()
    {
        MetricsHttpServer server([] { return QByteArray("x 1\n"); });
        QString error;
        QVERIFY2(server.listen(QStringLiteral("127.0.0.1:0"), &error), qPrintable(error));
        const QString base = QStringLiteral("http://127.0.0.1:%1").arg(server.port());
        // curl runs in another process while this thread serves.
        QProcess curl;
        const QStringList args{QStringLiteral("-s"), QStringLiteral("-o"),
                               QStringLiteral("/dev/null"), QStringLiteral("-w"),
                               QStringLiteral("%{http_code}")};
        curl.start(QStringLiteral("curl"),
                   QStringList{QStringLiteral("-s"), base + QStringLiteral("/metrics")});
        QTRY_VERIFY_WITH_TIMEOUT(curl.state() == QProcess::NotRunning, 20000);
        QCOMPARE(curl.readAllStandardOutput(), QByteArray("x 1\n"));
        curl.start(QStringLiteral("curl"), args + QStringList{base + QStringLiteral("/other")});
        QTRY_VERIFY_WITH_TIMEOUT(curl.state() == QProcess::NotRunning, 20000);
        QCOMPARE(curl.readAllStandardOutput(), QByteArray("404"));
        curl.start(QStringLiteral("curl"),
                   args + QStringList{QStringLiteral("-X"), QStringLiteral("POST"),
                                      base + QStringLiteral("/metrics")});
        QTRY_VERIFY_WITH_TIMEOUT(curl.state() == QProcess::NotRunning, 20000);
        QCOMPARE(curl.readAllStandardOutput(), QByteArray("405"));
    }

    void badListenAddressesAreRefused_data()
    {
        QTest::addColumn<QString>("address");
        QTest::newRow("no port") << QStringLiteral("127.0.0.1");
        QTest::newRow("bad port") << QStringLiteral("127.0.0.1:99999");
        QTest::newRow("not an address") << QStringLiteral("no such host:80");
        QTest::newRow("not local") << QStringLiteral("192.0.2.1:9464");
    }

    void badListenAddressesAreRefused()
    {
        QFETCH(QString, address);
        MetricsEndpoint endpoint;
        QString error;
        QVERIFY(!endpoint.listen(address, &error));
        QVERIFY(!error.isEmpty());
        // The command line says why and exits 2 before anything runs.
        const QString db = m_dir.filePath(QStringLiteral("bad.sqlite"));
        const test::CliResult r = test::runCli({QStringLiteral("run"), QStringLiteral("--suite"),
                                                writeSuite(suiteJson(2)), QStringLiteral("--db"),
                                                db, QStringLiteral("--metrics-listen"), address});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--metrics-listen")), qPrintable(r.err));
        QVERIFY(!QFile::exists(db));
    }

    // The API a worker uses: an endpoint attached to a SessionRunner, scraped after the run,
    // equals the database.
    void endpointMatchesDatabaseAfterARun()
    {
        QString error;
        const auto suite = Suite::parse(QByteArray::fromStdString(suiteJson(20).dump()),
                                        QStringLiteral("suite"), &error);
        QVERIFY2(suite, qPrintable(error));
        MetricsEndpoint endpoint;
        QVERIFY2(endpoint.listen(QStringLiteral("127.0.0.1:0"), &error), qPrintable(error));
        SessionRunner runner;
        endpoint.attach(&runner);
        QSignalSpy finished(&runner, &SessionRunner::finished);
        const QString db = m_dir.filePath(QStringLiteral("inproc.sqlite"));
        QVERIFY2(runner.start(SessionRequest{*suite, db, std::nullopt, {}}, &error),
                 qPrintable(error));
        QVERIFY(finished.wait(120000 * test::kSlow));

        // curl in another process; this thread serves it.
        QProcess curl;
        curl.start(QStringLiteral("curl"),
                   {QStringLiteral("-sS"),
                    QStringLiteral("http://127.0.0.1:%1/metrics").arg(endpoint.port())});
        QTRY_VERIFY_WITH_TIMEOUT(curl.state() == QProcess::NotRunning, 30000);
        const QByteArray text = curl.readAllStandardOutput();
        const json parsed = test::promClientParse(text);
        QVERIFY2(parsed.is_array(), parsed.dump().c_str());
        const auto counters = attemptCounters(parsed);
        const auto stored = test::attemptCounts(db);
        QVERIFY(!stored.empty());
        QVERIFY2(counters == stored,
                 qPrintable(describe(counters) + QStringLiteral(" vs ") + describe(stored)));
        QVERIFY2(stored.size() >= 3, qPrintable(describe(stored))); // ok twice, and errors
        QCOMPARE(test::promValue(parsed, "yardstick_runs_in_progress", {{"provider", "steady"}}),
                 std::optional<double>(0));
        // 20 measured attempts of "steady" succeeded; the warm-up is counted but not timed.
        QCOMPARE(test::promValue(parsed, "yardstick_e2e_seconds_count", {{"provider", "steady"}}),
                 std::optional<double>(20));
        QCOMPARE(test::promValue(parsed, "yardstick_attempts_total",
                                 {{"provider", "steady"}, {"outcome", "ok"}}),
                 std::optional<double>(21));
        QVERIFY(test::promValue(parsed, "yardstick_output_tokens_total", {{"provider", "steady"}})
                    .value_or(0) >= 21 * 12);
        QVERIFY(test::promValue(parsed, "yardstick_cost_usd_total", {{"provider", "steady"}})
                    .value_or(0) > 0);
        bool build = false;
        for (const json &s : parsed)
            build = build || s["name"] == "yardstick_build_info";
        QVERIFY(build);
        // No key, no secret: the labels are provider, outcome, le, version, qt_version.
        for (const json &s : parsed)
            for (auto it = s["labels"].begin(); it != s["labels"].end(); ++it)
                QVERIFY2(QStringList({QStringLiteral("provider"), QStringLiteral("outcome"),
                                      QStringLiteral("le"), QStringLiteral("version"),
                                      QStringLiteral("qt_version")})
                             .contains(QString::fromStdString(it.key())),
                         it.key().c_str());
    }

    // The Grafana dashboard is JSON, takes its Prometheus from a variable and reads only
    // metrics the endpoint serves.
    void grafanaDashboardReadsServedMetrics()
    {
        QFile f((ys::test::sourceDir() + QStringLiteral("/docs/grafana/yardstick-dashboard.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const json doc = json::parse(f.readAll().toStdString());
        bool variable = false;
        for (const json &v : doc["templating"]["list"])
            variable = variable || (v["type"] == "datasource" && v["query"] == "prometheus");
        QVERIFY(variable);
        MetricsEndpoint endpoint;
        endpoint.runStarted(1, QStringLiteral("p"));
        Sample s;
        s.runId = 1;
        s.firstTokenNs = 1000;
        s.endNs = 2000;
        endpoint.sampleMeasured(s);
        const QByteArray served = endpoint.exposition();
        const QRegularExpression name(QStringLiteral("yardstick_[a-z_]+"));
        int checked = 0;
        for (const json &panel : doc["panels"]) {
            QVERIFY(panel["datasource"]["uid"] == "${datasource}");
            for (const json &t : panel["targets"]) {
                const QString expr = QString::fromStdString(t["expr"].get<std::string>());
                for (const auto &m : name.globalMatch(expr)) {
                    QVERIFY2(served.contains(m.captured().toUtf8()), qPrintable(m.captured()));
                    ++checked;
                }
            }
        }
        QVERIFY(checked >= 8);
    }

    // Acceptance: curl of a running yardstick-cli run returns exposition text the reference
    // parser reads; its counters only grow and never exceed what the database holds at the end.
    void cliServesMetricsDuringARun()
    {
        const quint16 port = test::freePort();
        const QString db = m_dir.filePath(QStringLiteral("cli.sqlite"));
        const QString url = QStringLiteral("http://127.0.0.1:%1/metrics").arg(port);
        QProcess cli;
        cli.start(test::binDir() + QStringLiteral("/yardstick-cli"),
                  {QStringLiteral("run"), QStringLiteral("--suite"), writeSuite(suiteJson(60)),
                   QStringLiteral("--db"), db, QStringLiteral("--metrics-listen"),
                   QStringLiteral("127.0.0.1:%1").arg(port)});
        QVERIFY(cli.waitForStarted());
        std::vector<QByteArray> scrapes;
        QElapsedTimer clock;
        clock.start();
        while (cli.state() != QProcess::NotRunning && clock.elapsed() < 180000 * test::kSlow) {
            if (const auto body = test::curlGet(url); body && cli.state() == QProcess::Running)
                scrapes.push_back(*body);
            cli.waitForFinished(150);
        }
        QVERIFY(cli.state() == QProcess::NotRunning || cli.waitForFinished(60000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        QVERIFY2(!scrapes.empty(), "no scrape answered during the run");

        const auto stored = test::attemptCounts(db);
        std::map<std::pair<QString, QString>, qint64> previous;
        bool sawRunning = false;
        for (const QByteArray &text : scrapes) {
            const json parsed = test::promClientParse(text);
            QVERIFY2(parsed.is_array(), (parsed.dump() + "\n" + text.toStdString()).c_str());
            const auto counters = attemptCounters(parsed);
            for (const auto &[key, n] : counters) {
                QVERIFY2(n <= stored.at(key), qPrintable(describe(counters)));
                QVERIFY(n >= (previous.count(key) ? previous[key] : 0));
            }
            previous = counters;
            for (const json &s : parsed)
                sawRunning = sawRunning || (s["name"] == "yardstick_runs_in_progress" &&
                                            s["value"].is_number() && s["value"] == 1.0);
        }
        QVERIFY(sawRunning);
    }
};

YS_TEST_GUILESS_MAIN(TstMetrics)
#include "tst_metrics.moc"
