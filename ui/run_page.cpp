#include "ui/run_page.h"

#include "charts/live_series_chart.h"
#include "models/live_run_model.h"
#include "models/run_events_model.h"
#include "ui/message_label.h"
#include "ui/named_child.h"
#include "ui/table_look.h"
#include "workbench/workbench.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

namespace ys {

RunPage::RunPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_model(new LiveRunModel(this))
    , m_status(selectableMessageLabel(QStringLiteral("runPageStatus"), this))
    , m_bar(namedChild<QProgressBar>(QStringLiteral("runPageProgress"), this))
    , m_cancel(new QPushButton(tr("Cancel run"), this))
    , m_progress(new QTableView(this))
    , m_ttft(new LiveSeriesChart(LiveSeriesChart::Figure::Ttft, this))
    , m_throughput(new LiveSeriesChart(LiveSeriesChart::Figure::Throughput, this))
    , m_serverQueue(new LiveSeriesChart(LiveSeriesChart::Figure::ServerQueue, this))
    , m_events(new QTableView(this))
{
    setObjectName(QStringLiteral("runPage"));
    m_cancel->setObjectName(QStringLiteral("runPageCancel"));
    m_cancel->setToolTip(tr("Stop the run; every attempt so far is kept"));
    m_cancel->setEnabled(false);

    TableLook progress{QStringLiteral("runProgressTable"), QStringLiteral("run_progress")};
    progress.selection = QAbstractItemView::NoSelection;
    progress.fitColumnsToContents = true;
    setUpTable(m_progress, m_model, progress);
    TableLook eventList{QStringLiteral("runEventsList"), QStringLiteral("run_events")};
    eventList.fitColumnsToContents = true;
    setUpTable(m_events, m_model->events(), eventList);

    m_ttft->setModel(m_model);
    m_throughput->setModel(m_model);
    m_serverQueue->setModel(m_model);
    m_serverQueue->hide();

    auto *top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_bar);
    top->addWidget(m_cancel);

    auto *charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_ttft);
    charts->addWidget(m_throughput);
    charts->addWidget(m_serverQueue);

    auto *events = new QWidget(this);
    auto *eventsLayout = new QVBoxLayout(events);
    eventsLayout->setContentsMargins(0, 0, 0, 0);
    eventsLayout->addWidget(new QLabel(tr("Events"), events));
    eventsLayout->addWidget(m_events);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_progress);
    split->addWidget(charts);
    split->addWidget(events);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 1);
    split->setSizes({140, 440, 180}); // the charts get most of the height
    m_ttft->setMinimumHeight(240);
    m_throughput->setMinimumHeight(240);
    m_serverQueue->setMinimumHeight(240);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);

    connect(workbench, &Workbench::runStarted, this,
            [this](const Suite &suite, const QStringList &only) {
                m_cancelling = false;
                m_model->begin(suite, only);
                m_serverQueue->setVisible(m_model->hasServerMetrics());
                bringForward();
            });
    connect(workbench, &Workbench::progress, m_model, &LiveRunModel::setProgress);
    connect(workbench, &Workbench::sampleMeasured, m_model, &LiveRunModel::addSample);
    connect(workbench, &Workbench::runEventRecorded, m_model, &LiveRunModel::addRecordedEvent);
    connect(workbench, &Workbench::serverScraped, m_model, &LiveRunModel::addServerScrape);
    connect(workbench, &Workbench::sessionFinished, m_model, &LiveRunModel::finish);
    connect(workbench, &Workbench::runningChanged, this, &RunPage::showStatus);
    connect(m_model, &LiveRunModel::statusChanged, this, &RunPage::showStatus);
    // New events scroll into view unless the analyst scrolled up to read older ones.
    connect(m_model->events(), &QAbstractItemModel::rowsInserted, this, [this] {
        QScrollBar *bar = m_events->verticalScrollBar();
        if (bar->value() >= bar->maximum() - 2)
            QTimer::singleShot(0, m_events, &QAbstractItemView::scrollToBottom);
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_cancelling = true;
        m_cancel->setEnabled(false);
        m_workbench->cancel();
        showStatus();
    });
    showStatus();
}

void RunPage::showStatus()
{
    const bool running = m_workbench->isRunning();
    m_cancel->setEnabled(running && !m_cancelling);
    m_bar->setVisible(running);
    m_bar->setRange(0, std::max(1, m_model->total()));
    m_bar->setValue(std::min(m_model->done(), m_model->total()));
    if (running && m_cancelling)
        m_status->setText(tr("Cancelling: the attempts in flight finish and every attempt so "
                             "far is kept…"));
    else
        m_status->setText(m_model->statusText());
}

void RunPage::bringForward()
{
    for (QWidget *w = parentWidget(); w; w = w->parentWidget()) {
        if (auto *tabs = qobject_cast<QTabWidget *>(w)) {
            if (tabs->indexOf(this) >= 0)
                tabs->setCurrentWidget(this);
            return;
        }
    }
}

} // namespace ys
