#include "analysis/latency_distribution.h"

#include "analysis/percentile.h"

#include <algorithm>
#include <cmath>

namespace ys {

std::vector<double> latencyValues(const std::vector<AttemptTiming> &timings, LatencyMetric metric)
{
    std::vector<double> values;
    values.reserve(timings.size());
    for (const AttemptTiming &t : timings) {
        const double v = metric == LatencyMetric::E2e ? t.e2eMs : t.ttftMs;
        if (t.success && std::isfinite(v))
            values.push_back(v);
    }
    return values;
}

namespace {

std::vector<CdfPoint> cdfOfSorted(const std::vector<double> &values, int maxPoints)
{
    std::vector<CdfPoint> cdf;
    if (values.empty())
        return cdf;
    const std::size_t n = values.size();
    const std::size_t m = std::min(n, std::size_t(std::max(maxPoints, 2)));
    cdf.reserve(m);
    for (std::size_t k = 0; k < m; ++k) {
        // The k-th of m evenly spaced ranks: 0 and n − 1 included. Each point sits at the top
        // of its step, (i + 1) / n of the values being at most values[i].
        const std::size_t i =
            m == 1 ? n - 1 : std::size_t(std::llround(double(k) * double(n - 1) / double(m - 1)));
        const CdfPoint p{values[i], double(i + 1) / double(n)};
        if (!cdf.empty() && cdf.back().ms == p.ms)
            cdf.back().share = p.share; // a tie: one point, at the share of its last copy
        else
            cdf.push_back(p);
    }
    return cdf;
}

std::optional<BoxFigures> boxOfSorted(const std::vector<double> &values)
{
    if (values.empty())
        return std::nullopt;
    BoxFigures b;
    b.min = values.front();
    b.max = values.back();
    b.q1 = *percentileSorted(values, 25);
    b.median = *percentileSorted(values, 50);
    b.q3 = *percentileSorted(values, 75);
    const double iqr = b.q3 - b.q1;
    const double lowFence = b.q1 - 1.5 * iqr;
    const double highFence = b.q3 + 1.5 * iqr;
    const auto firstIn = std::lower_bound(values.begin(), values.end(), lowFence);
    const auto pastIn = std::upper_bound(values.begin(), values.end(), highFence);
    b.outliersBelow = int(firstIn - values.begin());
    b.outliersAbove = int(values.end() - pastIn);
    // Between the quartiles lies a value (or both sit between the same two, which the fences
    // then hold), so the whiskers always end on data; the guard is for rounding alone.
    b.lowerWhisker = firstIn < pastIn ? *firstIn : b.q1;
    b.upperWhisker = firstIn < pastIn ? *(pastIn - 1) : b.q3;
    return b;
}

} // namespace

std::vector<CdfPoint> empiricalCdf(std::vector<double> values, int maxPoints)
{
    std::sort(values.begin(), values.end());
    return cdfOfSorted(values, maxPoints);
}

std::optional<BoxFigures> boxFigures(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return boxOfSorted(values);
}

LatencyDistribution latencyDistribution(const ProviderSummary &provider, LatencyMetric metric,
                                        int maxPoints)
{
    LatencyDistribution d;
    d.provider = provider.name;
    std::vector<double> values = latencyValues(provider.timings, metric);
    d.count = int(values.size());
    std::sort(values.begin(), values.end());
    d.box = boxOfSorted(values);
    d.cdf = cdfOfSorted(values, maxPoints);
    return d;
}

std::vector<LatencyDistribution> latencyDistributions(const SessionSummary &summary,
                                                      LatencyMetric metric, int maxPoints)
{
    std::vector<LatencyDistribution> out;
    out.reserve(summary.providers.size());
    for (const ProviderSummary &p : summary.providers)
        out.push_back(latencyDistribution(p, metric, maxPoints));
    return out;
}

SessionLatencyDistributions sessionLatencyDistributions(const SessionSummary &summary)
{
    return {latencyDistributions(summary, LatencyMetric::E2e),
            latencyDistributions(summary, LatencyMetric::Ttft)};
}

} // namespace ys
