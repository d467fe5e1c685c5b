// The Pareto and context scaling charts on the offscreen platform, fed by a real session: three
// simulated providers run a small latency scenario, a context sweep of five sizes (enough for
// both curves, the TTFT one with its intercept, to fit with a size to spare) and a context limit
// probe into a real SQLite file through the Workbench, and the Results page shows them.
#include "analysis/gates.h"
#include "analysis/latency_result.h"
#include "analysis/scores.h"
#include "charts/context_scaling_chart.h"
#include "charts/pareto_chart.h"
#include "models/pareto_plot.h"
#include "ui/results_page.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"

#include "fixtures.h"
#include "session_support.h"
#include "test_main.h"
#include "test_support.h"
#include "workbench_fixtures.h"

#include <QAbstractAxis>
#include <QAction>
#include <QApplication>
#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QLineSeries>
#include <QMenu>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <memory>

using namespace ys;
using nlohmann::json;

namespace {

const QString kBilled = QStringLiteral("Billed");    // no list price: the cost it reports
const QString kCheap = QStringLiteral("Cheap slow"); // dominated by Billed
const QString kFast = QStringLiteral("Fast dear");   // the fastest, on the front

using test::providerNamed;

bool closeTo(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

} // namespace

class TstChartsPareto : public test::ScratchSimTest {
    Q_OBJECT

    std::unique_ptr<Workbench> m_workbench;
    std::unique_ptr<ResultsPage> m_page;

    ParetoChart *pareto() const { return m_page->paretoChart(); }
    ContextScalingChart *context() const { return m_page->contextChart(); }

private Q_SLOTS:
    void initTestCase()
    {
        auto shape = test::ProfileShape().withPrefill(5e6).withOutput(5, 5).withWindow(50000);
        test::ProfileShape billed = shape, cheap = shape, fast = shape;
        billed.ttftMedianMs = billed.ttftP95Ms = 150;
        billed.seed = 1;
        cheap.ttftMedianMs = cheap.ttftP95Ms = 500;
        cheap.seed = 2;
        fast.ttftMedianMs = fast.ttftP95Ms = 5;
        fast.seed = 3;
        QString error;
        m_sim = test::startedSim(
            {test::simProfileJson(
                 kBilled, QStringLiteral("billed"), billed,
                 {{"reported_cost",
                   {{"a", 3e-8}, {"alpha", 1.15}, {"beta", 2e-4}, {"noise", 0.02}}}}),
             test::simProfileJson(kCheap, QStringLiteral("cheap"), cheap),
             test::simProfileJson(kFast, QStringLiteral("fast"), fast)});
        if (!m_sim)
            return;

        Suite suite;
        suite.name = QStringLiteral("charts");
        test::ProviderExtras plain;
        plain.contextWindow = 50000;
        suite.providers.push_back(
            test::simProvider(kBilled, m_sim->baseUrl(), QStringLiteral("billed"), plain));
        test::ProviderExtras tiered = plain;
        tiered.price = Price(0.5, 1.5);
        tiered.price->inputTiers = {{20000, 1.0}}; // past 20K prompt tokens, double the input
        // Resolved already: a suite's own price fields have no tiers, a resolved price keeps them.
        tiered.price->source = QStringLiteral("suite");
        suite.providers.push_back(
            test::simProvider(kCheap, m_sim->baseUrl(), QStringLiteral("cheap"), tiered));
        test::ProviderExtras dear = plain;
        dear.price = Price(3.0, 10.0);
        suite.providers.push_back(
            test::simProvider(kFast, m_sim->baseUrl(), QStringLiteral("fast"), dear));

        Scenario latency = test::closedLoopScenario(16, 4, 1000, 16, 20000);
        Scenario sweep = latency;
        sweep.kind = QStringLiteral("context_sweep");
        sweep.concurrency = 2;
        sweep.contextSweep.promptTokens = {2000, 5000, 10000, 20000, 40000};
        sweep.contextSweep.requestsPerPoint = 2;
        Scenario limit = latency;
        limit.kind = QStringLiteral("context_limit");
        limit.concurrency = 1;
        limit.contextLimit.maxProbes = 4;
        suite.scenarios = {latency, sweep, limit};
        Requirements req = Requirements::none();
        req.maxP95LatencyMs = 250;
        req.maxUsdPer1k = 0.001;
        suite.requirements = req;

        m_workbench = std::make_unique<Workbench>(m_dir.filePath(QStringLiteral("charts.sqlite")));
        QVERIFY2(m_workbench->open(&error), qPrintable(error));
        m_page = std::make_unique<ResultsPage>(m_workbench.get());
        m_page->resize(1100, 800);
        m_page->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
        if (!test::runSuiteAndWaitForSummary(*m_workbench, suite, 120000 * test::kSlow))
            return;
        QVERIFY(m_workbench->summary());
        QCOMPARE(int(m_workbench->summary()->providers.size()), 3);
    }

    void resultsPageHoldsTheChartsInTabs()
    {
        auto *tabs = m_page->findChild<QTabWidget *>(QStringLiteral("resultCharts"));
        QVERIFY(tabs);
        const int views = tabs->count(); // the other result views follow these two
        QVERIFY(views >= 2);
        QCOMPARE(tabs->widget(0), static_cast<QWidget *>(pareto()));
        QCOMPARE(tabs->widget(1), static_cast<QWidget *>(context()));
        QCOMPARE(m_page->currentChartView(), pareto()->view());
        auto *extra = new QChartView;
        m_page->addChart(extra, QStringLiteral("extra"));
        QCOMPARE(tabs->count(), views + 1);
        tabs->setCurrentIndex(views);
        QCOMPARE(m_page->currentChartView(), extra);
        delete extra;
        QCOMPARE(tabs->count(), views);
        tabs->setCurrentIndex(0);
    }

    void paretoDrawsPointsWhiskersFrontAndGates()
    {
        const SessionSummary &summary = *m_workbench->summary();
        pareto()->setAxes(ParetoLatencyAxis::E2eP95, ParetoCostAxis::Measured);
        for (int i = 0; i < pareto()->pointCount(); ++i)
            qInfo("%s", qPrintable(ParetoPlot::details(pareto()->plot(), i)));
        QCOMPARE(pareto()->pointCount(), 3);
        QCOMPARE(pareto()->paretoCount(), 2);
        const ParetoPlotData &plot = pareto()->plot();
        // Every point has both intervals here (measured cost, P95): two whiskers each.
        int intervals = 0;
        for (const ParetoPlotPoint &p : plot.points)
            intervals += (p.costCi ? 1 : 0) + (p.latencyCi ? 1 : 0);
        QCOMPARE(intervals, 6);
        QCOMPARE(pareto()->whiskerCount(), intervals);
        int whiskerSeries = 0;
        for (QAbstractSeries *s : pareto()->view()->chart()->series())
            whiskerSeries += s->objectName() == QLatin1String("whisker") ? 1 : 0;
        QCOMPARE(whiskerSeries, intervals);

        // The front as a staircase: two points, one step between them.
        QVERIFY(pareto()->frontSeries());
        QCOMPARE(pareto()->frontSeries()->count(), 3);
        QVERIFY(plot.points[std::size_t(plot.indexOf(kBilled))].onFront);
        QVERIFY(plot.points[std::size_t(plot.indexOf(kFast))].onFront);
        QVERIFY(!plot.points[std::size_t(plot.indexOf(kCheap))].onFront);

        // The dominated point is faded, the front's are not.
        QVERIFY(pareto()->pointSeries(kCheap)->color().alpha() < 255);
        QCOMPARE(pareto()->pointSeries(kBilled)->color().alpha(), 255);
        QCOMPARE(pareto()->pointSeries(kFast)->color().alpha(), 255);

        // Both gates drawn at their thresholds, and the region inside them shaded.
        QCOMPARE(pareto()->gateSeries().size(), 2);
        QCOMPARE(pareto()->gateSeries().at(0)->at(0).y(), 250.0);
        QCOMPARE(pareto()->gateSeries().at(1)->at(0).x(), 0.001);
        QVERIFY(pareto()->passRegion());
        QCOMPARE(pareto()->passRegion()->upperSeries()->at(1), QPointF(0.001, 250.0));

        // Each point at the summary's figures.
        for (const ParetoPlotPoint &p : plot.points) {
            const ProviderSummary *s = providerNamed(summary, p.provider);
            QVERIFY(s);
            const QPointF drawn = pareto()->pointSeries(p.provider)->at(0);
            QVERIFY(closeTo(drawn.x(), *s->usdPer1kMeasured));
            QVERIFY(closeTo(drawn.y(), *Gates::gatedLatency(*s).p95));
            QCOMPARE(p.costCi, s->usdPer1kMeasuredCi);
            QCOMPARE(p.latencyCi, Gates::gatedLatency(*s).p95Ci);
        }
        QVERIFY(!ParetoPlot::details(plot, 0).isEmpty());
    }

    void axisChoiceChangesThePlottedFigures()
    {
        const SessionSummary &summary = *m_workbench->summary();
        pareto()->latencyAxisBox()->setCurrentIndex(
            pareto()->latencyAxisBox()->findData(int(ParetoLatencyAxis::TtftP95)));
        QCOMPARE(pareto()->plot().latencyAxis, ParetoLatencyAxis::TtftP95);
        for (const ParetoPlotPoint &p : pareto()->plot().points) {
            const ProviderSummary *s = providerNamed(summary, p.provider);
            QVERIFY(closeTo(pareto()->pointSeries(p.provider)->at(0).y(), *s->ttftMs.p95));
        }
        // No requirement on TTFT: only the cost gate is left.
        QCOMPARE(pareto()->gateSeries().size(), 1);

        pareto()->setAxes(ParetoLatencyAxis::E2eP99, ParetoCostAxis::List);
        // Billed has no list price: it cannot be placed on that axis.
        QCOMPARE(pareto()->pointCount(), 2);
        QCOMPARE(pareto()->plot().unplaced, QStringList{kBilled});
        for (const ParetoPlotPoint &p : pareto()->plot().points) {
            const ProviderSummary *s = providerNamed(summary, p.provider);
            const QPointF drawn = pareto()->pointSeries(p.provider)->at(0);
            QVERIFY(closeTo(drawn.x(), s->price->blendedPer1k(3, 1)));
            QVERIFY(closeTo(drawn.y(), *s->e2eMs.p99));
            QVERIFY(!p.costCi); // a list price has no interval
        }
        QCOMPARE(pareto()->whiskerCount(), 0); // nor has a P99
        pareto()->setAxes(ParetoLatencyAxis::E2eP95, ParetoCostAxis::Measured);
        QCOMPARE(pareto()->pointCount(), 3);
    }

    // One name, one number: in an open-loop session, where the gated P95 counts from the
    // intended start, the chart's "End-to-end P99" is the Scores page's e2e_p99 (from the
    // attempt's start), and its P95 is the gate's.
    void openLoopFiguresAreTheScoresFigures()
    {
        SessionSummary summary;
        ProviderSummary p;
        p.name = QStringLiteral("Open");
        p.loadModel = QStringLiteral("open");
        p.usdPer1kMeasured = 0.002;
        p.e2eMs.count = 100;
        p.e2eMs.p95 = 400;
        p.e2eMs.p99 = 500;
        LatencyResult latency;
        Distribution intended;
        intended.count = 100;
        intended.p95 = 900;
        intended.p99 = 1200;
        latency.e2eFromIntendedMs = intended;
        p.results.latency = latency;
        summary.providers = {p};
        QVERIFY(Gates::latencyFromIntendedStart(summary.providers[0]));
        const ParetoPlotData p99 =
            ParetoPlot::of(summary, ParetoLatencyAxis::E2eP99, ParetoCostAxis::Measured);
        QCOMPARE(p99.points.size(), std::size_t(1));
        QCOMPARE(p99.points[0].latency,
                 *Scores::figureOf(summary.providers[0], QStringLiteral("e2e_p99")));
        QCOMPARE(p99.points[0].latency, 500.0);
        const ParetoPlotData p95 =
            ParetoPlot::of(summary, ParetoLatencyAxis::E2eP95, ParetoCostAxis::Measured);
        QCOMPARE(p95.points[0].latency, 900.0); // as the latency gate reads it
        QVERIFY(ParetoPlot::name(ParetoLatencyAxis::E2eP99).contains(QStringLiteral("start")));
    }

    void logAxesToggleSwitchesTheAxisType()
    {
        QCOMPARE(pareto()->costAxis()->type(), QAbstractAxis::AxisTypeValue);
        QCOMPARE(pareto()->latencyAxis()->type(), QAbstractAxis::AxisTypeValue);
        pareto()->logAxesBox()->setChecked(true);
        QCOMPARE(pareto()->costAxis()->type(), QAbstractAxis::AxisTypeLogValue);
        QCOMPARE(pareto()->latencyAxis()->type(), QAbstractAxis::AxisTypeLogValue);
        const QList<QAbstractAxis *> shown = pareto()->view()->chart()->axes();
        QCOMPARE(shown.size(), 2);
        QVERIFY(shown.contains(pareto()->costAxis()));
        QCOMPARE(pareto()->pointSeries(kFast)->attachedAxes().size(), 2);
        QCOMPARE(pareto()->pointCount(), 3);
        pareto()->logAxesBox()->setChecked(false);
        QCOMPARE(pareto()->costAxis()->type(), QAbstractAxis::AxisTypeValue);
        QCOMPARE(pareto()->view()->chart()->axes().size(), 2);
    }

    void clickingAPointSelectsTheProviderEverywhere()
    {
        QTest::qWait(50); // let the chart lay itself out
        QSignalSpy selected(m_workbench.get(), &Workbench::selectedProviderChanged);
        const QPoint at = pareto()->positionOf(kFast);
        QVERIFY(pareto()->view()->viewport()->rect().contains(at));
        QCOMPARE(pareto()->providerAt(at), kFast);
        QTest::mouseClick(pareto()->view()->viewport(), Qt::LeftButton, {}, at);
        QTRY_COMPARE(selected.size(), 1);
        QCOMPARE(selected.first().at(0).toString(), kFast);
        QCOMPARE(m_workbench->selectedProvider(), kFast);
        // The chart follows the workbench: the selected point is the larger one.
        QVERIFY(pareto()->pointSeries(kFast)->markerSize() >
                pareto()->pointSeries(kCheap)->markerSize());
        m_workbench->selectProvider(kCheap);
        QVERIFY(pareto()->pointSeries(kCheap)->markerSize() >
                pareto()->pointSeries(kFast)->markerSize());
    }

    void contextMenuAsksToRerunThePointsProvider()
    {
        QSignalSpy rerun(pareto(), &ParetoChart::rerunRequested);
        std::unique_ptr<QMenu> menu(pareto()->contextMenuFor(kBilled, nullptr));
        auto *action = menu->findChild<QAction *>(QStringLiteral("actionRerunThisProvider"));
        QVERIFY(action);
        QVERIFY(action->isEnabled());
        action->trigger();
        QCOMPARE(rerun.size(), 1);
        QCOMPARE(rerun.first().at(0).toString(), kBilled);
        QVERIFY(pareto()->providerAt(QPoint(-100, -100)).isEmpty());
    }

    void contextChartDrawsCurvesTiersAndMarkers()
    {
        ContextScalingChart *chart = context();
        chart->setPane(ContextPane::Cost);
        const ContextPlotData &plot = chart->plot();
        QCOMPARE(int(plot.providers.size()), 3);
        QCOMPARE(chart->pointCount(), 15); // five sizes, three providers
        QCOMPARE(chart->seriesNamed(QStringLiteral("point")).size(), 3);

        // Billed reports a cost that follows the curve: it is fitted, and drawn.
        const ContextPlotProvider &billed = plot.providers[std::size_t(plot.indexOf(kBilled))];
        QVERIFY2(!billed.fitted.empty(), qPrintable(billed.fitText));
        QVERIFY(chart->seriesNamed(QStringLiteral("fit")).size() >= 1);
        QVERIFY(chart->seriesNamed(QStringLiteral("extrapolated")).size() >= 1);
        for (const ContextPlotPoint &p : billed.points)
            QVERIFY(p.ci && p.ci->first <= p.value && p.value <= p.ci->second);

        // The 128K and 200K markers.
        const auto markers = chart->seriesNamed(QStringLiteral("marker"));
        QCOMPARE(markers.size(), 2);
        QCOMPARE(static_cast<QLineSeries *>(markers.at(0))->at(0).x(), 128000.0);
        QCOMPARE(static_cast<QLineSeries *>(markers.at(1))->at(0).x(), 200000.0);

        // The tiered price steps up at 20K prompt tokens.
        const ContextPlotProvider &cheap = plot.providers[std::size_t(plot.indexOf(kCheap))];
        QVERIFY(!cheap.listPrice.empty());
        bool stepAt20k = false;
        for (std::size_t i = 1; i < cheap.listPrice.size(); ++i) {
            stepAt20k = stepAt20k ||
                        (cheap.listPrice[i].x() == 20000 && cheap.listPrice[i - 1].x() == 20000 &&
                         cheap.listPrice[i].y() > cheap.listPrice[i - 1].y());
        }
        QVERIFY(stepAt20k);
        QCOMPARE(chart->seriesNamed(QStringLiteral("listPrice")).size(), 2); // priced providers

        // The verified context limit of each provider the limit probe measured.
        const SessionSummary &summary = *m_workbench->summary();
        int verified = 0;
        for (const ProviderSummary &s : summary.providers)
            verified += s.results.contextLimit && s.results.contextLimit->verified ? 1 : 0;
        QVERIFY(verified >= 1);
        QCOMPARE(chart->seriesNamed(QStringLiteral("verifiedLimit")).size(), verified);

        // The latency pane: the median TTFT of each size.
        chart->paneBox()->setCurrentIndex(chart->paneBox()->findData(int(ContextPane::Latency)));
        QCOMPARE(chart->pane(), ContextPane::Latency);
        const ProviderSummary *fast = providerNamed(summary, kFast);
        const ContextPlotProvider &fastPlot =
            chart->plot().providers[std::size_t(chart->plot().indexOf(kFast))];
        QCOMPARE(fastPlot.points.front().value,
                 *fast->results.contextSweep->points.front().ttftMs.p50);
        QCOMPARE(chart->seriesNamed(QStringLiteral("listPrice")).size(), 0);
        QCOMPARE(chart->seriesNamed(QStringLiteral("marker")).size(), 2);
        QVERIFY(!ContextPlot::details(chart->plot(), 0, 0).isEmpty());
        chart->setPane(ContextPane::Cost);

        // Set YS_SCREENSHOT_DIR to keep a picture of each chart for a person to look at.
        if (const QString shots = qEnvironmentVariable("YS_SCREENSHOT_DIR"); !shots.isEmpty()) {
            auto *tabs = m_page->findChild<QTabWidget *>(QStringLiteral("resultCharts"));
            tabs->setCurrentWidget(pareto());
            QTest::qWait(200);
            QVERIFY(m_page->grab().save(shots + QStringLiteral("/pareto.png")));
            tabs->setCurrentWidget(chart);
            QTest::qWait(200);
            QVERIFY(m_page->grab().save(shots + QStringLiteral("/context.png")));
            tabs->setCurrentWidget(pareto());
        }
    }

    void cleanupTestCase()
    {
        m_page.reset();
        m_workbench.reset();
        m_sim.reset();
    }
};

YS_TEST_MAIN(TstChartsPareto)
#include "tst_charts_pareto.moc"
