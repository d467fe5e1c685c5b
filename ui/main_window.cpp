#include "ui/main_window.h"

#include "charts/pareto_chart.h"
#include "domain/session_status.h"
#include "models/session_list_model.h"
#include "ui/attempts_page.h"
#include "ui/bill_page.h"
#include "ui/bundle_actions.h"
#include "ui/chart_exporter.h"
#include "ui/history_page.h"
#include "ui/named_child.h"
#include "ui/recommendation_page.h"
#include "ui/report_action.h"
#include "ui/results_page.h"
#include "ui/run_page.h"
#include "ui/run_status_bar.h"
#include "ui/scores_page.h"
#include "ui/suite_page.h"
#include "ui/suite_provider_editing.h"
#include "ui/table_export_menu.h"
#include "ui/tco_page.h"
#include "ui/team_page.h"
#include "ui/window_habits.h"
#include "workbench/suite_estimate.h"
#include "workbench/workbench.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QItemSelectionModel>
#include <QListView>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QTabWidget>
#include <QToolBar>

namespace ys {

MainWindow::MainWindow(Workbench *workbench, QWidget *parent)
    : QMainWindow(parent)
    , m_workbench(workbench)
    , m_sessionList(namedChild<QListView>(QStringLiteral("sessionList"), this))
    , m_pages(namedChild<QTabWidget>(QStringLiteral("pages"), this))
    , m_results(new ResultsPage(workbench, this))
    , m_status(new RunStatusBar(this))
{
    m_pages->setDocumentMode(true);
    setCentralWidget(m_pages);
    m_results->setObjectName(QStringLiteral("resultsPage"));
    addPage(m_results, QT_TR_NOOP("Results"));
    auto *attempts = new AttemptsPage(workbench, this);
    addPage(attempts, QT_TR_NOOP("Attempts"));
    connect(m_results->paretoChart(), &ParetoChart::rerunRequested, this,
            &MainWindow::rerunProviderNamed);
    connect(m_results, &ResultsPage::rerunRequested, this, &MainWindow::rerunProviderNamed);
    connect(m_results, &ResultsPage::attemptsRequested, this,
            [this, attempts] { m_pages->setCurrentWidget(attempts); });
    auto *suitePage = new SuitePage(m_workbench, this);
    connectProviderDialog(suitePage);
    addPage(suitePage, QT_TR_NOOP("Suite"));
    addPage(new RunPage(m_workbench, this), QT_TR_NOOP("Run"));
    auto *history = new HistoryPage(m_workbench, this);
    addPage(history, QT_TR_NOOP("History"));
    addPage(new ScoresPage(m_workbench, this), QT_TR_NOOP("Scores"));
    addPage(new RecommendationPage(m_workbench, this), QT_TR_NOOP("Recommendation"));
    addPage(new TcoPage(m_workbench, this), QT_TR_NOOP("TCO"));
    m_bill = new BillPage(m_workbench, this);
    addPage(m_bill, QT_TR_NOOP("Bill"));
    addPage(new TeamPage(m_workbench, this), QT_TR_NOOP("Team"));
    setStatusBar(m_status);
    m_sessionList->setModel(workbench->sessionModel());
    m_sessionList->setSelectionMode(QAbstractItemView::SingleSelection);
    m_sessionsDock = new QDockWidget(this);
    m_sessionsDock->setObjectName(QStringLiteral("sessionsDock"));
    m_sessionsDock->setWidget(m_sessionList);
    m_sessionsDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_sessionsDock);

    createActions();

    connect(m_sessionList->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                if (!current.isValid())
                    return;
                // The list follows the workbench too: loading that session again would be waste.
                const qint64 id = current.data(SessionListModel::SessionIdRole).toLongLong();
                if (id != m_workbench->selectedSession() && id != m_workbench->loadingSession())
                    m_workbench->selectSession(id);
            });
    connect(workbench, &Workbench::selectedSessionChanged, this, [this](qint64 id) {
        const int row = m_workbench->sessionModel()->rowOf(id);
        if (row >= 0)
            m_sessionList->setCurrentIndex(m_workbench->sessionModel()->index(row));
        updateActions();
    });
    connect(workbench->sessionModel(), &QAbstractItemModel::modelReset, this, [this] {
        const int row = m_workbench->sessionModel()->rowOf(m_workbench->selectedSession());
        if (row >= 0)
            m_sessionList->setCurrentIndex(m_workbench->sessionModel()->index(row));
    });
    connect(workbench, &Workbench::runningChanged, m_status, &RunStatusBar::setRunning);
    connect(workbench, &Workbench::runningChanged, this, &MainWindow::updateActions);
    connect(workbench, &Workbench::progress, m_status, &RunStatusBar::setProgress);
    connect(workbench, &Workbench::warning, this,
            [this](const QString &message) { m_status->showMessage(message, 15000); });
    connect(workbench, &Workbench::sessionFinished, this, [this](qint64 id, SessionStatus status) {
        m_status->showMessage(
            tr("Session %1: %2").arg(id).arg(SessionStatusText::displayText(status)), 10000);
    });
    // A re-run ends on the History page, beside the run before it, with the significance.
    connect(workbench, &Workbench::rerunFinished, this,
            [this, history](qint64 id, const QString &provider) {
                m_pages->setCurrentWidget(history);
                history->showRerun(id, provider);
            });
    connect(history, &HistoryPage::rerunShown, this, [this](qint64, const QString &provider) {
        m_status->showMessage(
            tr("Re-run of %1 ended: History compares it with the run before it.").arg(provider),
            15000);
    });
    connect(workbench, &Workbench::costEstimated, this, [this](const CostEstimate &estimate) {
        m_status->showMessage(SuiteEstimate::lineOf(estimate), 15000);
    });
    workbench->setOverBudgetHandler([window = QPointer<MainWindow>(this)](const CostEstimate &e) {
        return window && window->confirmOverBudget(e);
    });
    connect(m_status, &RunStatusBar::cancelRequested, workbench, &Workbench::cancel);
    connect(m_results, &ResultsPage::selectedProviderChanged, this, &MainWindow::updateActions);
    connect(m_results, &ResultsPage::selectedProviderChanged, workbench,
            &Workbench::selectProvider);
    connect(workbench, &Workbench::selectedProviderChanged, m_results,
            &ResultsPage::selectProvider);

    retranslate();
    updateActions();
    // Last: it restores the layout of everything above and opens the last session.
    m_habits = new WindowHabits(this, workbench);
}

void MainWindow::addPage(QWidget *page, const char *title)
{
    page->setProperty("ysPageTitle", QByteArray(title));
    m_pages->addTab(page, tr(title));
}

void MainWindow::addPage(QWidget *page, const QString &title)
{
    m_pages->addTab(page, title);
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslate()
{
    setWindowTitle(tr("Yardstick — %1").arg(m_workbench->dbPath()));
    for (int i = 0; i < m_pages->count(); ++i) {
        const QByteArray title = m_pages->widget(i)->property("ysPageTitle").toByteArray();
        if (!title.isEmpty())
            m_pages->setTabText(i, tr(title.constData()));
    }
    m_sessionsDock->setWindowTitle(tr("Sessions"));
    m_runDemo->setText(tr("Run &demo"));
    m_runDemo->setToolTip(tr("Benchmark the built-in simulated providers"));
    m_rerunProvider->setText(tr("&Re-run provider"));
    m_rerunProvider->setToolTip(
        tr("Run the selected provider again, as a new run in this session"));
    m_cancel->setText(tr("&Cancel run"));
    m_exportChart->setText(tr("&Export chart…"));
    m_exportTable->setText(tr("Export &table…"));
    m_exportTable->setToolTip(tr("Save the table of this page as CSV or as an Excel workbook"));
    m_charts->retranslate();
    m_bundles->retranslate();
    m_bill->retranslateAction();
    m_quit->setText(tr("&Quit"));
    m_fileMenu->setTitle(tr("&File"));
    m_runMenu->setTitle(tr("&Run"));
    m_runToolBar->setWindowTitle(tr("Run"));
}

void MainWindow::createActions()
{
    m_runDemo = new QAction(this);
    m_runDemo->setObjectName(QStringLiteral("actionRunDemo"));
    connect(m_runDemo, &QAction::triggered, this, &MainWindow::runDemo);

    m_rerunProvider = new QAction(this);
    m_rerunProvider->setObjectName(QStringLiteral("actionRerunProvider"));
    connect(m_rerunProvider, &QAction::triggered, this, &MainWindow::rerunProvider);

    m_cancel = new QAction(this);
    m_cancel->setObjectName(QStringLiteral("actionCancel"));
    connect(m_cancel, &QAction::triggered, m_workbench, &Workbench::cancel);

    m_exportChart = new QAction(this);
    m_exportChart->setObjectName(QStringLiteral("actionExportChart"));
    connect(m_exportChart, &QAction::triggered, this, &MainWindow::exportChart);

    m_exportTable = new QAction(this);
    m_exportTable->setObjectName(QStringLiteral("actionExportTable"));
    connect(m_exportTable, &QAction::triggered, this, &MainWindow::exportTable);
    m_charts = new ChartExporter(m_pages, m_workbench, this);
    connect(m_charts, &ChartExporter::message, this,
            [this](const QString &text) { m_status->showMessage(text, 8000); });

    m_quit = new QAction(this);
    m_quit->setObjectName(QStringLiteral("actionQuit"));
    m_quit->setShortcut(QKeySequence::Quit);
    connect(m_quit, &QAction::triggered, this, &QWidget::close);

    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    m_fileMenu->addAction(m_exportChart);
    m_fileMenu->addAction(m_exportTable);
    m_fileMenu->addAction(m_charts->copyAction());
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quit);
    m_runMenu = menuBar()->addMenu(QString());
    m_runMenu->setObjectName(QStringLiteral("runMenu"));
    m_runMenu->addAction(m_runDemo);
    m_runMenu->addAction(m_rerunProvider);
    m_runMenu->addAction(m_cancel);

    m_runToolBar = addToolBar(QString());
    m_runToolBar->setObjectName(QStringLiteral("runToolBar"));
    m_runToolBar->addAction(m_runDemo);
    m_runToolBar->addAction(m_rerunProvider);
    m_runToolBar->addAction(m_cancel);
    m_runToolBar->addSeparator();
    m_runToolBar->addAction(m_exportChart);

    auto *report = new ReportAction(m_workbench, this);
    m_fileMenu->insertAction(m_exportChart, report);
    m_runToolBar->addAction(report);
    connect(report, &ReportAction::failed, this, &MainWindow::showProblem);
    m_bundles = new BundleActions(m_workbench, this);
    m_fileMenu->insertActions(
        m_quit, {m_bundles->exportAction(), m_bundles->importAction(), m_bill->importAction()});
    // The bill's figures are on its page: it comes to the front as the file is chosen.
    connect(m_bill->importAction(), &QAction::triggered, this,
            [this] { m_pages->setCurrentWidget(m_bill); });
    m_fileMenu->insertSeparator(m_quit);
    connect(m_bundles, &BundleActions::failed, this, &MainWindow::showProblem);
    connect(m_bundles, &BundleActions::message, this,
            [this](const QString &text) { m_status->showMessage(text, 8000); });
    connect(report, &ReportAction::saved, this, [this](const QString &path) {
        m_status->showMessage(tr("Report saved to %1").arg(path), 8000);
    });
}

void MainWindow::updateActions()
{
    const bool running = m_workbench->isRunning();
    m_runDemo->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_rerunProvider->setEnabled(!running && m_workbench->selectedSession() != 0 &&
                                !m_results->selectedProvider().isEmpty());
    m_exportChart->setEnabled(m_workbench->selectedSession() != 0);
    m_charts->copyAction()->setEnabled(m_exportChart->isEnabled());
}

void MainWindow::runDemo()
{
    QString error;
    if (!m_workbench->runDemo(&error) && !error.isEmpty())
        showProblem(error);
}

void MainWindow::rerunProvider()
{
    rerunProviderNamed(m_results->selectedProvider());
}

void MainWindow::rerunProviderNamed(const QString &provider)
{
    if (provider.isEmpty() || m_workbench->isRunning())
        return;
    QString error;
    if (!m_workbench->rerunProvider(provider, &error) && !error.isEmpty())
        showProblem(error);
}

void MainWindow::exportChart()
{
    m_charts->exportCurrent();
}

void MainWindow::exportTable()
{
    if (TableExportMenu *table = TableExportMenu::forPage(m_pages->currentWidget()))
        table->exportTable();
    else
        m_status->showMessage(tr("This page has no table to export"), 8000);
}

// The session's estimate exceeds its budget: the analyst decides, and leaving it is the default.
bool MainWindow::confirmOverBudget(const CostEstimate &estimate)
{
    QMessageBox box(QMessageBox::Warning, tr("Yardstick"),
                    tr("The estimated cost of this session exceeds its budget."),
                    QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("overBudgetBox"));
    box.setInformativeText(
        tr("%1.\n\nThe estimate counts every planned request at its full prompt and output "
           "limit. Run it anyway? The spend is still watched, and the session stops when it "
           "reaches the budget.")
            .arg(SuiteEstimate::lineOf(estimate)));
    QPushButton *run = box.addButton(tr("Run anyway"), QMessageBox::AcceptRole);
    QPushButton *leave = box.addButton(tr("Do not run"), QMessageBox::RejectRole);
    box.setDefaultButton(leave);
    box.exec();
    return box.clickedButton() == run;
}

void MainWindow::showProblem(const QString &message)
{
    QMessageBox::warning(this, tr("Yardstick"), message);
}

} // namespace ys
