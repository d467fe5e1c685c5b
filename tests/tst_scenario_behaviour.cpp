// The behaviour kinds of a suite against simulated providers whose truth is known: streaming
// stability (stalls, cuts, finish reasons), multi-turn recall over a window that truncates,
// resilience strategies over server errors with a fallback, and a rate limit found by a ramp.
// Each runs over real HTTP into a real SQLite file and is read back as show reads it; the
// figures are checked against what the simulator recorded it did to every request.
#include "analysis/kind_results.h"
#include "analysis/run_summary.h"
#include "run/session_runner.h"
#include "sim/sim_ground_truth.h"
#include "sim/sim_host.h"

#include "fixtures.h"
#include "session_support.h"
#include "test_main.h"
#include "test_support.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

// What a session stored: its runs in order, each with its samples, and the summary show reads.
struct Stored {
    std::vector<RunRecord> runs;
    std::vector<std::vector<Sample>> samples; // per run, in the order of runs
    SessionSummary summary;

    std::vector<const Sample *> all() const
    {
        std::vector<const Sample *> out;
        for (const auto &run : samples)
            for (const Sample &s : run)
                out.push_back(&s);
        return out;
    }
    QJsonObject label(std::size_t run) const
    {
        return QJsonDocument::fromJson(runs[run].stepJson.toUtf8()).object();
    }
};

// Runs the suite (only the named providers, when given) into a new database in dir.
std::optional<Stored> runSuite(const QTemporaryDir &dir, const Suite &suite,
                               const QStringList &only = {})
{
    SessionRequest request{suite, dir.filePath(QStringLiteral("behaviour.sqlite")), std::nullopt,
                           only};
    auto stored = test::runAndRead(std::move(request), 90000 * test::kSlow);
    if (!stored)
        return std::nullopt;
    Stored out;
    out.runs = std::move(stored->runs);
    out.samples = std::move(stored->samples);
    out.summary = std::move(*stored->summary);
    return out;
}

using test::suiteOf;

// Runs the scenario against one provider of sim, named `name` and asking for `model`, in a suite
// named after the scenario's kind.
std::optional<Stored> runOnOne(const QTemporaryDir &dir, const SimHost &sim, const QString &name,
                               const QString &model, const Scenario &sc)
{
    return runSuite(dir, suiteOf(sc.kind, {test::simProvider(name, sim.baseUrl(), model)}, sc));
}

// A running simulator of one profile, `name` asking for `model`, with `extra` fields (its faults
// or limits), or null with the test function failed.
std::unique_ptr<SimHost> startedOne(const QString &name, const QString &model,
                                    const test::ProfileShape &shape, const json &extra)
{
    return test::startedSim({test::simProfileJson(name, model, shape, extra)});
}

// A closed-loop scenario of this kind (its parameters left at their defaults).
Scenario kindScenario(const char *kind, int requests, int concurrency, int promptTokens,
                      int maxOutputTokens, int timeoutMs)
{
    Scenario sc =
        test::closedLoopScenario(requests, concurrency, promptTokens, maxOutputTokens, timeoutMs);
    sc.kind = QString::fromLatin1(kind);
    return sc;
}

// The simulator's records of one model, oldest first.
std::vector<SimRequestRecord> recordsOf(const SimHost &sim, const QString &model)
{
    std::vector<SimRequestRecord> out;
    for (SimRequestRecord &r : sim.records())
        if (r.model == model)
            out.push_back(std::move(r));
    return out;
}

bool hasFault(const SimRequestRecord &r, QLatin1StringView name)
{
    return std::any_of(r.faults.begin(), r.faults.end(), [name](const QString &f) {
        return f == name || f.startsWith(name + QLatin1Char('='));
    });
}

using test::providerNamed;

} // namespace

class TstScenarioBehaviour : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // 4. A tenth of the streams fall silent for 2 s after their first event and some are reset
    // halfway: the stalls counted at 2 s are the simulator's, within 30%; every reset is a cut;
    // the finish reasons add up to the successful attempts, "length" for the answers the output
    // limit cut.
    void stabilityCountsStallsCutsAndFinishReasons()
    {
        test::ProfileShape shape;
        shape.ttftMedianMs = shape.ttftP95Ms = 20;
        // Events 50 ms apart, so a stall stands out from the decode gaps by far more than a
        // late read on a busy machine can take away from it.
        shape.decodeTokensPerS = 100;
        shape.tokensPerEventMin = shape.tokensPerEventMax = 5;
        shape.outputTokensMin = 30;
        shape.outputTokensMax = 50;
        shape.seed = 7;
        const json faults{
            {"faults",
             {{"stall", {{"probability", 0.1}, {"param", 2000}}}, {"reset_mid_stream", 0.08}}}};
        const auto sim =
            startedOne(QStringLiteral("Stalls"), QStringLiteral("stalls"), shape, faults);
        if (!sim)
            return;

        // Answers of at most 40 tokens: below some natural lengths, those finish by "length".
        Scenario sc = kindScenario("stability", 80, 16, 50, 40, 20000);
        sc.stability.stallMs = {500, 2000};
        QTemporaryDir dir;
        const auto stored =
            runOnOne(dir, *sim, QStringLiteral("Stalls"), QStringLiteral("stalls"), sc);
        QVERIFY(stored);
        const auto samples = stored->all();
        QCOMPARE(samples.size(), std::size_t(80));
        QTRY_COMPARE_WITH_TIMEOUT(recordsOf(*sim, QStringLiteral("stalls")).size(), std::size_t(80),
                                  5000);
        const auto truth = recordsOf(*sim, QStringLiteral("stalls"));

        int stalled = 0, reset = 0, cutByLimit = 0;
        for (const SimRequestRecord &r : truth) {
            const bool wasReset = hasFault(r, QLatin1StringView("reset_mid_stream"));
            stalled += hasFault(r, QLatin1StringView("stall")) ? 1 : 0;
            reset += wasReset ? 1 : 0;
            cutByLimit += r.truncated && !wasReset ? 1 : 0;
        }
        int successes = 0;
        for (const Sample *s : samples)
            successes += outcomeIsSuccess(s->outcome) ? 1 : 0;

        const ProviderSummary *p = providerNamed(stored->summary, QStringLiteral("Stalls"));
        QVERIFY(p && p->results.stability);
        const StabilityResult &r = *p->results.stability;
        std::map<int, int> stalls(r.stalls.begin(), r.stalls.end());
        QStringList reasons;
        int finished = 0;
        for (const auto &[reason, n] : r.finishReasons) {
            reasons << QStringLiteral("%1 %2").arg(reason).arg(n);
            finished += n;
        }
        qInfo().noquote() << QStringLiteral("stalls at 2000 ms: %1 measured, %2 injected; at "
                                            "500 ms: %3; cuts %4 of %5 resets; finish reasons: "
                                            "%6; longest gap %7 ms")
                                 .arg(stalls[2000])
                                 .arg(stalled)
                                 .arg(stalls[500])
                                 .arg(r.cuts)
                                 .arg(reset)
                                 .arg(reasons.join(QStringLiteral(", ")))
                                 .arg(r.longestStallMs.value_or(-1));
        // The seed gives the simulator a count worth measuring.
        QVERIFY2(stalled >= 4 && reset >= 2, qPrintable(QString::number(stalled)));
        QCOMPARE(r.attempts, 80);
        QCOMPARE(stalls.size(), std::size_t(2));
        QVERIFY2(std::abs(stalls[2000] - stalled) <= 0.3 * stalled,
                 qPrintable(QStringLiteral("%1 against %2").arg(stalls[2000]).arg(stalled)));
        QVERIFY(stalls[500] >= stalls[2000]);
        QVERIFY(r.longestStallMs && *r.longestStallMs >= 2000 && *r.longestStallMs < 4000);
        QCOMPARE(r.cuts, reset);
        QCOMPARE(successes, 80 - reset);
        QCOMPARE(finished, successes);
        QCOMPARE(r.finishReasons.count(QStringLiteral("length"))
                     ? r.finishReasons.at(QStringLiteral("length"))
                     : 0,
                 cutByLimit);
        QVERIFY(cutByLimit > 0 && cutByLimit < successes);
        QCOMPARE(r.finishReasons.at(QStringLiteral("stop")), successes - cutByLimit);
    }

    // 5. Conversations of 2,000-token turns against an 8K window that keeps the end of an
    // over-long prompt: the fact of turn 1 is recalled while the whole history fits, and lost
    // from the first turn the simulator had to truncate; the result names that turn.
    void multiTurnLosesTheFactOnceTheHistoryNoLongerFits()
    {
        auto shape = test::ProfileShape()
                         .withTtft(10, 10)
                         .withDecode(2000)
                         .withEvents(5, 5)
                         .withOutput(10, 20)
                         .withWindow(8192)
                         .withSeed(3);
        const auto sim = startedOne(QStringLiteral("Window 8K"), QStringLiteral("window-8k"), shape,
                                    {{"context_overflow", "truncate"}});
        if (!sim)
            return;

        Scenario sc = kindScenario("multi_turn", 30, 3, 1000, 64, 20000);
        sc.multiTurn = {.turns = 6, .conversations = 3, .tokensPerTurn = 2000};
        QTemporaryDir dir;
        const auto stored =
            runOnOne(dir, *sim, QStringLiteral("Window 8K"), QStringLiteral("window-8k"), sc);
        QVERIFY(stored);
        QCOMPARE(stored->runs.size(), std::size_t(6));
        QTRY_COMPARE_WITH_TIMEOUT(recordsOf(*sim, QStringLiteral("window-8k")).size(),
                                  std::size_t(18), 5000);
        std::map<QByteArray, SimRequestRecord> truth;
        for (SimRequestRecord &r : recordsOf(*sim, QStringLiteral("window-8k")))
            truth.emplace(r.requestId, std::move(r));

        // Per turn, from the simulator: the prompt sent, and whether it had to be truncated.
        // The expected turn is the first whose history is longer than the window.
        std::optional<int> expectedLost;
        std::vector<int> sentByTurn;
        for (std::size_t i = 0; i < stored->runs.size(); ++i) {
            const int turn = stored->label(i).value(QStringLiteral("turn")).toInt();
            QCOMPARE(turn, int(i) + 1);
            QCOMPARE(stored->samples[i].size(), std::size_t(3));
            int sent = 0;
            for (const Sample &s : stored->samples[i]) {
                const auto it = truth.find(s.requestId.toLatin1());
                QVERIFY2(it != truth.end(), qPrintable(s.requestId));
                const SimRequestRecord &r = it->second;
                QCOMPARE(r.promptTruncated, r.promptTokensSent > 8192);
                QCOMPARE(r.promptTokens, std::min(r.promptTokensSent, 8192));
                QCOMPARE(s.inputTokens, std::optional<qint64>(r.promptTokens));
                sent = std::max(sent, r.promptTokensSent);
                // The last turn lost over 30% of its prompt: the client classes its answer a
                // silent truncation, still an answer whose recall counts.
                if (turn == 6)
                    QCOMPARE(s.outcome, Outcome::SilentTruncation);
                if (r.promptTruncated && !expectedLost)
                    expectedLost = turn;
            }
            sentByTurn.push_back(sent);
        }
        qInfo().noquote() << "prompt tokens sent by turn:" << sentByTurn;
        // 2,000-token turns: four fit in 8,192 tokens, the fifth pushes the start out.
        QCOMPARE(expectedLost, std::optional<int>(5));

        const ProviderSummary *p = providerNamed(stored->summary, QStringLiteral("Window 8K"));
        QVERIFY(p && p->results.multiTurn);
        const MultiTurnResult &r = *p->results.multiTurn;
        QStringList recall;
        for (const auto &x : r.recallByTurn)
            recall << (x ? QString::number(*x) : QStringLiteral("null"));
        qInfo().noquote() << "recall by turn:" << recall.join(QStringLiteral(", "))
                          << "lost at turn" << r.recallLostAtTurn.value_or(-1);
        QCOMPARE(r.recallByTurn.size(), std::size_t(6));
        for (int turn = 1; turn <= 6; ++turn) {
            const auto &got = r.recallByTurn[std::size_t(turn - 1)];
            QVERIFY2(got, qPrintable(QString::number(turn)));
            QCOMPARE(*got, turn < *expectedLost ? 1.0 : 0.0);
            // The prompt the provider reported: the whole history, then the window.
            const auto &reported = r.promptTokensByTurn[std::size_t(turn - 1)];
            QVERIFY(reported);
            if (turn < *expectedLost)
                QVERIFY(*reported < 8192 && *reported > (turn - 1) * 2000);
            else
                QCOMPARE(*reported, 8192.0);
        }
        QCOMPARE(r.recallLostAtTurn, expectedLost);
    }

    // 7. A provider failing a fifth of its requests with HTTP 500, a healthy fallback, and a
    // breaker: the same sixty requests meet the SLO less often sent once than retried, and
    // retried no more often than with the breaker and the fallback; what the retries cost is
    // reported.
    void resilienceStrategiesRankAsExpected()
    {
        auto shape = test::ProfileShape()
                         .withTtft(10, 10)
                         .withDecode(2000)
                         .withEvents(5, 5)
                         .withOutput(10, 10)
                         .withSeed(9);
        const auto sim = test::startedSim(
            {test::simProfileJson(QStringLiteral("Flaky"), QStringLiteral("flaky"), shape,
                                  {{"faults", {{"server_error_500", 0.2}}}}),
             test::simProfileJson(QStringLiteral("Backup"), QStringLiteral("backup"), shape)});
        if (!sim)
            return;

        test::ProviderExtras priced;
        priced.price = Price{2.0, 8.0, std::nullopt};
        ProviderConfig primary = test::simProvider(QStringLiteral("Primary"), sim->baseUrl(),
                                                   QStringLiteral("flaky"), priced);
        primary.fallback = {QStringLiteral("Backup")};
        primary.breaker = BreakerSettings{5, 30, 10, 1};
        const ProviderConfig backup = test::simProvider(QStringLiteral("Backup"), sim->baseUrl(),
                                                        QStringLiteral("backup"), priced);
        Scenario sc = kindScenario("resilience", 60, 8, 100, 20, 10000);
        // Room for three backoffs (0.5 + 1 + 2 s at most): a retried request that succeeds
        // meets it, so the strategies differ by what they recover, not by their waits.
        sc.resilience.sloMs = 5000;
        sc.resilience.retries = 3;
        QTemporaryDir dir;
        const auto stored =
            runSuite(dir, suiteOf(QStringLiteral("resilience"), {primary, backup}, sc),
                     {QStringLiteral("Primary")});
        QVERIFY(stored);
        QCOMPARE(stored->runs.size(), std::size_t(3));
        QTRY_COMPARE_WITH_TIMEOUT(recordsOf(*sim, QStringLiteral("flaky")).size() +
                                      recordsOf(*sim, QStringLiteral("backup")).size(),
                                  stored->all().size(), 5000);

        // Without retries every request is one attempt: the simulator's 500s are its misses.
        const auto flaky = recordsOf(*sim, QStringLiteral("flaky"));
        int errorsOfNone = 0;
        for (const Sample &s : stored->samples[0]) {
            const auto it = std::find_if(flaky.begin(), flaky.end(), [&](const auto &r) {
                return r.requestId == s.requestId.toLatin1();
            });
            QVERIFY(it != flaky.end());
            QCOMPARE(s.outcome == Outcome::Ok, it->status == 200);
            errorsOfNone += it->status == 500 ? 1 : 0;
        }

        const ProviderSummary *p = providerNamed(stored->summary, QStringLiteral("Primary"));
        QVERIFY(p && p->results.resilience);
        const ResilienceResult &r = *p->results.resilience;
        QCOMPARE(r.sloMs, 5000);
        QCOMPARE(r.strategies.size(), std::size_t(3));
        for (const ResilienceStrategy &st : r.strategies)
            qInfo().noquote() << QStringLiteral("%1: %2 requests, %3 attempts, SLO met %4, P95 "
                                                "%5 ms, retries cost $%6, fallback %7")
                                     .arg(st.name)
                                     .arg(st.requests)
                                     .arg(st.attempts)
                                     .arg(st.sloAttainment.value_or(-1))
                                     .arg(st.p95Ms.value_or(-1))
                                     .arg(st.retryCostUsd.value_or(-1))
                                     .arg(st.fallbackShare.value_or(-1));
        const ResilienceStrategy &none = r.strategies[0];
        const ResilienceStrategy &retry = r.strategies[1];
        const ResilienceStrategy &breaker = r.strategies[2];
        QCOMPARE(none.name, QStringLiteral("none"));
        QCOMPARE(retry.name, QStringLiteral("retry"));
        QCOMPARE(breaker.name, QStringLiteral("breaker_fallback"));
        for (const ResilienceStrategy &st : r.strategies) {
            QCOMPARE(st.requests, 60);
            QVERIFY(st.sloAttainment && st.retryCostUsd && st.fallbackShare);
        }
        QVERIFY2(errorsOfNone >= 6, qPrintable(QString::number(errorsOfNone)));
        QCOMPARE(none.attempts, 60);
        QCOMPARE(*none.sloAttainment, double(60 - errorsOfNone) / 60);
        QVERIFY(*none.sloAttainment < *retry.sloAttainment);
        QVERIFY(*retry.sloAttainment <= *breaker.sloAttainment);
        QVERIFY(retry.attempts > 60);
        // Retries bought answers at the list price; sending each request once spent nothing
        // on retries.
        QCOMPARE(*none.retryCostUsd, 0.0);
        QVERIFY(*retry.retryCostUsd > 0);
        QVERIFY(*breaker.retryCostUsd > 0);
        QCOMPARE(*none.fallbackShare, 0.0);
        QCOMPARE(*retry.fallbackShare, 0.0);
        QVERIFY(*breaker.fallbackShare > 0);
    }

    // 8. A provider that allows 60 requests a minute (a bucket holding a minute's allowance):
    // the ramp drains the burst, stops at the first step with sustained 429s, holds that rate
    // and measures 60 ± 10% from what gets through; the limit headers are kept, and no more
    // requests reach the server than the cap allows.
    void rateLimitFoundByTheRamp()
    {
        auto shape = test::ProfileShape()
                         .withTtft(5, 5)
                         .withDecode(5000)
                         .withEvents(5, 5)
                         .withOutput(5, 5)
                         .withSeed(2);
        const auto sim = startedOne(QStringLiteral("Limited"), QStringLiteral("limited"), shape,
                                    {{"rate_limits", {{"requests_per_min", 60}}}});
        if (!sim)
            return;

        Scenario sc = kindScenario("rate_limit", 30, 4, 50, 10, 10000);
        // Steps of 3 s at 2, 4, 8 and 16 per second: 6 + 12 + 24 leave about 27 of the 60 in
        // the bucket, which 16 per second empties within 2 s; then a hold at 16 per second,
        // cut short by the cap of 200 requests (about 7 s).
        sc.rateLimit = {
            .startRps = 2, .maxRps = 64, .stepS = 3, .stepFactor = 2, .maxRequests = 200};
        QTemporaryDir dir;
        const auto stored =
            runOnOne(dir, *sim, QStringLiteral("Limited"), QStringLiteral("limited"), sc);
        QVERIFY(stored);
        const std::size_t sent = stored->all().size();
        QTRY_COMPARE_WITH_TIMEOUT(recordsOf(*sim, QStringLiteral("limited")).size(), sent, 5000);
        QVERIFY2(sent <= 200, qPrintable(QString::number(sent)));

        // The steps: a ramp whose last step is the first with 429s, then one hold at its rate.
        QStringList steps;
        int firstLimitedStep = -1;
        for (std::size_t i = 0; i < stored->runs.size(); ++i) {
            const QJsonObject label = stored->label(i);
            int limited = 0;
            for (const Sample &s : stored->samples[i])
                limited += s.outcome == Outcome::RateLimited ? 1 : 0;
            steps << QStringLiteral("%1 %2/s: %3 sent, %4 limited")
                         .arg(label.value(QStringLiteral("phase")).toString())
                         .arg(label.value(QStringLiteral("rate_per_s")).toDouble())
                         .arg(stored->samples[i].size())
                         .arg(limited);
            if (limited > 0 && firstLimitedStep < 0)
                firstLimitedStep = int(i);
        }
        qInfo().noquote() << steps.join(QStringLiteral("; "));
        QCOMPARE(stored->runs.size(), std::size_t(5));
        QCOMPARE(firstLimitedStep, 3);
        for (std::size_t i = 0; i < 4; ++i)
            QCOMPARE(stored->label(i).value(QStringLiteral("phase")).toString(),
                     QStringLiteral("ramp"));
        QCOMPARE(stored->label(4).value(QStringLiteral("phase")).toString(),
                 QStringLiteral("hold"));
        QCOMPARE(stored->label(4).value(QStringLiteral("rate_per_s")).toDouble(), 16.0);

        const ProviderSummary *p = providerNamed(stored->summary, QStringLiteral("Limited"));
        QVERIFY(p && p->results.rateLimit);
        const RateLimitResult &r = *p->results.rateLimit;
        QStringList headers;
        for (const auto &[name, value] : r.headers)
            headers << name + QStringLiteral(": ") + value;
        qInfo().noquote() << QStringLiteral("%1 requests/min measured, %2 requests (%3 limited), "
                                            "first 429 at %4/s; headers: %5")
                                 .arg(r.requestsPerMin.value_or(-1))
                                 .arg(r.requests)
                                 .arg(r.rateLimited)
                                 .arg(r.first429Rps.value_or(-1))
                                 .arg(headers.join(QStringLiteral(", ")));
        QCOMPARE(r.requests, int(sent));
        QVERIFY(r.requestsPerMin);
        QVERIFY2(std::abs(*r.requestsPerMin - 60) <= 6,
                 qPrintable(QString::number(*r.requestsPerMin)));
        QCOMPARE(r.first429Rps, std::optional<double>(16));
        QCOMPARE(r.maxRpsTried, std::optional<double>(16));
        std::map<QString, QString> kept(r.headers.begin(), r.headers.end());
        QVERIFY2(kept.count(QStringLiteral("x-ratelimit-limit-requests")),
                 qPrintable(headers.join(QStringLiteral(", "))));
        QCOMPARE(kept[QStringLiteral("x-ratelimit-limit-requests")], QStringLiteral("60"));
        QVERIFY(kept.count(QStringLiteral("x-ratelimit-remaining-requests")));
    }
};

YS_TEST_GUILESS_MAIN(TstScenarioBehaviour)
#include "tst_scenario_behaviour.moc"
