#pragma once

#include "charts/live_series_chart.h"

namespace ys {

// The Run page's throughput line: output tokens per second of each completed window (one second,
// wider in a long run), one line per provider, growing as the windows close.
class LiveThroughputChart : public LiveSeriesChart {
    Q_OBJECT
public:
    explicit LiveThroughputChart(QWidget *parent = nullptr);

protected:
    std::vector<LiveRunModel::Series> seriesOf(const LiveRunModel &model) const override;
    QXYSeries *makeSeries() const override;
};

} // namespace ys
