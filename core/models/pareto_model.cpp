#include "models/pareto_model.h"

#include "models/cell_values.h"

#include <algorithm>

namespace ys {

namespace {

QVariant intervalLow(const std::optional<std::pair<double, double>> &ci)
{
    return ci ? QVariant(ci->first) : QVariant();
}

QVariant intervalHigh(const std::optional<std::pair<double, double>> &ci)
{
    return ci ? QVariant(ci->second) : QVariant();
}

} // namespace

ParetoModel::ParetoModel(QObject *parent)
    : RowTableModel(parent)
{
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) { return at(r).provider; });
    addColumn("usd_per_1k", "$/1K tokens", QT_TR_NOOP("$/1K measured"), [this](int r) {
        return at(r).usdPer1k;
    }).places(5);
    addColumn("usd_per_1k_low", "$/1K tokens", QT_TR_NOOP("$/1K low"), [this](int r) {
        return intervalLow(at(r).usdPer1kCi);
    }).places(5);
    addColumn("usd_per_1k_high", "$/1K tokens", QT_TR_NOOP("$/1K high"), [this](int r) {
        return intervalHigh(at(r).usdPer1kCi);
    }).places(5);
    addColumn("latency_ms", "ms", QT_TR_NOOP("Latency (ms)"), [this](int r) {
        return at(r).latencyMs;
    }).places(1);
    addColumn("latency_low_ms", "ms", QT_TR_NOOP("Latency low"), [this](int r) {
        return intervalLow(at(r).latencyCi);
    }).places(1);
    addColumn("latency_high_ms", "ms", QT_TR_NOOP("Latency high"), [this](int r) {
        return intervalHigh(at(r).latencyCi);
    }).places(1);
    // The flags show "yes" or nothing, and leave the model as that text.
    const auto yes = [](bool v) {
        return v ? tr("yes") : QString();
    };
    addColumn("on_front", "", QT_TR_NOOP("On front"), [this](int r) {
        return onFront(r);
    }).shown([this, yes](int r) {
          return yes(onFront(r));
      }).exportsText();
    addColumn("knee", "", QT_TR_NOOP("Knee"), [this](int r) {
        return m_analysis.knee == r;
    }).shown([this, yes](int r) {
          return yes(m_analysis.knee == r);
      }).exportsText();
    addColumn("next_segment", "", QT_TR_NOOP("Next segment"),
              [this](int r) { return segmentFrom(r); })
        .shown([this](int r) -> QVariant {
            const QVariant v = segmentFrom(r);
            if (!v.isValid())
                return dash();
            const QString shape = v.toString();
            return shape == QLatin1String("steep")  ? tr("steep")
                   : shape == QLatin1String("flat") ? tr("flat")
                                                    : tr("even");
        })
        .exportsText();
}

void ParetoModel::setAnalysis(ParetoAnalysis analysis)
{
    beginResetModel();
    m_analysis = std::move(analysis);
    endResetModel();
}

bool ParetoModel::onFront(int row) const
{
    const auto &front = m_analysis.front;
    return std::find(front.begin(), front.end(), row) != front.end();
}

QVariant ParetoModel::segmentFrom(int row) const
{
    for (const ParetoSegment &s : m_analysis.segments)
        if (s.from == row)
            return segmentShapeName(s.shape);
    return {};
}

} // namespace ys
