#pragma once

#include <QWidget>

class QSortFilterProxyModel;
class QTableView;

namespace ys {

class ComparisonTableModel;
class LatencyCostChart;

// The selected session's results: the per-provider comparison table (sortable) above the
// latency-vs-cost chart.
class ResultsPage : public QWidget {
    Q_OBJECT
public:
    explicit ResultsPage(ComparisonTableModel *model, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    LatencyCostChart *chart() const { return m_chart; }
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
    LatencyCostChart *m_chart;
};

} // namespace ys
