#pragma once

#include <QtCharts/QAbstractSeries>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>

namespace ys {

// Keeps a helper series (a band, a front line, a marker) out of the chart's legend.
inline void hideFromLegend(QChart *chart, QAbstractSeries *series)
{
    for (QLegendMarker *m : chart->legend()->markers(series))
        m->setVisible(false);
}

// Shows `label` for the series in the chart's legend instead of its name: a provider's short
// label (ProviderLabels), while the series keeps the full name for tooltips and lookups. The
// series must be in the chart already.
inline void labelInLegend(QChart *chart, QAbstractSeries *series, const QString &label)
{
    for (QLegendMarker *m : chart->legend()->markers(series))
        m->setLabel(label);
}

} // namespace ys
