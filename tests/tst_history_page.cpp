// The history, scores and TCO pages on the offscreen platform, against the real simulator: a
// small suite run twice and one provider re-run; the comparison's p-values and intervals are the
// core comparisons', the drift chart has a point per session, a weight slider re-ranks the
// providers and the TCO chart's break-even is core's.
#include "analysis/comparisons.h"
#include "analysis/scores.h"
#include "analysis/tco.h"
#include "charts/drift_chart.h"
#include "charts/history_window_chart.h"
#include "charts/pareto_chart.h"
#include "charts/tco_chart.h"
#include "demo/sim_demo_host.h"
#include "models/drift_model.h"
#include "models/drift_series_model.h"
#include "models/history_window_model.h"
#include "models/score_model.h"
#include "models/session_diff_model.h"
#include "storage/database.h"
#include "storage/history_loader.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"
#include "ui/history_page.h"
#include "ui/history_window_view.h"
#include "ui/main_window.h"
#include "ui/results_page.h"
#include "ui/scores_page.h"
#include "ui/tco_page.h"
#include "workbench/workbench.h"

#include "cli_runner.h"
#include "demo_workbench.h"
#include "test_main.h"
#include "workbench_fixtures.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QChartView>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSignalSpy>
#include <QSlider>
#include <QSqlError>
#include <QSqlQuery>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <array>
#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

using Tester = QAbstractItemModelTester;

// The diff model's row of a provider and figure, or -1.
int rowOf(const SessionDiffModel *model, const QString &provider, DiffFigure figure)
{
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex idx = model->index(r, SessionDiffModel::ProviderColumn);
        if (idx.data().toString() == provider &&
            idx.data(SessionDiffModel::FigureNameRole).toString() == diffFigureName(figure))
            return r;
    }
    return -1;
}

bool same(const QVariant &shown, std::optional<double> expected)
{
    if (!expected)
        return !shown.isValid();
    return shown.isValid() &&
           std::abs(shown.toDouble() - *expected) <= 1e-12 * std::max(1.0, std::abs(*expected));
}

// Every p-value and interval of the TTFT and E2E rows is what compareProviders() gives the
// same two summaries.
void checkAgainstCore(const SessionDiffModel *model, const ProviderSummary &before,
                      const ProviderSummary &after, const QString &label)
{
    const std::vector<PairComparison> core = compareProviders(after, before);
    QVERIFY(!core.empty());
    for (const PairComparison &c : core) {
        const bool e2e = c.figure == ComparedFigure::E2e;
        const std::array<DiffFigure, 2> figures =
            e2e ? std::array{DiffFigure::E2eP50, DiffFigure::E2eP95}
                : std::array{DiffFigure::TtftP50, DiffFigure::TtftP95};
        for (DiffFigure f : figures) {
            const int row = rowOf(model, label, f);
            QVERIFY2(row >= 0, qPrintable(label));
            const auto value = [&](int column, int role = SessionDiffModel::ValueRole) {
                return model->index(row, column).data(role);
            };
            QVERIFY(same(value(SessionDiffModel::PValueColumn), c.result.adjustedPValue));
            QVERIFY(same(value(SessionDiffModel::IntervalColumn), c.result.ciLow));
            QVERIFY(same(value(SessionDiffModel::IntervalColumn, SessionDiffModel::CiHighRole),
                         c.result.ciHigh));
        }
    }
}

} // namespace

class TstHistoryPage : public QObject {
    Q_OBJECT

private:
    static Suite smallSuite(const QUrl &url)
    {
        Suite suite;
        suite.name = QStringLiteral("history");
        suite.providers = test::firstDemoProviders(url, 3);
        suite.scenarios.push_back(test::latencyProbe(10, 5, 24, 30000));
        return suite;
    }

    // Set YS_SCREENSHOT_DIR to keep a picture of the window for a person to look at.
    void keepPicture(const QString &name) const
    {
        if (const QString shots = qEnvironmentVariable("YS_SCREENSHOT_DIR"); !shots.isEmpty()) {
            QTest::qWait(300); // let the charts lay out their legends
            QVERIFY(m_window->grab().save(shots + QLatin1Char('/') + name));
        }
    }

    HistoryPage *historyPage() const
    {
        return m_window->findChild<HistoryPage *>(QStringLiteral("historyPage"));
    }

    QTemporaryDir m_dir;
    std::unique_ptr<Workbench> m_wb;
    std::unique_ptr<MainWindow> m_window;
    Suite m_suite;
    qint64 m_first = 0;
    qint64 m_second = 0;

private Q_SLOTS:
    // Two sessions of the same small suite, the window open on them.
    void initTestCase()
    {
        QUrl url;
        QString error;
        m_wb =
            test::openDemoWorkbench(m_dir.filePath(QStringLiteral("history.sqlite")), &url, &error);
        QVERIFY2(m_wb, qPrintable(error));
        m_suite = smallSuite(url);
        m_window = std::make_unique<MainWindow>(m_wb.get());
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        if (!test::runSuiteAndWaitForSummary(*m_wb, m_suite, 120000))
            return;
        m_first = m_wb->selectedSession();
        if (!test::runSuiteAndWaitForSummary(*m_wb, m_suite, 120000))
            return;
        m_second = m_wb->selectedSession();
        QVERIFY(m_first != 0 && m_first != m_second);
    }

    void cleanupTestCase()
    {
        m_window.reset();
        m_wb.reset();
    }

    // By default the newest session against the one before, with core's significance.
    void compareTwoSessions()
    {
        HistoryPage *history = historyPage();
        QVERIFY(history);
        Tester tester(history->diffModel(), Tester::FailureReportingMode::QtTest);
        m_window->pages()->setCurrentWidget(history);
        QTRY_VERIFY(!history->isLoading()); // read off the UI thread
        QCOMPARE(history->beforeBox()->currentIndex(), history->rowOf(m_first));
        QCOMPARE(history->afterBox()->currentIndex(), history->rowOf(m_second));
        const SessionDiffModel *diff = history->diffModel();
        QCOMPARE(diff->rowCount(), int(m_suite.providers.size()) * kDiffFigureCount);
        QString error;
        const auto before = loadSessionSummary(*m_wb->repository(), m_first, &error);
        const auto after = loadSessionSummary(*m_wb->repository(), m_second, &error);
        QVERIFY(before && after);
        QCOMPARE(before->providers.size(), after->providers.size());
        for (std::size_t i = 0; i < after->providers.size(); ++i) {
            QCOMPARE(before->providers[i].name, after->providers[i].name);
            checkAgainstCore(diff, before->providers[i], after->providers[i],
                             after->providers[i].name);
            if (QTest::currentTestFailed())
                return;
        }
    }

    // A point per session for the chosen provider.
    void driftPointPerSession()
    {
        HistoryPage *history = historyPage();
        Tester seriesTester(history->driftSeriesModel(), Tester::FailureReportingMode::QtTest);
        Tester eventTester(history->driftEventModel(), Tester::FailureReportingMode::QtTest);
        history->driftProviderBox()->setCurrentText(m_suite.providers.back().name);
        history->driftProviderBox()->setCurrentText(m_suite.providers.front().name);
        QTRY_VERIFY(!history->isLoading());
        QCOMPARE(history->driftSeriesModel()->provider(), m_suite.providers.front().name);
        QCOMPARE(history->driftSeriesModel()->rowCount(), 2);
        QCOMPARE(history->driftChart()->pointCount(), 2);
        QCOMPARE(history->driftChart()->changeCount(), 0); // the same simulated model both times
        keepPicture(QStringLiteral("history.png"));
        const auto &series = history->driftSeriesModel()->series();
        QCOMPARE(series[0].sessionId, m_first);
        QCOMPARE(series[1].sessionId, m_second);
        QVERIFY(series[0].e2eP95Ms && series[1].e2eP95Ms);
    }

    // One provider re-run from its point's context menu on the Pareto chart: when it ends, the
    // History page shows its two runs of the newest session beside each other, with the
    // significance of every change.
    void compareRerun()
    {
        HistoryPage *history = historyPage();
        Tester tester(history->diffModel(), Tester::FailureReportingMode::QtTest);
        const QString provider = m_suite.providers.front().name;
        m_window->pages()->setCurrentWidget(m_window->resultsPage());
        ParetoChart *pareto = m_window->resultsPage()->paretoChart();
        QTRY_VERIFY(!pareto->positionOf(provider).isNull());
        // A right click on the point: the chart's own menu pops up and its first action
        // re-runs the provider.
        QWidget *viewport = pareto->findChild<QChartView *>()->viewport();
        const QPoint at = pareto->positionOf(provider);
        QContextMenuEvent click(QContextMenuEvent::Mouse, at, viewport->mapToGlobal(at));
        QApplication::sendEvent(viewport, &click);
        QMenu *menu = nullptr;
        QTRY_VERIFY((menu = pareto->findChild<QMenu *>(QStringLiteral("paretoPointMenu"))));
        QVERIFY(menu->isVisible());
        auto *action = menu->findChild<QAction *>(QStringLiteral("actionRerunThisProvider"));
        QVERIFY(action && action->isEnabled());
        QSignalSpy finished(m_wb.get(), &Workbench::rerunFinished);
        action->trigger();
        menu->close();
        QVERIFY(m_wb->isRunning());
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().at(0).toLongLong(), m_second);
        QCOMPARE(finished.first().at(1).toString(), provider);
        QTRY_VERIFY_WITH_TIMEOUT(m_wb->loadingSession() == 0, 60000);
        QCOMPARE(m_window->pages()->currentWidget(), history);

        QString error;
        std::vector<HistorySource> runs;
        for (const HistorySource &s : historySources(*m_wb->repository(), &error))
            if (s.sessionId == m_second && s.provider == provider)
                runs.push_back(s);
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[1].runNumber, 2);
        // Once the session list and the page's sources are read again (off the UI thread), and
        // the comparison: chosen for the analyst, the earlier run as A, the re-run as B.
        QTRY_VERIFY(!m_wb->sessionsLoading() && !history->isLoading());
        QCOMPARE(history->beforeBox()->currentIndex(), history->rowOf(m_second, runs[0].runId));
        QCOMPARE(history->afterBox()->currentIndex(), history->rowOf(m_second, runs[1].runId));
        const QString message =
            history->findChild<QLabel *>(QStringLiteral("historyMessage"))->text();
        QVERIFY2(message.contains(provider) && message.contains(QStringLiteral("run 2 (B)")),
                 qPrintable(message));
        QVERIFY2(m_window->statusBar()->currentMessage().contains(provider),
                 qPrintable(m_window->statusBar()->currentMessage()));
        const SessionDiffModel *diff = history->diffModel();
        QCOMPARE(diff->rowCount(), kDiffFigureCount);
        const auto original = loadSourceProviders(*m_wb->repository(), runs[0], &error);
        const auto rerun = loadSourceProviders(*m_wb->repository(), runs[1], &error);
        QVERIFY(original && rerun);
        checkAgainstCore(diff, original->front(), rerun->front(), provider);
        if (QTest::currentTestFailed())
            return;
        // Still one drift point per session: a session's latest run stands for it.
        QCOMPARE(history->driftChart()->pointCount(), 2);
    }

    // One weight alone puts that figure's best provider first; moving the sliders to another
    // figure with another best provider changes the order. All zeros are refused.
    void weightSliderReranks()
    {
        auto *scores = m_window->findChild<ScoresPage *>(QStringLiteral("scoresPage"));
        QVERIFY(scores);
        Tester scoreTester(scores->model(), Tester::FailureReportingMode::QtTest);
        Tester rankingTester(scores->ranking()->model(), Tester::FailureReportingMode::QtTest);
        m_window->pages()->setCurrentWidget(scores);
        const auto summary = m_wb->summary();
        QVERIFY(summary);
        const auto bestOn = [&](const QString &figure) -> QString {
            const Direction d = *Scores::figureDirection(figure);
            QString best;
            std::optional<double> bestValue;
            bool tie = false;
            for (const ProviderSummary &p : summary->providers) {
                const auto v = Scores::figureOf(p, figure);
                if (!v)
                    return {};
                if (bestValue && *v == *bestValue)
                    tie = true;
                if (!bestValue || (d == Direction::Lower ? *v < *bestValue : *v > *bestValue)) {
                    tie = false;
                    best = p.name;
                    bestValue = v;
                }
            }
            return tie ? QString() : best;
        };
        QString f1, f2;
        for (const QString &a : Scores::figureNames())
            for (const QString &b : Scores::figureNames())
                if (f1.isEmpty() && !bestOn(a).isEmpty() && !bestOn(b).isEmpty() &&
                    bestOn(a) != bestOn(b)) {
                    f1 = a;
                    f2 = b;
                }
        QVERIFY2(!f1.isEmpty(), "no two figures with different best providers");
        const auto only = [&](const QString &figure) {
            scores->slider(figure)->setValue(100);
            for (const QString &name : Scores::figureNames())
                if (name != figure)
                    scores->slider(name)->setValue(0);
        };
        only(f1);
        const QStringList order1 = scores->rankOrder();
        QCOMPARE(order1.size(), int(summary->providers.size()));
        QCOMPARE(order1.first(), bestOn(f1));
        only(f2);
        const QStringList order2 = scores->rankOrder();
        QCOMPARE(order2.first(), bestOn(f2));
        QVERIFY(order1 != order2);

        scores->slider(f2)->setValue(0);
        QVERIFY(scores->message().contains(QStringLiteral("above 0")));
        QCOMPARE(scores->rankOrder(), order2);
        scores->slider(f1)->setValue(50);
        QVERIFY(!scores->message().contains(QStringLiteral("above 0")));
        QCOMPARE(scores->rankOrder().first(), bestOn(f1));
        keepPicture(QStringLiteral("scores.png"));
    }

    // The chart's break-even is core's for the same input, and follows the form.
    void tcoBreakEvenIsCore()
    {
        auto *tco = m_window->findChild<TcoPage *>(QStringLiteral("tcoPage"));
        QVERIFY(tco);
        m_window->pages()->setCurrentWidget(tco);
        QVERIFY(tco->report());
        QString error;
        const TcoInput in = tco->report()->input;
        const auto core = Tco::compute(in, &error);
        QVERIFY(core && core->at.breakEvenTokensPerMonth);
        QCOMPARE(*tco->chart()->breakEvenTokens(), *core->at.breakEvenTokensPerMonth);
        QVERIFY(tco->chart()->pointCount() > 2);
        tco->field(TcoField::GpuUsdPerHour)->setText(QStringLiteral("1.25"));
        TcoInput cheaper = in;
        cheaper.gpuUsdPerHour = 1.25;
        const auto moved = Tco::compute(cheaper, &error);
        QVERIFY(moved && moved->at.breakEvenTokensPerMonth);
        QCOMPARE(*tco->chart()->breakEvenTokens(), *moved->at.breakEvenTokensPerMonth);
        QVERIFY(*moved->at.breakEvenTokensPerMonth < *core->at.breakEvenTokensPerMonth);
        keepPicture(QStringLiteral("tco.png"));
    }

    // Bad input is refused in place, naming the field; the chart keeps the last valid input.
    void tcoRefusesBadInput()
    {
        auto *tco = m_window->findChild<TcoPage *>(QStringLiteral("tcoPage"));
        QVERIFY(tco && tco->chart()->breakEvenTokens());
        const double kept = *tco->chart()->breakEvenTokens();
        struct Bad {
            TcoField field;
            QString text;
        };
        for (const Bad &bad :
             {Bad{TcoField::GpuUsdPerHour, QStringLiteral("-2")},
              Bad{TcoField::Gpus, QStringLiteral("0")}, Bad{TcoField::Gpus, QStringLiteral("1.5")},
              Bad{TcoField::Utilisation, QStringLiteral("1.5")},
              Bad{TcoField::OpsUsdPerMonth, QStringLiteral("-100")},
              Bad{TcoField::TokensPerS, QStringLiteral("0")},
              Bad{TcoField::ApiUsdPer1m, QStringLiteral("-1")},
              Bad{TcoField::MonthlyTokens, QStringLiteral("lots")}}) {
            QLineEdit *edit = tco->field(bad.field);
            const QString good = edit->text();
            edit->setText(bad.text);
            QVERIFY2(tco->refusedField() == bad.field, qPrintable(bad.text));
            QVERIFY2(tco->message().startsWith(TcoPage::fieldLabel(bad.field)),
                     qPrintable(tco->message()));
            QCOMPARE(*tco->chart()->breakEvenTokens(), kept);
            edit->setText(good);
            QVERIFY(!tco->refusedField());
            QVERIFY(tco->message().isEmpty());
        }
    }

    // The medians by window and by hour of the day on the History page: the rows and figures
    // `yardstick-cli history --json` gives for the same database, drawn a line per provider, the
    // selected provider's rows selected. Last: it moves the first session three hours back.
    void mediansByWindowAndHour()
    {
        QVERIFY(m_first != 0);
        {
            QSqlQuery q(m_wb->repository()->database().connection());
            q.prepare(QStringLiteral("UPDATE sessions SET started_at = ? WHERE id = ?"));
            q.addBindValue(
                QDateTime::currentDateTimeUtc().addSecs(-3 * 3600).toString(Qt::ISODateWithMs));
            q.addBindValue(m_first);
            QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
        }
        auto *page = m_window->findChild<HistoryPage *>();
        QVERIFY(page);
        m_window->pages()->setCurrentWidget(page);
        auto *tabs = page->findChild<QTabWidget *>(QStringLiteral("historyTabs"));
        HistoryWindowView *view = page->windowView();
        QVERIFY(tabs && view);
        tabs->setCurrentWidget(view);
        QAbstractItemModelTester tester(view->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(view, &HistoryWindowView::loaded);

        const QString db = m_dir.filePath(QStringLiteral("history.sqlite"));
        for (const auto &[index, args] : std::vector<std::pair<int, QStringList>>{
                 {3, {QStringLiteral("--by"), QStringLiteral("hour-of-day")}},
                 {0, {QStringLiteral("--window"), QStringLiteral("1h")}}}) {
            loaded.clear();
            view->groupingBox()->setCurrentIndex(index);
            QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 30000);
            const auto cli =
                test::runCli(QStringList{QStringLiteral("history"), QStringLiteral("--db"), db,
                                         QStringLiteral("--json")} +
                             args);
            QVERIFY2(cli.code == 0, qPrintable(cli.err));
            const json doc = json::parse(cli.out.toStdString());
            const HistoryWindowModel *model = view->model();
            QCOMPARE(std::size_t(model->rowCount()), doc.size());
            QStringList providers;
            for (int r = 0; r < model->rowCount(); ++r) {
                const json &row = doc[std::size_t(r)];
                const QString provider = QString::fromStdString(row["provider"].get<std::string>());
                QCOMPARE(model->index(r, HistoryWindowModel::Provider).data().toString(), provider);
                QCOMPARE(model->index(r, HistoryWindowModel::Sessions).data().toInt(),
                         row["sessions"].get<int>());
                const QVariant group =
                    model->index(r, HistoryWindowModel::Group).data(RowTableModel::ValueRole);
                if (index == 3)
                    QCOMPARE(group.toInt(), row["hour_utc"].get<int>());
                else
                    QCOMPARE(group.toString(),
                             QString::fromStdString(row["window_start"].get<std::string>()));
                const QVariant ttft =
                    model->index(r, HistoryWindowModel::TtftP50).data(RowTableModel::ValueRole);
                QCOMPARE(ttft.isValid(), !row["ttft_p50_ms"].is_null());
                if (ttft.isValid()) {
                    QCOMPARE(ttft.toDouble(), row["ttft_p50_ms"].get<double>());
                    // The chart's line of the provider has the point at the group.
                    const double x = index == 3
                                         ? double(group.toInt())
                                         : double(model->rowsHeld()[std::size_t(r)].groupStartMs);
                    QCOMPARE(view->chart()->valueAt(provider, x), ttft.toDouble());
                }
                if (!providers.contains(provider))
                    providers << provider;
            }
            // Two sessions three hours apart: two groups of each provider, in both groupings.
            QCOMPARE(model->rowCount(), 2 * int(providers.size()));
            QCOMPARE(view->chart()->providers().size(), providers.size());
            for (const QString &p : std::as_const(providers))
                QCOMPARE(view->chart()->pointCount(p), 2);
        }
        // The selected provider's rows are the ones selected.
        const QString selected =
            view->model()->index(0, HistoryWindowModel::Provider).data().toString();
        m_wb->selectProvider(selected);
        const QModelIndexList rows = view->table()->selectionModel()->selectedRows();
        QCOMPARE(rows.size(), 2);
        for (const QModelIndex &i : rows)
            QCOMPARE(i.siblingAtColumn(HistoryWindowModel::Provider).data().toString(), selected);
        keepPicture(QStringLiteral("history-windows.png"));
    }
};

YS_TEST_MAIN(TstHistoryPage)
#include "tst_history_page.moc"
