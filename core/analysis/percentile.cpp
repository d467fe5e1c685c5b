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

namespace {

// The 0-based ranks type 7 interpolates between for the p-th percentile of n values.
std::pair<std::size_t, std::size_t> type7Ranks(std::size_t n, double p)
{
    const double h = (double(n) - 1.0) * p / 100.0;
    const auto lo = std::size_t(std::floor(h));
    return {lo, std::min(lo + 1, n - 1)};
}

double type7(const std::vector<double> &ranked, std::size_t n, double p)
{
    const double h = (double(n) - 1.0) * p / 100.0;
    const auto [lo, hi] = type7Ranks(n, p);
    return ranked[lo] + (h - double(lo)) * (ranked[hi] - ranked[lo]);
}

// Puts the value of each of these 0-based ranks (ascending) where a full sort would: each
// nth_element works only on what lies above the rank before it. The values between the ranks
// end up in no particular order.
void selectRanks(std::vector<double> &values, std::vector<std::size_t> ranks)
{
    std::sort(ranks.begin(), ranks.end());
    auto begin = values.begin();
    for (std::size_t r : ranks) {
        const auto at = values.begin() + std::ptrdiff_t(r);
        if (at < begin)
            continue; // a repeated rank
        std::nth_element(begin, at, values.end());
        begin = at + 1;
    }
}

} // namespace

std::optional<double> percentile(std::vector<double> values, double p)
{
    if (values.empty() || !(p >= 0.0 && p <= 100.0))
        return std::nullopt;
    const auto [lo, hi] = type7Ranks(values.size(), p);
    selectRanks(values, {lo, hi});
    return type7(values, values.size(), p);
}

std::optional<std::pair<std::size_t, std::size_t>> percentileCiRanks(std::size_t n, double p,
                                                                     double confidence)
{
    if (n < 2 || !(p >= 0.0 && p <= 100.0) || !(confidence > 0.0 && confidence < 1.0))
        return std::nullopt;
    const auto [estimateLo, estimateHi] = type7Ranks(n, p);
    const double q = p / 100.0;
    if (q <= 0.0 || q >= 1.0)
        return std::pair(estimateLo, estimateHi);
    const double tail = (1.0 - confidence) / 2.0;
    // The binomial probabilities around the mode, from the mode's own (in logs, so a million
    // values do not underflow) by the ratio of neighbours; the mass farther out than where they
    // drop below 1e-20 of the mode's cannot move a tail of a few per cent.
    const auto mode = std::min(n, std::size_t(std::floor(double(n + 1) * q)));
    const double dn = double(n), dm = double(mode);
    const double logMode = std::lgamma(dn + 1.0) - std::lgamma(dm + 1.0) -
                           std::lgamma(dn - dm + 1.0) + dm * std::log(q) +
                           (dn - dm) * std::log1p(-q);
    const double odds = q / (1.0 - q);
    std::vector<double> below; // pmf(mode − 1), pmf(mode − 2), ...
    for (std::size_t k = mode; k > 0;) {
        const double prev = below.empty() ? std::exp(logMode) : below.back();
        const double v = prev * double(k) / (double(n - k + 1) * odds);
        --k;
        if (v < 1e-20 * std::exp(logMode))
            break;
        below.push_back(v);
    }
    std::vector<double> pmf(below.rbegin(), below.rend());
    const std::size_t first = mode - below.size(); // the count pmf[0] stands for
    pmf.push_back(std::exp(logMode));
    for (std::size_t k = mode; k < n; ++k) {
        const double v = pmf.back() * double(n - k) / double(k + 1) * odds;
        if (v < 1e-20 * std::exp(logMode))
            break;
        pmf.push_back(v);
    }
    double total = 0.0;
    for (double v : pmf)
        total += v;
    // Lower end: the largest 1-based rank l with P(B ≤ l − 1) ≤ tail (at least 1).
    std::size_t l = 1;
    double cdf = 0.0;
    for (std::size_t i = 0; i < pmf.size(); ++i) {
        cdf += pmf[i] / total; // P(B ≤ first + i)
        if (cdf > tail)
            break;
        l = first + i + 1;
    }
    // Upper end: the smallest 1-based rank u with P(B ≥ u) ≤ tail (at most n).
    std::size_t u = n;
    double upper = 0.0;
    for (std::size_t i = pmf.size(); i-- > 0;) {
        upper += pmf[i] / total; // P(B ≥ first + i)
        if (upper > tail)
            break;
        u = first + i;
    }
    u = std::clamp<std::size_t>(u, 1, n);
    l = std::clamp<std::size_t>(l, 1, n);
    return std::pair(std::min(l - 1, estimateLo), std::max(u - 1, estimateHi));
}

std::optional<std::pair<double, double>> percentileCiSorted(const std::vector<double> &sorted,
                                                            double p, double confidence)
{
    const auto ranks = percentileCiRanks(sorted.size(), p, confidence);
    if (!ranks)
        return std::nullopt;
    return std::pair(sorted[ranks->first], sorted[ranks->second]);
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
    if (values.empty())
        return d;
    const std::size_t n = values.size();
    const auto ci = percentileCiRanks(n, 95);
    std::vector<std::size_t> ranks;
    for (double p : {50.0, 95.0, 99.0}) {
        const auto [lo, hi] = type7Ranks(n, p);
        ranks.insert(ranks.end(), {lo, hi});
    }
    if (ci)
        ranks.insert(ranks.end(), {ci->first, ci->second});
    selectRanks(values, ranks);
    d.p50 = type7(values, n, 50);
    d.p95 = type7(values, n, 95);
    d.p99 = type7(values, n, 99);
    if (ci)
        d.p95Ci = std::pair(values[ci->first], values[ci->second]);
    return d;
}

} // namespace ys
