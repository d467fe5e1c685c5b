// The window's everyday habits on the offscreen platform: settings kept from one window to the
// next, the language switched while the window is open, and a big session loaded while the UI
// thread keeps running its timers.
#include "charts/pareto_chart.h"
#include "domain/sample.h"
#include "domain/suite.h"
#include "fixtures.h"
#include "session_support.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "test_main.h"
#include "test_support.h"
#include "ui/main_window.h"
#include "ui/results_page.h"
#include "ui/window_habits.h"
#include "util/units.h"
#include "workbench/app_settings.h"
#include "workbench/demo_host.h"
#include "workbench/translations.h"
#include "workbench/workbench.h"
#include "workbench_fixtures.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace ys;

namespace {

// Writes a finished session of one provider whose run holds `attempts` successful attempts,
// straight through the repository (no network), and returns its id.
qint64 writeHabitSession(const QString &path, const QString &name, int attempts)
{
    Database db(path);
    QString error;
    if (!db.open(&error))
        qFatal("%s", qPrintable(error));
    SessionRepository repo(db);
    Scenario scenario;
    scenario.requests = attempts;
    scenario.warmup = 0;
    const Suite suite = test::suiteOf(
        name,
        {test::simProvider(QStringLiteral("alpha"), QUrl(QStringLiteral("http://127.0.0.1:9/v1")),
                           QStringLiteral("model-a"))},
        scenario);
    const auto written = test::createFirstRun(repo, suite, &error);
    if (!written)
        qFatal("%s", qPrintable(error));
    std::vector<Sample> batch;
    for (int i = 0; i < attempts; ++i) {
        Sample s;
        s.runId = written->run;
        s.seq = i;
        s.requestIndex = i;
        s.startOffsetNs = qint64(i) * 10 * kWholeNsPerMs;
        const qint64 ttft = (120 + i % 80) * kWholeNsPerMs;
        s.requestSentNs = kWholeNsPerMs / 10;
        s.headersNs = ttft - 5 * kWholeNsPerMs;
        s.firstEventNs = ttft;
        s.firstTokenNs = ttft;
        s.firstContentNs = ttft;
        s.eventTimesNs = {ttft, ttft + 12 * kWholeNsPerMs, ttft + 25 * kWholeNsPerMs};
        s.endNs = ttft + 30 * kWholeNsPerMs;
        s.httpStatus = 200;
        s.eventCount = 5;
        s.readCount = 3;
        s.outcome = Outcome::Ok;
        s.finishReason = QStringLiteral("stop");
        s.inputTokens = 100;
        s.outputTokens = 3;
        s.localPromptTokens = 100;
        s.localOutputTokens = 3;
        batch.push_back(std::move(s));
        if (batch.size() == 20'000 || i + 1 == attempts) {
            if (!repo.insertSamples(batch, &error))
                qFatal("%s", qPrintable(error));
            batch.clear();
        }
    }
    if (!repo.finishRun(written->run, SessionStatus::Finished, &error) ||
        !repo.finishSession(written->session, SessionStatus::Finished, &error))
        qFatal("%s", qPrintable(error));
    return written->session;
}

// A workbench open on a database and its main window, shown on screen.
struct HabitWindow {
    explicit HabitWindow(const QString &path)
        : workbench(path)
    {
    }

    // Opens the workbench, then makes and shows its window; false, with *error set, if either
    // fails.
    bool open(QString *error)
    {
        if (!workbench.open(error))
            return false;
        window = std::make_unique<MainWindow>(&workbench);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get())) {
            *error = QStringLiteral("the main window was not exposed");
            return false;
        }
        return true;
    }

    Workbench workbench;
    std::unique_ptr<MainWindow> window;
};

// A window shown on a new database, file in dir, that holds one session of 20 attempts; null,
// after failing the test, when it cannot be shown.
std::unique_ptr<HabitWindow> windowOnOneSession(const QTemporaryDir &dir, const QString &file)
{
    const QString path = dir.filePath(file);
    writeHabitSession(path, QStringLiteral("one"), 20);
    auto shown = std::make_unique<HabitWindow>(path);
    QString error;
    if (!QTest::qVerify(shown->open(&error), "shown->open(&error)", qPrintable(error), __FILE__,
                        __LINE__))
        return nullptr;
    return shown;
}

} // namespace

class TstWindowHabits : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_config;

private Q_SLOTS:
    void initTestCase()
    {
        test::useOwnSettings(m_config.path(), QStringLiteral("tst_window_habits"));
    }

    void init() { QSettings().clear(); }

    void settingsOutliveTheWindow()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("habits.sqlite"));
        const qint64 older = writeHabitSession(path, QStringLiteral("older"), 20);
        const qint64 newer = writeHabitSession(path, QStringLiteral("newer"), 20);
        {
            HabitWindow shown(path);
            QString error;
            QVERIFY2(shown.open(&error), qPrintable(error));
            Workbench &workbench = shown.workbench;
            MainWindow &window = *shown.window;
            // A first start opens the newest session.
            QTRY_COMPARE(workbench.selectedSession(), newer);
            QSignalSpy summary(&workbench, &Workbench::summaryChanged);
            QVERIFY(workbench.selectSession(older));
            QVERIFY(summary.wait(10000));
            QCOMPARE(workbench.selectedSession(), older);
            window.resize(1500, 960);
            window.window()->findChild<QDockWidget *>(QStringLiteral("sessionsDock"))->hide();
            window.findChild<QAction *>(QStringLiteral("actionLanguage_zh_CN"))->trigger();
            window.close();
        }
        QCOMPARE(AppSettings().language(), QStringLiteral("zh_CN"));
        {
            HabitWindow shown(path);
            QString error;
            QVERIFY2(shown.open(&error), qPrintable(error));
            Workbench &workbench = shown.workbench;
            MainWindow &window = *shown.window;
            QTRY_COMPARE(workbench.selectedSession(), older); // the last one looked at
            QCOMPARE(window.size(), QSize(1500, 960));
            QVERIFY(!window.findChild<QDockWidget *>(QStringLiteral("sessionsDock"))->isVisible());
            QCOMPARE(window.habits()->language(), QStringLiteral("zh_CN"));
            QVERIFY(
                window.findChild<QAction *>(QStringLiteral("actionLanguage_zh_CN"))->isChecked());
            window.findChild<QAction *>(QStringLiteral("actionLanguage_en"))->trigger();
            QCOMPARE(window.habits()->language(), QStringLiteral("en"));
        }
        QCOMPARE(AppSettings().language(), QStringLiteral("en"));
    }

    void languageSwitchesWhileOpen()
    {
        QTemporaryDir dir;
        const auto shownOnOne = windowOnOneSession(dir, QStringLiteral("language.sqlite"));
        QVERIFY(shownOnOne);
        HabitWindow &shown = *shownOnOne;
        MainWindow &window = *shown.window;
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("sessionsDock"));
        QHeaderView *header = window.resultsPage()->table()->horizontalHeader();
        QTRY_VERIFY(header->count() > 0);
        const auto headerText = [header] {
            return header->model()->headerData(0, Qt::Horizontal).toString();
        };
        QCOMPARE(window.runDemoAction()->text(), QStringLiteral("Run &demo"));
        QCOMPARE(dock->windowTitle(), QStringLiteral("Sessions"));
        QCOMPARE(headerText(), QStringLiteral("Provider"));

        window.findChild<QAction *>(QStringLiteral("actionLanguage_zh_CN"))->trigger();
        QTRY_COMPARE(window.runDemoAction()->text(), QStringLiteral("运行演示(&D)"));
        QCOMPARE(dock->windowTitle(), QStringLiteral("会话"));
        QCOMPARE(headerText(), QStringLiteral("服务商"));

        window.findChild<QAction *>(QStringLiteral("actionLanguage_en"))->trigger();
        QTRY_COMPARE(window.runDemoAction()->text(), QStringLiteral("Run &demo"));
        QCOMPARE(dock->windowTitle(), QStringLiteral("Sessions"));
        QCOMPARE(headerText(), QStringLiteral("Provider"));
    }

    void shortcutsAndStatusLine()
    {
        QTemporaryDir dir;
        const auto shownOnOne = windowOnOneSession(dir, QStringLiteral("keys.sqlite"));
        QVERIFY(shownOnOne);
        HabitWindow &shown = *shownOnOne;
        Workbench &workbench = shown.workbench;
        MainWindow &window = *shown.window;
        QVERIFY(!window.runDemoAction()->shortcut().isEmpty());
        QVERIFY(!window.rerunProviderAction()->shortcut().isEmpty());
        QVERIFY(!window.cancelAction()->shortcut().isEmpty());
        QVERIFY(!window.exportChartAction()->shortcut().isEmpty());
        QVERIFY(!window.habits()->nextPageAction()->shortcut().isEmpty());
        QTRY_COMPARE(workbench.selectedSession(), qint64(1));
        QTRY_VERIFY(window.habits()->statusLine()->text().contains(QStringLiteral("20")));
        QVERIFY(window.habits()->statusLine()->text().startsWith(QStringLiteral("Idle")));
        // A dark palette is told from a light one by the window colour, and the charts take
        // its colours when it changes.
        QPalette dark = window.palette();
        dark.setColor(QPalette::Window, QColor(30, 30, 30));
        dark.setColor(QPalette::Base, QColor(20, 20, 20));
        dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
        QVERIFY(WindowHabits::isDark(dark));
        QVERIFY(!WindowHabits::isDark(window.palette()));
        window.setPalette(dark);
        QTRY_VERIFY(window.habits()->isDark());
        QChart *chart = window.resultsPage()->paretoChart()->view()->chart();
        QCOMPARE(chart->backgroundBrush().color(), QColor(20, 20, 20));
        QCOMPARE(chart->legend()->labelColor(), QColor(230, 230, 230));
        window.setPalette(QPalette());
        QTRY_VERIFY(!window.habits()->isDark());
    }

    void sessionLoadsOffTheUiThread()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.sqlite"));
        constexpr int kAttempts = 300'000;
        const qint64 session = writeHabitSession(path, QStringLiteral("big"), kAttempts);
        Workbench workbench(path);
        QString error;
        QVERIFY2(workbench.open(&error), qPrintable(error));

        // A timer on the UI thread: its ticks keep coming while the summary loads.
        QElapsedTimer clock;
        qint64 last = 0;
        qint64 longest = 0;
        int ticks = 0;
        QTimer timer;
        timer.setInterval(5);
        connect(&timer, &QTimer::timeout, this, [&] {
            const qint64 now = clock.elapsed();
            longest = std::max(longest, now - last);
            last = now;
            ++ticks;
        });
        QSignalSpy loading(&workbench, &Workbench::loadingChanged);
        QSignalSpy summary(&workbench, &Workbench::summaryChanged);
        clock.start();
        timer.start();
        QVERIFY(workbench.selectSession(session));
        const qint64 returned = clock.elapsed();
        QCOMPARE(workbench.loadingSession(), session);
        QVERIFY(!workbench.summary()); // not yet: it arrives by signal
        QVERIFY(summary.wait(120000 * test::kSlow));
        const qint64 loaded = clock.elapsed();
        timer.stop();
        qInfo("selectSession returned after %lld ms, the summary came after %lld ms, %d ticks, "
              "longest gap %lld ms",
              returned, loaded, ticks, longest);
        QVERIFY(returned < 50);
        QCOMPARE(workbench.loadingSession(), qint64(0));
        QCOMPARE(loading.first().first().toLongLong(), session);
        QCOMPARE(loading.last().first().toLongLong(), qint64(0));
        QCOMPARE(workbench.selectedSession(), session);
        QCOMPARE(workbench.summary()->providers.size(), std::size_t(1));
        QCOMPARE(workbench.summary()->providers.front().attempts, kAttempts);
        // The timer went on ticking: the UI thread did not wait for the load (a load on the UI
        // thread would leave one gap as long as the load; a busy machine delays a few ticks).
        QVERIFY(ticks > int(loaded / 5 / 10));
        QVERIFY2(longest < std::max<qint64>(250 * test::kSlow, loaded / 3),
                 qPrintable(QString::number(longest)));
    }

    void aNewerRequestSupersedesAnOlder()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("two.sqlite"));
        const qint64 first = writeHabitSession(path, QStringLiteral("first"), 20'000);
        const qint64 second = writeHabitSession(path, QStringLiteral("second"), 20);
        Workbench workbench(path);
        QString error;
        QVERIFY2(workbench.open(&error), qPrintable(error));
        QSignalSpy summary(&workbench, &Workbench::summaryChanged);
        QVERIFY(workbench.selectSession(first));
        QVERIFY(workbench.selectSession(second));
        QVERIFY(summary.wait(30000));
        QTest::qWait(200);
        QCOMPARE(summary.count(), 1); // the first one's result, if it came, was dropped
        QCOMPARE(workbench.selectedSession(), second);
    }
};

YS_TEST_MAIN(TstWindowHabits)
#include "tst_window_habits.moc"
