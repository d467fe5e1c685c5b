// The workbench after the demo, walked as an analyst clicks through it (ui/screen_walk.h, the walk
// yardstick-screenshots pictures), at 1280×800 in English and in Chinese: every chart's legend
// names each entry once and whole, every axis reads labels that differ, and no raw identifier
// (snake_case) is on screen.
#include "charts/server_timeline_chart.h"
#include "cli_runner.h"
#include "domain/provider_labels.h"
#include "models/drift_model.h"
#include "models/latency_phases_model.h"
#include "models/server_gauges_model.h"
#include "models/stability_model.h"
#include "models/team_tables.h"
#include "models/verdict_text.h"
#include "test_main.h"
#include "test_support.h"
#include "ui/latency_phases_view.h"
#include "ui/main_window.h"
#include "ui/reconciliation_view.h"
#include "ui/results_page.h"
#include "ui/screen_walk.h"
#include "ui/server_metrics_view.h"
#include "ui/stability_view.h"
#include "ui/team_page.h"
#include "workbench/app_settings.h"
#include "workbench/demo_host.h"
#include "workbench/translations.h"
#include "workbench/workbench.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QFile>
#include <QFrame>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QValueAxis>
#include <cmath>
#include <memory>

using namespace ys;

namespace {

// What one step of the walk showed that an analyst could not read.
struct WalkFindings {
    QStringList problems;
    int legends = 0; // legends seen with entries
    int axes = 0;    // number axes seen with labels
    int texts = 0;   // labels, buttons, titles and headings read
    bool chinese = false;
    QStringList names; // provider and model names, which stay as they are in any language

    void add(const QString &stem, const QString &what)
    {
        problems << stem + QStringLiteral(": ") + what;
    }
};

// The text a legend or an axis shows, as drawn: every text item of the chart's scene under item.
QStringList shownTexts(const QGraphicsItem *under, const QGraphicsScene *scene)
{
    QStringList out;
    for (QGraphicsItem *item : scene->items()) {
        auto *text = dynamic_cast<QGraphicsTextItem *>(item);
        if (text && text->isVisible() && under->isAncestorOf(text) &&
            !text->toPlainText().trimmed().isEmpty())
            out << text->toPlainText().trimmed();
    }
    return out;
}

bool cutShort(const QString &text)
{
    return text.endsWith(QChar(0x2026)) || text.endsWith(QStringLiteral("..."));
}

// The labels a number axis writes at its ticks, as QValueAxis formats them (printf formats).
QStringList tickLabels(const QValueAxis *axis)
{
    QStringList out;
    const QString format =
        axis->labelFormat().isEmpty() ? QStringLiteral("%g") : axis->labelFormat();
    const auto label = [&](double v) {
        return QString::asprintf(qPrintable(format), v);
    };
    if (axis->tickType() == QValueAxis::TicksDynamic && axis->tickInterval() > 0) {
        const double step = axis->tickInterval();
        double v = axis->tickAnchor() + std::ceil((axis->min() - axis->tickAnchor()) / step) * step;
        for (; v <= axis->max() + step * 1e-9; v += step)
            out << label(v);
        return out;
    }
    const int n = axis->tickCount();
    for (int i = 0; i < n; ++i)
        out << label(axis->min() + (axis->max() - axis->min()) * i / std::max(1, n - 1));
    return out;
}

QString duplicateIn(const QStringList &texts)
{
    QSet<QString> seen;
    for (const QString &t : texts) {
        if (seen.contains(t))
            return t;
        seen.insert(t);
    }
    return {};
}

void checkCharts(QWidget *shown, const QString &stem, WalkFindings &f)
{
    for (QChartView *view : shown->findChildren<QChartView *>()) {
        if (!view->isVisible() || !view->chart())
            continue;
        QChart *chart = view->chart();
        const QString where = stem + QLatin1Char('/') +
                              (view->objectName().isEmpty() ? chart->title() : view->objectName());
        if (chart->legend()->isVisible()) {
            const QStringList entries = shownTexts(chart->legend(), view->scene());
            if (!entries.isEmpty())
                ++f.legends;
            if (const QString twice = duplicateIn(entries); !twice.isEmpty())
                f.add(where, QStringLiteral("legend shows \"%1\" twice (%2)")
                                 .arg(twice, entries.join(QStringLiteral(" | "))));
            for (const QString &e : entries)
                if (cutShort(e))
                    f.add(where, QStringLiteral("legend entry cut short: \"%1\"").arg(e));
        }
        for (QAbstractAxis *axis : chart->axes()) {
            if (!axis->isVisible() || !axis->labelsVisible())
                continue;
            QStringList labels;
            if (auto *values = qobject_cast<QValueAxis *>(axis))
                labels = tickLabels(values);
            else if (auto *categories = qobject_cast<QBarCategoryAxis *>(axis))
                labels = categories->categories();
            else
                continue;
            if (labels.isEmpty())
                continue;
            ++f.axes;
            if (const QString twice = duplicateIn(labels); !twice.isEmpty())
                f.add(where, QStringLiteral("axis \"%1\" labels two ticks \"%2\" (%3)")
                                 .arg(axis->titleText(), twice, labels.join(QLatin1Char(' '))));
        }
        // Whatever the chart draws as text (axis categories, point labels, the title): whole.
        for (QGraphicsItem *item : view->scene()->items()) {
            auto *text = dynamic_cast<QGraphicsTextItem *>(item);
            if (text && text->isVisible() && cutShort(text->toPlainText().trimmed()) &&
                !chart->legend()->isAncestorOf(text))
                f.add(where, QStringLiteral("text cut short: \"%1\"").arg(text->toPlainText()));
        }
    }
}

// The words a widget shows as its own: labels, buttons, group titles, tab names, column headings.
QStringList ownTexts(QWidget *shown)
{
    QStringList out;
    const auto visible = [](QWidget *w) {
        return w->isVisible();
    };
    for (QLabel *l : shown->findChildren<QLabel *>())
        if (visible(l))
            out << QTextDocumentFragment::fromHtml(l->text()).toPlainText();
    for (QAbstractButton *b : shown->findChildren<QAbstractButton *>())
        if (visible(b))
            out << b->text();
    for (QGroupBox *g : shown->findChildren<QGroupBox *>())
        if (visible(g))
            out << g->title();
    for (QTabBar *t : shown->findChildren<QTabBar *>())
        if (visible(t))
            for (int i = 0; i < t->count(); ++i)
                out << t->tabText(i);
    for (QTableView *v : shown->findChildren<QTableView *>()) {
        if (!visible(v) || !v->model())
            continue;
        for (int c = 0; c < v->model()->columnCount(); ++c)
            if (!v->isColumnHidden(c))
                out << v->model()->headerData(c, Qt::Horizontal).toString();
    }
    out.removeAll(QString());
    return out;
}

// A form fits the window's width: none scrolls sideways.
void checkForms(QWidget *shown, const QString &stem, WalkFindings &f)
{
    for (QScrollArea *area : shown->findChildren<QScrollArea *>()) {
        if (area->isVisible() && area->horizontalScrollBar()->isVisible())
            f.add(stem, QStringLiteral("%1 scrolls sideways (%2 px wide, shown in %3)")
                            .arg(area->objectName().isEmpty() ? QStringLiteral("a scroll area")
                                                              : area->objectName())
                            .arg(area->widget() ? area->widget()->width() : 0)
                            .arg(area->viewport()->width()));
    }
}

// In Chinese, the Latin words a text may keep: units, acronyms and product names an analyst reads
// as they are. Provider and model names are taken out before the check.
bool keptInChinese(const QString &word)
{
    static const QStringList kept =
        QStringLiteral(
            "token tokens tok ms TTFT TPOT ITL E2E API HTTP HTTPS TLS TCP URL JSON CSV TSV "
            "XLSX PDF SVG PNG HTML SLO GPU TCO UTC SSE SQLite PostgreSQL Yardstick KV "
            "RPS RPM TPM CDF IQR CI ID Pareto SDK CPU DNS TTFB Holm US LiteLLM YAML LoRA")
            .split(QLatin1Char(' '));
    return kept.contains(word);
}

void checkTexts(QWidget *shown, const QString &stem, WalkFindings &f)
{
    // A raw identifier: lower-case words joined by underscores (e2e_p50, success_rate), standing
    // alone, not inside a path or a file name.
    static const QRegularExpression raw(
        QStringLiteral("(?<![\\w./\\\\-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\\w./\\\\-])"));
    static const QRegularExpression latinWord(QStringLiteral("[A-Za-z]{2,}"));
    for (const QString &text : ownTexts(shown)) {
        ++f.texts;
        if (const auto m = raw.match(text); m.hasMatch())
            f.add(stem, QStringLiteral("raw identifier \"%1\" in \"%2\"").arg(m.captured(), text));
        if (!f.chinese)
            continue;
        QString rest = text;
        for (const QString &name : f.names)
            rest.remove(name);
        for (auto it = latinWord.globalMatch(rest); it.hasNext();) {
            const QString word = it.next().captured();
            if (!keptInChinese(word)) {
                f.add(stem, QStringLiteral("English \"%1\" in \"%2\"").arg(word, text));
                break;
            }
        }
    }
}

// A list written "a|b|c".
QStringList listOf(const char *list)
{
    return QString::fromUtf8(list).split(QLatin1Char('|'));
}

// The workbench on a database and its window at 1280×800, shown: what each test here looks at.
struct WalkedWindow {
    explicit WalkedWindow(const QString &db)
        : workbench(db)
    {
    }
    // Opens the database and shows the window; false, with *error, when the database does not
    // open.
    bool show(QString *error)
    {
        if (!workbench.open(error))
            return false;
        window = std::make_unique<MainWindow>(&workbench);
        window->resize(1280, 800);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            return (*error = QStringLiteral("the window was not exposed")), false;
        return true;
    }
    // show(), then waits for the newest session's summary (the demo's).
    bool showNewest(QString *error)
    {
        if (!show(error))
            return false;
        if (!waitForNewestSession(workbench))
            return (*error = QStringLiteral("the newest session did not load")), false;
        return true;
    }
    Workbench workbench;
    std::unique_ptr<MainWindow> window; // goes before the workbench it shows
};

} // namespace

class TstScreenWalk : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;

private Q_SLOTS:
    void shortLabels_data()
    {
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<QStringList>("labels");
        QTest::addColumn<bool>("shortened");
        QTest::newRow("shared first word")
            << listOf("Simulated Sonnet-class|Simulated Flash-class|Simulated Budget-32K")
            << listOf("Sonnet-class|Flash-class|Budget-32K") << true;
        QTest::newRow("shared first and last words")
            << listOf("Acme GPT-4o EU|Acme Claude Sonnet EU|Acme Qwen EU")
            << listOf("GPT-4o|Claude Sonnet|Qwen") << true;
        QTest::newRow("each keeps a word of its own")
            << listOf("vLLM A100|vLLM A100 fp8") << listOf("A100|A100 fp8") << true;
        QTest::newRow("nothing shared")
            << listOf("OpenAI|Anthropic|DeepSeek") << listOf("OpenAI|Anthropic|DeepSeek") << false;
        QTest::newRow("one provider")
            << listOf("Simulated Sonnet-class") << listOf("Simulated Sonnet-class") << false;
        QTest::newRow("alike once cut: full names")
            << listOf("Lab  x|Lab x") << listOf("Lab  x|Lab x") << false;
        QTest::newRow("shared words inside a word are kept")
            << listOf("Simulated-A|Simulated-B") << listOf("Simulated-A|Simulated-B") << false;
    }

    void shortLabels()
    {
        QFETCH(QStringList, names);
        QFETCH(QStringList, labels);
        QFETCH(bool, shortened);
        const ProviderLabels made(names);
        QCOMPARE(made.shortened(), shortened);
        for (qsizetype i = 0; i < names.size(); ++i)
            QCOMPARE(made.of(names[i]), labels[i]);
        QCOMPARE(made.of(QStringLiteral("not one of them")), QStringLiteral("not one of them"));
    }

    // The demo session tst_cli_demo left (ctest's fixture demo_session); run alone without it,
    // the demo is run here.
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("demo.sqlite"));
        QVERIFY(test::demoSessionAt(m_db));
    }

    // The latency phases and the token counts after the demo: a row per provider with its
    // figures (the phases and, against the demo's objectives, SLO attainment and goodput; token
    // counts, estimated for the simulated models), each table following the provider
    // selected elsewhere and selecting it.
    void providerTablesFollowTheProvider()
    {
        WalkedWindow shown(m_db);
        QString error;
        QVERIFY2(shown.showNewest(&error), qPrintable(error));
        Workbench &workbench = shown.workbench;
        MainWindow &window = *shown.window;
        const auto &providers = workbench.summary()->providers;
        auto *phases = window.findChild<LatencyPhasesView *>(QStringLiteral("latencyPhases"));
        auto *tokens = window.findChild<ReconciliationView *>(QStringLiteral("reconciliation"));
        auto *tabs = window.findChild<QTabWidget *>(QStringLiteral("resultCharts"));
        QVERIFY(phases && tokens && tabs);
        // A hidden tab fills when shown.
        QCOMPARE(phases->model()->rowCount(), 0);
        tabs->setCurrentWidget(phases);
        QCOMPARE(phases->model()->rowCount(), int(providers.size()));
        QVERIFY(phases->model()->hasObjectives());
        for (int row = 0; row < phases->model()->rowCount(); ++row) {
            for (int column : {LatencyPhasesModel::TtfbP50, LatencyPhasesModel::TpotP50,
                               LatencyPhasesModel::ItlMean, LatencyPhasesModel::ColdTtftP50,
                               LatencyPhasesModel::WarmTtftP50, LatencyPhasesModel::ConnectP50,
                               LatencyPhasesModel::SloShare, LatencyPhasesModel::Goodput})
                QVERIFY2(
                    phases->model()->index(row, column).data(RowTableModel::ValueRole).isValid(),
                    qPrintable(phases->model()->headerData(column, Qt::Horizontal).toString()));
            // Plain HTTP: no TLS phase; the demo offers no tools: no tool-call phase.
            for (int column : {LatencyPhasesModel::TlsP50, LatencyPhasesModel::ToolArgsP50})
                QVERIFY(
                    !phases->model()->index(row, column).data(RowTableModel::ValueRole).isValid());
        }
        QVERIFY2(phases->message().contains(QStringLiteral("TTFT ≤ 250 ms")),
                 qPrintable(phases->message()));
        tabs->setCurrentWidget(tokens);
        QCOMPARE(tokens->model()->rowCount(), int(providers.size()));
        // The simulated models' tokenizers are not ones Yardstick knows: counted by estimate.
        for (int row = 0; row < tokens->model()->rowCount(); ++row)
            QCOMPARE(tokens->model()->index(row, ReconciliationModel::Status).data().toString(),
                     QStringLiteral("estimated"));
        QVERIFY2(tokens->message().contains(QStringLiteral("agree")),
                 qPrintable(tokens->message()));

        const QString provider = providers.back().name;
        workbench.selectProvider(provider);
        for (ProviderTableView *view :
             {static_cast<ProviderTableView *>(phases), static_cast<ProviderTableView *>(tokens)})
            QCOMPARE(view->tableModel()->index(view->table()->currentIndex().row(), 0).data(),
                     QVariant(provider));
        tokens->table()->selectRow(0);
        QCOMPARE(workbench.selectedProvider(),
                 tokens->model()->index(0, ReconciliationModel::Provider).data().toString());
        tabs->setCurrentWidget(phases);
        QCOMPARE(phases->tableModel()->index(phases->table()->currentIndex().row(), 0).data(),
                 QVariant(workbench.selectedProvider()));

        // Streaming stability: a row per provider, following the selection.
        auto *stability = window.findChild<StabilityView *>(QStringLiteral("stability"));
        QVERIFY(stability);
        tabs->setCurrentWidget(stability);
        QCOMPARE(stability->model()->rowCount(), int(providers.size()));
        workbench.selectProvider(provider);
        QCOMPARE(stability->tableModel()->index(stability->table()->currentIndex().row(), 0).data(),
                 QVariant(provider));

        // Server metrics: the demo reads the servers of its two providers with a capacity, and
        // the concurrency sweep past it fills their queues; the selected one's timeline shows
        // the client above its server.
        auto *server = window.findChild<ServerMetricsView *>(QStringLiteral("serverMetrics"));
        QVERIFY(server);
        tabs->setCurrentWidget(server);
        const auto &gauges = workbench.summary()->serverGauges;
        QCOMPARE(server->model()->rowCount(), int(gauges.size()));
        QSet<QString> scraped;
        for (const ServerGaugeSummary &g : gauges) {
            scraped << g.provider;
            if (g.gauge == ServerGauge::Waiting)
                QVERIFY2(g.max >= 1, qPrintable(g.provider));
        }
        QCOMPARE(scraped.size(), 2);
        const QString queued = gauges.front().provider;
        workbench.selectProvider(queued);
        QCOMPARE(server->timelineProvider(), queued);
        QTRY_VERIFY_WITH_TIMEOUT(!server->timelineLoading(), 30000);
        const ServerTimelineChart *timeline = server->chart();
        QVERIFY(timeline->serverView()->isVisible());
        QVERIFY(timeline->ttftSeries()->count() > 0);
        QVERIFY(timeline->throughputSeries()->count() > 0);
        QVERIFY(timeline->gaugeSeries(ServerGauge::Waiting)->count() > 0);
        // The line names the deepest queue.
        const auto deepest = std::max_element(gauges.begin(), gauges.end(), [](auto &a, auto &b) {
            return (a.gauge == ServerGauge::Waiting ? a.max : -1) <
                   (b.gauge == ServerGauge::Waiting ? b.max : -1);
        });
        QVERIFY2(server->message().contains(workbench.providerLabels().of(deepest->provider)),
                 qPrintable(server->message()));
    }

    // The Team page after the demo: the demo went through the database's run queue, so the
    // queue has its item (done, naming the demo's session) and the workers the process that ran
    // it, idle with one item done; a schedule of the demo's suite added from the page is listed.
    void teamPageAfterTheDemo()
    {
        WalkedWindow shown(m_db);
        QString error;
        QVERIFY2(shown.showNewest(&error), qPrintable(error));
        auto *page = shown.window->findChild<TeamPage *>();
        QVERIFY(page);
        QSignalSpy refreshed(page, &TeamPage::refreshed);
        page->refresh();
        QVERIFY(refreshed.wait(20000));
        const QueueItemsModel *queue = page->queueModel();
        QCOMPARE(queue->rowCount(), 1);
        QCOMPARE(queue->index(0, QueueItemsModel::State).data().toString(),
                 QueueItemsModel::tr("done"));
        QCOMPARE(
            queue->index(0, QueueItemsModel::Session).data(RowTableModel::ValueRole).toLongLong(),
            shown.workbench.selectedSession());
        const WorkersModel *workers = page->workersModel();
        QCOMPARE(workers->rowCount(), 1);
        QCOMPARE(workers->index(0, WorkersModel::Name).data().toString(),
                 queue->index(0, QueueItemsModel::Worker).data().toString());
        QCOMPARE(workers->index(0, WorkersModel::State).data(RowTableModel::ValueRole).toString(),
                 QStringLiteral("idle"));
        QCOMPARE(workers->index(0, WorkersModel::Done).data().toInt(), 1);

        const QString suite = m_dir.filePath(QStringLiteral("demo-suite.json"));
        {
            QFile file(suite);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(shown.workbench.summary()->suite->toJson());
        }
        const auto type = [page](const char *name, const QString &text) {
            auto *edit = page->findChild<QLineEdit *>(QLatin1StringView(name));
            QVERIFY2(edit, name);
            edit->setText(text);
        };
        type("scheduleSuite", suite);
        type("scheduleName", QStringLiteral("demo at night"));
        type("scheduleAt", QStringLiteral("02:00"));
        refreshed.clear();
        auto *add = page->findChild<QPushButton *>(QStringLiteral("scheduleAdd"));
        QVERIFY(add);
        add->click();
        QVERIFY2(refreshed.wait(20000), qPrintable(page->message()));
        const SchedulesModel *schedules = page->schedulesModel();
        QCOMPARE(schedules->rowCount(), 1);
        QCOMPARE(schedules->index(0, SchedulesModel::Name).data().toString(),
                 QStringLiteral("demo at night"));
        QVERIFY2(schedules->index(0, SchedulesModel::When)
                     .data()
                     .toString()
                     .contains(QStringLiteral("02:00")),
                 qPrintable(schedules->index(0, SchedulesModel::When).data().toString()));
    }

    // A first start, on an empty database: the Results page says what to do, naming the action
    // that does it; once a session is there, the hint is gone.
    void firstStartSaysWhatToDo()
    {
        const QString empty = m_dir.filePath(QStringLiteral("empty.sqlite"));
        for (const QString &db : {empty, m_db}) {
            WalkedWindow shown(db);
            QString error;
            QVERIFY2(shown.show(&error), qPrintable(error));
            MainWindow &window = *shown.window;
            QLabel *hint = window.resultsPage()->firstStartHint();
            if (db == empty) {
                QTRY_VERIFY(hint->isVisible());
                const QString action = window.runDemoAction()->text().remove(QLatin1Char('&'));
                QVERIFY2(hint->text().contains(action), qPrintable(hint->text()));
            } else {
                QTRY_VERIFY(!hint->isVisible());
            }
        }
    }

    void walk_data()
    {
        QTest::addColumn<QString>("language");
        for (const QString &language : AppSettings::languages())
            QTest::newRow(qPrintable(language)) << language;
    }

    void walk()
    {
        QFETCH(QString, language);
        installTranslations(*QCoreApplication::instance(), AppSettings::localeOf(language));
        WalkedWindow shown(m_db);
        QString error;
        QVERIFY2(shown.showNewest(&error), qPrintable(error));
        Workbench &workbench = shown.workbench;
        MainWindow &window = *shown.window;
        QVERIFY(workbench.providerLabels().shortened()); // the demo's names share "Simulated"

        WalkFindings f;
        f.chinese = language.startsWith(QLatin1String("zh"));
        for (const ProviderSummary &p : workbench.summary()->providers)
            f.names << p.name << workbench.providerLabels().of(p.name) << p.model;
        int steps = 0;
        QSet<QString> cards;    // provider and kind of each verdict card seen
        QSet<QString> verdicts; // the verdicts they show
        QVERIFY(walkWindow(window, workbench, [&](const QString &stem, QWidget *shown) {
            ++steps;
            for (const QFrame *card :
                 shown->findChildren<QFrame *>(QStringLiteral("verdictCard"))) {
                if (!card->isVisibleTo(shown))
                    continue;
                cards << card->property("provider").toString() + QLatin1Char('/') +
                             card->property("kind").toString();
                verdicts << card->property("verdict").toString();
            }
            checkCharts(shown, stem, f);
            checkTexts(shown, stem, f);
            checkForms(shown, stem, f);
            return true;
        }));
        qInfo("%s: %d steps, %d legends, %d axes, %d texts", qPrintable(language), steps, f.legends,
              f.axes, f.texts);
        QVERIFY(steps >= 10);    // every page and every chart tab
        QVERIFY(f.legends >= 5); // the demo has data for the provider charts
        // The demo runs every kind that ends in a verdict: a card for each provider and kind,
        // and the demo's providers differ enough to pass some and fail others.
        QCOMPARE(cards.size(),
                 qsizetype(workbench.summary()->providers.size()) * VerdictText::kinds().size());
        QVERIFY2(verdicts.contains(QStringLiteral("pass")) &&
                     verdicts.contains(QStringLiteral("fail")) &&
                     verdicts.contains(QStringLiteral("warn")),
                 qPrintable(QStringList(verdicts.values()).join(QLatin1Char(' '))));
        for (const QString &problem : std::as_const(f.problems))
            qWarning("%s", qPrintable(problem));
        QVERIFY2(f.problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 problems, each above").arg(f.problems.size())));
        installTranslations(*QCoreApplication::instance(), QLocale(QLocale::English));
    }
};

YS_TEST_MAIN(TstScreenWalk)
#include "tst_screen_walk.moc"
