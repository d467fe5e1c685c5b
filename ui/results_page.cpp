#include "ui/results_page.h"

#include "charts/context_scaling_chart.h"
#include "charts/pareto_chart.h"
#include "models/comparison_table_model.h"
#include "ui/gate_delegate.h"
#include "ui/result_views.h"
#include "workbench/workbench.h"

#include <QChartView>

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace ys {

ResultsPage::ResultsPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableView(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_charts(new QTabWidget(this))
    , m_pareto(new ParetoChart(workbench, this))
    , m_context(new ContextScalingChart(workbench, this))
{
    ComparisonTableModel *model = workbench->comparisonModel();
    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(ComparisonTableModel::SortRole);
    m_table->setObjectName(QStringLiteral("comparisonTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ComparisonTableModel::ProviderColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setItemDelegate(new GateDelegate(m_table));
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_charts->setObjectName(QStringLiteral("resultCharts"));
    m_charts->setDocumentMode(true);
    m_charts->setMinimumHeight(300);
    m_pareto->setObjectName(QStringLiteral("paretoChart"));
    m_context->setObjectName(QStringLiteral("contextScalingChart"));
    addChart(m_pareto, tr("Latency vs cost"));
    addChart(m_context, tr("Context scaling"));
    for (const ResultView &view : ResultViews::make(workbench, this))
        addChart(view.widget, view.title);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_charts);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { Q_EMIT selectedProviderChanged(selectedProvider()); });
    connect(m_proxy, &QAbstractItemModel::modelReset, this,
            [this] { Q_EMIT selectedProviderChanged(selectedProvider()); });
}

void ResultsPage::addChart(QWidget *chart, const QString &title)
{
    m_charts->addTab(chart, title);
}

QChartView *ResultsPage::currentChartView() const
{
    QWidget *tab = m_charts->currentWidget();
    if (auto *view = qobject_cast<QChartView *>(tab))
        return view;
    return tab ? tab->findChild<QChartView *>() : nullptr;
}

void ResultsPage::selectProvider(const QString &provider)
{
    if (provider == selectedProvider())
        return;
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const QModelIndex idx = m_proxy->index(r, 0);
        if (idx.data(ComparisonTableModel::ProviderNameRole).toString() == provider) {
            m_table->selectRow(r);
            return;
        }
    }
    m_table->clearSelection();
}

QString ResultsPage::selectedProvider() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return {};
    return rows.first().data(ComparisonTableModel::ProviderNameRole).toString();
}

} // namespace ys
