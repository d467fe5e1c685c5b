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

// What the context scaling chart draws for one session, computed here so the chart only draws:
// per provider that ran a context sweep, each prompt size's figure with its interval, the fitted
// context curve (analysis/cost_curve.h) sampled over the measured sizes and, dashed, beyond them,
// the list price's cost per request with its tier steps, and the verified context limit. Two
// panes: the cost of one request, and its time to first token. Definitions in docs/workbench.md
// ("Charts: Pareto and context").

enum class ContextPane { Cost, Latency };

struct ContextPlotPoint {
    double promptTokens = 0;
    double value = 0;                            // $ per request, or median TTFT in ms
    std::optional<std::pair<double, double>> ci; // 95%, from the fit's residual spread
    int attempts = 0;
};

struct ContextPlotProvider {
    QString provider;
    std::vector<ContextPlotPoint> points; // measured prompt sizes, ascending
    std::vector<QPointF> fitted;          // the curve over the measured sizes
    std::vector<QPointF> extrapolated;    // the same curve past them, to the axis' end
    std::vector<QPointF> listPrice;       // cost pane: the list price per request, tiers as steps
    std::optional<qint64> verifiedLimit;  // the largest prompt a context_limit run saw taken whole
    QString fitText;                      // "R² 0.998" or why there is no curve
};

struct ContextPlotData {
    ContextPane pane = ContextPane::Cost;
    std::vector<ContextPlotProvider> providers;      // in session order
    std::vector<std::pair<double, QString>> markers; // the 128K and 200K prompt sizes
    double promptEnd = 0;                            // where the prompt axis ends
    QString valueTitle;

    // The smallest and largest value drawn (points, intervals, curves, list prices).
    std::pair<double, double> valueRange() const;
    int indexOf(const QString &provider) const;
};

class ContextPlot {
    Q_DECLARE_TR_FUNCTIONS(ys::ContextPlot)
public:
    static ContextPlotData of(const SessionSummary &summary, ContextPane pane);
    static QString name(ContextPane pane);
    // A point's hover text: provider, prompt size, figure with its interval, attempts.
    static QString details(const ContextPlotData &plot, int provider, int point);
};

} // namespace ys
