#include "charts/live_ttft_chart.h"

#include <QScatterSeries>

namespace ys {

LiveTtftChart::LiveTtftChart(QWidget *parent)
    : LiveSeriesChart(tr("Time to first token"), tr("Time into the run (s)"), tr("TTFT (ms)"),
                      parent)
{
    setObjectName(QStringLiteral("liveTtftChart"));
}

std::vector<LiveRunModel::Series> LiveTtftChart::seriesOf(const LiveRunModel &model) const
{
    return model.ttftSeries();
}

QXYSeries *LiveTtftChart::makeSeries() const
{
    auto *s = new QScatterSeries;
    s->setMarkerSize(6);
    s->setBorderColor(Qt::transparent);
    return s;
}

} // namespace ys
