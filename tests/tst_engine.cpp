// The measurement engine over real loopback HTTP: open loop against closed loop, warm-up,
// duration limits, per-attempt timeouts, pause and resume.
#include "analysis/run_summary.h"
#include "run/session_runner.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"

#include "fixtures.h"
#include "session_support.h"
#include "test_main.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

using namespace ys;

namespace {

// Fast prefill, 1000 tokens/s, five-token answers unless a profile says otherwise.
std::vector<nlohmann::json> engineProfiles()
{
    const auto shape = [](double ttftMs, int outputTokens = 5, double decodeTokensPerS = 1000) {
        return test::ProfileShape()
            .withTtft(ttftMs, ttftMs)
            .withDecode(decodeTokensPerS)
            .withOutput(outputTokens, outputTokens);
    };
    using test::simProfileJson;
    return {
        simProfileJson(QStringLiteral("Steady"), QStringLiteral("steady"), shape(50)),
        simProfileJson(QStringLiteral("Sluggish"), QStringLiteral("sluggish"), shape(1500)),
        simProfileJson(QStringLiteral("Failing"), QStringLiteral("failing"), shape(20),
                       {{"faults", {{"server_error_500", 1.0}}}}),
        simProfileJson(QStringLiteral("Truncating"), QStringLiteral("truncating"), shape(20),
                       {{"context_window", 1000}, {"context_overflow", "truncate"}}),
        simProfileJson(QStringLiteral("Drifting"), QStringLiteral("drifting"), shape(10, 3),
                       {{"fingerprint_every", 3}}),
        simProfileJson(QStringLiteral("Long"), QStringLiteral("long"), shape(20, 12, 20)),
    };
}

struct Result {
    qint64 sessionId = 0;
    QString status;
    std::vector<RunRecord> runs;
    std::vector<std::vector<Sample>> samples; // per run
};

Result run(const QString &dbPath, const Suite &suite, int timeoutMs = 60000,
           const std::function<void(SessionRunner &)> &whileRunning = {})
{
    Result r;
    SessionRunner runner;
    QString error;
    const test::SessionEnd end = test::runToEnd(
        runner, SessionRequest{suite, dbPath, std::nullopt, {}}, timeoutMs, &error, whileRunning);
    if (end.id == 0) {
        qWarning() << error;
        return r;
    }
    r.sessionId = end.id;
    r.status = end.status;
    auto stored = test::readSession(dbPath, end.id, test::WithSummary::No, &error);
    if (!stored)
        return r;
    r.runs = std::move(stored->runs);
    r.samples = std::move(stored->samples);
    return r;
}

using test::suiteOf;

// A scenario of 50-token prompts, closed loop unless a test opens it.
Scenario engineScenario(int requests, int concurrency,
                        int maxOutputTokens = Scenario{}.maxOutputTokens)
{
    return test::closedLoopScenario(requests, concurrency, 50, maxOutputTokens);
}

double meanMs(const std::vector<double> &v)
{
    double s = 0;
    for (double x : v)
        s += x;
    return v.empty() ? 0 : s / double(v.size()) / 1e6;
}

} // namespace

class TstEngine : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { m_sim = test::startedSim(engineProfiles()); }

    void cleanupTestCase() { m_sim.reset(); }

    // Offered load above what two connections can serve: latency from the intended start
    // grows through the run, while the service time of each attempt stays flat. A client that
    // waited for a free slot before "starting" the clock would show neither.
    void openLoopKeepsQueueingVisible()
    {
        QTemporaryDir dir;
        Scenario s = engineScenario(60, 2, 16);
        s.load = QStringLiteral("open");
        s.ratePerS = 50; // two slots of ~60 ms serve about 33/s
        const Suite suite =
            suiteOf(QStringLiteral("open loop"), {sim(QStringLiteral("Steady"))}, s);
        const Result r = run(dir.filePath(QStringLiteral("o.sqlite")), suite);
        QCOMPARE(r.status, QStringLiteral("finished"));
        QCOMPARE(r.runs.size(), 1u);
        QCOMPARE(r.runs[0].loadModel, QStringLiteral("open"));
        const auto &x = r.samples[0];
        QCOMPARE(x.size(), 60u);
        std::vector<double> fromIntendedFirst, fromIntendedLast, serviceFirst, serviceLast;
        for (std::size_t i = 0; i < 10; ++i) {
            const Sample &a = x[i];
            const Sample &b = x[x.size() - 10 + i];
            QCOMPARE(a.outcome, Outcome::Ok);
            QCOMPARE(b.outcome, Outcome::Ok);
            fromIntendedFirst.push_back(double(a.endNs + a.queueDelayNs));
            fromIntendedLast.push_back(double(b.endNs + b.queueDelayNs));
            serviceFirst.push_back(double(a.endNs));
            serviceLast.push_back(double(b.endNs));
        }
        const double fiFirst = meanMs(fromIntendedFirst), fiLast = meanMs(fromIntendedLast);
        const double svFirst = meanMs(serviceFirst), svLast = meanMs(serviceLast);
        qInfo("latency from intended: first 10 %.1f ms, last 10 %.1f ms; service time: "
              "first 10 %.1f ms, last 10 %.1f ms",
              fiFirst, fiLast, svFirst, svLast);
        QVERIFY(fiLast > 3 * fiFirst);
        QVERIFY(fiLast > svLast + 200);
        QVERIFY(std::abs(svLast - svFirst) < 0.5 * svFirst);
    }

    void closedLoopIsLabelledAndWarmUpIsKeptApart()
    {
        QTemporaryDir dir;
        Scenario s = engineScenario(6, 3, 16);
        s.warmup = 3;
        const Suite suite = suiteOf(QStringLiteral("closed"), {sim(QStringLiteral("Steady"))}, s);
        const QString path = dir.filePath(QStringLiteral("c.sqlite"));
        const Result r = run(path, suite);
        QCOMPARE(r.status, QStringLiteral("finished"));
        QCOMPARE(r.runs[0].loadModel, QStringLiteral("closed"));
        QCOMPARE(r.samples[0].size(), 9u);
        const auto warm = std::count_if(r.samples[0].begin(), r.samples[0].end(),
                                        [](const Sample &x) { return x.warmup; });
        QCOMPARE(warm, 3);
        const ProviderSummary summary = summarizeRun(suite.providers[0], r.samples[0]);
        QCOMPARE(summary.attempts, 6);
    }

    void durationLimitStopsStartingRequests()
    {
        QTemporaryDir dir;
        Scenario s = engineScenario(100000, 2, 16);
        s.durationS = 0.6;
        const Suite suite = suiteOf(QStringLiteral("duration"), {sim(QStringLiteral("Steady"))}, s);
        QElapsedTimer t;
        t.start();
        const Result r = run(dir.filePath(QStringLiteral("d.sqlite")), suite);
        QCOMPARE(r.status, QStringLiteral("finished"));
        QVERIFY(t.elapsed() < 5000);
        const auto n = r.samples[0].size();
        QVERIFY2(n >= 8 && n <= 40, qPrintable(QString::number(n)));
    }

    void firstTokenTimeoutAbortsOnTimeAndTheRunGoesOn()
    {
        QTemporaryDir dir;
        Scenario s = engineScenario(3, 3, 16);
        s.firstTokenTimeoutMs = 300;
        const Suite suite =
            suiteOf(QStringLiteral("timeouts"),
                    {sim(QStringLiteral("Sluggish")), sim(QStringLiteral("Steady"))}, s);
        const Result r = run(dir.filePath(QStringLiteral("t.sqlite")), suite);
        QCOMPARE(r.status, QStringLiteral("finished"));
        for (const Sample &x : r.samples[0]) {
            QCOMPARE(x.outcome, Outcome::TimeoutFirstToken);
            QVERIFY2(x.endNs >= 300'000'000 && x.endNs < 600'000'000,
                     qPrintable(QString::number(x.endNs)));
            QVERIFY(!x.firstTokenNs.has_value());
        }
        for (const Sample &x : r.samples[1])
            QCOMPARE(x.outcome, Outcome::Ok);
    }

    void totalTimeout()
    {
        QTemporaryDir dir;
        Scenario s = engineScenario(2, 2);
        s.timeoutMs = 250;
        const Suite suite = suiteOf(QStringLiteral("total"), {sim(QStringLiteral("Sluggish"))}, s);
        const Result r = run(dir.filePath(QStringLiteral("tt.sqlite")), suite);
        for (const Sample &x : r.samples[0]) {
            QCOMPARE(x.outcome, Outcome::TimeoutTotal);
            QVERIFY(x.endNs >= 250'000'000 && x.endNs < 550'000'000);
        }
    }

    void calibrationIsStoredWithTheSession()
    {
        QTemporaryDir dir;
        const Suite suite = suiteOf(QStringLiteral("calibration"), {sim(QStringLiteral("Steady"))},
                                    engineScenario(1, 1));
        const QString path = dir.filePath(QStringLiteral("cal.sqlite"));
        const Result r = run(path, suite);
        QCOMPARE(r.status, QStringLiteral("finished"));
        QString error;
        const auto info = test::readSessionInfo(path, r.sessionId, &error);
        QVERIFY2(info && !info->calibration.isEmpty(), qPrintable(error));
        const auto j = nlohmann::json::parse(info->calibration.toStdString());
        QVERIFY(j["events"].get<int>() >= 20);
        const double median = j["median_ms"].get<double>();
        qInfo("client delivery overhead: median %.3f ms, p99 %.3f ms", median,
              j["p99_ms"].get<double>());
        // The overhead is real and small: above zero, well below a frame on an idle machine.
        QVERIFY(median > 0 && median < 50);
    }

    void pauseHoldsNewAttempts()
    {
        QTemporaryDir dir;
        const Suite suite = suiteOf(QStringLiteral("pause"), {sim(QStringLiteral("Steady"))},
                                    engineScenario(12, 1, 16));
        QElapsedTimer t;
        t.start();
        const Result r =
            run(dir.filePath(QStringLiteral("p.sqlite")), suite, 60000, [](SessionRunner &runner) {
                QSignalSpy measured(&runner, &SessionRunner::sampleMeasured);
                QVERIFY(measured.wait(10000)); // paused while running, not before it began
                runner.setPaused(true);
                QTest::qWait(800);
                runner.setPaused(false);
            });
        QCOMPARE(r.status, QStringLiteral("finished"));
        QCOMPARE(r.samples[0].size(), 12u);
        // 12 × ~60 ms of work plus the 0.8 s pause.
        QVERIFY(t.elapsed() > 1300);
    }

    // A failing provider with a breaker and a fallback: the first failures go on to the fallback
    // one by one; at the threshold the breaker opens and requests go straight to the fallback;
    // after the open time a probe is let through, fails, and it opens again. Every state change
    // is an event; every attempt a row, the fallback's marked as served by it.
    void breakerOpensAndTheFallbackServes()
    {
        QTemporaryDir dir;
        ProviderConfig failing = sim(QStringLiteral("Failing"));
        failing.breaker = BreakerSettings{3, 30.0, 0.3, 1};
        failing.fallback = {QStringLiteral("Steady")};
        const Suite suite =
            suiteOf(QStringLiteral("breaker"), {failing, sim(QStringLiteral("Steady"))},
                    engineScenario(12, 1, 8));
        const QString path = dir.filePath(QStringLiteral("b.sqlite"));
        const Result r = run(path, suite);
        QCOMPARE(r.status, QStringLiteral("finished"));
        const std::vector<Sample> &samples = r.samples[0]; // the Failing run
        int failed = 0;
        int servedByFallback = 0;
        std::set<int> answered;
        for (const Sample &x : samples) {
            if (x.servedBy.isEmpty()) {
                QCOMPARE(x.outcome, Outcome::ServerError);
                ++failed;
            } else {
                QCOMPARE(x.servedBy, QStringLiteral("Steady"));
                QCOMPARE(x.outcome, Outcome::Ok);
                ++servedByFallback;
                answered.insert(x.requestIndex);
            }
        }
        // Every logical request was answered, by the fallback.
        QCOMPARE(int(answered.size()), 12);
        QCOMPARE(servedByFallback, 12);
        // Three failures opened it; 12 requests at ~30 ms each outlast the 0.3 s open time
        // at most a couple of times, each letting one probe fail.
        QVERIFY2(failed >= 3 && failed <= 6, qPrintable(QString::number(failed)));

        QString error;
        const auto events = test::readEvents(path, r.sessionId, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList transitions;
        int refused = 0;
        int fallbacks = 0;
        for (const SessionEvent &e : events) {
            if (e.kind == QLatin1StringView("estimate"))
                continue; // the session's, before any run
            const auto j = nlohmann::json::parse(e.detail.toStdString());
            QVERIFY(e.runId == r.runs[0].id);
            if (e.kind == QLatin1StringView("breaker"))
                transitions << QString::fromStdString(j["from"].get<std::string>() + ">" +
                                                      j["to"].get<std::string>());
            refused += e.kind == QLatin1StringView("breaker_refused");
            fallbacks += e.kind == QLatin1StringView("fallback");
        }
        QVERIFY2(!transitions.isEmpty(), "no breaker events");
        QCOMPARE(transitions.first(), QStringLiteral("closed>open"));
        QCOMPARE(fallbacks, 12);
        QCOMPARE(refused, 12 - failed);
        if (transitions.size() > 1)
            QCOMPARE(transitions.at(1), QStringLiteral("open>half_open"));
    }

    // A provider that answers 200 but processed only part of the prompt (Ollama's way) is
    // silent_truncation, not ok.
    void silentTruncationIsCaught()
    {
        QTemporaryDir dir;
        Scenario s = engineScenario(2, 1, 8);
        s.promptTokens = 4000;
        Scenario small = s;
        small.promptTokens = 600;
        Suite suite = suiteOf(QStringLiteral("truncation"), {sim(QStringLiteral("Truncating"))}, s);
        suite.scenarios.push_back(small);
        const Result r = run(dir.filePath(QStringLiteral("st.sqlite")), suite);
        QCOMPARE(r.status, QStringLiteral("finished"));
        QCOMPARE(r.samples.size(), 2u);
        for (const Sample &x : r.samples[0]) {
            QCOMPARE(x.outcome, Outcome::SilentTruncation);
            QVERIFY(x.inputTokens && *x.inputTokens <= 1000);
            QCOMPARE(x.localPromptTokens, 4000);
            QVERIFY(x.error.contains(QStringLiteral("4000")));
        }
        for (const Sample &x : r.samples[1])
            QCOMPARE(x.outcome, Outcome::Ok); // within the window: nothing dropped
    }

    // Progress carries an ETA once a request has finished; the run keeps the concurrency it
    // reached.
    void progressHasAnEtaAndConcurrencyIsKept()
    {
        QTemporaryDir dir;
        const Suite suite = suiteOf(QStringLiteral("eta"), {sim(QStringLiteral("Long"))},
                                    engineScenario(16, 8, 12));
        std::vector<qint64> etas;
        const QString path = dir.filePath(QStringLiteral("eta.sqlite"));
        const Result r = run(path, suite, 60000, [&etas](SessionRunner &runner) {
            QObject::connect(
                &runner, &SessionRunner::progress,
                [&etas](int, int, const QString &, qint64 eta) { etas.push_back(eta); });
        });
        QCOMPARE(r.status, QStringLiteral("finished"));
        QVERIFY(etas.size() >= 16);
        QCOMPARE(etas.front(), -1); // nothing finished yet: unknown, not zero
        QCOMPARE(etas.back(), 0);   // all done
        // Halfway through two waves of ~0.6 s, roughly one wave is left.
        const qint64 mid = etas[etas.size() / 2];
        QVERIFY2(mid > 100 && mid < 3000, qPrintable(QString::number(mid)));
        QVERIFY(r.runs[0].achievedConcurrency.has_value());
        QCOMPARE(*r.runs[0].achievedConcurrency, 8);
    }

    // A provider whose reported identity (system_fingerprint) changes mid-run: each change is
    // an event naming both identities, and the samples keep what each request reported.
    void modelIdentityDriftIsRecorded()
    {
        QTemporaryDir dir;
        const Suite suite = suiteOf(QStringLiteral("drift"), {sim(QStringLiteral("Drifting"))},
                                    engineScenario(7, 1, 3));
        const QString path = dir.filePath(QStringLiteral("d.sqlite"));
        const Result r = run(path, suite);
        QCOMPARE(r.status, QStringLiteral("finished"));
        std::set<QString> fingerprints;
        for (const Sample &x : r.samples[0]) {
            QCOMPARE(x.modelReported, QStringLiteral("drifting"));
            QVERIFY(x.systemFingerprint.startsWith(QStringLiteral("fp_")));
            fingerprints.insert(x.systemFingerprint);
        }
        QCOMPARE(fingerprints.size(), 3u);
        QString error;
        const auto events = test::readEvents(path, r.sessionId, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        int changes = 0;
        for (const SessionEvent &e : events) {
            if (e.kind != QLatin1StringView("model_identity"))
                continue;
            ++changes;
            const auto j = nlohmann::json::parse(e.detail.toStdString());
            QVERIFY(j["from_fingerprint"] != j["to_fingerprint"]);
            QCOMPARE(QString::fromStdString(j["provider"].get<std::string>()),
                     QStringLiteral("Drifting"));
        }
        QCOMPARE(changes, 2);
    }

private:
    // The simulated provider of that name, its model the name in lower case.
    ProviderConfig sim(const QString &name) const
    {
        return test::simProvider(name, m_sim->baseUrl(), name.toLower());
    }

    std::unique_ptr<SimHost> m_sim;
};

YS_TEST_GUILESS_MAIN(TstEngine)
#include "tst_engine.moc"
