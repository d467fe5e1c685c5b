#pragma once

#include <QChartView>
#include <QPointer>

class QAbstractItemModel;
class QChart;
class QLineSeries;
class QValueAxis;

namespace ys {

// Latency against cost for one session: a point per provider (end-to-end P95 against blended
// $ per 1K tokens), the requirement gates as dashed lines, and the Pareto front joining the
// providers nothing beats on both. Fed from a ComparisonTableModel; redraws when it changes.
class LatencyCostChart : public QChartView {
    Q_OBJECT
public:
    explicit LatencyCostChart(QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model);
    // Points drawn in the last rebuild (providers with both figures measured).
    int pointCount() const { return m_pointCount; }
    int paretoCount() const { return m_paretoCount; }

private:
    void rebuild();

    QPointer<QAbstractItemModel> m_model;
    QChart *m_chart = nullptr;
    QValueAxis *m_xAxis = nullptr; // kept for the chart's life: replacing axes leaves stale labels
    QValueAxis *m_yAxis = nullptr;
    int m_pointCount = 0;
    int m_paretoCount = 0;
};

} // namespace ys
