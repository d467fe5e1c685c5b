#include "analysis/significance.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ys {

namespace {

// z such that the standard normal puts 2.5% above it: the 95% two-sided critical value.
constexpr double kZ975 = 1.959963984540054;

// Samples this small on one side (and without ties) get the exact null distribution, as
// SciPy's default does: the normal approximation is poor there and the exact one is cheap.
constexpr int kExactLimit = 8;

struct RankSums {
    double r1 = 0;      // sum of x's ranks in the pooled sample, ties getting their mean rank
    double tieTerm = 0; // sum over groups of tied values of t³ − t
};

RankSums rankSums(const std::vector<double> &x, const std::vector<double> &y)
{
    std::vector<std::pair<double, bool>> pooled; // value, from x
    pooled.reserve(x.size() + y.size());
    for (double v : x)
        pooled.emplace_back(v, true);
    for (double v : y)
        pooled.emplace_back(v, false);
    std::sort(pooled.begin(), pooled.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    RankSums sums;
    for (size_t i = 0; i < pooled.size();) {
        size_t j = i;
        int fromX = 0;
        while (j < pooled.size() && pooled[j].first == pooled[i].first)
            fromX += pooled[j++].second ? 1 : 0;
        const double t = double(j - i);
        const double meanRank = (double(i + 1) + double(j)) / 2;
        sums.r1 += meanRank * fromX;
        sums.tieTerm += t * t * t - t;
        i = j;
    }
    return sums;
}

// P(U ≤ k) under the null for samples of m and n values without ties. The number of
// arrangements with U = d is the coefficient of q^d in the Gaussian binomial
// [m + n choose m]_q = Π_{i=1..m} (1 − q^(n+i)) / (1 − q^i), kept only up to degree k.
// Empty when the count of all arrangements does not fit a double.
std::optional<double> exactCdf(long long k, int m, int n)
{
    if (m > n)
        std::swap(m, n);
    double total = 1;
    for (int i = 1; i <= m; ++i)
        total = total * double(n + i) / double(i);
    if (!std::isfinite(total))
        return std::nullopt;
    std::vector<double> c(size_t(k) + 1, 0.0);
    c[0] = 1;
    for (long long i = 1; i <= m; ++i) {
        for (long long d = k; d >= n + i; --d)
            c[size_t(d)] -= c[size_t(d - n - i)];
        for (long long d = i; d <= k; ++d)
            c[size_t(d)] += c[size_t(d - i)];
    }
    return std::accumulate(c.begin(), c.end(), 0.0) / total;
}

double asymptoticP(double u, double n1, double n2, double tieTerm)
{
    const double n = n1 + n2;
    const double mu = n1 * n2 / 2;
    const double sigma = std::sqrt(n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1))));
    // u is the larger of U1 and U2, so the continuity correction moves it towards the mean.
    const double z = (u - mu - 0.5) / sigma;
    if (std::isnan(z))
        return 1;
    return std::min(1.0, std::erfc(z / std::sqrt(2.0))); // twice the upper tail
}

// The k-th smallest (0-based) of values, which it partly reorders.
double nthSmallest(std::vector<double> &values, size_t k)
{
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(k), values.end());
    return values[k];
}

} // namespace

std::optional<MannWhitney> mannWhitneyU(const std::vector<double> &x, const std::vector<double> &y,
                                        MannWhitneyMethod method)
{
    if (x.empty() || y.empty())
        return std::nullopt;
    const double n1 = double(x.size());
    const double n2 = double(y.size());
    const RankSums sums = rankSums(x, y);
    MannWhitney result;
    result.u1 = sums.r1 - n1 * (n1 + 1) / 2;
    const double u = std::max(result.u1, n1 * n2 - result.u1);

    bool exact = method == MannWhitneyMethod::Exact;
    if (method == MannWhitneyMethod::Automatic)
        exact = std::min(x.size(), y.size()) <= size_t(kExactLimit) && sums.tieTerm == 0;
    if (exact) {
        // P(U ≥ u) = P(U ≤ n1·n2 − u) by the symmetry of the null distribution.
        const auto cdf =
            exactCdf((long long)(n1 * n2) - (long long)std::floor(u), int(x.size()), int(y.size()));
        if (cdf) {
            result.exact = true;
            result.pValue = std::min(1.0, 2 * *cdf);
            return result;
        }
    }
    result.pValue = asymptoticP(u, n1, n2, sums.tieTerm);
    return result;
}

std::optional<ShiftEstimate> hodgesLehmann(const std::vector<double> &x,
                                           const std::vector<double> &y)
{
    if (x.empty() || y.empty())
        return std::nullopt;
    std::vector<double> d;
    d.reserve(x.size() * y.size());
    for (double xi : x)
        for (double yj : y)
            d.push_back(xi - yj);
    const size_t count = d.size();
    ShiftEstimate shift;
    if (count % 2 == 1) {
        shift.estimate = nthSmallest(d, count / 2);
    } else {
        const double upper = nthSmallest(d, count / 2);
        const double lower = *std::max_element(d.begin(), d.begin() + std::ptrdiff_t(count / 2));
        shift.estimate = (lower + upper) / 2;
    }

    // Hollander and Wolfe's large-sample interval: the K-th smallest and K-th largest
    // difference, K the Mann–Whitney critical value rounded down (so at least 95% coverage).
    const double n1 = double(x.size());
    const double n2 = double(y.size());
    const double k = std::floor(n1 * n2 / 2 - kZ975 * std::sqrt(n1 * n2 * (n1 + n2 + 1) / 12));
    if (k >= 1) {
        const size_t lowIndex = size_t(k) - 1;
        shift.ciLow = nthSmallest(d, lowIndex);
        shift.ciHigh = nthSmallest(d, count - 1 - lowIndex);
    }
    return shift;
}

std::optional<Comparison> compareSamples(const std::vector<double> &x, const std::vector<double> &y)
{
    const auto test = mannWhitneyU(x, y);
    const auto shift = hodgesLehmann(x, y);
    if (!test || !shift)
        return std::nullopt;
    Comparison c;
    c.difference = shift->estimate;
    c.ciLow = shift->ciLow;
    c.ciHigh = shift->ciHigh;
    c.pValue = test->pValue;
    c.adjustedPValue = test->pValue;
    c.n1 = int(x.size());
    c.n2 = int(y.size());
    return c;
}

std::vector<double> holmAdjust(const std::vector<double> &pValues)
{
    const size_t m = pValues.size();
    std::vector<size_t> order(m);
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return pValues[a] < pValues[b]; });
    std::vector<double> adjusted(m);
    double running = 0; // step-down: an adjusted p-value never falls below an earlier one
    for (size_t rank = 0; rank < m; ++rank) {
        running = std::max(running, pValues[order[rank]] * double(m - rank));
        adjusted[order[rank]] = std::min(1.0, running);
    }
    return adjusted;
}

void holmAdjust(std::vector<Comparison> &comparisons)
{
    std::vector<double> p;
    p.reserve(comparisons.size());
    for (const auto &c : comparisons)
        p.push_back(c.pValue);
    const auto adjusted = holmAdjust(p);
    for (size_t i = 0; i < comparisons.size(); ++i)
        comparisons[i].adjustedPValue = adjusted[i];
}

} // namespace ys
