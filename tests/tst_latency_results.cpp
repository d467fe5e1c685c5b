// The latency result of a run: TTFB, connect and TLS phases, cold against warm TTFT, TPOT, and in
// open loop the latency from the intended start, which the latency gate then reads. Checked on
// hand-built samples, and against the simulator over real HTTP and HTTPS, run into a real SQLite
// file and read back as the workbench and the command line read it.
#include "analysis/gates.h"
#include "analysis/latency_result.h"
#include "analysis/results_json.h"
#include "analysis/run_summary.h"
#include "analysis/summary_json.h"
#include "fixtures.h"
#include "models/comparison_table_model.h"
#include "models/results_text.h"
#include "run/session_runner.h"
#include "session_support.h"
#include "sim/sim_host.h"
#include "test_main.h"
#include "test_support.h"
#include "util/units.h"

#include <QProcess>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;
using ys::test::kSlow;

namespace {

// A successful streamed attempt: headers at `headersMs`, first token at `ttftMs`, end at
// `endMs`, `tokens` output tokens; a new connection when connectMs is set.
Sample attempt(double headersMs, double ttftMs, double endMs, std::optional<qint64> tokens,
               std::optional<double> connectMs = std::nullopt,
               std::optional<double> tlsMs = std::nullopt)
{
    Sample s;
    s.httpStatus = 200;
    s.headersNs = qint64(headersMs * kWholeNsPerMs);
    s.firstTokenNs = qint64(ttftMs * kWholeNsPerMs);
    s.endNs = qint64(endMs * kWholeNsPerMs);
    s.outputTokens = tokens;
    s.connectionReused = !connectMs;
    if (connectMs) {
        s.connectStartNs = 0;
        s.connectedNs = qint64(*connectMs * kWholeNsPerMs);
        if (tlsMs)
            s.tlsDoneNs = qint64(*tlsMs * kWholeNsPerMs);
    }
    return s;
}

bool hasNear(std::optional<double> value, double expected, double tolerance = 1e-9)
{
    return value && std::abs(*value - expected) <= tolerance;
}

// A simulated provider whose every request takes the same time: a constant TTFT, then
// `outputTokens` tokens one per event at `decodeTokensPerS`.
json steadyProfile(const QString &model, double ttftMs, double decodeTokensPerS, int outputTokens)
{
    auto shape = test::ProfileShape()
                     .withTtft(ttftMs, ttftMs)
                     .withDecode(decodeTokensPerS)
                     .withOutput(outputTokens, outputTokens)
                     .withSeed(11);
    return test::simProfileJson(model, model, shape);
}

// A closed-loop scenario of 40-token prompts.
Scenario closedLoop(int requests, int concurrency, int maxOutputTokens)
{
    return test::closedLoopScenario(requests, concurrency, 40, maxOutputTokens);
}

struct StoredRun {
    QString dbPath;
    std::vector<Sample> samples;
    SessionSummary summary;
};

// Runs the suite into a new database in dir and reads back what was stored.
std::optional<StoredRun> runAndRead(const QTemporaryDir &dir, const Suite &suite)
{
    StoredRun out;
    out.dbPath = dir.filePath(QStringLiteral("latency.sqlite"));
    auto stored =
        test::runAndRead(SessionRequest{suite, out.dbPath, std::nullopt, {}}, 60000 * kSlow);
    if (!stored)
        return std::nullopt;
    out.samples = stored->allSamples();
    out.summary = std::move(*stored->summary);
    return out;
}

// The simulator's provider of the "steady" model, under this name.
ProviderConfig steadyProvider(const QString &name, const QUrl &baseUrl)
{
    return test::simProvider(name, baseUrl, QStringLiteral("steady"));
}

Suite suiteOf(const ProviderConfig &provider, const Scenario &scenario)
{
    Suite suite;
    suite.name = QStringLiteral("latency results");
    suite.providers = {provider};
    suite.scenarios = {scenario};
    return suite;
}

// What `yardstick-cli show` prints for the database, as text or as JSON.
QByteArray cliShow(const QString &dbPath, bool asJson)
{
    QStringList args{QStringLiteral("show"), QStringLiteral("--db"), dbPath};
    if (asJson)
        args << QStringLiteral("--json");
    QProcess p;
    p.start(test::binDir() + QStringLiteral("/yardstick-cli"), args);
    if (!p.waitForFinished(30000 * kSlow) || p.exitCode() != 0)
        return {};
    return p.readAllStandardOutput();
}

int countIf(const std::vector<Sample> &samples, auto &&pred)
{
    return int(std::count_if(samples.begin(), samples.end(), pred));
}

} // namespace

class TstLatencyResults : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Each figure on samples whose times are known, and which attempts it leaves out.
    void figuresFromHandBuiltSamples()
    {
        std::vector<Sample> samples;
        samples.push_back(attempt(8, 10, 46, 10, 2.0));    // cold: TPOT 36 / 9 = 4
        samples.push_back(attempt(6, 7, 27, 11, 1.0));     // cold: TPOT 2
        samples.push_back(attempt(4, 5, 35, 11));          // warm: TPOT 3
        samples.push_back(attempt(3, 4, 4, 5));            // warm, body arrived whole: no TPOT
        samples.push_back(attempt(2, 3, 9, 1));            // warm, one token: no TPOT
        samples.push_back(attempt(2, 3, 9, std::nullopt)); // warm, no usage: no TPOT
        Sample warmup = attempt(100, 100, 100, 10, 50.0);  // warm-up: left out
        warmup.warmup = true;
        samples.push_back(warmup);
        Sample failed = attempt(100, 100, 100, 10, 50.0); // a failure: left out
        failed.outcome = Outcome::ServerError;
        samples.push_back(failed);
        Sample elsewhere = attempt(100, 100, 100, 10, 50.0); // served by a fallback: left out
        elsewhere.servedBy = QStringLiteral("other");
        samples.push_back(elsewhere);
        for (Sample &s : samples)
            s.queueDelayNs = 100 * kWholeNsPerMs;

        const LatencyResult r = analyzeLatency(samples, false);
        QCOMPARE(r.ttfbMs.count, 6);
        QVERIFY(hasNear(r.ttfbMs.p50, 3.5));
        QCOMPARE(r.tpotMs.count, 3);
        QVERIFY(hasNear(r.tpotMs.p50, 3.0));
        QVERIFY(hasNear(r.tpotMs.p99, 3.98));
        QCOMPARE(r.coldTtftMs.count, 2);
        QVERIFY(hasNear(r.coldTtftMs.p50, 8.5));
        QCOMPARE(r.warmTtftMs.count, 4);
        QVERIFY(hasNear(r.warmTtftMs.p50, 3.5));
        QVERIFY(r.connectMs);
        QCOMPARE(r.connectMs->count, 2);
        QVERIFY(hasNear(r.connectMs->p50, 1.5));
        QVERIFY(!r.tlsMs);             // plain http: no handshake
        QVERIFY(!r.e2eFromIntendedMs); // closed loop

        // Open loop: the latency from the intended start is end + queue delay.
        const LatencyResult open = analyzeLatency(samples, true);
        QVERIFY(open.e2eFromIntendedMs);
        QCOMPARE(open.e2eFromIntendedMs->count, 6);
        QVERIFY(hasNear(open.e2eFromIntendedMs->p50, 100 + 18));
        QVERIFY(hasNear(open.e2eFromIntendedMs->p99, 100 + 45.45));

        // HTTPS: the handshake's time from the start of connecting; reused connections have none.
        const LatencyResult tls = analyzeLatency(
            {attempt(9, 10, 20, 5, 3.0, 3.0), attempt(9, 10, 20, 5, 5.0, 5.0), attempt(1, 2, 9, 5)},
            false);
        QVERIFY(tls.tlsMs);
        QCOMPARE(tls.tlsMs->count, 2);
        QVERIFY(hasNear(tls.tlsMs->p50, 4.0));

        // Nothing connected, nothing succeeded: null phases, empty distributions, never 0.
        const LatencyResult none = analyzeLatency({failed}, true);
        QVERIFY(!none.connectMs && !none.tlsMs);
        QCOMPARE(none.ttfbMs.count, 0);
        QVERIFY(!none.ttfbMs.p50);
        QVERIFY(none.e2eFromIntendedMs && !none.e2eFromIntendedMs->p95);
        ScenarioResults results;
        results.latency = none;
        const json j = scenarioResultsJson(results)["latency"];
        QVERIFY(j["connect_ms"].is_null());
        QVERIFY(j["tls_ms"].is_null());
        QVERIFY(j["ttfb_ms"]["p50"].is_null());
        QCOMPARE(j["ttfb_ms"]["count"].get<int>(), 0);
        QVERIFY(j["e2e_from_intended_ms"]["p95"].is_null());
    }

    // show --json's names and shapes, a kind that did not run left out, and the text block.
    void jsonAndText()
    {
        std::vector<Sample> samples;
        for (int i = 0; i < 5; ++i)
            samples.push_back(
                attempt(4 + i, 5 + i, 25 + i, 11, i == 0 ? std::optional(1.0) : std::nullopt));
        ProviderConfig provider;
        provider.name = QStringLiteral("P");
        const ProviderSummary p = summarizeRun(provider, samples);
        QVERIFY(p.results.latency);
        SessionSummary summary;
        summary.providers = {p, summarizeRun(provider, {})};
        const json doc = json::parse(sessionSummaryJson(summary).toStdString());
        const json &l = doc["providers"][0]["results"]["latency"];
        for (const char *name : {"ttfb_ms", "tpot_ms", "connect_ms"}) {
            for (const char *k : {"p50", "p95", "p99"})
                QVERIFY2(l[name][k].is_number(), name);
            QVERIFY2(l[name]["p95_ci"].is_array() || l[name]["count"] == 1, name);
            QVERIFY2(l[name]["count"].is_number_integer(), name);
        }
        QCOMPARE(l["ttfb_ms"]["count"].get<int>(), 5);
        QCOMPARE(l["ttfb_ms"]["p95_ci"].size(), 2u);
        QCOMPARE(l["cold"]["ttft_ms"]["count"].get<int>(), 1);
        QCOMPARE(l["warm"]["ttft_ms"]["count"].get<int>(), 4);
        QVERIFY(l["tls_ms"].is_null());
        QVERIFY(l["e2e_from_intended_ms"].is_null());
        QVERIFY(hasNear(l["tpot_ms"]["p50"].get<double>(), 2.0));
        // A provider without a run has no results.
        QVERIFY(doc["providers"][1]["results"].is_object());
        QVERIFY(doc["providers"][1]["results"].empty());

        const QStringList lines = resultsTextLines(p.results);
        QCOMPARE(lines.size(), 3);
        QVERIFY2(lines[0].startsWith(QStringLiteral("latency: TTFB p50 6.00 / p95")),
                 qPrintable(lines[0]));
        QVERIFY2(lines[1].contains(QStringLiteral("(n = 1)")) &&
                     lines[1].contains(QStringLiteral("(n = 4)")),
                 qPrintable(lines[1]));
        QVERIFY2(lines[2].contains(QStringLiteral("TLS — ")), qPrintable(lines[2]));
    }

    // In open loop the gate reads the latency from the intended start; the table says so.
    void gateReadsLatencyFromIntendedStartInOpenLoop()
    {
        std::vector<Sample> samples;
        for (int i = 0; i < 20; ++i) {
            Sample s = attempt(5, 10, 100, 10);
            s.queueDelayNs = qint64(i) * 50 * kWholeNsPerMs; // the queue grows: up to 950 ms late
            samples.push_back(s);
        }
        ProviderConfig provider;
        provider.name = QStringLiteral("P");
        provider.contextWindow = 200000;
        provider.price = Price{0.1, 0.1, std::nullopt};
        ProviderSummary closed = summarizeRun(provider, samples, false);
        ProviderSummary open = summarizeRun(provider, samples, true);
        open.loadModel = QStringLiteral("open");
        const Requirements req;
        QCOMPARE(Gates::evaluate(closed, req).latency, GateResult::Pass);
        QVERIFY(!Gates::latencyFromIntendedStart(closed));
        QVERIFY(Gates::latencyFromIntendedStart(open));
        QVERIFY(hasNear(open.e2eMs.p95, 100));
        QVERIFY(hasNear(Gates::gatedLatency(open).p95, 100 + 902.5));
        QCOMPARE(Gates::evaluate(open, req).latency, GateResult::Fail);
        QCOMPARE(Gates::evaluate(open, req).overall(), GateResult::Fail);

        ComparisonTableModel table;
        table.setSummaries({closed, open});
        const auto cell = [&](int row, int role) {
            return table.index(row, ComparisonTableModel::E2eP95Column).data(role);
        };
        QVERIFY(!cell(0, Qt::DisplayRole).toString().contains(QStringLiteral("intended")));
        QVERIFY2(cell(1, Qt::DisplayRole).toString().startsWith(QStringLiteral("1002.5 (")),
                 qPrintable(cell(1, Qt::DisplayRole).toString()));
        QVERIFY(cell(1, Qt::DisplayRole).toString().contains(QStringLiteral("intended start")));
        QVERIFY(cell(1, Qt::ToolTipRole).toString().contains(QStringLiteral("intended start")));
        QCOMPARE(cell(1, ComparisonTableModel::SortRole).toDouble(), 1002.5);
        QCOMPARE(cell(1, ComparisonTableModel::LatencyP95Role).toDouble(), 1002.5);
        QCOMPARE(cell(1, ComparisonTableModel::GateRole).toInt(), int(GateResult::Fail));
        QCOMPARE(cell(0, ComparisonTableModel::GateRole).toInt(), int(GateResult::Pass));
    }

    // Two providers on one server: each run opens connections of its own (they are pooled per
    // provider, never across providers), so each has at least as many cold attempts as its
    // concurrency, each with its connect phase, and the second is not measured warm on the
    // first's connections.
    void eachProviderOpensItsOwnConnections()
    {
        const auto sim = test::startedSim({steadyProfile(QStringLiteral("steady"), 20, 200, 8)});
        if (!sim)
            return;
        const Scenario s = closedLoop(8, 2, 16);
        Suite suite = suiteOf(steadyProvider(QStringLiteral("First"), sim->baseUrl()), s);
        suite.providers.push_back(steadyProvider(QStringLiteral("Second"), sim->baseUrl()));
        QTemporaryDir dir;
        const auto session = runAndRead(dir, suite);
        QVERIFY(session);
        QCOMPARE(int(session->summary.providers.size()), 2);
        for (const ProviderSummary &p : session->summary.providers) {
            QCOMPARE(p.successes, 8);
            QVERIFY(p.results.latency);
            const LatencyResult &r = *p.results.latency;
            qInfo("%s: %d cold, %d warm", qPrintable(p.name), r.coldTtftMs.count,
                  r.warmTtftMs.count);
            QVERIFY2(r.coldTtftMs.count >= s.concurrency, qPrintable(p.name));
            QVERIFY2(r.connectMs && r.connectMs->count == r.coldTtftMs.count, qPrintable(p.name));
        }
    }

    // A suite with two latency scenarios (short and long prompts): each keeps its own figures
    // from its own run, the provider's headline says which one it is, and show --json and the
    // text carry both.
    void severalLatencyScenariosKeepTheirFigures()
    {
        QString error;
        test::ProfileShape shape;
        shape.ttftMedianMs = shape.ttftP95Ms = 20;
        shape.prefillTokensPerS = 20000; // 4,000 more prompt tokens: 200 ms more TTFT
        shape.outputTokensMin = shape.outputTokensMax = 8;
        auto sim = test::startSim(
            {test::simProfileJson(QStringLiteral("steady"), QStringLiteral("steady"), shape)},
            &error);
        QVERIFY2(sim, qPrintable(error));
        Scenario shortPrompts = closedLoop(6, 2, 16);
        Scenario longPrompts = closedLoop(6, 2, 16);
        longPrompts.promptTokens = 4000;
        Suite suite = suiteOf(steadyProvider(QStringLiteral("Two"), sim->baseUrl()), shortPrompts);
        suite.scenarios.push_back(longPrompts);
        QTemporaryDir dir;
        const auto session = runAndRead(dir, suite);
        QVERIFY(session);
        const ProviderSummary &p = session->summary.providers.front();
        QCOMPARE(p.latencyScenarios.size(), std::size_t(2));
        const LatencyScenarioSummary &a = p.latencyScenarios[0];
        const LatencyScenarioSummary &b = p.latencyScenarios[1];
        QCOMPARE(a.promptTokens, std::optional<int>(40));
        QCOMPARE(b.promptTokens, std::optional<int>(4000));
        QVERIFY(!a.headline && b.headline);
        QCOMPARE(b.runId, p.runId); // the headline is the last run, and says so
        QCOMPARE(a.attempts, 6);
        QCOMPARE(b.attempts, 6);
        QVERIFY(a.ttftMs.p50 && b.ttftMs.p50);
        QVERIFY2(*b.ttftMs.p50 > *a.ttftMs.p50 + 100,
                 qPrintable(QStringLiteral("%1 %2").arg(*a.ttftMs.p50).arg(*b.ttftMs.p50)));
        QCOMPARE(b.ttftMs.p50, p.ttftMs.p50);
        // The short scenario's figures are its own run's, as summarizeRun gives them.
        std::vector<Sample> first;
        for (const Sample &x : session->samples)
            if (x.runId == a.runId)
                first.push_back(x);
        const ProviderSummary own = summarizeRun(suite.providers.front(), first);
        QCOMPARE(a.ttftMs.p50, own.ttftMs.p50);
        QCOMPARE(a.e2eMs.p95, own.e2eMs.p95);

        const json doc = json::parse(cliShow(session->dbPath, true).toStdString());
        const json &listed = doc["providers"][0]["latency_scenarios"];
        QCOMPARE(listed.size(), std::size_t(2));
        QCOMPARE(listed[0]["prompt_tokens"].get<int>(), 40);
        QVERIFY(listed[1]["headline"].get<bool>());
        QCOMPARE(listed[0]["ttft_ms"]["p50"].get<double>(), *a.ttftMs.p50);
        const QString text = QString::fromUtf8(cliShow(session->dbPath, false));
        QVERIFY2(text.contains(QStringLiteral("latency scenario 1 of 2 (40 prompt tokens")) &&
                     text.contains(QStringLiteral("latency scenario 2 of 2 (4000 prompt tokens")),
                 qPrintable(text));
    }

    // Over plain HTTP: the first attempt of each connection is cold, the rest warm; connect
    // phases for exactly the cold ones, no TLS; TPOT is the simulator's per-token decode time.
    void closedLoopOverHttp()
    {
        constexpr double kDecodeTokensPerS = 200; // 5 ms per token
        const auto sim =
            test::startedSim({steadyProfile(QStringLiteral("steady"), 20, kDecodeTokensPerS, 24)});
        if (!sim)
            return;
        const Scenario s = closedLoop(16, 4, 64);
        QTemporaryDir dir;
        const auto session =
            runAndRead(dir, suiteOf(steadyProvider(QStringLiteral("Plain"), sim->baseUrl()), s));
        QVERIFY(session);
        const ProviderSummary &p = session->summary.providers.at(0);
        QCOMPARE(p.successes, 16);
        QVERIFY(p.results.latency);
        const LatencyResult &r = *p.results.latency;

        const int cold =
            countIf(session->samples, [](const Sample &x) { return !x.connectionReused; });
        QVERIFY2(cold >= 1 && cold <= 4, qPrintable(QString::number(cold)));
        QCOMPARE(r.coldTtftMs.count, cold);
        QCOMPARE(r.warmTtftMs.count, 16 - cold);
        for (const Sample &x : session->samples)
            QCOMPARE(x.connectStartNs.has_value(), !x.connectionReused);
        QVERIFY(r.connectMs);
        QCOMPARE(r.connectMs->count, cold);
        QVERIFY(*r.connectMs->p50 >= 0 && *r.connectMs->p50 < 100);
        QVERIFY(!r.tlsMs);
        QVERIFY(!r.e2eFromIntendedMs);
        QCOMPARE(r.ttfbMs.count, 16);
        QVERIFY(*r.ttfbMs.p50 <= *p.ttftMs.p50);
        qInfo("http: TTFT cold p50 %.2f ms (%d), warm p50 %.2f ms (%d); connect p50 %.3f ms",
              *r.coldTtftMs.p50, r.coldTtftMs.count, *r.warmTtftMs.p50, r.warmTtftMs.count,
              *r.connectMs->p50);

        // TPOT against the simulator: its decode time per token, and per request the time its
        // plan spread over the tokens it reported (the two differ where a word is several
        // tokens).
        std::vector<double> truth;
        for (const Sample &x : session->samples) {
            const auto record = sim->record(x.requestId.toLatin1());
            QVERIFY2(record, qPrintable(x.requestId));
            QVERIFY(record->completionTokens >= 2);
            QCOMPARE(qint64(record->completionTokens), x.outputTokens.value_or(-1));
            truth.push_back(double(record->eventPlannedNs.back() - record->eventPlannedNs.front()) /
                            1e6 / double(record->completionTokens - 1));
        }
        std::sort(truth.begin(), truth.end());
        const double truthP50 = truth[truth.size() / 2];
        const double configured = 1000.0 / kDecodeTokensPerS;
        qInfo("TPOT p50 %.3f ms, p95 %.3f ms; simulator's plan %.3f ms; configured %.3f ms",
              *r.tpotMs.p50, *r.tpotMs.p95, truthP50, configured);
        QCOMPARE(r.tpotMs.count, 16);
        QVERIFY(std::abs(*r.tpotMs.p50 - truthP50) <= 0.10 * truthP50);
        QVERIFY(std::abs(*r.tpotMs.p50 - configured) <= 0.25 * configured);

        // show --json and the text carry the same result.
        const json doc = json::parse(cliShow(session->dbPath, true).toStdString());
        const json &l = doc["providers"][0]["results"]["latency"];
        QCOMPARE(l["cold"]["ttft_ms"]["count"].get<int>(), cold);
        QVERIFY(l["tls_ms"].is_null());
        QVERIFY(l["e2e_from_intended_ms"].is_null());
        QVERIFY(std::abs(l["tpot_ms"]["p50"].get<double>() - *r.tpotMs.p50) < 1e-9);
        const QString text = QString::fromUtf8(cliShow(session->dbPath, false));
        QVERIFY2(text.contains(QStringLiteral("latency: TTFB p50")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("TLS — (no TLS handshake)")), qPrintable(text));
    }

    // Over HTTPS a new connection costs a TLS handshake: measured, and cold TTFT is above warm.
    void closedLoopOverHttps()
    {
        if (!QSslSocket::supportsSsl())
            QSKIP("Qt has no TLS backend here");
        SimHostOptions options;
        options.tls = true;
        const auto sim =
            test::startedSim({steadyProfile(QStringLiteral("steady"), 20, 1000, 8)}, options);
        if (!sim)
            return;
        QCOMPARE(sim->baseUrl().scheme(), QStringLiteral("https"));
        // The client trusts the simulator's self-signed certificate for this test only.
        const QSslConfiguration before = QSslConfiguration::defaultConfiguration();
        QSslConfiguration trusting = before;
        trusting.addCaCertificates(QSslCertificate::fromData(sim->certificatePem()));
        QSslConfiguration::setDefaultConfiguration(trusting);
        const Scenario s = closedLoop(24, 3, 16);
        QTemporaryDir dir;
        const auto session =
            runAndRead(dir, suiteOf(steadyProvider(QStringLiteral("Secure"), sim->baseUrl()), s));
        QSslConfiguration::setDefaultConfiguration(before);
        QVERIFY(session);
        const ProviderSummary &p = session->summary.providers.at(0);
        QVERIFY2(p.successes == 24, qPrintable(session->samples.front().error));
        const LatencyResult &r = *p.results.latency;
        const int cold =
            countIf(session->samples, [](const Sample &x) { return !x.connectionReused; });
        QVERIFY(cold >= 1 && cold < 24);
        QCOMPARE(r.coldTtftMs.count, cold);
        // Every cold attempt made a TLS handshake; those QtNetwork gave a connection another
        // request started to make know when it ended but not when connecting began.
        for (const Sample &x : session->samples) {
            QCOMPARE(x.tlsDoneNs.has_value(), !x.connectionReused);
            QVERIFY(!x.connectStartNs || !x.connectionReused);
        }
        const int timed =
            countIf(session->samples, [](const Sample &x) { return x.connectStartNs.has_value(); });
        QVERIFY(timed >= 1);
        QVERIFY(r.tlsMs);
        QCOMPARE(r.tlsMs->count, timed);
        QVERIFY(*r.tlsMs->p50 > 0);
        QVERIFY(r.connectMs && r.connectMs->count == timed);
        qInfo("https: TTFT cold p50 %.2f ms (%d), warm p50 %.2f ms (%d); TLS p50 %.2f ms",
              *r.coldTtftMs.p50, r.coldTtftMs.count, *r.warmTtftMs.p50, r.warmTtftMs.count,
              *r.tlsMs->p50);
        QVERIFY(*r.coldTtftMs.p50 > *r.warmTtftMs.p50);
        const json doc = json::parse(sessionSummaryJson(session->summary).toStdString());
        QVERIFY(doc["providers"][0]["results"]["latency"]["tls_ms"]["p50"].is_number());
    }

    // An open-loop run offered more than its concurrency cap serves: requests queue behind the
    // schedule, the latency from the intended start grows past the service time, and the gate,
    // the table and the command line use it.
    void overloadedOpenLoop()
    {
        const auto sim = test::startedSim({steadyProfile(QStringLiteral("steady"), 40, 1000, 20)});
        if (!sim)
            return;
        // 40 a second: one slot of ~60 ms serves about 16/s.
        const Scenario s = test::openLoopScenario(40, 24, 1, 40, 64);
        QTemporaryDir dir;
        const auto session =
            runAndRead(dir, suiteOf(steadyProvider(QStringLiteral("Queued"), sim->baseUrl()), s));
        QVERIFY(session);
        const ProviderSummary &p = session->summary.providers.at(0);
        QCOMPARE(p.loadModel, QStringLiteral("open"));
        QCOMPARE(p.successes, 24);
        const LatencyResult &r = *p.results.latency;
        QVERIFY(r.e2eFromIntendedMs);
        QCOMPARE(r.e2eFromIntendedMs->count, 24);
        const double e2e = *p.e2eMs.p95, fromIntended = *r.e2eFromIntendedMs->p95;
        qInfo("open loop: E2E p95 %.1f ms, from the intended start p95 %.1f ms", e2e, fromIntended);
        QVERIFY(fromIntended > e2e + 200);

        // A requirement between the two: met by the service time, missed by what users wait.
        Requirements req;
        req.maxP95LatencyMs = (e2e + fromIntended) / 2;
        QVERIFY(Gates::latencyFromIntendedStart(p));
        QCOMPARE(Gates::evaluate(p, req).latency, GateResult::Fail);
        ProviderSummary asIfClosed = p;
        asIfClosed.results.latency->e2eFromIntendedMs.reset();
        QCOMPARE(Gates::evaluate(asIfClosed, req).latency, GateResult::Pass);

        ComparisonTableModel table;
        table.setRequirements(req);
        table.setSummaries(session->summary.providers);
        const QModelIndex cell = table.index(0, ComparisonTableModel::E2eP95Column);
        QCOMPARE(cell.data(ComparisonTableModel::SortRole).toDouble(), fromIntended);
        QCOMPARE(cell.data(ComparisonTableModel::GateRole).toInt(), int(GateResult::Fail));
        QVERIFY(cell.data().toString().contains(QStringLiteral("intended start")));

        const json doc = json::parse(cliShow(session->dbPath, true).toStdString());
        const json &l = doc["providers"][0]["results"]["latency"];
        QCOMPARE(l["e2e_from_intended_ms"]["count"].get<int>(), 24);
        QVERIFY(std::abs(l["e2e_from_intended_ms"]["p95"].get<double>() - fromIntended) < 1e-9);
        const QString text = QString::fromUtf8(cliShow(session->dbPath, false));
        QVERIFY2(text.contains(QStringLiteral("E2E p95 above: open loop, from the intended start")),
                 qPrintable(text));
        QVERIFY2(text.contains(QString::number(fromIntended, 'f', 1)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("E2E from the intended start p50")),
                 qPrintable(text));
    }
};

YS_TEST_GUILESS_MAIN(TstLatencyResults)
#include "tst_latency_results.moc"
