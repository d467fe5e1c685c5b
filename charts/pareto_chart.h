#pragma once

#include "models/pareto_plot.h"

#include <QHash>
#include <QList>
#include <QPointer>
#include <QWidget>

class QAbstractAxis;
class QAbstractSeries;
class QAreaSeries;
class QChart;
class QChartView;
class QCheckBox;
class QComboBox;
class QLineSeries;
class QMenu;
class QScatterSeries;

namespace ys {

class Workbench;

// Latency against $ per 1K tokens for the workbench's selected session: each provider's point
// with its 95% intervals as whiskers on both axes, the Pareto front as a staircase, dominated
// points faded, the gate lines with the region that passes both shaded. The axes' figures
// (combo boxes) and log scales (check box) are chosen on the widget; ParetoPlot computes
// everything drawn. Hovering a point shows its figures; clicking it selects the provider in the
// workbench, and the chart highlights whichever provider the workbench has selected. A point's
// context menu offers to re-run its provider, then the view's own actions (exporting the chart);
// elsewhere on the chart the menu has those alone.
class ParetoChart : public QWidget {
    Q_OBJECT
public:
    explicit ParetoChart(Workbench *workbench, QWidget *parent = nullptr);
    ~ParetoChart() override;

    QChartView *view() const { return m_view; }
    QComboBox *latencyAxisBox() const { return m_latencyBox; }
    QComboBox *costAxisBox() const { return m_costBox; }
    QCheckBox *logAxesBox() const { return m_logBox; }

    void setAxes(ParetoLatencyAxis latency, ParetoCostAxis cost);
    void setLogAxes(bool log);

    // What the last rebuild drew.
    const ParetoPlotData &plot() const { return m_plot; }
    int pointCount() const { return int(m_plot.points.size()); }
    int paretoCount() const { return m_plot.frontCount; }
    int whiskerCount() const { return m_whiskerCount; }
    QScatterSeries *pointSeries(const QString &provider) const;
    QLineSeries *frontSeries() const { return m_front; }
    QList<QLineSeries *> gateSeries() const { return m_gates; }
    QAreaSeries *passRegion() const { return m_passRegion; }
    QAbstractAxis *costAxis() const;
    QAbstractAxis *latencyAxis() const;

    // Where a provider's point is drawn, in the view's coordinates (null for none), and the
    // provider whose point is within a few pixels of a position (empty for none).
    QPoint positionOf(const QString &provider) const;
    QString providerAt(const QPoint &viewPos) const;
    // The context menu of a provider's point, owned by the caller.
    QMenu *contextMenuFor(const QString &provider, QWidget *parent);

Q_SIGNALS:
    void rerunRequested(const QString &provider);

private:
    void rebuild();
    void useAxes();
    void frame();
    QPointF clamped(double cost, double latency) const;
    void drawGates();
    void drawPoint(const ParetoPlotPoint &p);
    void highlight();
    void attach(QAbstractSeries *series);
    void showMenu(const QPoint &viewPos);

    QPointer<Workbench> m_workbench;
    QChartView *m_view;
    QChart *m_chart;
    QComboBox *m_latencyBox;
    QComboBox *m_costBox;
    QCheckBox *m_logBox;
    // Both kinds of axis live as long as the chart: the ones not shown are detached, and deleted
    // by the destructor.
    QAbstractAxis *m_xValue;
    QAbstractAxis *m_yValue;
    QAbstractAxis *m_xLog;
    QAbstractAxis *m_yLog;
    ParetoPlotData m_plot;
    QHash<QString, QScatterSeries *> m_points;
    QHash<QString, int> m_colourIndex; // a provider's place in the session
    QLineSeries *m_front = nullptr;
    QList<QLineSeries *> m_gates;
    QAreaSeries *m_passRegion = nullptr;
    int m_whiskerCount = 0;
    // The plot's extent; figures beyond it are drawn at its edge.
    double m_xMin = 0;
    double m_xMax = 1;
    double m_yMin = 0;
    double m_yMax = 1;
};

} // namespace ys
