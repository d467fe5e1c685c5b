#pragma once

#include <QWidget>

class QChartView;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace ys {

class ContextScalingChart;
class ParetoChart;
class Workbench;

// The selected session's results: the per-provider comparison table (sortable) above the
// charts, each in a tab (the Pareto chart first, then context scaling; addChart adds more).
class ResultsPage : public QWidget {
    Q_OBJECT
public:
    explicit ResultsPage(Workbench *workbench, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
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

Q_SIGNALS:
    void selectedProviderChanged(const QString &provider);

private:
    QTableView *m_table;
    QSortFilterProxyModel *m_proxy;
    QTabWidget *m_charts;
    ParetoChart *m_pareto;
    ContextScalingChart *m_context;
};

} // namespace ys
