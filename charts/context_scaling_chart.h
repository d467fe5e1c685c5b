#pragma once

#include "models/context_plot.h"

#include <QHash>
#include <QList>
#include <QPointer>
#include <QWidget>

class QAbstractSeries;
class QChart;
class QChartView;
class QComboBox;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace ys {

class Workbench;

// How the cost and the time to first token of one request grow with its prompt, for the
// workbench's selected session: per provider that ran a context sweep, the measured sizes with
// their 95% intervals, the fitted context curve (dashed past the sizes measured), the list
// price's tier steps and the verified context limit, with the 128K and 200K prompt sizes marked.
// The pane (cost or latency) is chosen on the widget; ContextPlot computes everything drawn.
// Clicking a point selects its provider in the workbench; the selected provider's lines are
// drawn bolder.
class ContextScalingChart : public QWidget {
    Q_OBJECT
public:
    explicit ContextScalingChart(Workbench *workbench, QWidget *parent = nullptr);

    QChartView *view() const { return m_view; }
    QComboBox *paneBox() const { return m_paneBox; }
    void setPane(ContextPane pane);
    ContextPane pane() const;

    // What the last rebuild drew.
    const ContextPlotData &plot() const { return m_plot; }
    int pointCount() const;
    // The series drawn with this objectName: "point", "whisker", "fit", "extrapolated",
    // "listPrice", "verifiedLimit", "marker".
    QList<QAbstractSeries *> seriesNamed(const QString &objectName) const;

private:
    void rebuild();
    void drawProvider(int index, double yLo, double yHi);
    void add(QAbstractSeries *series, const QString &provider, bool legend);
    void highlight();
    QLineSeries *line(const QString &objectName, const QString &name, const QPen &pen);

    QPointer<Workbench> m_workbench;
    QChartView *m_view;
    QChart *m_chart;
    QComboBox *m_paneBox;
    QValueAxis *m_xAxis;
    QValueAxis *m_yAxis;
    ContextPlotData m_plot;
    QHash<QAbstractSeries *, QString> m_providerOf; // every provider's series
    QHash<QString, int> m_colourIndex;
};

} // namespace ys
