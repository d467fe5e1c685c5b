// Statistics, cost, gates and the per-run summary: the figures an analyst signs off on.
#include "analysis/gates.h"
#include "analysis/pareto.h"
#include "analysis/percentile.h"
#include "analysis/run_summary.h"
#include "pricing/price.h"
#include "test_main.h"

#include <QTest>
#include <cmath>

using namespace ys;

class TstStatistics : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void percentileType7_data()
    {
        QTest::addColumn<QList<double>>("values");
        QTest::addColumn<double>("p");
        QTest::addColumn<double>("expected");
        // Expected values are numpy.percentile(values, p) (linear, the default).
        QTest::newRow("single") << QList<double>{7} << 95.0 << 7.0;
        QTest::newRow("1..10 p50") << QList<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10} << 50.0 << 5.5;
        QTest::newRow("1..10 p95") << QList<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10} << 95.0 << 9.55;
        QTest::newRow("1..10 p99") << QList<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10} << 99.0 << 9.91;
        QTest::newRow("unsorted p90") << QList<double>{15, 20, 35, 40, 50} << 90.0 << 46.0;
        QTest::newRow("p0") << QList<double>{3, 1, 2} << 0.0 << 1.0;
        QTest::newRow("p100") << QList<double>{3, 1, 2} << 100.0 << 3.0;
        QTest::newRow("p25") << QList<double>{3, 1, 2, 4} << 25.0 << 1.75;
    }

    void percentileType7()
    {
        QFETCH(QList<double>, values);
        QFETCH(double, p);
        QFETCH(double, expected);
        const auto got = percentile(std::vector<double>(values.begin(), values.end()), p);
        QVERIFY(got.has_value());
        QVERIFY2(std::abs(*got - expected) < 1e-9, qPrintable(QString::number(*got)));
    }

    void emptyHasNoPercentile()
    {
        QVERIFY(!percentile({}, 50).has_value());
        QVERIFY(!mean({}).has_value());
        QVERIFY(!stddev({1.0}).has_value());
        QVERIFY(!bootstrapPercentileCi({1.0}, 95).has_value());
    }

    void meanAndStddev()
    {
        QCOMPARE(*mean({2, 4, 4, 4, 5, 5, 7, 9}), 5.0);
        QVERIFY(std::abs(*stddev({2, 4, 4, 4, 5, 5, 7, 9}) - 2.138089935299395) < 1e-12);
    }

    void bootstrapIsSeededAndBracketsTheEstimate()
    {
        std::vector<double> v;
        for (int i = 0; i < 200; ++i)
            v.push_back(100.0 + (i * 37 % 101));
        const auto a = bootstrapPercentileCi(v, 95);
        const auto b = bootstrapPercentileCi(v, 95);
        QVERIFY(a && b);
        QCOMPARE(a->first, b->first);
        QCOMPARE(a->second, b->second);
        const double p95 = *percentile(v, 95);
        QVERIFY(a->first <= p95 && p95 <= a->second);
        QVERIFY(a->first < a->second);
        const auto other = bootstrapPercentileCi(v, 95, 1000, 0.95, 7);
        QVERIFY(other->first != a->first || other->second != a->second);
    }

    void priceAndBlend()
    {
        Price p{0.8, 2.4, std::nullopt};
        QVERIFY(std::abs(p.blendedPer1k() - 0.0012) < 1e-12);
        QVERIFY(std::abs(p.cost(1000, 100) - (1000 * 0.8 + 100 * 2.4) / 1e6) < 1e-15);
        Price c{1.0, 2.0, 0.1};
        QVERIFY(std::abs(c.cost(1000, 0, 400) - (600 * 1.0 + 400 * 0.1) / 1e6) < 1e-15);
    }

    void pareto()
    {
        // (cost, latency): 0 and 2 are on the front; 1 is beaten by 0; 3 ties 2 exactly.
        const std::vector<ParetoPoint> pts{
            {1.0, 300}, {1.2, 310}, {0.8, 350}, {0.8, 350}, {2, 200}};
        const auto front = paretoFront(pts);
        QCOMPARE(front, (std::vector<int>{2, 3, 0, 4}));
        QVERIFY(paretoFront({}).empty());
    }

    void gates()
    {
        ProviderSummary s;
        s.e2eMs.p95 = 312;
        s.usdPer1kBlended = 0.0012;
        s.usdPer1kMeasured = 0.0012; // the cost gate reads the measured figure by default
        s.contextWindow = 200000;
        Requirements req;
        QCOMPARE(Gates::evaluate(s, req).overall(), GateResult::Pass);
        s.contextWindow = 32000;
        QCOMPARE(Gates::evaluate(s, req).context, GateResult::Fail);
        QCOMPARE(Gates::evaluate(s, req).overall(), GateResult::Fail);
        s.contextWindow.reset();
        s.e2eMs.p95.reset();
        const GateVerdict v = Gates::evaluate(s, req);
        QCOMPARE(v.latency, GateResult::NoData);
        QCOMPARE(v.overall(), GateResult::NoData);
    }

    void summaryOfSamples()
    {
        ProviderConfig cfg;
        cfg.name = QStringLiteral("p");
        cfg.price = Price{1.0, 3.0, std::nullopt};
        std::vector<Sample> samples;
        for (int i = 0; i < 10; ++i) {
            Sample s;
            s.outcome = Outcome::Ok;
            s.firstTokenNs = qint64(100 + i) * 1'000'000;
            s.endNs = qint64(200 + i) * 1'000'000;
            s.eventTimesNs = {*s.firstTokenNs, *s.firstTokenNs, *s.firstTokenNs + 10'000'000};
            s.inputTokens = 1000;
            s.outputTokens = 11;
            s.costUsd = cfg.price->cost(1000, 11);
            samples.push_back(s);
        }
        Sample warm = samples.front();
        warm.warmup = true;
        warm.endNs = 9'000'000'000;
        samples.push_back(warm);
        Sample failed;
        failed.outcome = Outcome::ConnectionError;
        failed.tokensEstimated = true;
        samples.push_back(failed);

        const ProviderSummary s = summarizeRun(cfg, samples);
        QCOMPARE(s.attempts, 11); // the warm-up is stored but not counted
        QCOMPARE(s.successes, 10);
        QCOMPARE(s.outcomeCount(Outcome::ConnectionError), 1);
        QCOMPARE(*s.ttftMs.p50, 104.5);
        QCOMPARE(*s.e2eMs.p50, 204.5);
        QVERIFY(*s.e2eMs.p99 < 300); // the warm-up's 9 s is left out
        // Events in one read are one delivery: the only gap is 10 ms, never 0.
        QCOMPARE(*s.itlMeanMs, 10.0);
        QCOMPARE(*s.itlP99Ms, 10.0);
        QCOMPARE(*s.inputTokens, 10000);
        QCOMPARE(*s.outputTokens, 110);
        QVERIFY(!s.cachedTokens.has_value());
        QVERIFY(std::abs(*s.costUsd - 10 * cfg.price->cost(1000, 11)) < 1e-12);
        QVERIFY(!s.tokensEstimated); // the failed attempt's missing usage does not taint it
        // 10 tokens after the first in 100 ms = 100 tok/s.
        QVERIFY(std::abs(*s.outputTokensPerSecondP50 - 100.0) < 1e-9);
    }

    void unmeasurableIsNull()
    {
        ProviderConfig cfg; // no price, no context window
        Sample failed;
        failed.outcome = Outcome::ConnectionError;
        failed.tokensEstimated = true;
        const ProviderSummary s = summarizeRun(cfg, {failed});
        QCOMPARE(s.attempts, 1);
        QVERIFY(!s.ttftMs.p50 && !s.ttftMs.p95 && !s.ttftMs.p95Ci);
        QVERIFY(!s.e2eMs.p50);
        QVERIFY(!s.itlMeanMs && !s.itlStddevMs && !s.outputTokensPerSecondP50);
        QVERIFY(!s.inputTokens && !s.outputTokens && !s.costUsd && !s.usdPer1kBlended);
        QVERIFY(!s.usdPer1kMeasured && !s.usdPer1kMeasuredCi);
        QVERIFY(!s.costBreakdown.answeredUsd && !s.costBreakdown.failedUsd);
    }

    // Measured $ per 1K and where the spend went, against figures worked out by hand.
    void measuredCostAndBreakdown()
    {
        auto attempt = [](int request, int attemptNo, Outcome o, std::optional<double> cost,
                          qint64 in, qint64 out) {
            Sample x;
            x.requestIndex = request;
            x.attemptNumber = attemptNo;
            x.outcome = o;
            x.costUsd = cost;
            x.inputTokens = in;
            x.outputTokens = out;
            x.endNs = 1'000'000;
            return x;
        };
        std::vector<Sample> samples{
            attempt(0, 0, Outcome::ServerError, 0.001, 100, 0), // retried
            attempt(0, 1, Outcome::Ok, 0.003, 100, 200),        // answered
            attempt(1, 0, Outcome::TruncatedByLimit, 0.002, 100, 100),
            attempt(2, 0, Outcome::StreamCut, 0.003, 100, 50), // failed
            attempt(3, 0, Outcome::Ok, std::nullopt, 100, 10), // no cost: not in the ratio
        };
        Sample fallback = attempt(4, 0, Outcome::ServerError, 0.004, 100, 0);
        Sample served = attempt(4, 1, Outcome::Ok, 0.5, 100, 100);
        served.servedBy = QStringLiteral("other");
        samples.push_back(fallback); // a fallback served the request after it: retried
        samples.push_back(served);   // another provider's spend: left out
        const ProviderSummary s = summarizeRun(ProviderConfig{}, samples);
        auto near = [](std::optional<double> v, double want) {
            return v && std::abs(*v - want) < 1e-12;
        };
        QVERIFY(near(s.costBreakdown.retriedUsd, 0.005));
        QVERIFY(near(s.costBreakdown.answeredUsd, 0.003));
        QVERIFY(near(s.costBreakdown.truncatedUsd, 0.002));
        QVERIFY(near(s.costBreakdown.failedUsd, 0.003));
        QVERIFY(near(s.costUsd, 0.013));
        // (0.001 + 0.003 + 0.002 + 0.003 + 0.004) / (100 + 300 + 200 + 150 + 100) × 1000.
        QCOMPARE(s.billedTokens, 850);
        QVERIFY(near(s.usdPer1kMeasured, 0.013 / 850 * 1000));
        QVERIFY(s.usdPer1kMeasuredCi);
        QVERIFY(s.usdPer1kMeasuredCi->first < *s.usdPer1kMeasured);
        QVERIFY(s.usdPer1kMeasuredCi->second > *s.usdPer1kMeasured);

        // The interval on its own, four attempts (numbers checked independently):
        // R = 0.009 / 750, Σd² = 2e-6, t̄ = 187.5 → [0.0077325229543508, 0.0162674770456492].
        samples.resize(4);
        const ProviderSummary four = summarizeRun(ProviderConfig{}, samples);
        QVERIFY(near(four.usdPer1kMeasured, 0.012));
        QVERIFY(std::abs(four.usdPer1kMeasuredCi->first - 0.0077325229543508) < 1e-12);
        QVERIFY(std::abs(four.usdPer1kMeasuredCi->second - 0.0162674770456492) < 1e-12);
    }
};

YS_TEST_GUILESS_MAIN(TstStatistics)
#include "tst_statistics.moc"
