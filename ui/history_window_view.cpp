#include "ui/history_window_view.h"

#include "charts/history_window_chart.h"
#include "models/history_window_model.h"
#include "ui/message_label.h"
#include "ui/named_child.h"
#include "ui/table_look.h"
#include "workbench/history_presenter.h"
#include "workbench/workbench.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <utility>

namespace ys {

namespace {

// The groupings offered: a window's length in seconds, or 0 for the hour of the day.
constexpr qint64 kHourOfDay = 0;

} // namespace

HistoryWindowView::HistoryWindowView(Workbench *workbench, HistoryPresenter *presenter,
                                     QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_presenter(presenter)
    , m_grouping(namedChild<QComboBox>(QStringLiteral("historyGrouping"), this))
    , m_suite(namedChild<QComboBox>(QStringLiteral("historySuite"), this))
    , m_figure(namedChild<QComboBox>(QStringLiteral("historyFigure"), this))
    , m_message(messageLabel(QStringLiteral("historyWindowMessage"), this))
    , m_model(new HistoryWindowModel(this))
    , m_table(new QTableView(this))
    , m_chart(namedChild<HistoryWindowChart>(QStringLiteral("historyWindowChart"), this))
{
    setObjectName(QStringLiteral("historyWindowView"));
    m_grouping->addItem(tr("Windows of 1 hour"), qint64(3600));
    m_grouping->addItem(tr("Windows of 6 hours"), qint64(6 * 3600));
    m_grouping->addItem(tr("Windows of 1 day"), qint64(86400));
    m_grouping->addItem(tr("Hour of the day"), kHourOfDay);
    m_grouping->setCurrentIndex(2);
    m_grouping->setToolTip(tr("Group the finished sessions by when they started: consecutive "
                              "windows show a trend, the hour of the day a time-of-day effect"));
    m_suite->addItem(tr("Every suite"), QString());
    m_figure->addItem(tr("TTFT P50"), int(HistoryWindowChart::Figure::TtftP50));
    m_figure->addItem(tr("E2E P50"), int(HistoryWindowChart::Figure::E2eP50));
    m_figure->addItem(tr("Output tokens/s P50"), int(HistoryWindowChart::Figure::TokensPerS));
    m_chart->setMinimumHeight(200);
    m_chart->setMinimumWidth(520); // the window starts and the providers' short labels, whole

    TableLook look{QStringLiteral("historyWindowTable"), QStringLiteral("history_windows")};
    look.fitColumnsToContents = true;
    setUpTable(m_table, m_model, look);

    // Each choice after its label; the suite's takes the room left. A grouping or a suite reads
    // the medians again, a figure only draws the other one.
    auto *bar = new QHBoxLayout;
    for (auto [label, box] :
         {std::pair{tr("Group by:"), m_grouping}, std::pair{tr("Suite:"), m_suite},
          std::pair{tr("Chart:"), m_figure}}) {
        bar->addWidget(new QLabel(label, this));
        bar->addWidget(box, box == m_suite ? 1 : 0);
        connect(box, &QComboBox::currentIndexChanged, this,
                box == m_figure ? &HistoryWindowView::redraw : &HistoryWindowView::reload);
    }
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_table);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_message);
    layout->addWidget(split, 1);

    // The legend's short labels are the selected session's.
    connect(workbench, &Workbench::summaryChanged, this, &HistoryWindowView::redraw);
    connect(workbench, &Workbench::selectedProviderChanged, this,
            &HistoryWindowView::selectProvider);
}

void HistoryWindowView::setSuites(const QStringList &suites)
{
    const QString kept = m_suite->currentData().toString();
    {
        const QSignalBlocker block(m_suite);
        while (m_suite->count() > 1)
            m_suite->removeItem(1);
        for (const QString &s : suites)
            m_suite->addItem(s, s);
        const int at = m_suite->findData(kept);
        m_suite->setCurrentIndex(at < 0 ? 0 : at);
    }
    reload();
}

void HistoryWindowView::reload()
{
    m_stale = !isVisible();
    if (m_stale)
        return;
    const qint64 windowS = m_grouping->currentData().toLongLong();
    const HistoryGrouping grouping =
        windowS == kHourOfDay ? HistoryGrouping::HourOfDay : HistoryGrouping::Window;
    const bool started = m_presenter->windows(
        m_suite->currentData().toString(), windowS == kHourOfDay ? 86400 : windowS, grouping,
        [this, grouping](std::vector<HistoryWindowRow> rows, const QString &error) {
            showRows(std::move(rows), grouping, error);
        });
    if (started && m_model->rowCount() == 0)
        m_message->setText(tr("Reading the sessions…"));
}

void HistoryWindowView::showRows(std::vector<HistoryWindowRow> rows, HistoryGrouping grouping,
                                 const QString &error)
{
    if (!error.isEmpty()) {
        m_message->setText(tr("The sessions cannot be read: %1").arg(error));
        Q_EMIT loaded();
        return;
    }
    m_model->setRows(std::move(rows), grouping);
    m_message->setText(
        m_model->rowCount() == 0
            ? tr("No finished session yet. Sessions run at different times (Run → Run demo, or "
                 "a schedule of the team store) are grouped here by window or by hour.")
            : tr("Each figure is the median over the group's finished sessions of the "
                 "session's own P50."));
    redraw();
    selectProvider(m_workbench->selectedProvider());
    Q_EMIT loaded();
}

void HistoryWindowView::redraw()
{
    m_chart->setRows(m_model->rowsHeld(), m_model->grouping(),
                     HistoryWindowChart::Figure(m_figure->currentData().toInt()),
                     &m_workbench->providerLabels());
}

void HistoryWindowView::selectProvider(const QString &provider)
{
    QItemSelectionModel *selection = m_table->selectionModel();
    selection->clearSelection();
    for (int r = 0; r < m_model->rowCount(); ++r)
        if (m_model->index(r, HistoryWindowModel::Provider).data().toString() == provider)
            selection->select(m_model->index(r, 0),
                              QItemSelectionModel::Select | QItemSelectionModel::Rows);
}

void HistoryWindowView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        reload();
}

QString HistoryWindowView::message() const
{
    return m_message->text();
}

} // namespace ys
