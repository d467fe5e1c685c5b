#pragma once

// A session whose right recommendation is known by design (docs/testing.md): four simulated
// providers against one use case (E2E P95 ≤ 420 ms, measured ≤ $0.0015 per 1K, context ≥ 128,000,
// a peak of 10 requests/s):
//   Steady      TTFT about 60 ms: qualifies clearly, every interval well inside the lines.
//   Borderline  TTFT median 150 ms with a long tail (P95 350 ms): its E2E P95 passes the line,
//               but the 95% interval of a P95 over 100 attempts reaches past it.
//   Slow        TTFT about 600 ms: fails latency at the interval.
//   Throttled   as fast as Steady, but 20,000 tokens a minute: its rate-limit ramp meets
//               sustained 429s at 8 requests/s or below, under the stated peak.
// Each provider runs a latency scenario (100 requests, ten at a time) and a rate-limit ramp
// (2, 4, 8, 16 requests/s, a second each, at most 30 requests, 2,000-token prompts).

#include "domain/suite.h"
#include "fixtures.h"
#include "run/session_runner.h"

#include <QSignalSpy>
#include <nlohmann/json.hpp>

namespace ys::test {

inline std::vector<nlohmann::json> recommendationProfiles()
{
    const auto fast = ProfileShape().withTtft(60, 80).withOutput(10, 10).withSeed(11);
    return {simProfileJson(QStringLiteral("Steady"), QStringLiteral("steady"), fast),
            simProfileJson(QStringLiteral("Borderline"), QStringLiteral("borderline"),
                           ProfileShape().withTtft(150, 350).withOutput(10, 10).withSeed(7)),
            simProfileJson(QStringLiteral("Slow"), QStringLiteral("slow"),
                           ProfileShape().withTtft(600, 700).withOutput(10, 10).withSeed(5)),
            simProfileJson(QStringLiteral("Throttled"), QStringLiteral("throttled"), fast,
                           {{"rate_limits", {{"tokens_per_min", 20000}}}})};
}

// The designed use case, as a suite's "use_case" holds it.
inline nlohmann::json recommendationUseCaseJson()
{
    return {{"id", "designed_chat"},
            {"title", "Designed chat"},
            {"requirements",
             {{"max_e2e_p95_ms", 420}, {"max_usd_per_1k", 0.0015}, {"min_context_tokens", 128000}}},
            {"weights", {{"latency", 0.5}, {"cost", 0.5}}},
            {"monthly_tokens", 100e6},
            {"peak_rps", 10}};
}

inline QByteArray recommendationSuiteJson(const QUrl &baseUrl)
{
    nlohmann::json providers = nlohmann::json::array();
    for (const char *name : {"Steady", "Borderline", "Slow", "Throttled"})
        providers.push_back({{"name", name},
                             {"dialect", "openai-chat"},
                             {"base_url", baseUrl.toString().toStdString()},
                             {"model", QString::fromLatin1(name).toLower().toStdString()},
                             {"price", {{"input_per_mtok", 0.5}, {"output_per_mtok", 1.5}}},
                             {"context_window", 200000}});
    const nlohmann::json suite{{"format", "yardstick-suite/1"},
                               {"name", "designed recommendation"},
                               {"use_case", recommendationUseCaseJson()},
                               {"providers", providers},
                               {"scenarios",
                                {{{"kind", "latency"},
                                  {"requests", 100},
                                  {"concurrency", 10},
                                  {"prompt_tokens", 64},
                                  {"max_output_tokens", 10}},
                                 {{"kind", "rate_limit"},
                                  {"prompt_tokens", 2000},
                                  {"max_output_tokens", 10},
                                  {"start_rps", 2},
                                  {"max_rps", 16},
                                  {"step_s", 1},
                                  {"step_factor", 2},
                                  {"max_requests", 30}}}}};
    return QByteArray::fromStdString(suite.dump(2));
}

// Runs the designed session into dbPath on a simulator of its own; its id, or 0 after a warning.
inline qint64 runRecommendationSession(const QString &dbPath)
{
    QString error;
    auto sim = startSim(recommendationProfiles(), &error);
    if (!sim) {
        qWarning("%s", qPrintable(error));
        return 0;
    }
    const auto suite = Suite::parse(recommendationSuiteJson(sim->baseUrl()),
                                    QStringLiteral("designed.json"), &error);
    if (!suite) {
        qWarning("%s", qPrintable(error));
        return 0;
    }
    SessionRunner runner;
    QSignalSpy finished(&runner, &SessionRunner::finished);
    if (!runner.start(SessionRequest{*suite, dbPath, std::nullopt, {}}, &error)) {
        qWarning("%s", qPrintable(error));
        return 0;
    }
    if (finished.isEmpty() && !finished.wait(180000 * kSlow)) {
        qWarning("the designed session did not finish");
        return 0;
    }
    return finished.first().at(0).toLongLong();
}

} // namespace ys::test
