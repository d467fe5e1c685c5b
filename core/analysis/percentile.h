#pragma once

#include <cstddef>
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

// P50, P95, P99 and the order-statistic interval of P95 (below) of these values, and their
// count. Selects the few ranks it needs instead of sorting everything.
Distribution distributionOf(std::vector<double> values);

// Percentiles by linear interpolation between closest ranks: the default of numpy and R's
// type 7. p is in [0, 100]. Empty input has no percentile.
std::optional<double> percentile(std::vector<double> values, double p);
// The same on values already sorted ascending.
std::optional<double> percentileSorted(const std::vector<double> &sorted, double p);

// A distribution-free confidence interval (95% or other) for the p-th percentile of n values:
// the 0-based ranks [low, high] of the order statistics that bound it. With B ~ Binomial(n,
// p/100) the number of values below the true percentile, the interval from the l-th to the u-th
// smallest value (1-based) misses it with probability P(B < l) + P(B ≥ u); l is the largest rank
// with P(B < l) ≤ (1 − confidence)/2, u the smallest with P(B ≥ u) ≤ (1 − confidence)/2, capped
// at the smallest and largest values when n is too small to reach that, and widened if need be
// to hold the type-7 estimate. Fewer than two values: none.
std::optional<std::pair<std::size_t, std::size_t>> percentileCiRanks(std::size_t n, double p,
                                                                     double confidence = 0.95);
// That interval's ends on values already sorted ascending.
std::optional<std::pair<double, double>> percentileCiSorted(const std::vector<double> &sorted,
                                                            double p, double confidence = 0.95);

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
