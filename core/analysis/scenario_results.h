#pragma once

#include "analysis/kind_results.h"
#include "analysis/latency_result.h"

#include <optional>

namespace ys {

// What each kind of scenario a provider ran answers, one member per kind; a kind that did not run
// is absent (and left out of show --json's "results").
struct ScenarioResults {
    std::optional<LatencyResult> latency;
    std::optional<ContextSweepResult> contextSweep;
    std::optional<ContextLimitResult> contextLimit;
    std::optional<ConcurrencySweepResult> concurrencySweep;
    std::optional<StabilityResult> stability;
    std::optional<MultiTurnResult> multiTurn;
    std::optional<CacheResult> cache;
    std::optional<ResilienceResult> resilience;
    std::optional<RateLimitResult> rateLimit;
    std::optional<DeterminismResult> determinism;
};

} // namespace ys
