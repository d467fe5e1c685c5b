#pragma once

#include <QObject>
#include <QPointer>

class QAction;
class QChartView;
class QTabWidget;
class QWidget;

namespace ys {

class Workbench;

// Puts every chart of the window within reach of an export: each chart view gets "Export
// chart…" and "Copy chart" in its context menu (views with a menu of their own, like the
// Pareto chart's, add the view's actions to it), including views made later (found when they
// are first shown). The window's actions export or copy the chart of the page shown: the first
// chart visible on it, so the Results page's current chart tab. The footnote names the
// workbench's selected session.
class ChartExporter : public QObject {
    Q_OBJECT
public:
    ChartExporter(QTabWidget *pages, Workbench *workbench, QWidget *window);
    ~ChartExporter() override;

    // Copies the chart of the page shown (Ctrl+Shift+C).
    QAction *copyAction() const { return m_copy; }
    // Gives a chart view its two context-menu actions (once).
    void attach(QChartView *view);
    // The chart of the page shown, or null when it shows none.
    QChartView *currentChart() const;
    static QChartView *chartOf(QWidget *page);
    // Opens the export dialog for a view's chart.
    void exportChart(QChartView *view);
    // The view's chart on the clipboard as PNG and SVG, in the theme last chosen for exports.
    void copyChart(QChartView *view);
    void exportCurrent();
    void copyCurrent();
    QString footnote() const;
    void retranslate();

Q_SIGNALS:
    // What was done, for the status line.
    void message(const QString &text);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QPointer<QTabWidget> m_pages;
    QPointer<Workbench> m_workbench;
    QWidget *m_window;
    QAction *m_copy;
};

} // namespace ys
