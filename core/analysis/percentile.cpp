#include "analysis/percentile.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace ys {

std::optional<double> percentileSorted(const std::vector<double> &sorted, double p)
{
    if (sorted.empty() || !(p >= 0.0 && p <= 100.0))
        return std::nullopt;
    const double h = (double(sorted.size()) - 1.0) * p / 100.0;
    const auto lo = std::size_t(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - double(lo)) * (sorted[hi] - sorted[lo]);
}

std::optional<double> percentile(std::vector<double> values, double p)
{
    std::sort(values.begin(), values.end());
    return percentileSorted(values, p);
}

std::optional<std::pair<double, double>> bootstrapPercentileCi(const std::vector<double> &values,
                                                               double p, int resamples,
                                                               double confidence,
                                                               unsigned long long seed)
{
    if (values.size() < 2 || resamples < 10)
        return std::nullopt;
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> pick(0, values.size() - 1);
    std::vector<double> estimates;
    estimates.reserve(std::size_t(resamples));
    std::vector<double> resample(values.size());
    for (int r = 0; r < resamples; ++r) {
        for (double &v : resample)
            v = values[pick(rng)];
        std::sort(resample.begin(), resample.end());
        estimates.push_back(*percentileSorted(resample, p));
    }
    std::sort(estimates.begin(), estimates.end());
    const double tail = (1.0 - confidence) / 2.0 * 100.0;
    return std::pair(*percentileSorted(estimates, tail),
                     *percentileSorted(estimates, 100.0 - tail));
}

std::optional<double> mean(const std::vector<double> &values)
{
    if (values.empty())
        return std::nullopt;
    return std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
}

std::optional<double> stddev(const std::vector<double> &values)
{
    if (values.size() < 2)
        return std::nullopt;
    const double m = *mean(values);
    double sq = 0.0;
    for (double v : values)
        sq += (v - m) * (v - m);
    return std::sqrt(sq / double(values.size() - 1));
}

Distribution distributionOf(std::vector<double> values)
{
    Distribution d;
    d.count = int(values.size());
    std::sort(values.begin(), values.end());
    d.p50 = percentileSorted(values, 50);
    d.p95 = percentileSorted(values, 95);
    d.p99 = percentileSorted(values, 99);
    d.p95Ci = bootstrapPercentileCi(values, 95);
    return d;
}

} // namespace ys
