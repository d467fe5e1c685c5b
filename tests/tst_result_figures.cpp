// The figures the result views draw, computed in core: the latency CDF and box, and the cost
// split, each against values worked out by hand.
#include "analysis/cost_split.h"
#include "analysis/latency_distribution.h"
#include "test_main.h"

#include <QTest>
#include <cmath>
#include <limits>

using namespace ys;

class TstResultFigures : public QObject {
    Q_OBJECT

private:
    static void compareCdf(const std::vector<CdfPoint> &got,
                           const std::vector<std::pair<double, double>> &want)
    {
        QCOMPARE(got.size(), want.size());
        for (std::size_t i = 0; i < want.size(); ++i) {
            QCOMPARE(got[i].ms, want[i].first);
            QCOMPARE(got[i].share, want[i].second);
        }
    }

private Q_SLOTS:
    void cdfKeepsEveryDistinctValue()
    {
        // Sorted 1 2 2 3 5: at most 1 is 1/5, at most 2 is 3/5 (one point for the tie), ...
        compareCdf(empiricalCdf({3, 1, 2, 2, 5}), {{1, 0.2}, {2, 0.6}, {3, 0.8}, {5, 1.0}});
        QVERIFY(empiricalCdf({}).empty());
        compareCdf(empiricalCdf({7}), {{7, 1.0}});
    }

    void cdfReducesToEvenlySpacedRanks()
    {
        // Three points of five values: ranks 0, 2 and 4.
        compareCdf(empiricalCdf({5, 4, 3, 2, 1}, 3), {{1, 0.2}, {3, 0.6}, {5, 1.0}});

        // 1000 values into 500 points: the smallest and largest exact, monotone, ends at 1.
        std::vector<double> values;
        for (int i = 1000; i >= 1; --i)
            values.push_back(i);
        const auto cdf = empiricalCdf(values, 500);
        QCOMPARE(cdf.size(), std::size_t(500));
        QCOMPARE(cdf.front().ms, 1.0);
        QCOMPARE(cdf.front().share, 0.001);
        QCOMPARE(cdf.back().ms, 1000.0);
        QCOMPARE(cdf.back().share, 1.0);
        // Point k is rank k·999/499 rounded: k = 249 is 498.499 → 498, the value 499 with 499
        // of 1000 at most it; k = 250 is 500.501 → 501, the value 502.
        QCOMPARE(cdf[249].ms, 499.0);
        QCOMPARE(cdf[249].share, 0.499);
        QCOMPARE(cdf[250].ms, 502.0);
        QCOMPARE(cdf[250].share, 0.502);
        for (std::size_t i = 1; i < cdf.size(); ++i) {
            QVERIFY(cdf[i].ms > cdf[i - 1].ms);
            QVERIFY(cdf[i].share > cdf[i - 1].share);
        }
    }

    void boxHasTukeyWhiskers()
    {
        // Sorted 1..9, 100 (n = 10). Type 7: Q1 at rank 2.25 = 3.25, median at 4.5 = 5.5, Q3 at
        // 6.75 = 7.75; IQR 4.5, fences −3.5 and 14.5: whiskers at 1 and 9, 100 beyond.
        const auto box = boxFigures({100, 9, 8, 7, 6, 5, 4, 3, 2, 1});
        QVERIFY(box);
        QCOMPARE(box->min, 1.0);
        QCOMPARE(box->max, 100.0);
        QCOMPARE(box->q1, 3.25);
        QCOMPARE(box->median, 5.5);
        QCOMPARE(box->q3, 7.75);
        QCOMPARE(box->lowerWhisker, 1.0);
        QCOMPARE(box->upperWhisker, 9.0);
        QCOMPARE(box->outliersBelow, 0);
        QCOMPARE(box->outliersAbove, 1);

        // One value: everything is that value.
        const auto one = boxFigures({4});
        QVERIFY(one);
        QCOMPARE(one->q1, 4.0);
        QCOMPARE(one->lowerWhisker, 4.0);
        QCOMPARE(one->upperWhisker, 4.0);
        QVERIFY(!boxFigures({}));
    }

    void distributionReadsSuccessfulAttemptsOnly()
    {
        constexpr double nan = std::numeric_limits<double>::quiet_NaN();
        ProviderSummary p;
        p.name = QStringLiteral("p");
        p.timings = {{100, 5, 400, true},
                     {nan, nan, 50, false}, // failed: left out
                     {200, 5, 300, true},
                     {nan, nan, 900, true}}; // answered whole, no TTFT
        const auto e2e = latencyDistribution(p, LatencyMetric::E2e);
        QCOMPARE(e2e.provider, QStringLiteral("p"));
        QCOMPARE(e2e.count, 3);
        QCOMPARE(e2e.box->median, 400.0);
        compareCdf(e2e.cdf, {{300, 1.0 / 3}, {400, 2.0 / 3}, {900, 1.0}});
        const auto ttft = latencyDistribution(p, LatencyMetric::Ttft);
        QCOMPARE(ttft.count, 2);
        compareCdf(ttft.cdf, {{100, 0.5}, {200, 1.0}});
    }

    void costSplitByTokenClass()
    {
        // $2 input, $0.50 cached input, $8 output per million tokens; 1000 prompt tokens of
        // which 400 cached, 500 output of which 100 reasoning. List weights (× 1e-6 $): input
        // 600·2 = 1200, cached 400·0.5 = 200, output 400·8 = 3200, reasoning 100·8 = 800, sum
        // 5400. The answers cost $0.0054, so the parts are the weights themselves.
        ProviderSummary p;
        p.name = QStringLiteral("p");
        p.price = Price(2, 8, 0.5);
        p.inputTokens = 1000;
        p.cachedTokens = 400;
        p.outputTokens = 500;
        p.reasoningTokens = 100;
        p.costBreakdown.answeredUsd = 0.0054;
        p.costBreakdown.retriedUsd = 0.001;
        p.costBreakdown.failedUsd = 0.0005;
        p.costBreakdown.truncatedUsd = 0.0002;
        p.costUsd = 0.0071;
        const CostSplit s = costSplit(p);
        QCOMPARE(s.provider, QStringLiteral("p"));
        QVERIFY(std::abs(*s.inputUsd - 0.0012) < 1e-12);
        QVERIFY(std::abs(*s.cachedInputUsd - 0.0002) < 1e-12);
        QVERIFY(std::abs(*s.outputUsd - 0.0032) < 1e-12);
        QVERIFY(std::abs(*s.reasoningUsd - 0.0008) < 1e-12);
        QVERIFY(!s.answeredUnsplitUsd);
        QCOMPARE(*s.retriedUsd, 0.001);
        QCOMPARE(*s.failedUsd, 0.0005);
        QCOMPARE(*s.truncatedUsd, 0.0002);
        double sum = 0;
        for (int part = 0; part < CostSplit::PartCount; ++part)
            sum += s.part(CostSplit::Part(part)).value_or(0.0);
        QVERIFY(std::abs(sum - *s.totalUsd) < 1e-12);

        // Twice the spend on the same tokens (a higher tier, say): the shares stay, the parts
        // double.
        p.costBreakdown.answeredUsd = 0.0108;
        QVERIFY(std::abs(*costSplit(p).outputUsd - 0.0064) < 1e-12);
    }

    void costSplitWithoutPriceOrAnswers()
    {
        ProviderSummary p;
        p.costBreakdown.answeredUsd = 0.003;
        p.costBreakdown.failedUsd = 0.001;
        p.costUsd = 0.004;
        p.inputTokens = 10;
        p.outputTokens = 10;
        // No price: the answers' spend stays whole.
        CostSplit s = costSplit(p);
        QCOMPARE(*s.answeredUnsplitUsd, 0.003);
        QVERIFY(!s.inputUsd && !s.outputUsd);
        QCOMPARE(*s.failedUsd, 0.001);
        // Nothing answered: no token parts at all.
        p.price = Price(1, 1);
        p.costBreakdown.answeredUsd.reset();
        s = costSplit(p);
        QVERIFY(!s.inputUsd && !s.answeredUnsplitUsd);
        QCOMPARE(*s.failedUsd, 0.001);
    }
};

YS_TEST_GUILESS_MAIN(TstResultFigures)
#include "tst_result_figures.moc"
