#pragma once

#include "analysis/scenario_results.h"

#include <nlohmann/json.hpp>

namespace ys {

// Adds the scenario kinds' results (all but latency) to a provider's "results" object of
// show --json (docs/show-json.md). Unmeasured figures are null, never 0.
void addKindResultsJson(const ScenarioResults &results, nlohmann::json &out);

// A distribution as show --json writes it: p50, p95, p99, p95_ci and count.
nlohmann::json distributionToJson(const Distribution &d);

} // namespace ys
