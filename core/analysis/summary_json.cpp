#include "analysis/summary_json.h"

#include "analysis/contract_json.h"

#include "analysis/json_or_null.h"
#include "analysis/server_metrics_json.h"

#include "analysis/decision_json.h"
#include "analysis/gates_json.h"
#include "analysis/insight_json.h"
#include "analysis/price_source_json.h"
#include "analysis/recommendation_json.h"
#include "analysis/results_json.h"
#include "domain/calibration_record.h"

#include <nlohmann/json.hpp>

namespace ys {

using nlohmann::json;

namespace {

json distributionJson(const Distribution &d)
{
    json j;
    j["p50"] = orNull(d.p50);
    j["p95"] = orNull(d.p95);
    j["p99"] = orNull(d.p99);
    j["p95_ci"] = intervalOrNull(d.p95Ci);
    return j;
}

} // namespace

QByteArray sessionSummaryJson(const SessionSummary &summary,
                              const std::vector<ScoreCriterion> &scoreCriteria)
{
    json doc;
    doc["session"] = summary.info.id;
    doc["suite"] = summary.info.suiteName.toStdString();
    doc["started"] = summary.info.startedAt.toUTC().toString(Qt::ISODateWithMs).toStdString();
    doc["status"] = sessionStatusName(summary.info.status).toStdString();
    // Written again from what it reads, so a calibration stored before transports were named
    // has the same members (its transport null).
    const std::optional<CalibrationRecord> calibration =
        CalibrationRecord::fromJson(summary.info.calibration);
    doc["calibration"] =
        calibration ? json::parse(calibration->toJson().toStdString()) : json(nullptr);
    doc["percentile_method"] =
        "linear interpolation between closest ranks (numpy default, R type 7)";
    doc["requirements"] = requirementsJson(summary.requirements);
    doc["providers"] = json::array();
    for (std::size_t i = 0; i < summary.providers.size(); ++i) {
        const ProviderSummary &p = summary.providers[i];
        json j;
        j["name"] = p.name.toStdString();
        j["dialect"] = p.dialect.toStdString();
        j["model"] = p.model.toStdString();
        j["runs"] = p.runs;
        j["load_model"] = p.loadModel.isEmpty() ? json(nullptr) : json(p.loadModel.toStdString());
        j["concurrency"] = p.concurrency > 0 ? json(p.concurrency) : json(nullptr);
        j["achieved_concurrency"] = orNull(p.achievedConcurrency);
        j["served_by_fallback"] = p.servedByFallback;
        j["rate_asked_per_s"] = orNull(p.askedRatePerS);
        j["rate_achieved_per_s"] = orNull(p.achievedRatePerS);
        j["attempts"] = p.attempts;
        j["ok"] = p.outcomeCount(Outcome::Ok); // exactly the ok class
        j["successful"] = p.successes;         // every success: ok and truncated_by_limit
        json outcomes = json::object();
        for (int i = 0; i < kOutcomeCount; ++i) {
            if (p.outcomes[std::size_t(i)] > 0)
                outcomes[outcomeName(Outcome(i)).toStdString()] = p.outcomes[std::size_t(i)];
        }
        j["outcomes"] = outcomes;
        j["ttft_ms"] = distributionJson(p.ttftMs);
        j["e2e_ms"] = distributionJson(p.e2eMs);
        j["itl_ms"] = {{"mean", orNull(p.itlMeanMs)},
                       {"stddev", orNull(p.itlStddevMs)},
                       {"p99", orNull(p.itlP99Ms)}};
        j["output_tokens_per_s"] = {{"p50", orNull(p.outputTokensPerSecondP50)}};
        j["input_tokens"] = orNull(p.inputTokens);
        j["output_tokens"] = orNull(p.outputTokens);
        j["cached_tokens"] = orNull(p.cachedTokens);
        j["tokens_estimated"] = p.tokensEstimated;
        j["cost_usd"] = orNull(p.costUsd);
        j["usd_per_1k_tokens"] = orNull(p.usdPer1kBlended);
        j["usd_per_1k_measured"] = orNull(p.usdPer1kMeasured);
        j["usd_per_1k_measured_ci"] = intervalOrNull(p.usdPer1kMeasuredCi);
        j["billed_tokens"] = p.billedTokens;
        j["cost_breakdown_usd"] = {{"answered", orNull(p.costBreakdown.answeredUsd)},
                                   {"retried", orNull(p.costBreakdown.retriedUsd)},
                                   {"failed", orNull(p.costBreakdown.failedUsd)},
                                   {"truncated", orNull(p.costBreakdown.truncatedUsd)}};
        j["price"] = providerPriceJson(p.price);
        j["context_window"] = orNull(p.contextWindow);
        j["results"] = scenarioResultsJson(p.results);
        json scenarios = json::array();
        for (const LatencyScenarioSummary &l : p.latencyScenarios)
            scenarios.push_back({{"index", l.index},
                                 {"run", l.runId},
                                 {"headline", l.headline},
                                 {"prompt_tokens", orNull(l.promptTokens)},
                                 {"load_model", l.loadModel.toStdString()},
                                 {"concurrency", l.concurrency},
                                 {"rate_per_s", orNull(l.ratePerS)},
                                 {"attempts", l.attempts},
                                 {"successful", l.successes},
                                 {"ttft_ms", distributionJson(l.ttftMs)},
                                 {"e2e_ms", distributionJson(l.e2eMs)},
                                 {"output_tokens_per_s_p50", orNull(l.outputTokensPerSecondP50)},
                                 {"usd_per_1k_measured", orNull(l.usdPer1kMeasured)}});
        j["latency_scenarios"] = scenarios;
        j["contract"] = contractJson(p.contract);
        j["gates"] = gatesJson(Gates::verdict(summary, i));
        doc["providers"].push_back(j);
    }
    doc["reconciliation"] = reconciliationJson(summary.reconciliation);
    doc["drift"] = driftJson(summary.drift);
    doc["cost_estimate"] =
        summary.estimate ? json::parse(summary.estimate->toJson().toStdString()) : json(nullptr);
    addDecisionJson(doc, summary, scoreCriteria); // pareto, score, comparisons, slo
    addServerMetricsJson(doc, summary);
    doc["recommendation"] =
        recommendationJson(Recommender::recommend(summary, Recommender::useCaseOf(summary)));
    return QByteArray::fromStdString(doc.dump(2));
}

} // namespace ys
