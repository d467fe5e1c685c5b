#include "ui/results_page.h"

#include "charts/context_scaling_chart.h"
#include "charts/pareto_chart.h"
#include "ui/comparison_table_view.h"
#include "ui/named_child.h"
#include "ui/result_views.h"
#include "workbench/workbench.h"

#include <QChartView>

#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace ys {

ResultsPage::ResultsPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_comparison(new ComparisonTableView(workbench, this))
    , m_charts(namedChild<QTabWidget>(QStringLiteral("resultCharts"), this))
    , m_pareto(new ParetoChart(workbench, this))
    , m_context(new ContextScalingChart(workbench, this))
{
    m_charts->setDocumentMode(true);
    m_charts->setMinimumHeight(300);
    m_pareto->setObjectName(QStringLiteral("paretoChart"));
    m_context->setObjectName(QStringLiteral("contextScalingChart"));
    addChart(m_pareto, tr("Latency vs cost"));
    addChart(m_context, tr("Context scaling"));
    for (const ResultView &view : ResultViews::make(workbench, this))
        addChart(view.widget, view.title);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_comparison);
    splitter->addWidget(m_charts);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_comparison, &ComparisonTableView::selectedProviderChanged, this,
            &ResultsPage::selectedProviderChanged);
    connect(m_comparison, &ComparisonTableView::rerunRequested, this, &ResultsPage::rerunRequested);
    connect(m_comparison, &ComparisonTableView::attemptsRequested, this,
            &ResultsPage::attemptsRequested);
}

QTableView *ResultsPage::table() const
{
    return m_comparison->table();
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
    m_comparison->selectProvider(provider);
}

QString ResultsPage::selectedProvider() const
{
    return m_comparison->selectedProvider();
}

} // namespace ys
