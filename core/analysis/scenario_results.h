#pragma once

#include "analysis/kind_results.h"

#include <optional>

namespace ys {

// What each scenario kind that ran for a provider found (show --json's "results").
struct ScenarioResults {
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
