#include "workbench/demo_suite.h"

#include <algorithm>

namespace ys {

namespace {

// A short run of every kind that ends in a verdict, so the Verdicts tab has a card for each
// provider and kind; the demo profiles differ in what these kinds find (a prefix cache, a
// model that answers the same prompt differently, one that forgets a fact by the third turn, a
// window that truncates silently, a latency past the SLO).
void addVerdictScenarios(Suite &suite)
{
    // Does the window hold the 128K the requirements ask for? (Probes at 128K, then, where a
    // provider falls short, a few more to bracket its real limit.)
    Scenario limit;
    limit.kind = QStringLiteral("context_limit");
    limit.contextLimit.claimed = 128000;
    limit.contextLimit.precision = 0.1;
    limit.contextLimit.maxProbes = 8;
    limit.maxOutputTokens = 32;
    limit.timeoutMs = 60000;
    suite.scenarios.push_back(limit);

    Scenario cache;
    cache.kind = QStringLiteral("cache");
    cache.cache.prefixTokens = 1536;
    cache.cache.pairs = 1;
    cache.maxOutputTokens = 32;
    suite.scenarios.push_back(cache);

    Scenario determinism;
    determinism.kind = QStringLiteral("determinism");
    determinism.determinism.prompts = 2;
    determinism.determinism.repeats = 3;
    determinism.maxOutputTokens = 64;
    suite.scenarios.push_back(determinism);

    Scenario turns;
    turns.kind = QStringLiteral("multi_turn");
    turns.multiTurn.turns = 2;
    turns.multiTurn.conversations = 1;
    turns.multiTurn.tokensPerTurn = 250;
    turns.maxOutputTokens = 64;
    suite.scenarios.push_back(turns);

    // A quick ramp, 8 then 16 requests a second for a quarter of a second each.
    Scenario rate;
    rate.kind = QStringLiteral("rate_limit");
    rate.rateLimit.startRps = 8;
    rate.rateLimit.maxRps = 16;
    rate.rateLimit.stepS = 0.25;
    rate.rateLimit.stepFactor = 2;
    rate.rateLimit.maxRequests = 24;
    rate.promptTokens = 200;
    rate.maxOutputTokens = 16;
    suite.scenarios.push_back(rate);

    // The share of requests within 500 ms, without and with a retry.
    Scenario resilience;
    resilience.kind = QStringLiteral("resilience");
    resilience.requests = 4;
    resilience.concurrency = 4;
    resilience.retries = 1;
    resilience.resilience.retries = 1;
    resilience.resilience.sloMs = 500;
    resilience.resilience.strategies = {QStringLiteral("none"), QStringLiteral("retry")};
    resilience.maxOutputTokens = 64;
    suite.scenarios.push_back(resilience);

    // How evenly each provider streams over a few full answers: the gaps between deliveries,
    // counted past 4 and 8 ms (the simulated streams' gaps fall on both sides) and past 250 ms
    // (a stall an analyst would notice; the demo's providers have none).
    Scenario stability;
    stability.kind = QStringLiteral("stability");
    stability.requests = 6;
    stability.concurrency = 3;
    stability.promptTokens = 500;
    stability.maxOutputTokens = 128;
    stability.stability.stallMs = {4, 8, 250};
    suite.scenarios.push_back(stability);
}

} // namespace

Suite demoSuite(std::vector<ProviderConfig> providers)
{
    Suite suite;
    suite.name = kDemoSuiteName;
    suite.providers = std::move(providers);
    // The line preset's gates, and objectives per request for the SLO attainment and goodput.
    Requirements requirements;
    requirements.slo.ttftMs = 250;
    requirements.slo.e2eMs = 500;
    suite.requirements = requirements;
    Scenario probe;
    probe.kind = QStringLiteral("latency");
    probe.requests = 30;
    probe.concurrency = 4;
    probe.promptTokens = 1000;
    probe.maxOutputTokens = 128;
    probe.timeoutMs = 30000;
    suite.scenarios.push_back(probe);

    // How latency and cost grow with the prompt, up to 120K, a request a point (a provider with
    // a smaller window skips the points past it and says so; the 32K one keeps three).
    Scenario sweep;
    sweep.kind = QStringLiteral("context_sweep");
    sweep.contextSweep.promptTokens = {1000, 8000, 24000, 120000};
    sweep.contextSweep.requestsPerPoint = 1;
    sweep.concurrency = 2;
    sweep.maxOutputTokens = 32;
    sweep.timeoutMs = 60000;
    suite.scenarios.push_back(sweep);

    // Where throughput stops growing with the requests in flight (from 2: the demo stays under
    // two minutes).
    Scenario levels;
    levels.kind = QStringLiteral("concurrency_sweep");
    levels.concurrencySweep.levels = {2, 4, 8, 16};
    levels.promptTokens = 500;
    levels.maxOutputTokens = 32;
    levels.timeoutMs = 30000;
    suite.scenarios.push_back(levels);
    addVerdictScenarios(suite);
    return suite;
}

void rebaseDemoSuite(Suite &suite, const std::vector<ProviderConfig> &simulated,
                     const QUrl &simBaseUrl)
{
    if (suite.name != kDemoSuiteName)
        return;
    for (ProviderConfig &p : suite.providers) {
        const auto same = std::find_if(simulated.begin(), simulated.end(), [&](const auto &s) {
            return s.model == p.model && s.name == p.name;
        });
        if (same == simulated.end())
            continue;
        p.baseUrl = simBaseUrl;
        if (p.serverMetrics && same->serverMetrics)
            p.serverMetrics->url = same->serverMetrics->url;
    }
}

} // namespace ys
