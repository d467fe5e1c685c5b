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

// P50, P95, P99 and the bootstrap interval of P95 (below) of these values, and their count.
Distribution distributionOf(std::vector<double> values);

// Percentiles by linear interpolation between closest ranks: the default of numpy and R's
// type 7. p is in [0, 100]. Empty input has no percentile.
std::optional<double> percentile(std::vector<double> values, double p);
// The same on values already sorted ascending.
std::optional<double> percentileSorted(const std::vector<double> &sorted, double p);

// A 95% (or other) percentile bootstrap confidence interval for the p-th percentile, from a
// seeded resampler so the same data always gives the same interval.
std::optional<std::pair<double, double>> bootstrapPercentileCi(const std::vector<double> &values,
                                                               double p, int resamples = 1000,
                                                               double confidence = 0.95,
                                                               unsigned long long seed = 0x5eed);

std::optional<double> mean(const std::vector<double> &values);
// Sample standard deviation (n − 1); needs two values.
std::optional<double> stddev(const std::vector<double> &values);

} // namespace ys
