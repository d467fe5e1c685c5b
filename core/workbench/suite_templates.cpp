#include "workbench/suite_templates.h"

#include "domain/scenario_kinds.h"

#include <algorithm>

namespace ys {

namespace {

// What a template's scenario sets over the defaults of its kind; what is absent keeps them.
struct ScenarioShape {
    const char *kind = "";
    std::optional<int> requests = {};
    std::optional<int> concurrency = {};
    std::optional<int> promptTokens = {};
    std::optional<int> maxOutputTokens = {};
    std::optional<int> timeoutMs = {}; // the whole attempt's and the first token's
};

Scenario scenarioOf(const ScenarioShape &shape)
{
    Scenario s;
    s.kind = QLatin1StringView(shape.kind);
    scenariokinds::applyDefaults(s);
    s.requests = shape.requests.value_or(s.requests);
    s.concurrency = shape.concurrency.value_or(s.concurrency);
    s.promptTokens = shape.promptTokens.value_or(s.promptTokens);
    s.maxOutputTokens = shape.maxOutputTokens.value_or(s.maxOutputTokens);
    s.timeoutMs = shape.timeoutMs.value_or(s.timeoutMs);
    s.firstTokenTimeoutMs = shape.timeoutMs.value_or(s.firstTokenTimeoutMs);
    return s;
}

// The verified context limit, with time for the largest prompts.
Scenario contextLimit()
{
    return scenarioOf({.kind = "context_limit", .timeoutMs = 180000});
}

Suite suiteOf(const QString &name, std::vector<Scenario> scenarios,
              const char *requirementsPreset = nullptr)
{
    Suite suite;
    suite.name = name;
    if (requirementsPreset)
        suite.requirements = Requirements::fromPreset(QString::fromLatin1(requirementsPreset));
    suite.scenarios = std::move(scenarios);
    return suite;
}

// The API-selection method: prompts of the size the service sends (100K of context and the
// question), answers of its usual length, judged by the three gates of the "line" preset; the
// context gate reads the verified limit, so the claim is probed too.
Suite apiSelection()
{
    return suiteOf(SuiteTemplates::tr("API selection"),
                   {scenarioOf({.kind = "latency",
                                .requests = 30,
                                .concurrency = 4,
                                .promptTokens = 102400,
                                .maxOutputTokens = 384,
                                .timeoutMs = 120000}),
                    contextLimit()},
                   "line");
}

// Long streams: their gaps, stalls and whether they end properly, and what a client strategy
// does when the provider falters.
Suite streamingStability()
{
    return suiteOf(
        SuiteTemplates::tr("Streaming stability"),
        {scenarioOf({.kind = "stability", .requests = 20, .concurrency = 2, .promptTokens = 1000}),
         scenarioOf({.kind = "resilience", .requests = 20, .concurrency = 2})});
}

// How latency and cost grow with the prompt, and whether the claimed window holds.
Suite contextScaling()
{
    Scenario sweep = scenarioOf({.kind = "context_sweep", .concurrency = 2, .timeoutMs = 120000});
    sweep.contextSweep.promptTokens = {1000, 8000, 32000, 64000, 128000};
    sweep.contextSweep.requestsPerPoint = 5;
    return suiteOf(SuiteTemplates::tr("Context scaling"), {sweep, contextLimit()});
}

// The two figures a total-cost comparison needs: the measured $ per 1M tokens of each API at
// the usual sizes, and a self-hosted server's throughput at full load (its best sweep level).
Suite tcoComparison()
{
    Scenario sweep =
        scenarioOf({.kind = "concurrency_sweep", .promptTokens = 2000, .maxOutputTokens = 384});
    sweep.concurrencySweep.levels = {1, 4, 16, 32, 64};
    return suiteOf(SuiteTemplates::tr("TCO comparison"),
                   {scenarioOf({.kind = "latency",
                                .requests = 50,
                                .concurrency = 4,
                                .promptTokens = 2000,
                                .maxOutputTokens = 384}),
                    sweep},
                   "compliance_review");
}

// A use case's own suite: its requirements, the scenarios its recommendation reads, and its
// volume and peak (docs/use-cases.md).
Suite useCaseSuite(const UseCase &u)
{
    Suite suite;
    suite.name = u.title;
    suite.useCase = u;
    suite.requirements = u.requirements;
    const auto latency = [](int prompt, int output) {
        return scenarioOf({.kind = "latency",
                           .requests = 50,
                           .concurrency = 4,
                           .promptTokens = prompt,
                           .maxOutputTokens = output,
                           .timeoutMs = 120000});
    };
    // The peak proven, or the rate limit found, up to 1.5 × the peak.
    const auto rateLimit = [&u]() {
        Scenario r =
            scenarioOf({.kind = "rate_limit", .promptTokens = 1000, .maxOutputTokens = 64});
        r.rateLimit.maxRps = std::max(r.rateLimit.startRps, 1.5 * u.peakRps.value_or(1.0));
        return r;
    };
    if (u.id == QLatin1StringView("realtime_support")) {
        suite.scenarios = {latency(1500, 200), rateLimit(), contextLimit()};
    } else if (u.id == QLatin1StringView("coding_assistant")) {
        suite.scenarios = {latency(8000, 600), rateLimit(), contextLimit()};
    } else if (u.id == QLatin1StringView("knowledge_base_summaries")) {
        // The measured curves the chunked and the whole calls are estimated from.
        Scenario sweep =
            scenarioOf({.kind = "context_sweep", .concurrency = 2, .timeoutMs = 180000});
        sweep.contextSweep.promptTokens = {1000, 8000, 32000, 64000, 128000};
        sweep.contextSweep.requestsPerPoint = 5;
        suite.scenarios = {latency(32000, 500), sweep, contextLimit()};
    } else if (u.id == QLatin1StringView("compliance_review")) {
        suite.scenarios = {latency(20000, 800), scenarioOf({.kind = "determinism"}),
                           contextLimit()};
    } else {
        Scenario sweep =
            scenarioOf({.kind = "concurrency_sweep", .promptTokens = 2000, .maxOutputTokens = 500});
        sweep.concurrencySweep.levels = {1, 4, 16, 32};
        suite.scenarios = {latency(2000, 500), sweep};
    }
    return suite;
}

QString useCaseTemplateId(const UseCase &u)
{
    return QStringLiteral("use_case_") + u.id;
}

} // namespace

std::vector<SuiteTemplate> SuiteTemplates::all()
{
    std::vector<SuiteTemplate> all{
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
    for (const UseCase &u : UseCase::bundled())
        all.push_back({useCaseTemplateId(u), u.title, tr("Use case: %1").arg(u.description)});
    return all;
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
    for (const UseCase &u : UseCase::bundled())
        if (id == useCaseTemplateId(u))
            suite = useCaseSuite(u);
    if (suite)
        suite->providers = std::move(providers);
    return suite;
}

} // namespace ys
