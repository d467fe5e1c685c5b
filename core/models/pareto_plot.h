#pragma once

#include "analysis/run_summary.h"

#include <QCoreApplication>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// What the Pareto chart draws for one session and one choice of axes, computed here so the
// chart only draws: each provider's point with its intervals on both axes, the front of the
// chosen figures as a staircase, which points are dominated, and the two gate lines the
// session's requirements set on those figures. Definitions in docs/workbench.md ("Charts:
// Pareto and context").

// The latency figure on the vertical axis. E2eP95 is the figure the latency gate reads (from the
// intended start in an open-loop run).
enum class ParetoLatencyAxis { E2eP95, E2eP99, TtftP95 };
// The $ per 1K tokens on the horizontal axis: what was spent per billed token, or the list price
// blended by the requirements' input:output weights.
enum class ParetoCostAxis { Measured, List };

struct ParetoPlotPoint {
    QString provider;
    double cost = 0;
    double latency = 0;
    std::optional<std::pair<double, double>> costCi;    // 95%; none for a list price
    std::optional<std::pair<double, double>> latencyCi; // 95%; only P95 figures have one
    bool onFront = false;
    bool passesGates = true; // inside every gate line drawn (true without any)
};

struct ParetoPlotData {
    ParetoLatencyAxis latencyAxis = ParetoLatencyAxis::E2eP95;
    ParetoCostAxis costAxis = ParetoCostAxis::Measured;
    std::vector<ParetoPlotPoint> points; // providers with both figures, in session order
    QStringList unplaced;                // providers missing one of them
    // The front as a staircase, ascending cost: from each front point across at its latency to
    // the next one's cost, then down to its latency.
    std::vector<QPointF> frontSteps;
    int frontCount = 0;
    std::optional<double> latencyGate; // ms: the requirement on the chosen latency figure
    std::optional<double> costGate;    // $ per 1K, whichever basis the gate reads

    // The smallest and largest figures on each axis, whiskers and gates included (0 when there
    // is nothing to draw).
    std::pair<double, double> costRange() const;
    std::pair<double, double> latencyRange() const;
    // The index of a provider's point, or -1.
    int indexOf(const QString &provider) const;
};

class ParetoPlot {
    Q_DECLARE_TR_FUNCTIONS(ys::ParetoPlot)
public:
    static ParetoPlotData of(const SessionSummary &summary, ParetoLatencyAxis latency,
                             ParetoCostAxis cost);
    // The axis names for people, in the order of the enums (the chart's combo boxes).
    static QString name(ParetoLatencyAxis axis);
    static QString name(ParetoCostAxis axis);
    // A point's hover text: provider, both figures with their intervals, front and gates.
    static QString details(const ParetoPlotData &plot, int index);
};

} // namespace ys
