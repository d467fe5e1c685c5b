#pragma once

#include <optional>
#include <utility>
#include <vector>

namespace ys {

// Percentiles of one timing, in milliseconds; each is null when nothing could be measured.
struct Distribution {
    int count = 0;
    std::optional<double> p50;
    std::optional<double> p95;
    std::optional<double> p99;
    std::optional<std::pair<double, double>> p95Ci;
};

// P50, P95 (with its bootstrap CI) and P99 of values in milliseconds.
Distribution distribution(std::vector<double> values);

} // namespace ys
