#include "analysis/results_json.h"

#include "analysis/json_or_null.h"

#include "analysis/kind_results_json.h"

namespace ys {

using nlohmann::json;

namespace {

json optionalDistributionJson(const std::optional<Distribution> &d)
{
    return d ? resultDistributionJson(*d) : json(nullptr);
}

json latencyJson(const LatencyResult &r)
{
    json j;
    j["ttfb_ms"] = resultDistributionJson(r.ttfbMs);
    j["tpot_ms"] = resultDistributionJson(r.tpotMs);
    j["connect_ms"] = optionalDistributionJson(r.connectMs);
    j["tls_ms"] = optionalDistributionJson(r.tlsMs);
    j["cold"] = {{"ttft_ms", resultDistributionJson(r.coldTtftMs)}};
    j["warm"] = {{"ttft_ms", resultDistributionJson(r.warmTtftMs)}};
    j["e2e_from_intended_ms"] = optionalDistributionJson(r.e2eFromIntendedMs);
    j["reasoning"] = nullptr;
    if (const auto &t = r.reasoning)
        j["reasoning"] = {{"attempts", t->attempts},
                          {"streamed", t->streamed},
                          {"estimated", t->estimated},
                          {"reasoning_tokens_mean", orNull(t->reasoningTokensMean)},
                          {"first_answer_ms", resultDistributionJson(t->firstAnswerMs)},
                          {"thinking_ms", resultDistributionJson(t->thinkingMs)},
                          {"cost_share", orNull(t->costShare)}};
    j["tool_calls"] = nullptr;
    if (const auto &t = r.toolCalls)
        j["tool_calls"] = {{"attempts", t->attempts},
                           {"args_complete_ms", resultDistributionJson(t->argsCompleteMs)},
                           {"args_stream_ms", resultDistributionJson(t->argsStreamMs)}};
    return j;
}

} // namespace

json resultDistributionJson(const Distribution &d)
{
    json j;
    j["count"] = d.count;
    j["p50"] = orNull(d.p50);
    j["p95"] = orNull(d.p95);
    j["p99"] = orNull(d.p99);
    j["p95_ci"] = intervalOrNull(d.p95Ci);
    return j;
}

json scenarioResultsJson(const ScenarioResults &results)
{
    json j = json::object();
    if (results.latency)
        j["latency"] = latencyJson(*results.latency);
    addKindResultsJson(results, j);
    return j;
}

} // namespace ys
