#pragma once

#include "analysis/scenario_results.h"

#include <nlohmann/json.hpp>

namespace ys {

// Adds the scenario kinds' results (all but latency) to a provider's "results" object of
// show --json (docs/show-json.md). Unmeasured figures are null, never 0.
void addKindResultsJson(const ScenarioResults &results, nlohmann::json &out);

} // namespace ys
