// The context cost curve C(w) = [c +] a·w^α·log2(1 + β·w): fits checked against SciPy's
// curve_fit on fixtures it computed once (tests/fixtures/cost_curve/make_fixtures.py), exact and
// noisy synthetic data with known parameters, inputs that give no fit, the simulator's reported
// cost, and a real context sweep on a simulated provider that bills by a known curve, over real
// HTTP into a SQLite file.
#include "analysis/cost_curve.h"
#include "analysis/kind_results.h"
#include "analysis/kind_results_json.h"
#include "analysis/run_summary.h"
#include "domain/suite.h"
#include "models/kind_results_text.h"
#include "run/session_runner.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"

#include "fixture_json.h"
#include "fixtures.h"
#include "session_support.h"
#include "test_main.h"

#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

json costCurveFixture(const char *name)
{
    return test::readFixtureJson(QStringLiteral("cost_curve/") + QLatin1StringView(name));
}

bool withinRelative(double got, double want, double relative)
{
    return std::abs(got - want) <= relative * std::abs(want);
}

QString compared(const char *what, double got, double want)
{
    return QStringLiteral("%1: got %2, want %3")
        .arg(QLatin1StringView(what))
        .arg(got, 0, 'g', 10)
        .arg(want, 0, 'g', 10);
}

std::vector<std::pair<double, double>> exactCurve(const CostCurveParams &p,
                                                  const std::vector<double> &ws)
{
    std::vector<std::pair<double, double>> wy;
    for (double w : ws)
        wy.emplace_back(w, p(w));
    return wy;
}

const std::vector<double> kSizes{2000, 8000, 20000, 40000, 70000, 100000, 140000, 200000};

// The results of a context sweep that carry this cost fit.
ScenarioResults sweepWithFit(const CostCurveFit &fit)
{
    ScenarioResults results;
    results.contextSweep = ContextSweepResult{};
    results.contextSweep->costFit = fit;
    return results;
}

// The cost fit as show --json writes it for these results.
json costFitJson(const ScenarioResults &results)
{
    json out = json::object();
    addKindResultsJson(results, out);
    return out["context_sweep"]["cost_fit"];
}

} // namespace

class TstCostCurve : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // SciPy's estimates, standard errors, R², marginal costs and ratio, case by case.
    void matchesScipy_data()
    {
        QTest::addColumn<int>("index");
        const json cases = costCurveFixture("fits.json");
        QVERIFY(cases.is_array() && !cases.empty());
        for (std::size_t i = 0; i < cases.size(); ++i)
            QTest::newRow(cases[i]["name"].get<std::string>().c_str()) << int(i);
    }
    void matchesScipy()
    {
        QFETCH(int, index);
        const json c = costCurveFixture("fits.json")[std::size_t(index)];
        std::vector<std::pair<double, double>> wy;
        for (std::size_t i = 0; i < c["w"].size(); ++i)
            wy.emplace_back(c["w"][i].get<double>(), c["y"][i].get<double>());
        const bool intercept = c["intercept"].get<bool>();
        const CostCurveFit f = CostCurve::fit(wy, intercept);
        QVERIFY2(f.ok(), qPrintable(curveFitFailureName(f.failure)));
        QCOMPARE(f.observations, int(wy.size()));
        const json &p = c["params"];
        const json &se = c["se"];
        QVERIFY2(withinRelative(f.params.a, p["a"], 1e-4),
                 qPrintable(compared("a", f.params.a, p["a"])));
        QVERIFY2(withinRelative(f.params.alpha, p["alpha"], 1e-5),
                 qPrintable(compared("alpha", f.params.alpha, p["alpha"])));
        QVERIFY2(withinRelative(f.params.beta, p["beta"], 1e-4),
                 qPrintable(compared("beta", f.params.beta, p["beta"])));
        QVERIFY2(withinRelative(f.se.a, se["a"], 1e-3),
                 qPrintable(compared("se a", f.se.a, se["a"])));
        QVERIFY2(withinRelative(f.se.alpha, se["alpha"], 1e-3),
                 qPrintable(compared("se alpha", f.se.alpha, se["alpha"])));
        QVERIFY2(withinRelative(f.se.beta, se["beta"], 1e-3),
                 qPrintable(compared("se beta", f.se.beta, se["beta"])));
        if (intercept) {
            QVERIFY2(withinRelative(f.params.c, p["c"], 1e-4),
                     qPrintable(compared("c", f.params.c, p["c"])));
            QVERIFY2(withinRelative(f.se.c, se["c"], 1e-3),
                     qPrintable(compared("se c", f.se.c, se["c"])));
        }
        QVERIFY(f.r2);
        QVERIFY2(std::abs(*f.r2 - c["r2"].get<double>()) < 1e-8,
                 qPrintable(compared("r2", *f.r2, c["r2"])));
        QVERIFY2(withinRelative(f.marginalAt128k.value, c["marginal_128k"], 1e-4),
                 qPrintable(compared("marginal 128K", f.marginalAt128k.value, c["marginal_128k"])));
        QVERIFY2(withinRelative(f.marginalAt200k.value, c["marginal_200k"], 1e-4),
                 qPrintable(compared("marginal 200K", f.marginalAt200k.value, c["marginal_200k"])));
        QVERIFY2(withinRelative(f.ratio200kTo128k.value, c["ratio_200k_128k"], 1e-5),
                 qPrintable(compared("ratio", f.ratio200kTo128k.value, c["ratio_200k_128k"])));
        QVERIFY(f.marginalAt128k.se > 0 && f.ratio200kTo128k.se > 0);

        // The noisy cost cases, where β·w crosses 1 inside the data, recover the truth within
        // two standard errors.
        if (!intercept) {
            const json &t = c["truth"];
            QVERIFY(f.betaCrossesOne);
            QVERIFY2(std::abs(f.params.a - t["a"].get<double>()) <= 2 * f.se.a,
                     qPrintable(compared("a vs truth", f.params.a, t["a"])));
            QVERIFY2(std::abs(f.params.alpha - t["alpha"].get<double>()) <= 2 * f.se.alpha,
                     qPrintable(compared("alpha vs truth", f.params.alpha, t["alpha"])));
            QVERIFY2(std::abs(f.params.beta - t["beta"].get<double>()) <= 2 * f.se.beta,
                     qPrintable(compared("beta vs truth", f.params.beta, t["beta"])));
        }
    }

    // Exact data gives back its parameters, R² 1 and the figures computed from the formula.
    void exactData()
    {
        const CostCurveParams truth{3e-8, 1.15, 2e-5, 0};
        const CostCurveFit f = CostCurve::fit(exactCurve(truth, kSizes), false);
        QVERIFY2(f.ok(), qPrintable(curveFitFailureName(f.failure)));
        QVERIFY2(withinRelative(f.params.a, truth.a, 1e-6),
                 qPrintable(compared("a", f.params.a, truth.a)));
        QVERIFY(withinRelative(f.params.alpha, truth.alpha, 1e-7));
        QVERIFY(withinRelative(f.params.beta, truth.beta, 1e-6));
        QVERIFY(f.r2 && std::abs(*f.r2 - 1) < 1e-12);
        QVERIFY(f.relativeResidualSd < 1e-8);
        QVERIFY(f.betaCrossesOne);
        QVERIFY(!f.extrapolated || kSizes.back() < 210000);
        // By hand: C(w) = 3e-8 · w^1.15 · log2(1 + 2e-5·w).
        auto c = [](double w) {
            return 3e-8 * std::pow(w, 1.15) * std::log2(1 + 2e-5 * w);
        };
        QVERIFY(withinRelative(f.marginalAt128k.value, c(138000) - c(128000), 1e-6));
        QVERIFY(withinRelative(f.marginalAt200k.value, c(210000) - c(200000), 1e-6));
        QVERIFY(withinRelative(f.ratio200kTo128k.value, c(200000) / c(128000), 1e-7));
        QVERIFY(f.extrapolated); // 210,000 lies past the largest size, 200,000

        // With an intercept, as the latency curve has.
        const CostCurveParams latency{2e-4, 1.1, 3e-5, 40};
        const CostCurveFit g = CostCurve::fit(exactCurve(latency, kSizes), true);
        QVERIFY2(g.ok(), qPrintable(curveFitFailureName(g.failure)));
        QVERIFY2(withinRelative(g.params.c, 40, 1e-5), qPrintable(compared("c", g.params.c, 40)));
        QVERIFY2(withinRelative(g.params.alpha, 1.1, 1e-5),
                 qPrintable(compared("alpha", g.params.alpha, 1.1)));
        QVERIFY(withinRelative(g.params.beta, 3e-5, 1e-4));
        QVERIFY(g.r2 && std::abs(*g.r2 - 1) < 1e-10);
    }

    // When β·w stays far above 1 the data cannot tell a from β: with the same ±2% noise their
    // relative standard errors are several times those where β·w crosses 1, and the fit says so.
    void poorlyIdentified()
    {
        auto noisy = [](const CostCurveParams &p) {
            std::vector<std::pair<double, double>> wy;
            for (std::size_t i = 0; i < kSizes.size() * 3; ++i) {
                const double w = kSizes[i % kSizes.size()];
                wy.emplace_back(w, p(w) * (1 + 0.02 * std::sin(double(i) * 7.3)));
            }
            return wy;
        };
        const CostCurveFit good = CostCurve::fit(noisy({3e-8, 1.15, 2e-5, 0}), false);
        const CostCurveFit poor = CostCurve::fit(noisy({3e-8, 1.15, 1e-1, 0}), false);
        QVERIFY(good.ok() && good.betaCrossesOne);
        qInfo("relative se of a, beta: crossing %.3g, %.3g; beta·w >= 200: %s %.3g, %.3g",
              good.se.a / good.params.a, good.se.beta / good.params.beta,
              qPrintable(curveFitFailureName(poor.failure)), poor.se.a / poor.params.a,
              poor.se.beta / poor.params.beta);
        if (poor.ok()) {
            QVERIFY(!poor.betaCrossesOne);
            QVERIFY(poor.se.beta / poor.params.beta > 3 * good.se.beta / good.params.beta);
            QVERIFY(poor.r2 && *poor.r2 > 0.99); // the curve itself still fits
        }
    }

    // No fit, with the reason, rather than numbers that mean nothing.
    void noFit_data()
    {
        QTest::addColumn<QVariantList>("ws");
        QTest::addColumn<QVariantList>("ys");
        QTest::addColumn<bool>("intercept");
        QTest::addColumn<QString>("reason");
        QTest::newRow("empty") << QVariantList{} << QVariantList{} << false
                               << QStringLiteral("too_few_points");
        QTest::newRow("three points, three parameters")
            << QVariantList{1000.0, 10000.0, 100000.0} << QVariantList{0.001, 0.02, 0.5} << false
            << QStringLiteral("too_few_points");
        QTest::newRow("one size repeated") << QVariantList{8000.0, 8000.0, 8000.0, 8000.0, 8000.0}
                                           << QVariantList{0.01, 0.011, 0.012, 0.01, 0.011} << false
                                           << QStringLiteral("too_few_points");
        QTest::newRow("intercept needs four sizes")
            << QVariantList{1000.0, 1000.0, 10000.0, 10000.0, 100000.0, 100000.0}
            << QVariantList{50.0, 51.0, 70.0, 71.0, 300.0, 301.0} << true
            << QStringLiteral("too_few_points");
        QTest::newRow("a free attempt")
            << QVariantList{1000.0, 10000.0, 50000.0, 100000.0, 200000.0}
            << QVariantList{0.001, 0.0, 0.1, 0.4, 1.2} << false << QStringLiteral("non_positive");
        QTest::newRow("a negative size")
            << QVariantList{-1000.0, 10000.0, 50000.0, 100000.0, 200000.0}
            << QVariantList{0.001, 0.02, 0.1, 0.4, 1.2} << false << QStringLiteral("non_positive");
        QTest::newRow("not a number") << QVariantList{1000.0, 10000.0, 50000.0, 100000.0, 200000.0}
                                      << QVariantList{0.001, std::nan(""), 0.1, 0.4, 1.2} << false
                                      << QStringLiteral("non_positive");
    }
    void noFit()
    {
        QFETCH(QVariantList, ws);
        QFETCH(QVariantList, ys);
        QFETCH(bool, intercept);
        QFETCH(QString, reason);
        std::vector<std::pair<double, double>> wy;
        for (qsizetype i = 0; i < ws.size(); ++i)
            wy.emplace_back(ws[i].toDouble(), ys[i].toDouble());
        const CostCurveFit f = CostCurve::fit(wy, intercept);
        QVERIFY(!f.ok());
        QCOMPARE(curveFitFailureName(f.failure), reason);

        const json fit = costFitJson(sweepWithFit(f));
        QVERIFY(fit["fitted"] == json(false));
        QCOMPARE(QString::fromStdString(fit["reason"].get<std::string>()), reason);
        QVERIFY(fit["params"].is_null() && fit["r2"].is_null());
        QVERIFY(fit["marginal_per_10k_at_128k"].is_null());
    }

    // The form is chosen by AICc: a flat per-token price gives a line (the power law cannot be
    // told apart there); a price with a tier at 200K gives a tiered line that steps exactly at
    // 200,000 by the tier's rates; a superlinear bill keeps the power law.
    void formChosenByAicc()
    {
        Price flat;
        flat.inputPerMtok = 0.5;
        flat.outputPerMtok = 1.5;
        std::vector<std::pair<double, double>> wy;
        for (double w : kSizes)
            wy.emplace_back(w, flat.cost((long long)w, 200));
        const CostCurveFit line = CostCurve::choose(wy, false);
        QVERIFY2(line.ok(), qPrintable(curveFitFailureName(line.failure)));
        QCOMPARE(curveFormName(line.form), QStringLiteral("linear"));
        QVERIFY(line.r2 && *line.r2 > 0.999999);
        QCOMPARE(line.segments.size(), std::size_t(1));
        QVERIFY(withinRelative(line.segments[0].b, 0.5 / 1e6, 1e-6));
        QVERIFY(withinRelative(line.segments[0].c, 200 * 1.5 / 1e6, 1e-6));
        QVERIFY(withinRelative(line.marginalAt128k.value, 10000 * 0.5 / 1e6, 1e-6));

        // Gemini 2.5 Pro's shape: past 200K prompt tokens every token pays the tier's rate.
        Price tiered;
        tiered.inputPerMtok = 1.25;
        tiered.outputPerMtok = 10;
        tiered.inputTiers = {PriceTier{200000, 2.5}};
        tiered.outputTiers = {PriceTier{200000, 15}};
        wy.clear();
        const std::vector<double> sizes{20000,  60000,  120000, 160000, 200000,
                                        210000, 240000, 280000, 320000};
        for (double w : sizes)
            for (int i = 0; i < 2; ++i)
                wy.emplace_back(w, tiered.cost((long long)w, 100));
        const CostCurveFit step = CostCurve::choose(wy, false, {200000, 200000});
        QVERIFY2(step.ok(), qPrintable(curveFitFailureName(step.failure)));
        QCOMPARE(curveFormName(step.form), QStringLiteral("tiered_linear"));
        QCOMPARE(step.steps(), std::vector<double>{200000});
        QVERIFY(step.r2 && *step.r2 > 0.999999);
        // Exactly the price on both sides of the step, and the jump where the price jumps.
        QVERIFY(withinRelative(step.value(200000), tiered.cost(200000, 100), 1e-6));
        QVERIFY(withinRelative(step.value(200001), tiered.cost(200001, 100), 1e-6));
        QVERIFY(step.value(200001) - step.value(200000) > 0.2);
        QVERIFY(withinRelative(step.marginalAt200k.value,
                               tiered.cost(210000, 100) - tiered.cost(200000, 100), 1e-6));
        QVERIFY(step.candidates.size() >= 2); // the line, and the power law when it fits
        // Without the tier's start, a line or the power law, each worse than the step.
        const CostCurveFit smooth = CostCurve::choose(wy, false);
        QVERIFY(smooth.form != CurveForm::TieredLinear);
        QVERIFY(smooth.aicc > step.aicc);

        // A superlinear bill: the power law wins.
        const CostCurveParams truth{3e-8, 1.15, 2e-5, 0};
        const CostCurveFit curve = CostCurve::choose(exactCurve(truth, kSizes), false);
        QVERIFY2(curve.ok(), qPrintable(curveFitFailureName(curve.failure)));
        QCOMPARE(curveFormName(curve.form), QStringLiteral("power_log"));
        qInfo("forms: flat price %s, tiered price %s (AICc %.1f against %.1f smooth), "
              "superlinear %s",
              qPrintable(curveFormName(line.form)), qPrintable(curveFormName(step.form)), step.aicc,
              smooth.aicc, qPrintable(curveFormName(curve.form)));

        // show --json names the form, its pieces and where it steps.
        const ScenarioResults results = sweepWithFit(step);
        const json j = costFitJson(results);
        QCOMPARE(QString::fromStdString(j["form"].get<std::string>()),
                 QStringLiteral("tiered_linear"));
        QVERIFY2(j["steps_at"] == json::array({200000.0}), j["steps_at"].dump().c_str());
        QCOMPARE(j["segments"].size(), std::size_t(2));
        QVERIFY(j["segments"][1]["to"].is_null());
        const QString text = KindResultsText::lines(results).join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QStringLiteral("tiered linear")) &&
                     text.contains(QStringLiteral("past 200")),
                 qPrintable(text));
    }

    // Data the curve cannot follow (a flat cost, which only β → 0 and a → ∞ approach) ends
    // without a fit or with one whose parameters cannot be told apart, never with garbage
    // claimed as a good fit.
    void flatDataIsNoGoodFit()
    {
        std::vector<std::pair<double, double>> wy;
        for (double w : kSizes)
            wy.emplace_back(w, 0.01);
        const CostCurveFit f = CostCurve::fit(wy, false);
        qInfo("flat: %s, alpha %g, beta %g", qPrintable(curveFitFailureName(f.failure)),
              f.params.alpha, f.params.beta);
        if (f.ok()) {
            QVERIFY(!f.r2); // all values equal: no R²
        } else {
            QVERIFY(f.failure == CurveFitFailure::NoConvergence ||
                    f.failure == CurveFitFailure::Singular);
        }
    }

    // The simulator's reported cost follows C(w) within its noise, the same for the same request.
    void simulatorReportedCost()
    {
        test::ProfileShape shape;
        QString error;
        // One profile, `name` asking for `model`, whose reported cost is `cost`, read as a file.
        const auto load = [&](const QString &name, const QString &model, const json &cost) {
            return SimProfile::load(test::simProfilesJson({test::simProfileJson(
                                        name, model, shape, {{"reported_cost", cost}})}),
                                    &error);
        };
        const auto profiles = load(QStringLiteral("Billed"), QStringLiteral("billed"),
                                   {{"a", 3e-8}, {"alpha", 1.15}, {"beta", 2e-5}, {"noise", 0.02}});
        QVERIFY2(!profiles.empty(), qPrintable(error));
        const SimProfile &p = profiles.front();
        QVERIFY(p.reportedCost);
        for (std::uint64_t n = 0; n < 50; ++n) {
            const double w = 1000.0 + 4000.0 * double(n);
            const double exact = 3e-8 * std::pow(w, 1.15) * std::log2(1 + 2e-5 * w);
            const auto cost = p.reportedCostUsd(n, int(w));
            QVERIFY(cost);
            QVERIFY(std::abs(*cost / exact - 1) <= 0.02 + 1e-12);
            QCOMPARE(*p.reportedCostUsd(n, int(w)), *cost);
        }
        QVERIFY(!test::simProfile(QStringLiteral("m"), shape).reportedCostUsd(0, 1000));

        const auto bad = load(QStringLiteral("Bad"), QStringLiteral("bad"),
                              {{"a", 3e-8}, {"alpha", 1.15}, {"beta", 2e-5}, {"noise", 1.5}});
        QVERIFY(bad.empty());
        QVERIFY2(error.contains(QStringLiteral("reported_cost.noise")), qPrintable(error));
        load(QStringLiteral("Bad"), QStringLiteral("bad"), {{"a", 3e-8}, {"alpha", 1.15}});
        QVERIFY2(error.contains(QStringLiteral("reported_cost.beta")), qPrintable(error));
    }

    // Acceptance 2: a context sweep on a simulated provider that bills C(w) with known a, α, β
    // (reported in usage.cost, ±2% noise) recovers each within two standard errors, with R².
    void sweepRecoversTheCurve()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const double a = 3e-8, alpha = 1.15, beta = 2e-5; // β·w crosses 1 at 50,000 tokens
        test::ProfileShape shape;
        shape.prefillTokensPerS = 5e6;
        shape.outputTokensMin = shape.outputTokensMax = 4;
        shape.contextWindow = 210000;
        shape.seed = 11;
        const json profile = test::simProfileJson(
            QStringLiteral("Billed"), QStringLiteral("billed"), shape,
            {{"reported_cost", {{"a", a}, {"alpha", alpha}, {"beta", beta}, {"noise", 0.02}}}});
        QString error;
        const auto sim = test::startedSim({profile});
        if (!sim)
            return;

        const QByteArray text = "{\"format\":\"yardstick-suite/1\",\"name\":\"k\","
                                "\"providers\":[{\"name\":\"p\",\"dialect\":\"openai-chat\","
                                "\"base_url\":\"http://127.0.0.1:1/v1\",\"model\":\"m\"}],"
                                "\"scenarios\":[{\"kind\":\"context_sweep\"}]}";
        const auto parsed = Suite::parse(text, QStringLiteral("t"), &error);
        QVERIFY2(parsed, qPrintable(error));
        Scenario sc = parsed->scenarios.front();
        sc.contextSweep.promptTokens = {2000, 8000, 20000, 40000, 70000, 100000, 140000, 200000};
        sc.contextSweep.requestsPerPoint = 2;
        sc.concurrency = 2;
        Suite suite;
        suite.name = QStringLiteral("curve");
        // No price: the cost of each attempt is the one the provider reported.
        suite.providers.push_back(
            test::simProvider(QStringLiteral("Billed"), sim->baseUrl(), QStringLiteral("billed")));
        suite.scenarios = {sc};
        const QString db = dir.filePath(QStringLiteral("curve.sqlite"));
        const test::SessionEnd end = test::runSuiteToEnd(suite, db, 120000 * test::kSlow, &error);
        QVERIFY2(end.id > 0, qPrintable(error));
        const auto summary = test::readSummary(db, end.id, &error);
        QVERIFY2(summary, qPrintable(error));
        const auto &r = summary->providers.front().results.contextSweep;
        QVERIFY(r);
        for (const ContextSweepPoint &p : r->points) {
            QVERIFY2(p.skipped.isEmpty(), qPrintable(p.skipped));
            QCOMPARE(p.successes, 2);
            QVERIFY(p.costUsdPerRequest);
            const double exact =
                a * std::pow(p.promptTokens, alpha) * std::log2(1 + beta * p.promptTokens);
            QVERIFY2(std::abs(*p.costUsdPerRequest / exact - 1) <= 0.02 + 1e-9,
                     qPrintable(compared("cost", *p.costUsdPerRequest, exact)));
        }

        const CostCurveFit &f = r->costFit;
        QVERIFY2(f.ok(), qPrintable(curveFitFailureName(f.failure)));
        QCOMPARE(f.observations, 16);
        QVERIFY(f.r2);
        qInfo("a %.4g ± %.2g, alpha %.4f ± %.4f, beta %.4g ± %.2g, R² %.6f; +10K at 128K $%.5f, "
              "at 200K $%.5f; C(200K)/C(128K) %.3f",
              f.params.a, f.se.a, f.params.alpha, f.se.alpha, f.params.beta, f.se.beta, *f.r2,
              f.marginalAt128k.value, f.marginalAt200k.value, f.ratio200kTo128k.value);
        QVERIFY2(std::abs(f.params.a - a) <= 2 * f.se.a, qPrintable(compared("a", f.params.a, a)));
        QVERIFY2(std::abs(f.params.alpha - alpha) <= 2 * f.se.alpha,
                 qPrintable(compared("alpha", f.params.alpha, alpha)));
        QVERIFY2(std::abs(f.params.beta - beta) <= 2 * f.se.beta,
                 qPrintable(compared("beta", f.params.beta, beta)));
        QVERIFY(f.betaCrossesOne);
        QVERIFY(*f.r2 > 0.99);
        QVERIFY(r->latencyCurveFit.observations == 16);

        // show --json and the CLI text carry it.
        json out = json::object();
        addKindResultsJson(summary->providers.front().results, out);
        const json &cj = out["context_sweep"]["cost_fit"];
        QVERIFY(cj["fitted"] == json(true));
        QCOMPARE(cj["params"]["alpha"].get<double>(), f.params.alpha);
        QCOMPARE(cj["r2"].get<double>(), *f.r2);
        QVERIFY(out["context_sweep"]["latency_curve_fit"].is_object());
        const QStringList lines = KindResultsText::lines(summary->providers.front().results);
        for (const QString &line : lines)
            qInfo("%s", qPrintable(line));
        QVERIFY2(lines.join(QLatin1Char('\n')).contains(QStringLiteral("cost curve")),
                 qPrintable(lines.join(QLatin1Char('\n'))));
    }
};

YS_TEST_GUILESS_MAIN(TstCostCurve)
#include "tst_cost_curve.moc"
