// The order-statistic interval of a percentile, and percentiles taken by selecting ranks rather
// than sorting: the same figures a full sort gives, at any size.
#include "analysis/percentile.h"
#include "test_main.h"

#include <QTest>
#include <algorithm>
#include <random>

using namespace ys;

namespace {

std::vector<double> sortedCopy(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v;
}

} // namespace

class TstPercentileCi : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void ranksOfP95_data()
    {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("low");
        QTest::addColumn<qint64>("high");
        // 0-based ranks from the binomial sums over every count k = 0..n (each probability from
        // math.lgamma in Python): low = the largest l − 1 with P(B ≤ l − 1) ≤ 0.025, high = the
        // smallest u with P(B ≥ u) ≤ 0.025, minus 1, for B ~ Binomial(n, 0.95).
        QTest::newRow("2") << 2LL << 0LL << 1LL;
        QTest::newRow("5") << 5LL << 3LL << 4LL; // too few to reach 95%: capped at the largest
        QTest::newRow("20") << 20LL << 16LL << 19LL;
        QTest::newRow("73") << 73LL << 64LL << 72LL;
        QTest::newRow("100") << 100LL << 89LL << 99LL;
        QTest::newRow("200") << 200LL << 183LL << 196LL;
        QTest::newRow("1000") << 1000LL << 935LL << 963LL;
        QTest::newRow("5000") << 5000LL << 4718LL << 4780LL;
        QTest::newRow("100000") << 100000LL << 94863LL << 95135LL;
        QTest::newRow("1000000") << 1000000LL << 949571LL << 950427LL;
    }

    void ranksOfP95()
    {
        QFETCH(qint64, n);
        QFETCH(qint64, low);
        QFETCH(qint64, high);
        const auto ranks = percentileCiRanks(std::size_t(n), 95);
        QVERIFY(ranks);
        QCOMPARE(qint64(ranks->first), low);
        QCOMPARE(qint64(ranks->second), high);
    }

    void noIntervalBelowTwoValues()
    {
        QVERIFY(!percentileCiRanks(0, 95));
        QVERIFY(!percentileCiRanks(1, 95));
        QVERIFY(!percentileCiSorted({3.0}, 95));
        const Distribution d = distributionOf({3.0});
        QCOMPARE(d.count, 1);
        QCOMPARE(*d.p95, 3.0);
        QVERIFY(!d.p95Ci);
    }

    // Selecting ranks gives exactly what sorting gives, ties included, at sizes on both sides
    // of where the interval stops being capped.
    void distributionMatchesAFullSort()
    {
        std::mt19937_64 rng(42);
        for (std::size_t n : {2u, 3u, 7u, 50u, 101u, 1000u, 20000u}) {
            std::vector<double> v(n);
            for (double &x : v)
                x = double(rng() % 997) / 7.0; // ties on purpose
            const auto sorted = sortedCopy(v);
            const Distribution d = distributionOf(v);
            QCOMPARE(d.count, int(n));
            QCOMPARE(*d.p50, *percentileSorted(sorted, 50));
            QCOMPARE(*d.p95, *percentileSorted(sorted, 95));
            QCOMPARE(*d.p99, *percentileSorted(sorted, 99));
            QCOMPARE(*percentile(v, 99), *percentileSorted(sorted, 99));
            QCOMPARE(*percentile(v, 0), sorted.front());
            QCOMPARE(*percentile(v, 100), sorted.back());
            const auto ci = percentileCiSorted(sorted, 95);
            QVERIFY(ci && d.p95Ci);
            QCOMPARE(d.p95Ci->first, ci->first);
            QCOMPARE(d.p95Ci->second, ci->second);
            QVERIFY(ci->first <= *d.p95 && *d.p95 <= ci->second);
        }
    }

    // The interval holds the true P95 of the population about 95% of the time.
    void coverageIsNominal()
    {
        std::mt19937_64 rng(7);
        std::exponential_distribution<double> draw(1.0);
        const double trueP95 = -std::log(0.05);
        int covered = 0;
        constexpr int kTrials = 2000;
        for (int t = 0; t < kTrials; ++t) {
            std::vector<double> v(400);
            for (double &x : v)
                x = draw(rng);
            const auto ci = distributionOf(v).p95Ci;
            QVERIFY(ci);
            covered += ci->first <= trueP95 && trueP95 <= ci->second ? 1 : 0;
        }
        const double share = double(covered) / kTrials;
        QVERIFY2(share > 0.935 && share < 0.985, qPrintable(QString::number(share)));
    }
};

YS_TEST_GUILESS_MAIN(TstPercentileCi)
#include "tst_percentile_ci.moc"
