#pragma once

#include "models/live_run_model.h"

#include <QChartView>
#include <QPointer>
#include <QTimer>

class QChart;
class QValueAxis;
class QXYSeries;

namespace ys {

// What the two live charts of the Run page share: one series per provider of the running
// session, filled from a LiveRunModel as attempts land. Changes are coalesced by a timer into a
// redraw at most every kRedrawMs, and the model bounds what there is to draw (about 10K points).
class LiveSeriesChart : public QChartView {
    Q_OBJECT
public:
    static constexpr int kRedrawMs = 250;

    void setModel(LiveRunModel *model);
    // Points drawn by the last redraw, over every series.
    int pointCount() const { return m_pointCount; }
    int redrawCount() const { return m_redraws; }
    // Redraws now if anything changed since the last redraw.
    void redraw();

protected:
    LiveSeriesChart(const QString &title, const QString &xTitle, const QString &yTitle,
                    QWidget *parent);
    virtual std::vector<LiveRunModel::Series> seriesOf(const LiveRunModel &model) const = 0;
    virtual QXYSeries *makeSeries() const = 0;

private:
    void scheduleRedraw();

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
