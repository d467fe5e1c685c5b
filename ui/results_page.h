#pragma once

#include <QWidget>

class QChartView;
class QLabel;
class QTabWidget;
class QTableView;

namespace ys {

class ComparisonTableView;
class ContextScalingChart;
class ParetoChart;
class Workbench;

// The selected session's results: the per-provider comparison table (ComparisonTableView:
// sortable, filtered, columns to choose, rows to copy or re-run) above the charts, each in a tab
// (the Pareto chart first, then context scaling; addChart adds more).
class ResultsPage : public QWidget {
    Q_OBJECT
public:
    explicit ResultsPage(Workbench *workbench, QWidget *parent = nullptr);

    QTableView *table() const;
    ComparisonTableView *comparisonView() const { return m_comparison; }
    ParetoChart *paretoChart() const { return m_pareto; }
    ContextScalingChart *contextChart() const { return m_context; }
    QTabWidget *charts() const { return m_charts; }
    // Adds a chart (a QChartView, or a widget holding one) as a tab after the others.
    void addChart(QWidget *chart, const QString &title);
    // The chart of the tab shown, for export: null when that tab holds none.
    QChartView *currentChartView() const;
    // The provider of the selected table row, or an empty string.
    QString selectedProvider() const;
    // Selects the row of that provider (none for an unknown or empty name), without a signal
    // when it already is.
    void selectProvider(const QString &provider);
    // What to do first, shown while the database holds no session.
    QLabel *firstStartHint() const { return m_hint; }

Q_SIGNALS:
    void selectedProviderChanged(const QString &provider);
    // From a table row's context menu.
    void rerunRequested(const QString &provider);
    void attemptsRequested(const QString &provider);

protected:
    void changeEvent(QEvent *event) override;

private:
    void showHint();

    Workbench *m_workbench;
    QLabel *m_hint;
    bool m_listed = false; // the session list has been read
    ComparisonTableView *m_comparison;
    QTabWidget *m_charts;
    ParetoChart *m_pareto;
    ContextScalingChart *m_context;
};

} // namespace ys
