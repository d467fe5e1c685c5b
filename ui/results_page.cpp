#include "ui/results_page.h"

#include "charts/context_scaling_chart.h"
#include "charts/pareto_chart.h"
#include "models/session_list_model.h"
#include "ui/comparison_table_view.h"
#include "ui/message_label.h"
#include "ui/named_child.h"
#include "ui/result_views.h"
#include "workbench/workbench.h"

#include <QChartView>
#include <QEvent>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace ys {

ResultsPage::ResultsPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_hint(messageLabel(QStringLiteral("firstStartHint"), this))
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
    layout->addWidget(m_hint);
    layout->addWidget(splitter);
    m_hint->setContentsMargins(8, 8, 8, 8);
    m_hint->setStyleSheet(QStringLiteral("font-size: 11pt;"));
    const QAbstractItemModel *sessions = workbench->sessionModel();
    // The list is read off the UI thread: the hint waits for it, so a database with sessions
    // never flashes it.
    connect(sessions, &QAbstractItemModel::modelReset, this, [this] {
        m_listed = true;
        showHint();
    });
    connect(sessions, &QAbstractItemModel::rowsInserted, this, &ResultsPage::showHint);
    connect(sessions, &QAbstractItemModel::rowsRemoved, this, &ResultsPage::showHint);
    showHint();

    connect(m_comparison, &ComparisonTableView::selectedProviderChanged, this,
            &ResultsPage::selectedProviderChanged);
    connect(m_comparison, &ComparisonTableView::rerunRequested, this, &ResultsPage::rerunRequested);
    connect(m_comparison, &ComparisonTableView::attemptsRequested, this,
            &ResultsPage::attemptsRequested);
}

void ResultsPage::showHint()
{
    m_hint->setText(
        tr("No session yet. Choose Run → Run demo to benchmark the built-in simulated providers "
           "and fill these tables and charts, or set up your own providers and scenarios on the "
           "Suite page."));
    m_hint->setVisible(m_listed && m_workbench->sessionModel()->rowCount() == 0);
}

void ResultsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        showHint();
    QWidget::changeEvent(event);
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
