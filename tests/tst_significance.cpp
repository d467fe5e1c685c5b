// Mann–Whitney U, the Hodges–Lehmann shift and its interval, and Holm's correction, checked
// against reference values SciPy computed once (tests/fixtures/significance/make_fixtures.py
// wrote the JSON; the test needs neither Python nor SciPy).
#include "analysis/comparisons.h"
#include "analysis/significance.h"
#include "fixture_json.h"
#include "test_main.h"

#include <QTest>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

json significanceFixture(const char *name)
{
    return test::readFixtureJson(QStringLiteral("significance/") + QLatin1StringView(name));
}

std::vector<double> numbers(const json &array)
{
    return array.get<std::vector<double>>();
}

// Within 1e-9 relative, or 1e-12 absolute for values near zero.
bool close(double got, double expected)
{
    const double diff = std::abs(got - expected);
    return diff <= 1e-12 || diff <= 1e-9 * std::abs(expected);
}

QByteArray describeTable(double got, double expected)
{
    return QByteArray::number(got, 'g', 17) + " != " + QByteArray::number(expected, 'g', 17);
}

} // namespace

class TstSignificance : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void mannWhitney_data()
    {
        const json doc = significanceFixture("mann_whitney.json");
        QVERIFY(doc.contains("cases") && !doc["cases"].empty());
        test::addJsonCaseRows("caseJson", doc["cases"]);
    }

    void mannWhitney()
    {
        QFETCH(QByteArray, caseJson);
        const json c = json::parse(caseJson.toStdString());
        const auto x = numbers(c["x"]);
        const auto y = numbers(c["y"]);

        const auto automatic = mannWhitneyU(x, y);
        QVERIFY(automatic);
        QVERIFY2(close(automatic->u1, c["u1"]), describeTable(automatic->u1, c["u1"]));
        QVERIFY2(close(automatic->pValue, c["p_auto"]),
                 describeTable(automatic->pValue, c["p_auto"]));
        QCOMPARE(automatic->exact, c["auto_is_exact"].get<bool>());

        const auto asymptotic = mannWhitneyU(x, y, MannWhitneyMethod::Asymptotic);
        QVERIFY(asymptotic && !asymptotic->exact);
        QVERIFY2(close(asymptotic->pValue, c["p_asymptotic"]),
                 describeTable(asymptotic->pValue, c["p_asymptotic"]));

        if (c.contains("p_exact")) {
            const auto exact = mannWhitneyU(x, y, MannWhitneyMethod::Exact);
            QVERIFY(exact && exact->exact);
            QVERIFY2(close(exact->pValue, c["p_exact"]),
                     describeTable(exact->pValue, c["p_exact"]));
        }
    }

    void hodgesLehmann_data() { mannWhitney_data(); }

    void hodgesLehmann()
    {
        QFETCH(QByteArray, caseJson);
        const json c = json::parse(caseJson.toStdString());
        const auto shift = ys::hodgesLehmann(numbers(c["x"]), numbers(c["y"]));
        QVERIFY(shift);
        // The median of the same differences: the very same double.
        QVERIFY2(shift->estimate == c["hl_estimate"].get<double>(),
                 describeTable(shift->estimate, c["hl_estimate"]));
        QCOMPARE(shift->ciLow.has_value(), !c["hl_ci_low"].is_null());
        QCOMPARE(shift->ciHigh.has_value(), !c["hl_ci_high"].is_null());
        if (shift->ciLow) {
            QVERIFY2(close(*shift->ciLow, c["hl_ci_low"]),
                     describeTable(*shift->ciLow, c["hl_ci_low"]));
            QVERIFY2(close(*shift->ciHigh, c["hl_ci_high"]),
                     describeTable(*shift->ciHigh, c["hl_ci_high"]));
            QVERIFY(*shift->ciLow <= shift->estimate && shift->estimate <= *shift->ciHigh);
        }
    }

    void holm_data()
    {
        QTest::addColumn<QByteArray>("setJson");
        const json doc = significanceFixture("holm.json");
        QVERIFY(doc.contains("sets") && !doc["sets"].empty());
        int i = 0;
        for (const auto &s : doc["sets"])
            QTest::newRow(QByteArray::number(i++).constData())
                << QByteArray::fromStdString(s.dump());
    }

    void holm()
    {
        QFETCH(QByteArray, setJson);
        const json s = json::parse(setJson.toStdString());
        const auto adjusted = holmAdjust(numbers(s["p"]));
        const auto expected = numbers(s["adjusted"]);
        QCOMPARE(adjusted.size(), expected.size());
        for (size_t i = 0; i < adjusted.size(); ++i)
            QVERIFY2(adjusted[i] == expected[i], describeTable(adjusted[i], expected[i]));
    }

    void comparisonCarriesEverything()
    {
        const json doc = significanceFixture("mann_whitney.json");
        std::vector<Comparison> table;
        std::vector<double> p;
        for (const auto &c : doc["cases"]) {
            const auto cmp = compareSamples(numbers(c["x"]), numbers(c["y"]));
            QVERIFY(cmp);
            QCOMPARE(cmp->n1, int(c["x"].size()));
            QCOMPARE(cmp->n2, int(c["y"].size()));
            QVERIFY(cmp->difference == c["hl_estimate"].get<double>());
            QVERIFY(close(cmp->pValue, c["p_auto"]));
            QCOMPARE(cmp->adjustedPValue, cmp->pValue);
            table.push_back(*cmp);
            p.push_back(cmp->pValue);
        }
        holmAdjust(table);
        const auto adjusted = holmAdjust(p);
        for (size_t i = 0; i < table.size(); ++i) {
            QVERIFY(table[i].adjustedPValue == adjusted[i]);
            QVERIFY(table[i].adjustedPValue >= table[i].pValue);
        }
    }

    // The session's comparison table (every pair of providers on E2E and TTFT, Holm across the
    // table) against SciPy's values for the same samples.
    void comparisonTable()
    {
        const json doc = significanceFixture("comparison_table.json");
        QVERIFY(doc.contains("rows") && !doc["rows"].empty());
        SessionSummary session;
        for (const auto &p : doc["providers"]) {
            ProviderSummary s;
            s.name = QString::fromStdString(p["name"].get<std::string>());
            const auto e2e = numbers(p["e2e_ms"]);
            const auto ttft = numbers(p["ttft_ms"]);
            for (std::size_t i = 0; i < e2e.size(); ++i)
                s.timings.push_back({ttft[i], 0, e2e[i], true});
            s.timings.push_back({1.0, 0, 1.0, false}); // a failure is never compared
            session.providers.push_back(s);
        }
        const std::vector<PairComparison> table = ys::comparisonTable(session);
        QCOMPARE(table.size(), doc["rows"].size());
        for (std::size_t i = 0; i < table.size(); ++i) {
            const json &e = doc["rows"][i];
            const PairComparison &c = table[i];
            QCOMPARE(c.a.toStdString(), e["a"].get<std::string>());
            QCOMPARE(c.b.toStdString(), e["b"].get<std::string>());
            QCOMPARE(comparedFigureName(c.figure).toStdString(), e["figure"].get<std::string>());
            QVERIFY(!c.subsampled);
            QVERIFY2(c.result.difference == e["difference"].get<double>(),
                     describeTable(c.result.difference, e["difference"]));
            QCOMPARE(c.result.ciLow.has_value(), !e["ci_low"].is_null());
            if (c.result.ciLow) {
                QVERIFY(close(*c.result.ciLow, e["ci_low"]));
                QVERIFY(close(*c.result.ciHigh, e["ci_high"]));
            }
            QVERIFY2(close(c.result.pValue, e["p_value"]),
                     describeTable(c.result.pValue, e["p_value"]));
            QVERIFY2(close(c.result.adjustedPValue, e["p_holm"]),
                     describeTable(c.result.adjustedPValue, e["p_holm"]));
        }
        // Two providers alone: Holm across their two rows only.
        const auto pair = compareProviders(session.providers[0], session.providers[1]);
        QCOMPARE(pair.size(), std::size_t(2));
        QVERIFY(close(pair[0].result.pValue, doc["rows"][0]["p_value"]));
        QVERIFY(pair[0].result.adjustedPValue <= table[0].result.adjustedPValue);
    }

    // A side larger than the cap is compared on a seeded subsample: the same every time.
    void largeSidesAreSubsampled()
    {
        ProviderSummary a, b;
        a.name = QStringLiteral("A");
        b.name = QStringLiteral("B");
        for (int i = 0; i < kMaxComparedValues + 500; ++i) {
            a.timings.push_back({double(i % 97), 0, 300.0 + i % 101, true});
            b.timings.push_back({double(i % 89), 0, 320.0 + i % 103, true});
        }
        const auto first = compareProviders(a, b);
        const auto again = compareProviders(a, b);
        QCOMPARE(first.size(), std::size_t(2));
        QVERIFY(first[0].subsampled);
        QCOMPARE(first[0].result.n1, kMaxComparedValues);
        QVERIFY(first[0].result.difference == again[0].result.difference);
        QVERIFY(first[0].result.pValue == again[0].result.pValue);
        QVERIFY(first[0].result.difference < 0);
    }

    void emptySampleHasNoResult()
    {
        const std::vector<double> some{1, 2, 3};
        QVERIFY(!mannWhitneyU({}, some));
        QVERIFY(!mannWhitneyU(some, {}));
        QVERIFY(!ys::hodgesLehmann({}, some));
        QVERIFY(!compareSamples(some, {}));
        QVERIFY(!compareSamples({}, {}));
        QVERIFY(holmAdjust(std::vector<double>{}).empty());
    }

    void allEqualValuesAreNoEvidence()
    {
        const std::vector<double> x(20, 310.0);
        const std::vector<double> y(30, 310.0);
        for (auto method : {MannWhitneyMethod::Automatic, MannWhitneyMethod::Asymptotic,
                            MannWhitneyMethod::Exact}) {
            const auto test = mannWhitneyU(x, y, method);
            QVERIFY(test);
            QCOMPARE(test->pValue, 1.0);
            QCOMPARE(test->u1, 300.0);
        }
        const auto cmp = compareSamples(x, y);
        QVERIFY(cmp);
        QCOMPARE(cmp->difference, 0.0);
        QCOMPARE(*cmp->ciLow, 0.0);
        QCOMPARE(*cmp->ciHigh, 0.0);
        QCOMPARE(cmp->pValue, 1.0);
    }

    void tooSmallForAnInterval()
    {
        // With 2 and 3 values no pair of order statistics covers 95%: the estimate stands
        // alone.
        const auto shift = ys::hodgesLehmann({10, 20}, {1, 2, 3});
        QVERIFY(shift);
        QCOMPARE(shift->estimate, 13.0); // differences 7 8 9 17 18 19
        QVERIFY(!shift->ciLow && !shift->ciHigh);
    }
};

YS_TEST_GUILESS_MAIN(TstSignificance)
#include "tst_significance.moc"
