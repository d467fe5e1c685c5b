// The workbench window on the offscreen platform: run the demo, see one row per simulated
// provider, re-run one provider and see only its run count grow.
#include "charts/pareto_chart.h"
#include "demo/sim_demo_host.h"
#include "models/comparison_table_model.h"
#include "models/session_list_model.h"
#include "sim/sim_profile.h"
#include "storage/database.h"
#include "storage/run_queue.h"
#include "test_main.h"
#include "ui/main_window.h"
#include "ui/results_page.h"
#include "workbench/workbench.h"
#include "workbench_fixtures.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QListView>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace ys;

class TstGui : public QObject {
    Q_OBJECT

private:
    static int runsOf(const QAbstractItemModel *model, const QString &provider)
    {
        for (int r = 0; r < model->rowCount(); ++r) {
            const QModelIndex idx = model->index(r, ComparisonTableModel::RunsColumn);
            if (idx.data(ComparisonTableModel::ProviderNameRole).toString() == provider)
                return idx.data(ComparisonTableModel::SortRole).toInt();
        }
        return -1;
    }

    static constexpr double kQuarterTime = 0.25;

    // The one item of the run queue of the database at path (an empty one when there is none).
    static QueueItem demoItem(const QString &path)
    {
        Database db(path);
        QString error;
        if (!db.open(&error))
            return {};
        const std::vector<QueueItem> items = RunQueue(db).items(&error);
        return items.size() == 1 ? items.front() : QueueItem{};
    }

private Q_SLOTS:
    void runDemoThenRerunOneProvider()
    {
        // The simulated providers at a quarter of their times: this test follows what the
        // window does with a whole run and a re-run, not the providers' latencies (tst_cli_demo
        // holds the demo's figures to the profiles).
        test::ScratchWorkbench workbench(std::make_unique<SimDemoHost>(kQuarterTime));
        QVERIFY(workbench.opens());
        QAbstractItemModelTester tester(workbench.comparisonModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester sessionTester(
            workbench.sessionModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        MainWindow window(&workbench);
        // The results page's sort proxy over the comparison, through the run, the sorting and
        // the re-run.
        QAbstractItemModelTester proxyTester(
            window.resultsPage()->table()->model(),
            QAbstractItemModelTester::FailureReportingMode::QtTest);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.runDemoAction()->isEnabled());
        QVERIFY(!window.rerunProviderAction()->isEnabled());

        QSignalSpy finished(&workbench, &Workbench::sessionFinished);
        window.runDemoAction()->trigger();
        QVERIFY(workbench.isRunning());
        QVERIFY(!window.runDemoAction()->isEnabled());
        QVERIFY(window.cancelAction()->isEnabled());
        auto *progress = window.findChild<QProgressBar *>(QStringLiteral("runProgress"));
        QVERIFY(progress && progress->isVisible());
        QVERIFY(finished.wait(180000));
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("finished"));
        QVERIFY(!progress->isVisible());
        // The summary loads on a worker thread; the demo session is large, so a busy machine may
        // take seconds (the wait ends as soon as it has loaded).
        QTRY_VERIFY_WITH_TIMEOUT(!workbench.loadingSession(), 60000);

        // The demo went through the database's run queue, claimed by this process
        // (docs/workers.md): one item, done, naming the session (marked as the run ends).
        QTRY_COMPARE_WITH_TIMEOUT(demoItem(workbench.dbPath()).state, QStringLiteral("done"),
                                  20000);
        const QueueItem item = demoItem(workbench.dbPath());
        QCOMPARE(item.worker, RunQueue::processWorkerName());
        QCOMPARE(item.sessionId.value_or(0), finished.first().at(0).toLongLong());
        QVERIFY(!item.leaseUntilMs);

        // One row per demo provider, in the sortable table.
        QTableView *table = window.resultsPage()->table();
        const auto profiles = SimProfile::demoProfiles();
        QCOMPARE(table->model()->rowCount(), int(profiles.size()));
        QTRY_COMPARE(window.sessionList()->model()->rowCount(), 1); // read off the UI thread
        QVERIFY(window.resultsPage()->paretoChart()->pointCount() == int(profiles.size()));
        QVERIFY(window.resultsPage()->paretoChart()->paretoCount() >= 1);

        // Sorting by E2E P95 puts the fastest provider first.
        table->sortByColumn(ComparisonTableModel::E2eP95Column, Qt::AscendingOrder);
        QVERIFY(test::sortedAscending(*table->model(), ComparisonTableModel::E2eP95Column,
                                      ComparisonTableModel::SortRole, -1));

        // Set YS_SCREENSHOT_DIR to keep a picture of the window for a person to look at.
        if (const QString shots = qEnvironmentVariable("YS_SCREENSHOT_DIR"); !shots.isEmpty()) {
            QTest::qWait(300); // let the chart lay out its legend
            QVERIFY(window.grab().save(shots + QStringLiteral("/workbench.png")));
        }

        // Select a row, re-run that provider alone.
        table->selectRow(2);
        const QString provider = window.resultsPage()->selectedProvider();
        QVERIFY(!provider.isEmpty());
        QVERIFY(window.rerunProviderAction()->isEnabled());
        for (const SimProfile &p : profiles)
            QCOMPARE(runsOf(table->model(), p.name), 1);
        window.rerunProviderAction()->trigger();
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.last().at(1).toString(), QStringLiteral("finished"));
        QTRY_VERIFY_WITH_TIMEOUT(!workbench.loadingSession(), 60000);
        QCOMPARE(table->model()->rowCount(), int(profiles.size()));
        for (const SimProfile &p : profiles)
            QCOMPARE(runsOf(table->model(), p.name), p.name == provider ? 2 : 1);
        QTRY_COMPARE(window.sessionList()->model()->rowCount(), 1); // read off the UI thread
    }

    void cancelFromTheWindow()
    {
        test::ScratchWorkbench workbench(std::make_unique<SimDemoHost>());
        QVERIFY(workbench.opens());
        MainWindow window(&workbench);
        window.show();
        QSignalSpy finished(&workbench, &Workbench::sessionFinished);
        QSignalSpy progress(&workbench, &Workbench::progress);
        window.runDemoAction()->trigger();
        QVERIFY(progress.wait(30000)); // the first request is done: the run is under way
        window.cancelAction()->trigger();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("cancelled"));
        QVERIFY(window.runDemoAction()->isEnabled());
        // Its queue item failed, saying why: no worker is to run it again.
        QTRY_COMPARE_WITH_TIMEOUT(demoItem(workbench.dbPath()).state, QStringLiteral("failed"),
                                  20000);
        QCOMPARE(demoItem(workbench.dbPath()).error, QStringLiteral("cancelled"));
    }
};

YS_TEST_MAIN(TstGui)
#include "tst_gui.moc"
