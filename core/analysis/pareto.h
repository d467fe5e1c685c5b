#pragma once

#include "analysis/run_summary.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// Pareto fronts of the providers of a session: the ones no other beats on every figure at once,
// the knee of a cost-latency front and where it is steep or flat. Definitions in
// docs/measurements.md ("Pareto front").

struct ParetoPoint {
    double cost = 0;    // lower is better
    double latency = 0; // lower is better
};

// Indices of the points no other point beats on both cost and latency (ties on both keep
// every tied point), ordered by ascending cost, then latency, then index. O(n log n).
std::vector<int> paretoFront(const std::vector<ParetoPoint> &points);

// How an objective of a k-dimensional front is better.
enum class Direction { Lower, Higher };

// The same over any number of objectives (each row holds one value per direction): a point is
// on the front unless another is at least as good on every objective and better on one. Ordered
// by the objectives in turn, best first, then index. Two objectives use the O(n log n) sweep;
// more compare each point with the front found so far (quadratic only when most points are on
// the front). A row of the wrong length or holding a NaN is never on the front.
std::vector<int> paretoFrontKd(const std::vector<std::vector<double>> &points,
                               const std::vector<Direction> &directions);

// The knee of a front given in the order paretoFront returns: with cost and latency scaled to
// [0, 1] over the front, the point farthest below the chord joining the front's two ends
// (largest 1 − cost′ − latency′ > 0); the cheaper one on a tie. Empty with fewer than three
// distinct points or none below the chord. Returns a position in `front`.
std::optional<int> paretoKnee(const std::vector<ParetoPoint> &points,
                              const std::vector<int> &front);

enum class SegmentShape { Steep, Even, Flat };

// A segment between two consecutive distinct front points (positions in `front`), with its
// slope: the latency given up per unit of cost saved, both scaled to [0, 1] over the front.
struct ParetoSegment {
    int from = 0;
    int to = 0;
    double slope = 0;
    SegmentShape shape = SegmentShape::Even;
};

struct SegmentRule {
    double steepAtLeast = 2.0; // slope at or above: steep
    double flatAtMost = 0.5;   // slope at or below: flat
};

std::vector<ParetoSegment> paretoSegments(const std::vector<ParetoPoint> &points,
                                          const std::vector<int> &front, SegmentRule rule = {});
QString segmentShapeName(SegmentShape shape);

// Which latency figure a provider-level front places providers by.
enum class LatencyFigure {
    Gated, // the end-to-end P95 the latency gate reads (Gates::gatedLatency)
    E2eP50,
    E2eP95,
    E2eP99,
    TtftP50,
    TtftP95,
    TtftP99,
};
QString latencyFigureName(LatencyFigure figure);
// Empty for a name no figure has.
std::optional<LatencyFigure> latencyFigureFromName(const QString &name);

// One provider placed on the cost-latency plane, with the 95% intervals of both figures (the
// P95's distribution-free interval from order statistics, so only for P95 figures; the measured
// $ per 1K's interval).
struct ParetoEntry {
    QString provider;
    double usdPer1k = 0;
    double latencyMs = 0;
    std::optional<std::pair<double, double>> usdPer1kCi;
    std::optional<std::pair<double, double>> latencyCi;
};

struct ParetoAnalysis {
    LatencyFigure latencyFigure = LatencyFigure::Gated;
    std::vector<ParetoEntry> points;     // providers with both figures measured, in session order
    std::vector<QString> unplaced;       // providers missing one of the figures
    std::vector<int> front;              // indices into points, ascending cost
    std::optional<int> knee;             // index into points
    std::vector<ParetoSegment> segments; // from/to are indices into points
};

// Latency (the chosen figure) against measured $ per 1K tokens, for every provider measured on
// both.
ParetoAnalysis paretoOf(const SessionSummary &summary, LatencyFigure figure = LatencyFigure::Gated);

// The chosen latency figure of one provider and, for P95 figures, its interval.
std::optional<double> latencyFigureOf(const ProviderSummary &p, LatencyFigure figure);
std::optional<std::pair<double, double>> latencyFigureCi(const ProviderSummary &p,
                                                         LatencyFigure figure);

} // namespace ys
