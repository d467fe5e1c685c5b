#pragma once

#include "charts/live_series_chart.h"

namespace ys {

// The Run page's TTFT scatter: every successful attempt's time to first token against when it
// started in the run, one colour per provider, filling as attempts land.
class LiveTtftChart : public LiveSeriesChart {
    Q_OBJECT
public:
    explicit LiveTtftChart(QWidget *parent = nullptr);

protected:
    std::vector<LiveRunModel::Series> seriesOf(const LiveRunModel &model) const override;
    QXYSeries *makeSeries() const override;
};

} // namespace ys
