#pragma once

#include "analysis/run_summary.h"
#include "analysis/slo_objectives.h"

#include <optional>
#include <vector>

namespace ys {

// How many requests of a run met the service-level objectives, and the goodput: requests that
// met them per second of the run. Definitions in docs/measurements.md ("SLO attainment and
// goodput").
struct SloAttainment {
    int requests = 0; // measured attempts
    int attained = 0; // succeeded and met every set objective
    // Requests meeting each set objective on its own (successes only); empty when not set.
    std::optional<int> meetsTtft;
    std::optional<int> meetsTpot;
    std::optional<int> meetsE2e;
    std::optional<double> share;       // attained / requests; empty without requests
    std::optional<double> goodputPerS; // attained / wall span; empty without a span
};

SloAttainment sloAttainment(const std::vector<AttemptTiming> &timings,
                            std::optional<double> wallSpanS, const SloObjectives &objectives);
SloAttainment sloAttainment(const ProviderSummary &summary, const SloObjectives &objectives);

} // namespace ys
