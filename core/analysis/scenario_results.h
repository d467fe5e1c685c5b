#pragma once

#include "analysis/latency_result.h"

#include <optional>

namespace ys {

// What each kind of scenario a provider ran answers, one member per kind; a kind that did not run
// is absent (and left out of show --json's "results").
struct ScenarioResults {
    std::optional<LatencyResult> latency;
};

} // namespace ys
