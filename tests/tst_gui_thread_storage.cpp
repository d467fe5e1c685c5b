// No SQL on the GUI thread while the window's pages load: a real SQLite file with sessions run on
// the simulator, the window opened on it with StorageThreadGuard forbidding the GUI thread, a
// session selected and every page visited (Results with each of its views, Scores, History with
// a comparison and a drift, Attempts with paging and one attempt opened, TCO, Suite with the
// suite queued, Run, the session exported as a bundle), each left to finish loading; not one
// statement may have run on the GUI thread. First, that the guard does catch one that does.
#include "demo/sim_demo_host.h"
#include "models/attempts_model.h"
#include "models/session_diff_model.h"
#include "models/session_list_model.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/storage_thread_guard.h"
#include "ui/attempt_detail_view.h"
#include "ui/attempts_page.h"
#include "ui/bundle_actions.h"
#include "ui/history_page.h"
#include "ui/main_window.h"
#include "ui/results_page.h"
#include "ui/scores_page.h"
#include "ui/suite_page.h"
#include "ui/tco_page.h"
#include "workbench/background_reader.h"
#include "workbench/suite_templates.h"
#include "workbench/workbench.h"

#include "test_main.h"
#include "workbench_fixtures.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QListView>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <thread>

using namespace ys;

// Fails the test, naming each statement, when one ran on the GUI thread since the last clear().
#define NO_SQL_ON_THE_GUI_THREAD()                                                                 \
    QVERIFY2(StorageThreadGuard::violations().isEmpty(),                                           \
             qPrintable(QStringLiteral("SQL on the GUI thread:\n") +                               \
                        StorageThreadGuard::violations().join(QLatin1Char('\n'))))

class TstGuiThreadStorage : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_path;
    qint64 m_first = 0;
    qint64 m_second = 0;
    QString m_rerun; // the provider run twice in the second session

    // Everything the window asked for has come back: the session list, the selected session's
    // summary and every page's reads.
    static bool settled(const Workbench &wb, const MainWindow &window)
    {
        const auto *history = window.findChild<HistoryPage *>(QStringLiteral("historyPage"));
        const auto *attempts = window.findChild<AttemptsPage *>(QStringLiteral("attemptsPage"));
        return !wb.sessionsLoading() && wb.loadingSession() == 0 && !wb.reader()->busy() &&
               !history->isLoading() && !attempts->isLoading();
    }

    static QString violations() { return StorageThreadGuard::violations().join(QLatin1Char('\n')); }

private Q_SLOTS:
    // Two sessions of three simulated providers, one of them re-run in the second.
    void initTestCase()
    {
        m_path = m_dir.filePath(QStringLiteral("pages.sqlite"));
        Workbench wb(m_path, std::make_unique<SimDemoHost>());
        QString error;
        QVERIFY2(wb.open(&error), qPrintable(error));
        const QUrl url = wb.simulatorUrl(&error);
        QVERIFY2(!url.isEmpty(), qPrintable(error));
        Suite suite;
        suite.name = QStringLiteral("pages");
        const auto providers = SimDemoHost().providers(url);
        for (std::size_t i = 0; i < providers.size() && i < 3; ++i)
            suite.providers.push_back(providers[i]);
        suite.scenarios.push_back(test::latencyProbe(12, 4, 24, 30000));
        if (!test::runSuiteAndWaitForSummary(wb, suite, 120000))
            return;
        m_first = wb.selectedSession();
        if (!test::runSuiteAndWaitForSummary(wb, suite, 120000))
            return;
        m_second = wb.selectedSession();
        m_rerun = suite.providers.front().name;
        if (!test::runAndWaitForSummary(
                wb, [&](QString *e) { return wb.rerunProvider(m_rerun, e); }, 120000))
            return;
        QVERIFY(m_first != 0 && m_first != m_second);
    }

    void cleanup() { StorageThreadGuard::allowAll(); }

    // A statement run on the forbidden thread is recorded with its SQL, whether on a connection
    // opened before or after forbid(); one run on another thread is not.
    void guardCatchesAQueryOnTheGuiThread()
    {
        Database before(m_path);
        QString error;
        QVERIFY2(before.open(&error), qPrintable(error));
        StorageThreadGuard::clear();
        StorageThreadGuard::forbid(QThread::currentThread());
        QVERIFY(!SessionRepository(before).sessions(&error).empty());
        QStringList seen = StorageThreadGuard::violations();
        QVERIFY2(!seen.isEmpty() && seen.front().contains(QStringLiteral("FROM sessions")),
                 qPrintable(violations()));

        StorageThreadGuard::clear();
        {
            Database after(m_path);
            QVERIFY2(after.open(&error), qPrintable(error));
            QVERIFY(SessionRepository(after).sessionSuite(m_first, &error));
        }
        seen = StorageThreadGuard::violations();
        QVERIFY2(seen.front().startsWith(QStringLiteral("open ")), qPrintable(violations()));
        QVERIFY2(seen.filter(QStringLiteral("SELECT suite_json FROM sessions")).size() == 1,
                 qPrintable(violations()));

        // The same reads on a thread of their own leave nothing.
        StorageThreadGuard::clear();
        std::thread elsewhere([&] {
            Database db(m_path);
            QString why;
            if (db.open(&why))
                SessionRepository(db).sessions(&why);
        });
        elsewhere.join();
        QVERIFY2(StorageThreadGuard::violations().isEmpty(), qPrintable(violations()));

        // And through the window's workbench: its own connection, opened before, is watched.
        Workbench wb(m_path);
        QVERIFY2(wb.open(&error), qPrintable(error));
        StorageThreadGuard::clear();
        QVERIFY(wb.repository()->runs(m_second, &error).size() > 1);
        QVERIFY2(!StorageThreadGuard::violations().isEmpty(),
                 "a read on the GUI thread went unseen");
        StorageThreadGuard::allowAll();
        StorageThreadGuard::clear();
        QVERIFY(!wb.repository()->sessions(&error).empty());
        QVERIFY(StorageThreadGuard::violations().isEmpty()); // not watching: nothing recorded
    }

    void everyPageLoadsOffTheGuiThread()
    {
        if (m_second == 0)
            QSKIP("initTestCase() ran no sessions");
        QElapsedTimer clock;
        clock.start();
        QString error;
        StorageThreadGuard::clear();
        StorageThreadGuard::forbid(QThread::currentThread());
        // What opening the file runs: its schema and pragmas checked, the sessions a crash left
        // running marked.
        {
            Database probe(m_path);
            QVERIFY2(probe.open(&error), qPrintable(error));
        }
        const QStringList opening = StorageThreadGuard::violations();
        QVERIFY(!opening.isEmpty());
        StorageThreadGuard::clear();
        // The workbench opens the file on the GUI thread, before any window, to refuse a bad one
        // at once; that is all it reads there (the session list comes from its reader thread).
        Workbench wb(m_path, std::make_unique<SimDemoHost>());
        QVERIFY2(wb.open(&error), qPrintable(error));
        QVERIFY2(StorageThreadGuard::violations() == opening,
                 qPrintable(QStringLiteral("opening the file:\n%1\nthe workbench's start:\n%2")
                                .arg(opening.join(QLatin1Char('\n')), violations())));
        StorageThreadGuard::clear();

        // Start-up: the session list and the last (newest) session, read off the GUI thread.
        MainWindow window(&wb);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(wb.selectedSession() == m_second && settled(wb, window), 60000);
        QCOMPARE(window.sessionList()->model()->rowCount(), 2);
        NO_SQL_ON_THE_GUI_THREAD();

        // A session chosen in the list.
        const SessionListModel *sessions = wb.sessionModel();
        window.sessionList()->setCurrentIndex(sessions->index(sessions->rowOf(m_first)));
        QTRY_VERIFY_WITH_TIMEOUT(wb.selectedSession() == m_first && settled(wb, window), 60000);
        QVERIFY(wb.summary());
        NO_SQL_ON_THE_GUI_THREAD();

        // Results: the table, then each of its views.
        QTabWidget *pages = window.pages();
        pages->setCurrentWidget(window.resultsPage());
        window.resultsPage()->table()->selectRow(0);
        for (int i = 0; i < window.resultsPage()->charts()->count(); ++i) {
            window.resultsPage()->charts()->setCurrentIndex(i);
            QTRY_VERIFY(settled(wb, window));
        }
        NO_SQL_ON_THE_GUI_THREAD();

        auto *scores = window.findChild<ScoresPage *>(QStringLiteral("scoresPage"));
        pages->setCurrentWidget(scores);
        QTRY_VERIFY(scores->ranking()->model()->rowCount() > 0);
        NO_SQL_ON_THE_GUI_THREAD();

        // History: the newest session against the one before, then a run against its re-run,
        // and one provider's drift.
        auto *history = window.findChild<HistoryPage *>(QStringLiteral("historyPage"));
        pages->setCurrentWidget(history);
        QTRY_VERIFY_WITH_TIMEOUT(settled(wb, window) && history->diffModel()->rowCount() > 0,
                                 60000);
        const auto rowOfRun = [&](int number) {
            return history->beforeBox()->findText(
                QStringLiteral("%1, run %2 (session %3").arg(m_rerun).arg(number).arg(m_second),
                Qt::MatchContains);
        };
        QVERIFY(rowOfRun(1) >= 0 && rowOfRun(2) >= 0);
        history->beforeBox()->setCurrentIndex(rowOfRun(1));
        history->afterBox()->setCurrentIndex(rowOfRun(2));
        QTRY_VERIFY_WITH_TIMEOUT(settled(wb, window), 60000);
        QVERIFY(history->diffModel()->rowCount() > 0);
        history->driftProviderBox()->setCurrentIndex(history->driftProviderBox()->count() - 1);
        QTRY_VERIFY_WITH_TIMEOUT(settled(wb, window), 60000);
        NO_SQL_ON_THE_GUI_THREAD();

        // Attempts: a run, a filter, a sort, pages of three rows, one attempt opened.
        auto *attempts = window.findChild<AttemptsPage *>(QStringLiteral("attemptsPage"));
        pages->setCurrentWidget(attempts);
        QTRY_VERIFY_WITH_TIMEOUT(settled(wb, window) && attempts->currentRun() != 0, 60000);
        attempts->runPicker()->setCurrentIndex(0);
        QTRY_VERIFY(settled(wb, window));
        attempts->outcomeFilter()->setCurrentIndex(attempts->outcomeFilter()->count() - 1);
        QTRY_VERIFY(settled(wb, window));
        attempts->outcomeFilter()->setCurrentIndex(0);
        attempts->table()->sortByColumn(AttemptsModel::E2eColumn, Qt::DescendingOrder);
        attempts->model()->setPageSize(3);
        QTRY_VERIFY(settled(wb, window));
        AttemptsModel *model = attempts->model();
        QVERIFY(model->matchingCount() > 6);
        while (model->canFetchMore({})) {
            model->fetchMore({});
            QTRY_VERIFY(settled(wb, window));
        }
        QCOMPARE(model->rowCount(), int(model->matchingCount()));
        attempts->openAttempt(model->index(0, 0));
        QTRY_VERIFY(settled(wb, window));
        QVERIFY(attempts->detailView() && attempts->detailView()->isVisible());
        attempts->detailView()->close();
        model->setPageSize(AttemptsModel::kDefaultPageSize);
        QTRY_VERIFY(settled(wb, window));
        NO_SQL_ON_THE_GUI_THREAD();

        // TCO with the session's measurements, the suite editor, the run page.
        auto *tco = window.findChild<TcoPage *>(QStringLiteral("tcoPage"));
        pages->setCurrentWidget(tco);
        tco->useMeasuredButton()->click();
        QVERIFY(tco->report());
        auto *suite = window.findChild<SuitePage *>(QStringLiteral("suitePage"));
        pages->setCurrentWidget(suite);
        QVERIFY(suite->newFromTemplate(SuiteTemplates::all().front().id, true));
        QVERIFY(suite->queue()); // written off the GUI thread too
        pages->setCurrentWidget(window.findChild<QWidget *>(QStringLiteral("runPage")));
        QTRY_VERIFY(settled(wb, window));
        NO_SQL_ON_THE_GUI_THREAD();

        // The session written to a bundle from the File menu.
        const QString bundle = m_dir.filePath(QStringLiteral("pages.ysbundle"));
        window.bundleActions()->setChooser([&](bool) { return bundle; });
        QSignalSpy saved(window.bundleActions(), &BundleActions::message);
        window.bundleActions()->exportAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(saved.size() == 2 && settled(wb, window), 60000);
        QVERIFY(QFile::exists(bundle));
        NO_SQL_ON_THE_GUI_THREAD();

        // Back to the other session with the Attempts page shown: it follows, off the thread.
        pages->setCurrentWidget(attempts);
        window.sessionList()->setCurrentIndex(sessions->index(sessions->rowOf(m_second)));
        QTRY_VERIFY_WITH_TIMEOUT(wb.selectedSession() == m_second && settled(wb, window), 60000);
        QVERIFY(model->rowCount() > 0);
        NO_SQL_ON_THE_GUI_THREAD();
        qInfo("every page visited in %lld ms", clock.elapsed());
    }
};

YS_TEST_MAIN(TstGuiThreadStorage)
#include "tst_gui_thread_storage.moc"
