// The result views on the offscreen platform, fed by a real session: a small suite (a latency
// run, a concurrency sweep of 1, 2 and 4, a cache, a determinism and a stability scenario) run
// against the
// simulator, then each view's series checked against core's figures for that session.
#include "analysis/cost_split.h"
#include "analysis/latency_distribution.h"
#include "charts/concurrency_chart.h"
#include "charts/cost_breakdown_chart.h"
#include "charts/latency_distribution_chart.h"
#include "charts/server_timeline_chart.h"
#include "charts/stall_chart.h"
#include "demo/sim_demo_host.h"
#include "models/drift_model.h"
#include "models/server_gauges_model.h"
#include "models/stability_model.h"
#include "models/verdict_text.h"
#include "storage/server_timeline_loader.h"
#include "storage/session_repository.h"
#include "ui/contract_view.h"
#include "ui/result_views.h"
#include "ui/server_metrics_view.h"
#include "ui/session_drift_view.h"
#include "ui/stability_view.h"
#include "ui/verdict_cards.h"
#include "workbench/workbench.h"

#include "demo_workbench.h"
#include "test_main.h"
#include "workbench_fixtures.h"

#include <QApplication>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <memory>

using namespace ys;

namespace {

Suite viewsSuite(std::vector<ProviderConfig> providers)
{
    Suite suite;
    suite.name = QStringLiteral("result views");
    providers.resize(2);
    suite.providers = std::move(providers);
    // At most 96 tokens an answer: above the profiles' answers, none is cut by the limit.
    const Scenario latency = test::latencyProbe(24, 4, 96, 20000);
    suite.scenarios.push_back(latency);
    Scenario sweep = latency;
    sweep.kind = QStringLiteral("concurrency_sweep");
    sweep.concurrencySweep.levels = {1, 2, 4};
    sweep.concurrencySweep.requestsPerLevel = 4;
    suite.scenarios.push_back(sweep);
    Scenario cache = latency;
    cache.kind = QStringLiteral("cache");
    cache.cache.prefixTokens = 1024;
    cache.cache.pairs = 2;
    suite.scenarios.push_back(cache);
    Scenario determinism = latency;
    determinism.kind = QStringLiteral("determinism");
    determinism.determinism.prompts = 2;
    determinism.determinism.repeats = 2;
    suite.scenarios.push_back(determinism);
    // Stall thresholds the simulator's gaps fall on both sides of.
    Scenario stability = latency;
    stability.kind = QStringLiteral("stability");
    stability.stability.stallMs = {1, 5, 1000};
    suite.scenarios.push_back(stability);
    return suite;
}

QLineSeries *lineNamed(QChart *chart, const QString &name)
{
    for (QAbstractSeries *s : chart->series())
        if (s->name() == name)
            return qobject_cast<QLineSeries *>(s);
    return nullptr;
}

// Set YS_SCREENSHOT_DIR to keep a picture of each view for a person to look at.
void keepPicture(QWidget *view, const QString &name)
{
    const QString dir = qEnvironmentVariable("YS_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QTest::qWait(200); // let the charts lay out their legends
    QVERIFY(view->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png")));
}

} // namespace

class TstResultViews : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Workbench> m_workbench;

private Q_SLOTS:
    void initTestCase()
    {
        QUrl url;
        QString error;
        m_workbench =
            test::openDemoWorkbench(m_dir.filePath(QStringLiteral("views.sqlite")), &url, &error);
        QVERIFY2(m_workbench, qPrintable(error));
        if (!test::runSuiteAndWaitForSummary(*m_workbench, viewsSuite(SimDemoHost().providers(url)),
                                             180000))
            return;
        QVERIFY(m_workbench->summary());
        QCOMPARE(m_workbench->summary()->providers.size(), std::size_t(2));
    }

    void latencyDistributionMatchesCore()
    {
        LatencyDistributionChart chart(m_workbench.get());
        chart.resize(900, 500);
        chart.show();
        const SessionSummary &summary = *m_workbench->summary();
        for (LatencyMetric metric : {LatencyMetric::E2e, LatencyMetric::Ttft}) {
            chart.setMetric(metric);
            const auto core = latencyDistributions(summary, metric);
            QCOMPARE(chart.distributions().size(), core.size());
            auto *boxes = qobject_cast<QBoxPlotSeries *>(chart.boxChart()->series().value(0));
            QVERIFY(boxes);
            QCOMPARE(boxes->count(), int(summary.providers.size()));
            for (std::size_t i = 0; i < core.size(); ++i) {
                const ProviderSummary &p = summary.providers[i];
                QVERIFY(core[i].count > 0);
                QLineSeries *line = lineNamed(chart.cdfChart(), p.name);
                QVERIFY(line);
                const QList<QPointF> points = line->points();
                QVERIFY(!points.isEmpty() && points.size() <= kCdfMaxPoints);
                QCOMPARE(points.size(), qsizetype(core[i].cdf.size()));
                for (qsizetype k = 1; k < points.size(); ++k) {
                    QVERIFY(points[k].x() >= points[k - 1].x());
                    QVERIFY(points[k].y() >= points[k - 1].y());
                }
                QCOMPARE(points.back().y(), 1.0);
                // The box is core's, and core's median is the summary's own P50.
                const BoxFigures &b = *core[i].box;
                const QBoxSet *set = boxes->boxSets().at(qsizetype(i));
                QCOMPARE(set->at(QBoxSet::LowerExtreme), b.lowerWhisker);
                QCOMPARE(set->at(QBoxSet::LowerQuartile), b.q1);
                QCOMPARE(set->at(QBoxSet::Median), b.median);
                QCOMPARE(set->at(QBoxSet::UpperQuartile), b.q3);
                QCOMPARE(set->at(QBoxSet::UpperExtreme), b.upperWhisker);
                const Distribution &d = metric == LatencyMetric::E2e ? p.e2eMs : p.ttftMs;
                QCOMPARE(core[i].count, d.count);
                QVERIFY(std::abs(b.median - *d.p50) < 1e-9);
            }
            keepPicture(&chart, metric == LatencyMetric::E2e ? QStringLiteral("distribution-e2e")
                                                             : QStringLiteral("distribution-ttft"));
        }
    }

    void concurrencyMatchesTheSweep()
    {
        ConcurrencyChart chart(m_workbench.get());
        chart.resize(900, 500);
        chart.show();
        for (const ProviderSummary &p : m_workbench->summary()->providers) {
            QVERIFY(p.results.concurrencySweep);
            const auto &levels = p.results.concurrencySweep->levels;
            QCOMPARE(levels.size(), std::size_t(3));
            QLineSeries *throughput =
                lineNamed(chart.chart(), ConcurrencyChart::throughputName(p.name));
            QLineSeries *p95 = lineNamed(chart.chart(), ConcurrencyChart::p95Name(p.name));
            QVERIFY(throughput && p95);
            QCOMPARE(throughput->count(), 3);
            QCOMPARE(p95->count(), 3);
            for (int k = 0; k < 3; ++k) {
                QCOMPARE(throughput->at(k).x(), double(levels[std::size_t(k)].concurrency));
                QCOMPARE(throughput->at(k).y(), *levels[std::size_t(k)].outputTokensPerS);
                QCOMPARE(p95->at(k).y(), *levels[std::size_t(k)].e2eMs.p95);
            }
            // The saturation star sits on the throughput line at the sweep's level, if any.
            QScatterSeries *star = nullptr;
            for (QAbstractSeries *s : chart.chart()->series())
                if (s->name() == ConcurrencyChart::saturationName(p.name))
                    star = qobject_cast<QScatterSeries *>(s);
            QVERIFY(star);
            const auto saturation = p.results.concurrencySweep->saturation;
            QCOMPARE(star->count(), saturation ? 1 : 0);
            if (saturation)
                QCOMPARE(star->at(0).x(), double(*saturation));
        }
        keepPicture(&chart, QStringLiteral("concurrency"));
    }

    void costBreakdownSumsToTheCost()
    {
        CostBreakdownChart chart(m_workbench.get());
        chart.resize(900, 500);
        chart.show();
        const SessionSummary &summary = *m_workbench->summary();
        auto *stack = qobject_cast<QStackedBarSeries *>(chart.chart()->series().value(0));
        QVERIFY(stack);
        QCOMPARE(chart.splits().size(), summary.providers.size());
        keepPicture(&chart, QStringLiteral("cost-breakdown"));
        for (std::size_t i = 0; i < summary.providers.size(); ++i) {
            const ProviderSummary &p = summary.providers[i];
            QVERIFY(p.costUsd && *p.costUsd > 0);
            double stacked = 0;
            for (const QBarSet *set : stack->barSets())
                stacked += set->at(qsizetype(i));
            QVERIFY2(std::abs(stacked - *p.costUsd) < 1e-9 * std::max(1.0, *p.costUsd),
                     qPrintable(QStringLiteral("%1: %2 stacked, %3 spent")
                                    .arg(p.name)
                                    .arg(stacked)
                                    .arg(*p.costUsd)));
            // The simulator's providers have prices and report tokens: the answers are split.
            const CostSplit split = costSplit(p);
            QVERIFY2(split.inputUsd && split.outputUsd,
                     qPrintable(QStringLiteral("%1: price %2, tokens %3/%4, answered %5")
                                    .arg(p.name)
                                    .arg(p.price.has_value())
                                    .arg(p.inputTokens.value_or(-1))
                                    .arg(p.outputTokens.value_or(-1))
                                    .arg(p.costBreakdown.answeredUsd.value_or(-1))));
        }
    }

    // The Server metrics view: a row per gauge the summary holds (only DeepSeek-class has a
    // capacity, so only its runs read the simulator's /metrics), and the selected provider's
    // timeline as the loader reads it from the database, on one time axis.
    void serverMetricsMatchesCore()
    {
        ServerMetricsView view(m_workbench.get());
        view.resize(1200, 800);
        view.show();
        // The window's focus lands in the table, whose first row then selects its provider.
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTest::qWait(50);
        const SessionSummary &summary = *m_workbench->summary();
        const ServerGaugesModel *model = view.model();
        QCOMPARE(std::size_t(model->rowCount()), summary.serverGauges.size());
        QCOMPARE(model->rowCount(), 3); // running, waiting, KV cache of one provider
        const QString scraped = summary.serverGauges.front().provider;
        QCOMPARE(scraped, summary.providers[1].name);
        for (int row = 0; row < model->rowCount(); ++row) {
            const ServerGaugeSummary &g = summary.serverGauges[std::size_t(row)];
            const auto value = [&](int column) {
                return model->index(row, column).data();
            };
            QCOMPARE(value(ServerGaugesModel::Provider).toString(), g.provider);
            QCOMPARE(value(ServerGaugesModel::Gauge).toString(),
                     ServerGaugesModel::gaugeText(g.gauge));
            QCOMPARE(model->index(row, ServerGaugesModel::Gauge).data(Qt::ToolTipRole).toString(),
                     g.metric);
            QCOMPARE(value(ServerGaugesModel::Scrapes).toInt(), g.scrapes);
            QCOMPARE(
                model->index(row, ServerGaugesModel::Max).data(RowTableModel::ValueRole).toDouble(),
                g.max);
            QVERIFY(g.scrapes >= 3);
        }

        for (const ProviderSummary &p : summary.providers) {
            m_workbench->selectProvider(p.name);
            QCOMPARE(view.timelineProvider(), p.name);
            QTRY_VERIFY_WITH_TIMEOUT(!view.timelineLoading(), 20000);
            QString error;
            const auto timeline = ServerTimelineLoader::load(
                *m_workbench->repository(), m_workbench->selectedSession(), p.name, &error);
            QVERIFY2(timeline, qPrintable(error));
            const ServerTimelineChart *chart = view.chart();
            // Every successful attempt of the provider's runs, at most one point each.
            QCOMPARE(chart->ttftSeries()->count(), qsizetype(timeline->ttftMs.size()));
            QVERIFY(chart->ttftSeries()->count() >= p.successes);
            QCOMPARE(chart->throughputSeries()->count(), qsizetype(timeline->throughput.size()));
            const bool hasMetrics = p.name == scraped;
            QCOMPARE(timeline->hasServerMetrics(), hasMetrics);
            QCOMPARE(chart->serverView()->isVisible(), hasMetrics);
            for (int g = 0; g < kServerGaugeCount; ++g) {
                const auto &points = timeline->gauges[std::size_t(g)];
                const QLineSeries *line = chart->gaugeSeries(ServerGauge(g));
                QCOMPARE(line->count(), qsizetype(points.size()));
                for (qsizetype k = 0; k < line->count(); ++k) {
                    QCOMPARE(line->at(k).x(), points[std::size_t(k)].atS);
                    QCOMPARE(line->at(k).y(), points[std::size_t(k)].value);
                }
            }
            if (hasMetrics) {
                // The chart's scrapes are the summary's, and the running line peaks where the
                // table's most does.
                const auto &running = timeline->gauges[std::size_t(ServerGauge::Running)];
                QCOMPARE(int(running.size()), summary.serverGauges.front().scrapes);
                double most = 0;
                for (const TimePoint &t : running)
                    most = std::max(most, t.value);
                QCOMPARE(most, summary.serverGauges.front().max);
                QVERIFY(most >= 1);
                // Both charts span the same seconds, the whole session of the provider.
                QVERIFY(chart->timeSpanS() >= timeline->runStartsS.back());
                keepPicture(&view, QStringLiteral("server-metrics"));
            }
        }
        QVERIFY(!view.message().isEmpty());
    }

    void stabilityMatchesCore()
    {
        StabilityView view(m_workbench.get());
        view.resize(1000, 700);
        view.show();
        const SessionSummary &summary = *m_workbench->summary();
        const StabilityModel *model = view.model();
        QCOMPARE(model->rowCount(), int(summary.providers.size()));
        const auto value = [&](int row, int column) {
            return model->index(row, column).data(RowTableModel::ValueRole);
        };
        for (int row = 0; row < model->rowCount(); ++row) {
            const ProviderSummary &p = summary.providers[std::size_t(row)];
            QVERIFY2(p.results.stability, qPrintable(p.name));
            const StabilityResult &s = *p.results.stability;
            QCOMPARE(value(row, StabilityModel::Provider).toString(), p.name);
            QVERIFY(s.attempts > 0);
            QCOMPARE(value(row, StabilityModel::Attempts).toInt(), s.attempts);
            QVERIFY(s.itlMs.p50 && s.itlMs.p99 && s.longestStallMs);
            QCOMPARE(value(row, StabilityModel::ItlP50).toDouble(), *s.itlMs.p50);
            QCOMPARE(value(row, StabilityModel::ItlP99).toDouble(), *s.itlMs.p99);
            QCOMPARE(value(row, StabilityModel::LongestStall).toDouble(), *s.longestStallMs);
            QCOMPARE(value(row, StabilityModel::Cuts).toInt(), s.cuts);
            QCOMPARE(model->index(row, StabilityModel::Stalls).data().toString(),
                     StabilityModel::stallsText(s));
            QVERIFY(!s.finishReasons.empty());
            QCOMPARE(model->index(row, StabilityModel::FinishReasons).data().toString(),
                     StabilityModel::finishText(s));
        }
        QVERIFY2(view.message().contains(QStringLiteral("longest gap")),
                 qPrintable(view.message()));

        // The chart: a category per threshold, a bar set per provider holding its gaps at least
        // that long, as the summary counted them.
        StallChart *chart = view.chart();
        QCOMPARE(chart->thresholds(), std::vector<int>({1, 5, 1000}));
        auto *bars = qobject_cast<QBarSeries *>(chart->chart()->series().value(0));
        QVERIFY(bars);
        QCOMPARE(bars->barSets().size(), qsizetype(summary.providers.size()));
        bool someBelow = false, noneAbove = true;
        for (std::size_t i = 0; i < summary.providers.size(); ++i) {
            const auto &stalls = summary.providers[i].results.stability->stalls;
            QCOMPARE(chart->providers()[i], summary.providers[i].name);
            QCOMPARE(stalls.size(), std::size_t(3));
            for (std::size_t t = 0; t < stalls.size(); ++t)
                QCOMPARE(bars->barSets()[qsizetype(i)]->at(qsizetype(t)), double(stalls[t].second));
            someBelow = someBelow || stalls[0].second > 0;
            noneAbove = noneAbove && stalls[2].second == 0;
        }
        // The simulator streams every few milliseconds and never waits a second.
        QVERIFY(someBelow);
        QVERIFY(noneAbove);
        keepPicture(&view, QStringLiteral("stability"));

        // Clicking a provider's bars selects it everywhere.
        emit bars->clicked(0, bars->barSets().last());
        QCOMPARE(m_workbench->selectedProvider(), summary.providers.back().name);
        QCOMPARE(view.table()->currentIndex().row(), model->rowCount() - 1);
    }

    void verdictCardsShowEveryKind()
    {
        VerdictCards cards(m_workbench.get());
        cards.resize(900, 500);
        cards.show();
        const SessionSummary &summary = *m_workbench->summary();
        int expected = 0;
        for (const ProviderSummary &p : summary.providers) {
            QVERIFY(p.results.cache && p.results.determinism);
            for (const QString &kind : {QStringLiteral("cache"), QStringLiteral("determinism")}) {
                int found = 0;
                for (QWidget *w : cards.cardWidgets()) {
                    if (w->property("provider").toString() != p.name ||
                        w->property("kind").toString() != kind)
                        continue;
                    ++found;
                    const QString verdict = w->property("verdict").toString();
                    QVERIFY(QStringList({QStringLiteral("pass"), QStringLiteral("warn"),
                                         QStringLiteral("fail"), QStringLiteral("unknown")})
                                .contains(verdict));
                    QVERIFY(w->isVisible());
                    QVERIFY(!w->toolTip().isEmpty()); // the kind's text block
                }
                QCOMPARE(found, 1);
            }
            expected += int(VerdictText::cards(p).size());
        }
        QCOMPARE(cards.cardWidgets().size(), expected);
        QCOMPARE(int(cards.cards().size()), expected);
        keepPicture(&cards, QStringLiteral("verdict-cards"));

        // A determinism card's figure is the share of identical answers.
        for (const VerdictCard &c : cards.cards())
            if (c.kind == QLatin1StringView("determinism"))
                QVERIFY(c.keyFigure.contains(QLatin1Char('%')));

        // Clicking a card selects its provider everywhere.
        QWidget *card = cards.cardWidgets().value(0);
        QVERIFY(card);
        QTest::mouseClick(card, Qt::LeftButton);
        QCOMPARE(m_workbench->selectedProvider(), card->property("provider").toString());
    }

    void viewsFollowTheSummary()
    {
        QWidget host;
        const std::vector<ResultView> views = ResultViews::make(m_workbench.get(), &host);
        // distribution, phases, concurrency, costs, stability, server metrics, verdicts,
        // contracts, drift, token counts
        QCOMPARE(views.size(), std::size_t(10));
        for (const ResultView &v : views)
            QVERIFY(v.widget && v.widget->parent() == &host && !v.title.isEmpty());
        // Hidden views redraw when shown, after the summary is loaded again.
        auto *costs = qobject_cast<CostBreakdownChart *>(views[3].widget);
        QVERIFY(costs);
        QVERIFY(m_workbench->selectSession(m_workbench->selectedSession()));
        QTRY_VERIFY_WITH_TIMEOUT(m_workbench->loadingSession() == 0, 60000);
        host.show();
        QCOMPARE(costs->splits().size(), m_workbench->summary()->providers.size());
        // The drift tab shows the session's drift from the same view of the session (none in a
        // database of one session).
        QVERIFY(qobject_cast<StabilityView *>(views[4].widget));
        QVERIFY(qobject_cast<ServerMetricsView *>(views[5].widget));
        QVERIFY(qobject_cast<ContractView *>(views[7].widget));
        auto *drift = qobject_cast<SessionDriftView *>(views[8].widget);
        QVERIFY(drift);
        QCOMPARE(drift->model()->rowCount(), int(m_workbench->summary()->drift.size()));
        QVERIFY2(!drift->message().isEmpty(), "the drift tab says what it shows");
    }
};

YS_TEST_MAIN(TstResultViews)
#include "tst_result_views.moc"
