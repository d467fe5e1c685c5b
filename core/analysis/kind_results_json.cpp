#include "analysis/kind_results_json.h"

#include "analysis/json_or_null.h"

#include "analysis/results_json.h"

#include <cmath>

namespace ys {

using nlohmann::json;

namespace {

json s(const QString &v)
{
    return json(v.toStdString());
}

json optList(const std::vector<std::optional<double>> &v)
{
    json a = json::array();
    for (const auto &x : v)
        a.push_back(orNull(x));
    return a;
}

json fitJson(const std::optional<CurveFit> &f)
{
    if (!f)
        return nullptr;
    json params = json::object();
    for (const auto &[name, value] : f->params)
        params[name.toStdString()] = value;
    return {{"model", s(f->model)},
            {"x", "prompt tokens / 1000"},
            {"params", params},
            {"r2", orNull(f->r2)}};
}

json figureJson(const CurveFigure &f)
{
    return {{"value", f.value}, {"se", f.se}};
}

// The formula of a fitted form.
const char *curveModel(const CostCurveFit &f)
{
    switch (f.form) {
    case CurveForm::Linear:
        return "c + b*w";
    case CurveForm::TieredLinear:
        return "c_k + b_k*w, one line per price tier";
    case CurveForm::PowerLog:
        break;
    }
    return f.intercept ? "c + a*w^alpha*log2(1+beta*w)" : "a*w^alpha*log2(1+beta*w)";
}

// The context cost curve; the same members whether or not there is a fit, null when not.
json costCurveJson(const CostCurveFit &f, const char *unit)
{
    json out = {{"fitted", f.ok()},
                {"reason", f.ok() ? json(nullptr) : s(curveFitFailureName(f.failure))},
                {"form", f.ok() ? s(curveFormName(f.form)) : json(nullptr)},
                {"model", f.ok() ? json(curveModel(f)) : json(nullptr)},
                {"x", "prompt tokens"},
                {"unit", unit},
                {"observations", f.observations},
                {"prompt_sizes", f.promptSizes}};
    for (const char *key : {"params", "se", "segments", "steps_at", "candidates", "aicc", "r2",
                            "relative_residual_sd", "beta_crosses_one", "marginal_per_10k_at_128k",
                            "marginal_per_10k_at_200k", "ratio_200k_to_128k", "extrapolated"})
        out[key] = nullptr;
    if (!f.ok())
        return out;
    if (f.form == CurveForm::PowerLog) {
        auto params = [&](const CostCurveParams &p) {
            json o = {{"a", p.a}, {"alpha", p.alpha}, {"beta", p.beta}};
            if (f.intercept)
                o["c"] = p.c;
            return o;
        };
        out["params"] = params(f.params);
        out["se"] = params(f.se);
        out["beta_crosses_one"] = f.betaCrossesOne;
    } else {
        json segments = json::array();
        for (const CurveSegment &seg : f.segments)
            segments.push_back({{"from", seg.from},
                                {"to", std::isfinite(seg.to) ? json(seg.to) : json(nullptr)},
                                {"c", seg.c},
                                {"b", seg.b},
                                {"se_c", seg.seC},
                                {"se_b", seg.seB}});
        out["segments"] = segments;
        out["steps_at"] = f.steps();
    }
    json candidates = json::array();
    for (const auto &[form, aicc] : f.candidates)
        candidates.push_back({{"form", s(curveFormName(form))}, {"aicc", aicc}});
    out["candidates"] = candidates;
    out["aicc"] = f.aicc;
    out["r2"] = orNull(f.r2);
    out["relative_residual_sd"] = f.relativeResidualSd;
    out["marginal_per_10k_at_128k"] = figureJson(f.marginalAt128k);
    out["marginal_per_10k_at_200k"] = figureJson(f.marginalAt200k);
    out["ratio_200k_to_128k"] = figureJson(f.ratio200kTo128k);
    out["extrapolated"] = f.extrapolated;
    return out;
}

json contextSweepJson(const ContextSweepResult &r)
{
    json points = json::array();
    for (const ContextSweepPoint &p : r.points)
        points.push_back({{"prompt_tokens", p.promptTokens},
                          {"skipped", p.skipped.isEmpty() ? json(nullptr) : s(p.skipped)},
                          {"attempts", p.attempts},
                          {"successful", p.successes},
                          {"ttft_ms", resultDistributionJson(p.ttftMs)},
                          {"e2e_ms", resultDistributionJson(p.e2eMs)},
                          {"input_tokens_reported", orNull(p.inputTokensMean)},
                          {"output_tokens_reported", orNull(p.outputTokensMean)},
                          {"cost_usd_per_request", orNull(p.costUsdPerRequest)},
                          {"needle_recall", orNull(p.needleRecall)}});
    return {{"points", points},
            {"latency_fit", fitJson(r.latencyFit)},
            {"e2e_fit", fitJson(r.e2eFit)},
            {"cost_fit", costCurveJson(r.costFit, "USD per request")},
            {"latency_curve_fit", costCurveJson(r.latencyCurveFit, "ms")}};
}

json contextLimitJson(const ContextLimitResult &r)
{
    json probes = json::array();
    for (const ContextLimitProbe &p : r.probeList)
        probes.push_back({{"prompt_tokens", p.promptTokens},
                          {"outcome", s(outcomeName(p.outcome))},
                          {"reported_tokens", orNull(p.reportedTokens)},
                          {"needle_found", orNull(p.needleFound)},
                          {"fits", p.fits},
                          {"control", p.control},
                          {"recall_miss", p.recallMiss},
                          {"by_needle", p.byNeedle}});
    return {{"claimed", orNull(r.claimed)},
            {"verified", orNull(r.verified)},
            {"first_failure", orNull(r.firstFailure)},
            {"behaviour", r.behaviour.isEmpty() ? json(nullptr) : s(r.behaviour)},
            {"claim_met", orNull(r.claimMet)},
            {"probes", r.probes},
            {"skipped", r.skipped.isEmpty() ? json(nullptr) : s(r.skipped)},
            {"control_tokens", orNull(r.controlTokens)},
            {"needle_usable", orNull(r.needleUsable)},
            {"recall_misses", r.recallMisses},
            {"recall_lost_at", orNull(r.recallLostAt)},
            {"probe_list", probes}};
}

json concurrencyJson(const ConcurrencySweepResult &r)
{
    json levels = json::array();
    for (const ConcurrencyLevel &l : r.levels)
        levels.push_back({{"concurrency", l.concurrency},
                          {"attempts", l.attempts},
                          {"output_tokens_per_s", orNull(l.outputTokensPerS)},
                          {"input_tokens_per_s", orNull(l.inputTokensPerS)},
                          {"requests_per_s", orNull(l.requestsPerS)},
                          {"ttft_ms", resultDistributionJson(l.ttftMs)},
                          {"e2e_ms", resultDistributionJson(l.e2eMs)},
                          {"error_rate", orNull(l.errorRate)},
                          {"interrupted_rate", orNull(l.interruptedRate)}});
    return {{"levels", levels}, {"saturation", orNull(r.saturation)}};
}

json stabilityJson(const StabilityResult &r)
{
    json stalls = json::object();
    for (const auto &[ms, n] : r.stalls)
        stalls[std::to_string(ms)] = n;
    json finish = json::object();
    for (const auto &[reason, n] : r.finishReasons)
        finish[reason.toStdString()] = n;
    return {{"attempts", r.attempts},
            {"itl_ms", resultDistributionJson(r.itlMs)},
            {"longest_stall_ms", orNull(r.longestStallMs)},
            {"stalls", stalls},
            {"cuts", r.cuts},
            {"finish_reasons", finish}};
}

json multiTurnJson(const MultiTurnResult &r)
{
    return {{"recall_by_turn", optList(r.recallByTurn)},
            {"recall_lost_at_turn", orNull(r.recallLostAtTurn)},
            {"ttft_by_turn_ms", optList(r.ttftByTurnMs)},
            {"cost_by_turn_usd", optList(r.costByTurnUsd)},
            {"prompt_tokens_by_turn", optList(r.promptTokensByTurn)},
            {"success_by_turn", optList(r.successByTurn)},
            {"failing_from_turn", orNull(r.failingFromTurn)},
            {"truncated_by_turn", optList(r.truncatedByTurn)},
            {"truncated_from_turn", orNull(r.truncatedFromTurn)},
            {"never_recalled", r.neverRecalled}};
}

json cacheJson(const CacheResult &r)
{
    return {{"pairs", r.pairs},
            {"detected", orNull(r.detected)},
            {"cold_ttft_ms", orNull(r.coldTtftMs)},
            {"warm_ttft_ms", orNull(r.warmTtftMs)},
            {"ttft_drop_ms", orNull(r.ttftDropMs)},
            {"cached_token_share", orNull(r.cachedTokenShare)},
            {"saving_usd_per_request", orNull(r.savingUsdPerRequest)}};
}

json resilienceJson(const ResilienceResult &r)
{
    json list = json::array();
    for (const ResilienceStrategy &st : r.strategies)
        list.push_back({{"name", s(st.name)},
                        {"requests", st.requests},
                        {"attempts", st.attempts},
                        {"slo_attainment", orNull(st.sloAttainment)},
                        {"p95_ms", orNull(st.p95Ms)},
                        {"retry_cost_usd", orNull(st.retryCostUsd)},
                        {"fallback_share", orNull(st.fallbackShare)}});
    return {{"slo_ms", r.sloMs}, {"strategies", list}};
}

json rateLimitJson(const RateLimitResult &r)
{
    json headers = json::object();
    for (const auto &[name, value] : r.headers)
        headers[name.toStdString()] = value.toStdString();
    return {{"requests", r.requests},
            {"rate_limited", r.rateLimited},
            {"requests_per_min", orNull(r.requestsPerMin)},
            {"tokens_per_min", orNull(r.tokensPerMin)},
            {"first_429_rps", orNull(r.first429Rps)},
            {"max_rps_tried", orNull(r.maxRpsTried)},
            {"headers", headers}};
}

json determinismJson(const DeterminismResult &r)
{
    return {{"prompts", r.prompts},
            {"answers", r.answers},
            {"identical_share", orNull(r.identicalShare)},
            {"distinct_answers", r.distinctAnswers}};
}

} // namespace

void addKindResultsJson(const ScenarioResults &r, json &out)
{
    if (r.contextSweep)
        out["context_sweep"] = contextSweepJson(*r.contextSweep);
    if (r.contextLimit)
        out["context_limit"] = contextLimitJson(*r.contextLimit);
    if (r.concurrencySweep)
        out["concurrency_sweep"] = concurrencyJson(*r.concurrencySweep);
    if (r.stability)
        out["stability"] = stabilityJson(*r.stability);
    if (r.multiTurn)
        out["multi_turn"] = multiTurnJson(*r.multiTurn);
    if (r.cache)
        out["cache"] = cacheJson(*r.cache);
    if (r.resilience)
        out["resilience"] = resilienceJson(*r.resilience);
    if (r.rateLimit)
        out["rate_limit"] = rateLimitJson(*r.rateLimit);
    if (r.determinism)
        out["determinism"] = determinismJson(*r.determinism);
}

} // namespace ys
