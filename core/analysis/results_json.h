#pragma once

#include "analysis/percentile.h"
#include "analysis/scenario_results.h"

#include <nlohmann/json.hpp>

namespace ys {

// A provider's "results" object of show --json (docs/show-json.md): one member per kind of
// scenario that ran, named by the kind. A figure that could not be measured is null, never 0.
nlohmann::json scenarioResultsJson(const ScenarioResults &results);

// One distribution of a result: p50, p95, p99, p95_ci ([low, high] or null) and count.
nlohmann::json resultDistributionJson(const Distribution &d);

} // namespace ys
