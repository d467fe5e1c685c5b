#include "models/pareto_plot.h"

#include "analysis/pareto.h"
#include "util/index_of.h"
#include "util/number_text.h"

#include <algorithm>

namespace ys {

namespace {

// The session analysis's figure behind each axis (analysis/pareto.h), so that the chart, the
// Scores page and show --json read one number under one name.
LatencyFigure figureOf(ParetoLatencyAxis axis)
{
    switch (axis) {
    case ParetoLatencyAxis::E2eP95:
        return LatencyFigure::Gated;
    case ParetoLatencyAxis::E2eP99:
        return LatencyFigure::E2eP99;
    case ParetoLatencyAxis::TtftP95:
        return LatencyFigure::TtftP95;
    }
    return LatencyFigure::Gated;
}

std::optional<double> listCostOf(const ProviderSummary &s, const Requirements &req)
{
    if (s.price)
        return s.price->blendedPer1k(req.listInputWeight, req.listOutputWeight);
    // A summary without its price keeps only the 3:1 blend.
    if (req.listInputWeight == 3.0 && req.listOutputWeight == 1.0)
        return s.usdPer1kBlended;
    return std::nullopt;
}

QString interval(const std::optional<std::pair<double, double>> &ci, int decimals)
{
    if (!ci)
        return {};
    return QStringLiteral(" [%1, %2]")
        .arg(fixedNumber(ci->first, decimals), fixedNumber(ci->second, decimals));
}

} // namespace

ParetoPlotData ParetoPlot::of(const SessionSummary &summary, ParetoLatencyAxis latency,
                              ParetoCostAxis cost)
{
    ParetoPlotData d;
    d.latencyAxis = latency;
    d.costAxis = cost;
    const Requirements &req = summary.requirements;
    std::vector<ParetoPoint> plane;
    for (const ProviderSummary &s : summary.providers) {
        const std::optional<double> y = latencyFigureOf(s, figureOf(latency));
        const std::optional<double> x =
            cost == ParetoCostAxis::Measured ? s.usdPer1kMeasured : listCostOf(s, req);
        if (!x || !y) {
            d.unplaced.append(s.name);
            continue;
        }
        ParetoPlotPoint p;
        p.provider = s.name;
        p.cost = *x;
        p.latency = *y;
        if (cost == ParetoCostAxis::Measured)
            p.costCi = s.usdPer1kMeasuredCi;
        p.latencyCi = latencyFigureCi(s, figureOf(latency));
        d.points.push_back(p);
        plane.push_back({*x, *y});
    }

    if (latency == ParetoLatencyAxis::E2eP95)
        d.latencyGate = req.maxP95LatencyMs;
    else if (latency == ParetoLatencyAxis::TtftP95)
        d.latencyGate = req.maxTtftP95Ms;
    d.costGate = req.maxUsdPer1k;
    for (ParetoPlotPoint &p : d.points) {
        p.passesGates = (!d.latencyGate || p.latency <= *d.latencyGate) &&
                        (!d.costGate || p.cost <= *d.costGate);
    }

    const std::vector<int> front = paretoFront(plane); // ascending cost
    d.frontCount = int(front.size());
    for (std::size_t i = 0; i < front.size(); ++i) {
        ParetoPlotPoint &p = d.points[std::size_t(front[i])];
        p.onFront = true;
        if (i > 0)
            d.frontSteps.emplace_back(p.cost, d.frontSteps.back().y());
        d.frontSteps.emplace_back(p.cost, p.latency);
    }
    return d;
}

namespace {

using Interval = std::optional<std::pair<double, double>>;

// The smallest and largest figure on one axis: every point's value and its interval's ends,
// and the gate (0 and 0 without points).
std::pair<double, double> axisRange(const std::vector<ParetoPlotPoint> &points,
                                    double ParetoPlotPoint::*value,
                                    Interval ParetoPlotPoint::*interval,
                                    const std::optional<double> &gate)
{
    if (points.empty())
        return {0, 0};
    double lo = points.front().*value, hi = lo;
    for (const ParetoPlotPoint &p : points) {
        const double v = p.*value;
        const Interval &ci = p.*interval;
        lo = std::min({lo, v, ci ? ci->first : v});
        hi = std::max({hi, v, ci ? ci->second : v});
    }
    if (gate) {
        lo = std::min(lo, *gate);
        hi = std::max(hi, *gate);
    }
    return {lo, hi};
}

} // namespace

std::pair<double, double> ParetoPlotData::costRange() const
{
    return axisRange(points, &ParetoPlotPoint::cost, &ParetoPlotPoint::costCi, costGate);
}

std::pair<double, double> ParetoPlotData::latencyRange() const
{
    return axisRange(points, &ParetoPlotPoint::latency, &ParetoPlotPoint::latencyCi, latencyGate);
}

int ParetoPlotData::indexOf(const QString &provider) const
{
    return ys::indexOf(points, provider, &ParetoPlotPoint::provider);
}

QString ParetoPlot::name(ParetoLatencyAxis axis)
{
    switch (axis) {
    case ParetoLatencyAxis::E2eP95:
        return tr("End-to-end P95");
    case ParetoLatencyAxis::E2eP99:
        return tr("End-to-end P99 (from the attempt's start)");
    case ParetoLatencyAxis::TtftP95:
        return tr("TTFT P95");
    }
    return {};
}

QString ParetoPlot::name(ParetoCostAxis axis)
{
    return axis == ParetoCostAxis::Measured ? tr("$ per 1K tokens, measured")
                                            : tr("$ per 1K tokens, list");
}

QString ParetoPlot::details(const ParetoPlotData &plot, int index)
{
    if (index < 0 || index >= int(plot.points.size()))
        return {};
    const ParetoPlotPoint &p = plot.points[std::size_t(index)];
    QStringList lines;
    lines << p.provider;
    lines << tr("%1: %2 ms%3")
                 .arg(name(plot.latencyAxis), fixedNumber(p.latency, 1), interval(p.latencyCi, 1));
    lines
        << tr("%1: $%2%3").arg(name(plot.costAxis), fixedNumber(p.cost, 5), interval(p.costCi, 5));
    lines << (p.onFront ? tr("On the Pareto front")
                        : tr("Dominated: another provider is no "
                             "dearer and no slower"));
    if (plot.latencyGate || plot.costGate)
        lines << (p.passesGates ? tr("Inside the gate lines") : tr("Outside the gate lines"));
    return lines.join(QLatin1Char('\n'));
}

} // namespace ys
