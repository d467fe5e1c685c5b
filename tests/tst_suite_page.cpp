// The Suite page on the offscreen platform with real widgets: new suites from every template,
// a field of every scenario kind and a requirement edited, saved and read back the same, bad
// input refused in place with the file untouched, the cost estimate following the requests, and
// a tiny suite run against the simulator.
#include "demo/sim_demo_host.h"
#include "domain/scenario_kinds.h"
#include "domain/suite.h"
#include "models/session_list_model.h"
#include "storage/database.h"
#include "storage/run_queue.h"
#include "test_main.h"
#include "ui/suite_page.h"
#include "workbench/size_text.h"
#include "workbench/suite_templates.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <cmath>

using namespace ys;

class TstSuitePage : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Workbench> m_workbench;

    // Types into an editor as a person does (textEdited follows), replacing what it held.
    static void type(QWidget *page, const char *name, const QString &text)
    {
        auto *edit = page->findChild<QLineEdit *>(QLatin1StringView(name));
        QVERIFY2(edit, name);
        edit->selectAll();
        if (text.isEmpty())
            QTest::keyClick(edit, Qt::Key_Backspace);
        else
            QTest::keyClicks(edit, text);
        QCOMPARE(edit->text(), text);
    }

    static QString labelText(QWidget *page, const char *name)
    {
        auto *label = page->findChild<QLabel *>(QLatin1StringView(name));
        return label ? label->text() : QStringLiteral("(no label %1)").arg(QLatin1StringView(name));
    }

    static QByteArray readFile(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    // Saves, and checks the file holds exactly the suite and reads back to the same suite.
    static void saveAndCompare(SuitePage &page, const QString &path)
    {
        QVERIFY2(page.saveTo(path), qPrintable(labelText(&page, "suiteMessage")));
        QVERIFY(!page.isModified());
        QVERIFY(labelText(&page, "modifiedMark").isEmpty());
        QCOMPARE(readFile(path), page.suite().toJson());
        QString error;
        const auto back = Suite::loadFile(path, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->toJson(), page.suite().toJson());
    }

    void clickButton(QWidget *page, const char *name)
    {
        auto *b = page->findChild<QPushButton *>(QLatin1StringView(name));
        QVERIFY2(b, name);
        b->click();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_workbench = std::make_unique<Workbench>(m_dir.filePath(QStringLiteral("suite.sqlite")),
                                                  std::make_unique<SimDemoHost>());
        QString error;
        QVERIFY2(m_workbench->open(&error), qPrintable(error));
    }

    // "Queue on the team store" puts the suite being edited in the store's run queue.
    void queueOnTheStore()
    {
        SuitePage page(m_workbench.get());
        QVERIFY(page.newFromTemplate(SuiteTemplates::all().front().id, true));
        auto *queueIt = page.findChild<QPushButton *>(QStringLiteral("queueSuite"));
        QVERIFY(queueIt);
        queueIt->click();
        // Written on the workbench's reader thread: the message says so when it is.
        QTRY_VERIFY2(labelText(&page, "suiteMessage").contains(QStringLiteral("queued as item")),
                     qPrintable(labelText(&page, "suiteMessage")));
        Database db(m_workbench->dbPath());
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        const auto items = RunQueue(db).items(&error);
        QVERIFY2(!items.empty(), qPrintable(error));
        QCOMPARE(items.back().suiteName, page.suite().name);
        QCOMPARE(items.back().state, QStringLiteral("queued"));
        const auto queued = Suite::parse(items.back().suiteJson, QStringLiteral("queue"), &error);
        QVERIFY2(queued, qPrintable(error));
        QCOMPARE(queued->providers.size(), page.suite().providers.size());
    }

    void newFromEachTemplateEditSaveReopen()
    {
        SuitePage page(m_workbench.get());
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QString error;
        const auto demo = m_workbench->demoProviders(&error);
        QVERIFY2(!demo.empty(), qPrintable(error));
        for (const SuiteTemplate &t : SuiteTemplates::all()) {
            QVERIFY(page.newFromTemplate(t.id, true));
            QVERIFY(page.isModified());
            QCOMPARE(page.suite().name, t.title);
            QCOMPARE(page.suite().providers.size(), demo.size());
            QVERIFY(!page.suite().scenarios.empty());
            QVERIFY2(page.problem().isEmpty(), qPrintable(page.problem()));

            type(&page, "requests", QStringLiteral("17"));
            type(&page, "maxE2eP95Ms", QStringLiteral("400"));
            type(&page, "budgetUsd", QStringLiteral("2.5"));
            QVERIFY(!labelText(&page, "modifiedMark").isEmpty());
            QCOMPARE(page.suite().scenarios.front().requests, 17);
            QCOMPARE(page.suite().requirements->maxP95LatencyMs.value_or(0), 400.0);

            const QString path = m_dir.filePath(t.id + QStringLiteral(".json"));
            saveAndCompare(page, path);
            QCOMPARE(page.filePath(), path);

            SuitePage reopened(m_workbench.get());
            QVERIFY(reopened.openFile(path));
            QVERIFY(!reopened.isModified());
            QCOMPARE(reopened.suite().toJson(), page.suite().toJson());
            QCOMPARE(reopened.suite().scenarios.front().requests, 17);
            QCOMPARE(reopened.suite().budgetUsd.value_or(0), 2.5);
            QCOMPARE(reopened.findChild<QLineEdit *>(QStringLiteral("requests"))->text(),
                     QStringLiteral("17"));
        }
    }

    // One scenario of every kind, one field of its own edited in its form.
    void everyKindRoundTrips()
    {
        SuitePage page(m_workbench.get());
        page.show();
        QVERIFY(page.newFromTemplate(QStringLiteral("api_selection"), true));
        const QList<std::pair<const char *, QString>> edits{
            {"requests", QStringLiteral("7")},
            {"sweepPromptTokens", QStringLiteral("500, 2000")},
            {"claimed", QStringLiteral("64000")},
            {"levels", QStringLiteral("1, 2, 8")},
            {"stallMs", QStringLiteral("250, 1000")},
            {"turns", QStringLiteral("3")},
            {"pairs", QStringLiteral("4")},
            {"strategies", QStringLiteral("retry, none")},
            {"maxRps", QStringLiteral("12.5")},
            {"repeats", QStringLiteral("3")},
        };
        const QStringList kinds = scenariokinds::names();
        QCOMPARE(kinds.size(), edits.size());
        auto *kindChoice = page.findChild<QComboBox *>(QStringLiteral("newScenarioKind"));
        for (qsizetype i = 0; i < kinds.size(); ++i) {
            kindChoice->setCurrentIndex(kindChoice->findData(kinds[i]));
            clickButton(&page, "addScenario");
            QCOMPARE(page.suite().scenarios.back().kind, kinds[i]);
            type(&page, edits[i].first, edits[i].second);
            QVERIFY2(page.problem().isEmpty(), qPrintable(page.problem()));
        }
        const auto &s = page.suite().scenarios;
        const std::size_t first = s.size() - std::size_t(kinds.size());
        QCOMPARE(s[first].requests, 7);
        QCOMPARE(s[first + 1].contextSweep.promptTokens, (std::vector<int>{500, 2000}));
        QCOMPARE(s[first + 2].contextLimit.claimed.value_or(0), qint64(64000));
        QCOMPARE(s[first + 3].concurrencySweep.levels, (std::vector<int>{1, 2, 8}));
        QCOMPARE(s[first + 7].resilience.strategies,
                 (QStringList{QStringLiteral("retry"), QStringLiteral("none")}));
        QCOMPARE(s[first + 8].rateLimit.maxRps, 12.5);

        // Set YS_SCREENSHOT_DIR to keep a picture of the page for a person to look at.
        if (const QString shots = qEnvironmentVariable("YS_SCREENSHOT_DIR"); !shots.isEmpty()) {
            page.resize(1300, 800);
            QTest::qWait(200);
            page.resize(1300, 820);
            QTest::qWait(200);
            QVERIFY(page.grab().save(shots + QStringLiteral("/suite-page.png")));
        }

        // The requirements' preset and the cost basis too.
        auto *preset = page.findChild<QComboBox *>(QStringLiteral("requirementsPreset"));
        preset->setCurrentIndex(preset->findData(QStringLiteral("realtime_support")));
        Q_EMIT preset->activated(preset->currentIndex());
        QCOMPARE(page.suite().requirements->maxTtftP95Ms.value_or(0), 150.0);
        saveAndCompare(page, m_dir.filePath(QStringLiteral("kinds.json")));
    }

    // A latency scenario's sizes as distributions and its trace, set in the form, saved and
    // read back as the suite file holds them.
    void sizesAndTraceFromTheForm()
    {
        SuitePage page(m_workbench.get());
        page.show();
        QVERIFY(page.newFromTemplate(QStringLiteral("api_selection"), true));
        auto *kindChoice = page.findChild<QComboBox *>(QStringLiteral("newScenarioKind"));
        kindChoice->setCurrentIndex(kindChoice->findData(QStringLiteral("latency")));
        clickButton(&page, "addScenario");
        const auto scenario = [&page] {
            return page.suite().scenarios.back();
        };

        type(&page, "promptTokens", QStringLiteral("200-800: 6; 800-4000: 3; 16000: 1"));
        QVERIFY2(page.problem().isEmpty(), qPrintable(page.problem()));
        QString error;
        const auto bins = SizeText::parse(QStringLiteral("200–800: 6; 800–4000: 3; 16000: 1"),
                                          QStringLiteral("x"), 1, 10'000'000, &error);
        QVERIFY(bins && scenario().promptDistribution);
        QVERIFY(*scenario().promptDistribution == *bins);
        QCOMPARE(scenario().promptTokens, int(std::lround(bins->expected())));
        type(&page, "maxOutputTokens", QStringLiteral("300 +- 120, 16-1024"));
        QVERIFY(scenario().outputDistribution);
        QCOMPARE(scenario().outputDistribution->kind, SizeDistribution::Kind::Normal);
        QCOMPARE(scenario().outputDistribution->clampMax.value_or(0), 1024);
        const QString sized = m_dir.filePath(QStringLiteral("sized.json"));
        saveAndCompare(page, sized);
        QVERIFY(readFile(sized).contains("\"histogram\""));
        // Refused in place, and a plain number is a fixed size once more.
        auto *prompt = page.findChild<QLineEdit *>(QStringLiteral("promptTokens"));
        type(&page, "promptTokens", QStringLiteral("300 +-"));
        QVERIFY2(page.problem().contains(QStringLiteral("Prompt tokens")),
                 qPrintable(page.problem()));
        type(&page, "promptTokens", QStringLiteral("500"));
        QVERIFY(!scenario().promptDistribution);
        QCOMPARE(scenario().promptTokens, 500);

        // A trace of five requests: it sets the sizes and the load, and holds the requests.
        const QString tracePath = m_dir.filePath(QStringLiteral("five.jsonl"));
        {
            QFile trace(tracePath);
            QVERIFY(trace.open(QIODevice::WriteOnly));
            for (int i = 0; i < 5; ++i)
                trace.write(QStringLiteral("{\"timestamp\": %1, \"input_length\": %2, "
                                           "\"output_length\": 20}\n")
                                .arg(i * 100)
                                .arg(100 + i * 10)
                                .toUtf8());
        }
        type(&page, "traceFile", m_dir.filePath(QStringLiteral("missing.jsonl")));
        QVERIFY2(page.problem().contains(QStringLiteral("Trace file")), qPrintable(page.problem()));
        QVERIFY(!scenario().trace);
        type(&page, "traceFile", tracePath);
        QVERIFY2(page.problem().isEmpty(), qPrintable(page.problem()));
        QVERIFY(scenario().trace && scenario().trace->trace);
        QCOMPARE(scenario().trace->trace->entries.size(), std::size_t(5));
        QVERIFY(scenario().requests <= 5);
        QCOMPARE(scenario().load, QStringLiteral("open"));
        QCOMPARE(scenario().promptTokens, 120); // the trace's mean
        QTRY_VERIFY(!prompt->isEnabled());
        QTRY_COMPARE(prompt->text(), QStringLiteral("120"));
        type(&page, "traceTimeScale", QStringLiteral("0.5"));
        QCOMPARE(scenario().trace->timeScale, 0.5);
        type(&page, "requests", QStringLiteral("9"));
        QVERIFY2(page.problem().contains(QStringLiteral("the trace holds only 5")),
                 qPrintable(page.problem()));
        type(&page, "requests", QStringLiteral("4"));
        QVERIFY2(page.problem().isEmpty(), qPrintable(page.problem()));
        const QString traced = m_dir.filePath(QStringLiteral("traced.json"));
        saveAndCompare(page, traced);
        const auto back = Suite::loadFile(traced, &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(back->scenarios.back().trace);
        QCOMPARE(back->scenarios.back().trace->timeScale, 0.5);
        QCOMPARE(QFileInfo(back->scenarios.back().trace->path), QFileInfo(tracePath));
        // Cleared, the scenario is closed loop at its own sizes again.
        type(&page, "traceFile", QString());
        QVERIFY(!scenario().trace);
        QTRY_VERIFY(prompt->isEnabled());
    }

    void badInputIsRefusedInPlace()
    {
        SuitePage page(m_workbench.get());
        page.show();
        QVERIFY(page.newFromTemplate(QStringLiteral("tco_comparison"), true));
        const QString path = m_dir.filePath(QStringLiteral("bad.json"));
        QVERIFY(page.saveTo(path));
        const QByteArray saved = readFile(path);

        const auto refused = [&](const char *field, const QString &text, const QString &named) {
            type(&page, field, text);
            QVERIFY2(page.problem().contains(named), qPrintable(page.problem()));
            auto *problem = page.findChild<QLabel *>(QStringLiteral("suiteProblem"));
            QVERIFY(problem->isVisible());
            QVERIFY(problem->text().contains(named));
            auto *edit = page.findChild<QLineEdit *>(QLatin1StringView(field));
            QVERIFY(edit->toolTip().contains(named));
            QVERIFY(!page.saveTo(path));
            QCOMPARE(readFile(path), saved);
            QVERIFY(labelText(&page, "suiteMessage").contains(named));
        };
        refused("suiteName", QString(), QStringLiteral("Name"));
        QCOMPARE(page.suite().name, QStringLiteral("TCO comparison")); // kept its last good value
        type(&page, "suiteName", QStringLiteral("Renamed"));
        QVERIFY(page.problem().isEmpty());

        refused("budgetUsd", QStringLiteral("-5"), QStringLiteral("Budget"));
        QVERIFY(!page.suite().budgetUsd);
        type(&page, "budgetUsd", QString());

        refused("requests", QStringLiteral("0"), QStringLiteral("Requests"));
        QCOMPARE(page.suite().scenarios.front().requests, 50);
        type(&page, "requests", QStringLiteral("20"));

        refused("maxUsdPer1k", QStringLiteral("-0.001"), QStringLiteral("Max $ per 1K"));
        type(&page, "maxUsdPer1k", QStringLiteral("0.002"));

        // A combination: open loop without a rate.
        auto *load = page.findChild<QComboBox *>(QStringLiteral("load"));
        load->setCurrentIndex(load->findText(QStringLiteral("open")));
        Q_EMIT load->activated(load->currentIndex());
        QVERIFY2(page.problem().contains(QStringLiteral("Rate per second")),
                 qPrintable(page.problem()));
        QVERIFY(!page.saveTo(path));
        QCOMPARE(readFile(path), saved);
        type(&page, "ratePerS", QStringLiteral("2"));
        QVERIFY2(page.problem().isEmpty(), qPrintable(page.problem()));

        // No providers at all.
        auto *providers = page.findChild<QTreeWidget *>(QStringLiteral("providerList"));
        while (providers->topLevelItemCount() > 0) {
            providers->setCurrentItem(providers->topLevelItem(0));
            clickButton(&page, "removeProvider");
        }
        QVERIFY(page.problem().contains(QStringLiteral("Providers")));
        QVERIFY(!page.run());
        QVERIFY(!page.saveTo(path));
        QCOMPARE(readFile(path), saved);
    }

    void providerButtonsAskAndTheApiFills()
    {
        SuitePage page(m_workbench.get());
        page.show();
        QVERIFY(page.newFromTemplate(QStringLiteral("context_scaling"), false));
        QVERIFY(page.suite().providers.empty());
        QSignalSpy add(&page, &SuitePage::addProviderRequested);
        QSignalSpy edit(&page, &SuitePage::editProviderRequested);
        clickButton(&page, "addProvider");
        QCOMPARE(add.size(), 1);

        ProviderConfig p;
        p.name = QStringLiteral("Local");
        p.dialect = QStringLiteral("openai-chat");
        p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:8000/v1"));
        p.model = QStringLiteral("qwen3");
        page.appendProvider(p);
        ProviderConfig q = p;
        q.name = QStringLiteral("Other");
        q.fallback = {QStringLiteral("Local")};
        page.appendProvider(q);
        auto *list = page.findChild<QTreeWidget *>(QStringLiteral("providerList"));
        QCOMPARE(list->topLevelItemCount(), 2);
        QCOMPARE(list->topLevelItem(0)->text(2), QStringLiteral("qwen3"));

        list->setCurrentItem(list->topLevelItem(0));
        clickButton(&page, "editProvider");
        QCOMPARE(edit.size(), 1);
        QCOMPARE(edit.first().at(0).toInt(), 0);
        p.name = QStringLiteral("Local vLLM");
        page.setProvider(0, p);
        QCOMPARE(list->topLevelItem(0)->text(0), QStringLiteral("Local vLLM"));
        QCOMPARE(page.suite().providers[1].fallback, QStringList{QStringLiteral("Local vLLM")});
        QVERIFY2(page.problem().isEmpty(), qPrintable(page.problem()));
        saveAndCompare(page, m_dir.filePath(QStringLiteral("providers.json")));
    }

    void estimateFollowsTheRequests()
    {
        SuitePage page(m_workbench.get());
        page.show();
        QVERIFY(page.newFromTemplate(QStringLiteral("tco_comparison"), true));
        const QString before = labelText(&page, "costEstimate");
        QVERIFY(before.contains(QLatin1Char('$')));
        type(&page, "requests", QStringLiteral("500"));
        const QString after = labelText(&page, "costEstimate");
        QVERIFY2(after != before, qPrintable(after));
    }

    void runATinySuiteAgainstTheSimulator()
    {
        SuitePage page(m_workbench.get());
        page.show();
        QVERIFY(page.newFromTemplate(QStringLiteral("tco_comparison"), true));
        auto *scenarios = page.findChild<QListWidget *>(QStringLiteral("scenarioList"));
        scenarios->setCurrentRow(1); // the concurrency sweep
        clickButton(&page, "removeScenario");
        QCOMPARE(page.suite().scenarios.size(), std::size_t(1));
        scenarios->setCurrentRow(0);
        type(&page, "requests", QStringLiteral("2"));
        type(&page, "concurrency", QStringLiteral("1"));
        type(&page, "promptTokens", QStringLiteral("200"));
        type(&page, "maxOutputTokens", QStringLiteral("16"));

        QSignalSpy finished(m_workbench.get(), &Workbench::sessionFinished);
        clickButton(&page, "runSuite");
        QVERIFY2(m_workbench->isRunning(), qPrintable(labelText(&page, "suiteMessage")));
        QVERIFY(!page.findChild<QPushButton *>(QStringLiteral("runSuite"))->isEnabled());
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("finished"));
        QVERIFY(page.findChild<QPushButton *>(QStringLiteral("runSuite"))->isEnabled());
        QTRY_VERIFY(m_workbench->sessionModel()->rowCount() >= 1); // read off the UI thread
        QVERIFY(labelText(&page, "suiteMessage").contains(QStringLiteral("Session")));
    }

    void runRefusalIsShownOnThePage()
    {
        // A running session refuses another: the page says why.
        SuitePage page(m_workbench.get());
        QVERIFY(page.newFromTemplate(QStringLiteral("tco_comparison"), true));
        QVERIFY(page.run());
        QVERIFY(!page.run());
        QVERIFY(!labelText(&page, "suiteMessage").isEmpty());
        QSignalSpy finished(m_workbench.get(), &Workbench::sessionFinished);
        m_workbench->cancel();
        QVERIFY(finished.wait(60000));
    }
};

YS_TEST_MAIN(TstSuitePage)
#include "tst_suite_page.moc"
