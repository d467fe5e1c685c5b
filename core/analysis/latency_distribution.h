#pragma once

#include "analysis/run_summary.h"

#include <QString>
#include <optional>
#include <vector>

namespace ys {

// What a latency-distribution chart draws for one provider, reduced in core so a chart never
// holds more than a few hundred points per provider whatever the run's size
// (docs/measurements.md, "Latency distribution").

enum class LatencyMetric { E2e, Ttft };

// One step of the empirical CDF: the share of attempts that took at most `ms`.
struct CdfPoint {
    double ms = 0;
    double share = 0;
};

// Tukey's box: quartiles by type-7 interpolation (analysis/percentile.h), whiskers at the most
// extreme values within 1.5 IQR of the quartiles, and the values beyond them counted.
struct BoxFigures {
    double min = 0;
    double q1 = 0;
    double median = 0;
    double q3 = 0;
    double max = 0;
    double lowerWhisker = 0;
    double upperWhisker = 0;
    int outliersBelow = 0;
    int outliersAbove = 0;
};

struct LatencyDistribution {
    QString provider;
    int count = 0;             // successful attempts with the metric measured
    std::vector<CdfPoint> cdf; // ascending in both ms and share; the last share is 1
    std::optional<BoxFigures> box;
};

inline constexpr int kCdfMaxPoints = 500;

// The metric's values of a provider's successful attempts (the ones its summary's percentiles
// come from), in the order run.
std::vector<double> latencyValues(const std::vector<AttemptTiming> &timings, LatencyMetric metric);

// The CDF of these values in at most maxPoints points (at least 2): every distinct value when
// they fit, else the values at evenly spaced ranks, the smallest and largest always among them.
std::vector<CdfPoint> empiricalCdf(std::vector<double> values, int maxPoints = kCdfMaxPoints);

std::optional<BoxFigures> boxFigures(std::vector<double> values);

LatencyDistribution latencyDistribution(const ProviderSummary &provider, LatencyMetric metric,
                                        int maxPoints = kCdfMaxPoints);
std::vector<LatencyDistribution> latencyDistributions(const SessionSummary &summary,
                                                      LatencyMetric metric,
                                                      int maxPoints = kCdfMaxPoints);

// Both metrics' distributions of a session, worked out once where the summary is loaded (off
// the UI thread) so that showing the chart only draws them.
struct SessionLatencyDistributions {
    std::vector<LatencyDistribution> e2e;
    std::vector<LatencyDistribution> ttft;
    const std::vector<LatencyDistribution> &of(LatencyMetric metric) const
    {
        return metric == LatencyMetric::E2e ? e2e : ttft;
    }
};
SessionLatencyDistributions sessionLatencyDistributions(const SessionSummary &summary);

} // namespace ys
