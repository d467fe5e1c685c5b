#pragma once

#include "analysis/run_summary.h"
#include "analysis/slo_objectives.h"

#include <nlohmann/json.hpp>

namespace ys {

// The session-level analysis sections of show --json (docs/show-json.md): "pareto" (measured
// cost against latency), "score" (the default weights), "comparisons" (every pair of providers)
// and "slo" (null here: objectives come with a suite's requirements).
void addDecisionJson(nlohmann::json &doc, const SessionSummary &summary);

// The sections one by one, for callers that choose the figure, weights or objectives.
nlohmann::json paretoJson(const SessionSummary &summary);
nlohmann::json scoreJson(const SessionSummary &summary);
nlohmann::json comparisonsJson(const SessionSummary &summary);
// One object per provider, or null when no objective is set.
nlohmann::json sloJson(const SessionSummary &summary, const SloObjectives &objectives);

} // namespace ys
