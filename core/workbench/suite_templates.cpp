#include "workbench/suite_templates.h"

#include "domain/scenario_kinds.h"

namespace ys {

namespace {

Scenario scenarioOf(const char *kind)
{
    Scenario s;
    s.kind = QLatin1StringView(kind);
    scenariokinds::applyDefaults(s);
    return s;
}

// The API-selection method: prompts of the size the service sends (100K of context and the
// question), answers of its usual length, judged by the three gates of the "line" preset; the
// context gate reads the verified limit, so the claim is probed too.
Suite apiSelection()
{
    Suite suite;
    suite.name = SuiteTemplates::tr("API selection");
    suite.requirements = Requirements::fromPreset(QStringLiteral("line"));
    Scenario probe = scenarioOf("latency");
    probe.requests = 30;
    probe.concurrency = 4;
    probe.promptTokens = 102400;
    probe.maxOutputTokens = 384;
    probe.timeoutMs = 120000;
    probe.firstTokenTimeoutMs = 120000;
    suite.scenarios.push_back(probe);
    Scenario limit = scenarioOf("context_limit");
    limit.timeoutMs = 180000;
    limit.firstTokenTimeoutMs = 180000;
    suite.scenarios.push_back(limit);
    return suite;
}

// Long streams: their gaps, stalls and whether they end properly, and what a client strategy
// does when the provider falters.
Suite streamingStability()
{
    Suite suite;
    suite.name = SuiteTemplates::tr("Streaming stability");
    Scenario stability = scenarioOf("stability");
    stability.requests = 20;
    stability.concurrency = 2;
    stability.promptTokens = 1000;
    suite.scenarios.push_back(stability);
    Scenario resilience = scenarioOf("resilience");
    resilience.requests = 20;
    resilience.concurrency = 2;
    suite.scenarios.push_back(resilience);
    return suite;
}

// How latency and cost grow with the prompt, and whether the claimed window holds.
Suite contextScaling()
{
    Suite suite;
    suite.name = SuiteTemplates::tr("Context scaling");
    Scenario sweep = scenarioOf("context_sweep");
    sweep.contextSweep.promptTokens = {1000, 8000, 32000, 64000, 128000};
    sweep.contextSweep.requestsPerPoint = 5;
    sweep.concurrency = 2;
    sweep.timeoutMs = 120000;
    sweep.firstTokenTimeoutMs = 120000;
    suite.scenarios.push_back(sweep);
    Scenario limit = scenarioOf("context_limit");
    limit.timeoutMs = 180000;
    limit.firstTokenTimeoutMs = 180000;
    suite.scenarios.push_back(limit);
    return suite;
}

// The two figures a total-cost comparison needs: the measured $ per 1M tokens of each API at
// the usual sizes, and a self-hosted server's throughput at full load (its best sweep level).
Suite tcoComparison()
{
    Suite suite;
    suite.name = SuiteTemplates::tr("TCO comparison");
    suite.requirements = Requirements::fromPreset(QStringLiteral("compliance_review"));
    Scenario cost = scenarioOf("latency");
    cost.requests = 50;
    cost.concurrency = 4;
    cost.promptTokens = 2000;
    cost.maxOutputTokens = 384;
    suite.scenarios.push_back(cost);
    Scenario sweep = scenarioOf("concurrency_sweep");
    sweep.concurrencySweep.levels = {1, 4, 16, 32, 64};
    sweep.promptTokens = 2000;
    sweep.maxOutputTokens = 384;
    suite.scenarios.push_back(sweep);
    return suite;
}

} // namespace

std::vector<SuiteTemplate> SuiteTemplates::all()
{
    return {
        {QStringLiteral("api_selection"), tr("API selection"),
         tr("Prompts of 102,400 tokens, 384 output tokens, and the three gates of the line "
            "preset: P95 ≤ 380 ms, ≤ $0.0015 per 1K tokens, ≥ 128K context (verified).")},
        {QStringLiteral("streaming_stability"), tr("Streaming stability"),
         tr("Long streams (2,000 output tokens) with their stalls, and the resilience of three "
            "client strategies.")},
        {QStringLiteral("context_scaling"), tr("Context scaling"),
         tr("Latency and cost from 1K to 128K prompt tokens, and the verified context limit.")},
        {QStringLiteral("tco_comparison"), tr("TCO comparison"),
         tr("The measured cost per token at the usual sizes and a concurrency sweep for "
            "self-hosted throughput: the inputs of the TCO break-even.")},
    };
}

std::optional<Suite> SuiteTemplates::make(const QString &id, std::vector<ProviderConfig> providers)
{
    std::optional<Suite> suite;
    if (id == QLatin1StringView("api_selection"))
        suite = apiSelection();
    else if (id == QLatin1StringView("streaming_stability"))
        suite = streamingStability();
    else if (id == QLatin1StringView("context_scaling"))
        suite = contextScaling();
    else if (id == QLatin1StringView("tco_comparison"))
        suite = tcoComparison();
    if (suite)
        suite->providers = std::move(providers);
    return suite;
}

} // namespace ys
