#include "ui/main_window.h"

#include "charts/chart_export.h"
#include "charts/latency_cost_chart.h"
#include "domain/session_status.h"
#include "models/session_list_model.h"
#include "run/cost_estimate.h"
#include "ui/results_page.h"
#include "ui/run_page.h"
#include "ui/run_status_bar.h"
#include "workbench/workbench.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
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
    , m_sessionList(new QListView(this))
    , m_pages(new QTabWidget(this))
    , m_results(new ResultsPage(workbench->comparisonModel(), this))
    , m_status(new RunStatusBar(this))
{
    setWindowTitle(tr("Yardstick — %1").arg(workbench->dbPath()));
    m_pages->setObjectName(QStringLiteral("pages"));
    m_pages->setDocumentMode(true);
    setCentralWidget(m_pages);
    addPage(m_results, tr("Results"));
    addPage(new RunPage(m_workbench, this), tr("Run"));
    setStatusBar(m_status);

    m_sessionList->setObjectName(QStringLiteral("sessionList"));
    m_sessionList->setModel(workbench->sessionModel());
    m_sessionList->setSelectionMode(QAbstractItemView::SingleSelection);
    auto *dock = new QDockWidget(tr("Sessions"), this);
    dock->setObjectName(QStringLiteral("sessionsDock"));
    dock->setWidget(m_sessionList);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    createActions();

    connect(m_sessionList->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    m_workbench->selectSession(
                        current.data(SessionListModel::SessionIdRole).toLongLong());
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
    connect(workbench, &Workbench::costEstimated, this, [this](const CostEstimate &estimate) {
        m_status->showMessage(CostEstimateText::line(estimate), 15000);
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

    // Open on the newest session, if there is one.
    if (workbench->sessionModel()->rowCount() > 0)
        m_workbench->selectSession(
            workbench->sessionModel()->index(0).data(SessionListModel::SessionIdRole).toLongLong());
    updateActions();
    resize(1200, 760);
}

void MainWindow::addPage(QWidget *page, const QString &title)
{
    m_pages->addTab(page, title);
}

void MainWindow::createActions()
{
    m_runDemo = new QAction(tr("Run &demo"), this);
    m_runDemo->setObjectName(QStringLiteral("actionRunDemo"));
    m_runDemo->setToolTip(tr("Benchmark the built-in simulated providers"));
    connect(m_runDemo, &QAction::triggered, this, &MainWindow::runDemo);

    m_rerunProvider = new QAction(tr("&Re-run provider"), this);
    m_rerunProvider->setObjectName(QStringLiteral("actionRerunProvider"));
    m_rerunProvider->setToolTip(
        tr("Run the selected provider again, as a new run in this session"));
    connect(m_rerunProvider, &QAction::triggered, this, &MainWindow::rerunProvider);

    m_cancel = new QAction(tr("&Cancel run"), this);
    m_cancel->setObjectName(QStringLiteral("actionCancel"));
    connect(m_cancel, &QAction::triggered, m_workbench, &Workbench::cancel);

    m_exportChart = new QAction(tr("&Export chart…"), this);
    m_exportChart->setObjectName(QStringLiteral("actionExportChart"));
    connect(m_exportChart, &QAction::triggered, this, &MainWindow::exportChart);

    auto *quit = new QAction(tr("&Quit"), this);
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_exportChart);
    file->addSeparator();
    file->addAction(quit);
    QMenu *run = menuBar()->addMenu(tr("&Run"));
    run->addAction(m_runDemo);
    run->addAction(m_rerunProvider);
    run->addAction(m_cancel);

    QToolBar *tools = addToolBar(tr("Run"));
    tools->setObjectName(QStringLiteral("runToolBar"));
    tools->addAction(m_runDemo);
    tools->addAction(m_rerunProvider);
    tools->addAction(m_cancel);
    tools->addSeparator();
    tools->addAction(m_exportChart);
}

void MainWindow::updateActions()
{
    const bool running = m_workbench->isRunning();
    m_runDemo->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_rerunProvider->setEnabled(!running && m_workbench->selectedSession() != 0 &&
                                !m_results->selectedProvider().isEmpty());
    m_exportChart->setEnabled(m_workbench->selectedSession() != 0);
}

void MainWindow::runDemo()
{
    QString error;
    if (!m_workbench->runDemo(&error) && !error.isEmpty())
        showProblem(error);
}

void MainWindow::rerunProvider()
{
    const QString provider = m_results->selectedProvider();
    if (provider.isEmpty())
        return;
    QString error;
    if (!m_workbench->rerunProvider(provider, &error) && !error.isEmpty())
        showProblem(error);
}

void MainWindow::exportChart()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export chart"), QStringLiteral("latency-vs-cost.png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!ChartExport::save(m_results->chart(), path, &error))
        showProblem(error);
    else
        m_status->showMessage(tr("Chart saved to %1").arg(path), 8000);
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
            .arg(CostEstimateText::line(estimate)));
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
