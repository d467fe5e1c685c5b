#pragma once

#include "analysis/run_summary.h"
#include "analysis/scores.h"
#include "analysis/slo_objectives.h"

#include <nlohmann/json.hpp>

namespace ys {

// The session-level analysis sections of show --json (docs/show-json.md): "pareto" (measured
// cost against latency), "score" (with these weights; the default ones unless the caller chose),
// "comparisons" (every pair of providers) and "slo" (against the session's requirements'
// objectives; null when they set none).
void addDecisionJson(nlohmann::json &doc, const SessionSummary &summary,
                     const std::vector<ScoreCriterion> &criteria = Scores::defaultCriteria());

// The sections one by one, for callers that choose the figure, weights or objectives.
nlohmann::json paretoJson(const SessionSummary &summary);
nlohmann::json scoreJson(const SessionSummary &summary,
                         const std::vector<ScoreCriterion> &criteria = Scores::defaultCriteria());
nlohmann::json comparisonsJson(const SessionSummary &summary);
// One object per provider, or null when no objective is set.
nlohmann::json sloJson(const SessionSummary &summary, const SloObjectives &objectives);

} // namespace ys
