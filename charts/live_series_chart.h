#pragma once

#include "models/live_run_model.h"

#include <QChartView>
#include <QPointer>
#include <QTimer>

class QChart;
class QValueAxis;
class QXYSeries;

namespace ys {

// The Run page's two live charts: one series per provider of the running session, filled from
// a LiveRunModel as attempts land. Changes are coalesced by a timer into a redraw at most every
// kRedrawMs, and the model bounds what there is to draw (about 10K points).
class LiveSeriesChart : public QChartView {
    Q_OBJECT
public:
    static constexpr int kRedrawMs = 250;

    enum class Figure {
        // Every successful attempt's time to first token against when it started in the run,
        // one colour per provider (a scatter).
        Ttft,
        // Output tokens per second of each completed window (one second, wider in a long run),
        // one line per provider, growing as the windows close.
        Throughput,
        // Requests waiting in each scraped server's queue at each scrape, one line per provider
        // whose server metrics are read.
        ServerQueue,
    };

    explicit LiveSeriesChart(Figure figure, QWidget *parent = nullptr);

    void setModel(LiveRunModel *model);
    // Points drawn by the last redraw, over every series.
    int pointCount() const { return m_pointCount; }
    int redrawCount() const { return m_redraws; }
    // Redraws now if anything changed since the last redraw.
    void redraw();

private:
    std::vector<LiveRunModel::Series> seriesOf(const LiveRunModel &model) const;
    QXYSeries *makeSeries() const;
    void scheduleRedraw();

    Figure m_figure;

    QPointer<LiveRunModel> m_model;
    QChart *m_chart;
    QValueAxis *m_xAxis;
    QValueAxis *m_yAxis;
    QList<QXYSeries *> m_series;
    QTimer m_timer;
    quint64 m_drawnRevision = ~quint64(0);
    int m_pointCount = 0;
    int m_redraws = 0;
};

} // namespace ys
