#include "charts/live_throughput_chart.h"

#include <QLineSeries>

namespace ys {

LiveThroughputChart::LiveThroughputChart(QWidget *parent)
    : LiveSeriesChart(tr("Throughput"), tr("Time into the run (s)"), tr("Output tokens/s"), parent)
{
    setObjectName(QStringLiteral("liveThroughputChart"));
}

std::vector<LiveRunModel::Series> LiveThroughputChart::seriesOf(const LiveRunModel &model) const
{
    return model.throughputSeries();
}

QXYSeries *LiveThroughputChart::makeSeries() const
{
    auto *s = new QLineSeries;
    s->setPointsVisible(true);
    return s;
}

} // namespace ys
