// Scores (normalised weighted fusion, ranks, weight sensitivity) and SLO attainment with
// goodput, checked against hand-worked fixtures (tests/fixtures/scores/, tests/fixtures/slo/);
// the per-attempt records summarizeRun keeps for them.
#include "analysis/decision_json.h"
#include "analysis/run_summary.h"
#include "analysis/scores.h"
#include "analysis/slo.h"
#include "fixture_json.h"
#include "models/score_model.h"
#include "test_main.h"

#include <QTest>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

std::vector<ScoreCriterion> criteriaOf(const json &list)
{
    std::vector<ScoreCriterion> out;
    for (const auto &c : list)
        out.push_back({QString::fromStdString(c["name"].get<std::string>()),
                       c["direction"] == "higher" ? Direction::Higher : Direction::Lower,
                       test::numberOrNan(c["weight"])});
    return out;
}

bool sameOptional(const std::optional<double> &got, const json &expected)
{
    if (expected.is_null())
        return !got;
    return got && std::abs(*got - expected.get<double>()) < 1e-9;
}

bool sameName(const std::optional<QString> &got, const json &expected)
{
    if (expected.is_null())
        return !got;
    return got && got->toStdString() == expected.get<std::string>();
}

// Provider i of a session: named P<i>, its P95 latency 300 ms plus `latencyStepMs` for each
// provider before it, its output 10 tokens/s slower than the one before.
ProviderSummary rankedProvider(int i, double latencyStepMs)
{
    ProviderSummary p;
    p.name = QStringLiteral("P%1").arg(i);
    p.e2eMs.p95 = 300.0 + latencyStepMs * i;
    p.outputTokensPerSecondP50 = 100.0 - 10 * i;
    return p;
}

std::optional<int> optionalInt(const json &v)
{
    return v.is_null() ? std::nullopt : std::optional<int>(v.get<int>());
}

// A fixture case's providers: their names and, per provider, its value of each criterion (NaN
// where the case has none).
struct CaseTable {
    std::vector<QString> names;
    std::vector<std::vector<double>> values;
};

CaseTable tableOf(const json &c)
{
    CaseTable t;
    for (const auto &p : c["providers"]) {
        t.names.push_back(QString::fromStdString(p["name"].get<std::string>()));
        std::vector<double> row;
        for (const auto &v : p["values"])
            row.push_back(test::numberOrNan(v));
        t.values.push_back(row);
    }
    return t;
}

Sample sample(int seq, Outcome outcome, qint64 startMs, qint64 endMs, std::optional<qint64> ttftMs,
              std::optional<qint64> outputTokens)
{
    Sample s;
    s.seq = seq;
    s.outcome = outcome;
    s.startOffsetNs = startMs * 1000000;
    s.endNs = endMs * 1000000;
    if (ttftMs)
        s.firstTokenNs = *ttftMs * 1000000;
    s.outputTokens = outputTokens;
    return s;
}

} // namespace

class TstScores : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void scores_data()
    {
        const json doc = test::readFixtureJson(QStringLiteral("scores/scores.json"));
        QVERIFY(doc.contains("cases") && !doc["cases"].empty());
        test::addJsonCaseRows("caseJson", doc["cases"]);
    }

    void scores()
    {
        QFETCH(QByteArray, caseJson);
        const json c = json::parse(caseJson.toStdString());
        const auto [names, values] = tableOf(c);
        QString error;
        const auto t = Scores::score(criteriaOf(c["criteria"]), names, values, &error);
        QVERIFY2(t, qPrintable(error));
        const json &e = c["expected"];
        QCOMPARE(t->rows.size(), names.size());
        for (std::size_t r = 0; r < names.size(); ++r) {
            const ScoreRow &row = t->rows[r];
            QCOMPARE(row.name, names[r]);
            for (std::size_t k = 0; k < row.normalised.size(); ++k)
                QVERIFY2(sameOptional(row.normalised[k], e["normalised"][r][k]),
                         qPrintable(QStringLiteral("normalised %1 %2").arg(r).arg(k)));
            QVERIFY2(sameOptional(row.score, e["scores"][r]), qPrintable(names[r]));
            QCOMPARE(row.rank, optionalInt(e["ranks"][r]));
        }
        std::vector<std::string> dropped;
        for (const QString &d : t->dropped)
            dropped.push_back(d.toStdString());
        QCOMPARE(dropped, e["dropped"].get<std::vector<std::string>>());
        QCOMPARE(t->sensitivity.size(), e["sensitivity"].size());
        for (std::size_t i = 0; i < t->sensitivity.size(); ++i) {
            const WeightSensitivity &s = t->sensitivity[i];
            const json &x = e["sensitivity"][i];
            QCOMPARE(s.criterion.toStdString(), x["weight"].get<std::string>());
            QVERIFY2(sameOptional(s.raiseBy, x["raise_by"]), qPrintable(s.criterion));
            QVERIFY(sameName(s.raiseTop, x["raise_top"]));
            QVERIFY2(sameOptional(s.lowerBy, x["lower_by"]), qPrintable(s.criterion));
            QVERIFY(sameName(s.lowerTop, x["lower_top"]));
        }
        if (e.contains("top_stability"))
            QVERIFY(sameOptional(t->topStability, e["top_stability"]));
        else if (t->topStability)
            QVERIFY(*t->topStability >= 0 && *t->topStability <= 1);
    }

    // Applying the reported change to the weight does hand the top over (to a tie at least).
    void sensitivityIsTheThreshold()
    {
        const json doc = test::readFixtureJson(QStringLiteral("scores/scores.json"));
        const json &c = doc["cases"][0];
        const auto [names, values] = tableOf(c);
        QString error;
        const auto base = Scores::score(criteriaOf(c["criteria"]), names, values, &error);
        QVERIFY(base);
        for (std::size_t k = 0; k < base->sensitivity.size(); ++k) {
            for (double factor : {0.999, 1.001}) {
                const auto &s = base->sensitivity[k];
                if (!s.raiseBy)
                    continue;
                auto criteria = criteriaOf(c["criteria"]);
                criteria[k].weight *= 1 + *s.raiseBy * factor;
                const auto t = Scores::score(criteria, names, values, &error);
                const bool topKept = t->rows[2].rank == 1 && t->rows[0].rank != 1 &&
                                     t->rows[1].rank != 1; // C was the sole top
                QCOMPARE(topKept, factor < 1);
            }
        }
    }

    void badWeights_data()
    {
        const json doc = test::readFixtureJson(QStringLiteral("scores/scores.json"));
        test::addJsonCaseRows("caseJson", doc["errors"]);
    }

    void badWeights()
    {
        QFETCH(QByteArray, caseJson);
        const json c = json::parse(caseJson.toStdString());
        const auto criteria = criteriaOf(c["criteria"]);
        QString error;
        QVERIFY(!Scores::score(criteria, {QStringLiteral("A")},
                               {std::vector<double>(criteria.size(), 1.0)}, &error));
        QVERIFY(!error.isEmpty());
        for (const auto &name : c["names"])
            QVERIFY2(error.contains(QString::fromStdString(name.get<std::string>())),
                     qPrintable(error));
    }

    void criteriaByName()
    {
        QString error;
        const auto ok = Scores::criteria({{QStringLiteral("latency"), 1},
                                          {QStringLiteral("ttft_p95"), 0.5},
                                          {QStringLiteral("context"), 0.2}},
                                         &error);
        QVERIFY2(ok, qPrintable(error));
        QCOMPARE(ok->at(1).direction, Direction::Lower);
        QCOMPARE(ok->at(2).direction, Direction::Higher);
        QVERIFY(!Scores::criteria({{QStringLiteral("speed"), 1}}, &error));
        QVERIFY(error.contains(QStringLiteral("speed")));
        QVERIFY(!Scores::criteria({{QStringLiteral("cost"), -1}}, &error));
        QVERIFY(error.contains(QStringLiteral("cost")));
    }

    void sessionScores()
    {
        SessionSummary s;
        for (int i = 0; i < 3; ++i) {
            ProviderSummary p = rankedProvider(i, 50);
            p.attempts = 10;
            p.successes = 10 - i;
            s.providers.push_back(p);
        }
        QString error;
        const auto criteria = Scores::criteria({{QStringLiteral("latency"), 1},
                                                {QStringLiteral("throughput"), 1},
                                                {QStringLiteral("success_rate"), 1}},
                                               &error);
        const auto t = Scores::ofSession(s, *criteria, &error);
        QVERIFY(t);
        QCOMPARE(t->rows[0].rank, std::optional<int>(1));
        QCOMPARE(t->rows[2].rank, std::optional<int>(3));
        QCOMPARE(t->topStability, std::optional<double>(1.0));
    }

    void model()
    {
        const json c = test::readFixtureJson(QStringLiteral("scores/scores.json"))["cases"][1];
        const auto [names, values] = tableOf(c);
        QString error;
        const auto t = Scores::score(criteriaOf(c["criteria"]), names, values, &error);
        QVERIFY(t);
        ScoreModel m;
        m.setTable(*t);
        QCOMPARE(m.rowCount(), 3);
        QCOMPARE(m.columnCount(), int(ScoreModel::FirstCriterionColumn) + 3);
        QCOMPARE(m.data(m.index(0, ScoreModel::RankColumn), ScoreModel::ValueRole).toInt(), 1);
        QCOMPARE(m.data(m.index(0, ScoreModel::ScoreColumn)).toString(), QStringLiteral("0.500"));
        QCOMPARE(m.data(m.index(2, ScoreModel::ScoreColumn)).toString(), QStringLiteral("—"));
        QVERIFY(!m.data(m.index(2, ScoreModel::RankColumn), ScoreModel::ValueRole).isValid());
        QCOMPARE(
            m.data(m.index(2, ScoreModel::FirstCriterionColumn), ScoreModel::ValueRole).toDouble(),
            0.5);
        // The criterion's heading as people read it, with its weight.
        QCOMPARE(m.headerData(ScoreModel::FirstCriterionColumn, Qt::Horizontal).toString(),
                 QStringLiteral("%1 ×%2")
                     .arg(Scores::figureHeading(QStringLiteral("latency")))
                     .arg(m.table().criteria.front().weight));
        QCOMPARE(Scores::figureHeading(QStringLiteral("latency")), QStringLiteral("Latency"));
    }

    // show --json's sections: their members, null where nothing is known, never 0.
    void jsonSections()
    {
        SessionSummary s;
        for (int i = 0; i < 3; ++i) {
            ProviderSummary p = rankedProvider(i, 40);
            p.e2eMs.p95Ci = std::pair{290.0 + 40 * i, 320.0 + 40 * i};
            if (i < 2)
                p.usdPer1kMeasured = 0.002 - 0.0005 * i;
            for (int k = 0; k < 12; ++k)
                p.timings.push_back({50.0 + k + 5 * i, 5, 300.0 + 3 * k + 20 * i, k != 11});
            p.wallSpanS = 3.0;
            s.providers.push_back(p);
        }
        nlohmann::json doc;
        addDecisionJson(doc, s);
        QCOMPARE(doc["pareto"]["points"].size(), std::size_t(2));
        QVERIFY(doc["pareto"]["unplaced"] == nlohmann::json::array({"P2"}));
        QVERIFY(doc["pareto"]["front"] == nlohmann::json::array({"P1", "P0"}));
        QVERIFY(doc["pareto"]["knee"].is_null());
        QVERIFY(doc["pareto"]["points"][0]["latency_ci"] == nlohmann::json::array({290.0, 320.0}));
        QVERIFY(doc["pareto"]["points"][0]["usd_per_1k_ci"].is_null());
        QCOMPARE(doc["score"]["weights"]["throughput"].get<double>(), 0.4);
        QVERIFY(doc["score"]["providers"][2]["score"].is_null());     // no cost: no score, not 0
        QCOMPARE(doc["score"]["providers"][0]["rank"].get<int>(), 1); // 0.75 against 0.625
        QCOMPARE(doc["comparisons"].size(), std::size_t(6));          // 3 pairs × 2 figures
        for (const auto &row : doc["comparisons"]) {
            QCOMPARE(row["n_a"].get<int>(), 11); // the failure is left out
            QVERIFY(row["p_holm"].get<double>() >= row["p_value"].get<double>());
        }
        QCOMPARE(doc["comparisons"][0]["difference_ms"].get<double>(), -20.0);
        QVERIFY(doc["slo"].is_null());
        const nlohmann::json slo = sloJson(s, SloObjectives{{}, {}, 320.0});
        QCOMPARE(slo["providers"][0]["attained"].get<int>(), 7); // 300 … 318 ms
        QCOMPARE(slo["providers"][0]["goodput_per_s"].get<double>(), 7 / 3.0);
        QVERIFY(slo["providers"][0]["meets_ttft"].is_null());
        QVERIFY(sloJson(s, SloObjectives{}).is_null());
    }

    // Adding the context window as a third objective brings back a provider the 2-D front
    // leaves out.
    void providerFrontWithContext()
    {
        SessionSummary s;
        const double cost[] = {0.001, 0.002, 0.0015};
        const double p95[] = {300, 250, 320};
        const qint64 window[] = {128000, 128000, 1000000};
        for (int i = 0; i < 3; ++i) {
            ProviderSummary p;
            p.name = QStringLiteral("P%1").arg(i);
            p.usdPer1kMeasured = cost[i];
            p.e2eMs.p95 = p95[i];
            p.contextWindow = window[i];
            s.providers.push_back(p);
        }
        QString error;
        const auto two =
            Scores::frontOf(s, {QStringLiteral("cost"), QStringLiteral("latency")}, &error);
        QCOMPARE(*two, (std::vector<int>{0, 1}));
        const auto three = Scores::frontOf(
            s, {QStringLiteral("cost"), QStringLiteral("latency"), QStringLiteral("context")},
            &error);
        QCOMPARE(*three, (std::vector<int>{0, 2, 1}));
        s.providers[2].contextWindow.reset();
        QCOMPARE(*Scores::frontOf(
                     s,
                     {QStringLiteral("cost"), QStringLiteral("latency"), QStringLiteral("context")},
                     &error),
                 (std::vector<int>{0, 1}));
        QVERIFY(!Scores::frontOf(s, {QStringLiteral("colour")}, &error));
        QVERIFY(error.contains(QStringLiteral("colour")));
    }

    void slo_data()
    {
        QTest::addColumn<QByteArray>("caseJson");
        const json doc = test::readFixtureJson(QStringLiteral("slo/attainment.json"));
        QVERIFY(doc.contains("cases") && !doc["cases"].empty());
        for (auto c : doc["cases"]) {
            c["timings"] = doc["timings"];
            QTest::newRow(c["name"].get<std::string>().c_str())
                << QByteArray::fromStdString(c.dump());
        }
    }

    void slo()
    {
        QFETCH(QByteArray, caseJson);
        const json c = json::parse(caseJson.toStdString());
        std::vector<AttemptTiming> timings;
        for (const auto &t : c["timings"])
            timings.push_back({test::numberOrNan(t[0]), test::numberOrNan(t[1]),
                               test::numberOrNan(t[2]), t[3].get<bool>()});
        SloObjectives o;
        const json &oj = c["objectives"];
        auto opt = [](const json &v) {
            return v.is_null() ? std::nullopt : std::optional<double>(v.get<double>());
        };
        o.ttftMs = opt(oj["ttft_ms"]);
        o.tpotMs = opt(oj["tpot_ms"]);
        o.e2eMs = opt(oj["e2e_ms"]);
        const SloAttainment a = sloAttainment(timings, opt(c["wall_span_s"]), o);
        const json &e = c["expected"];
        QCOMPARE(a.requests, e["requests"].get<int>());
        QCOMPARE(a.attained, e["attained"].get<int>());
        QCOMPARE(a.meetsTtft, optionalInt(e["meets_ttft"]));
        QCOMPARE(a.meetsTpot, optionalInt(e["meets_tpot"]));
        QCOMPARE(a.meetsE2e, optionalInt(e["meets_e2e"]));
        QVERIFY(sameOptional(a.share, e["share"]));
        QVERIFY(sameOptional(a.goodputPerS, e["goodput_per_s"]));
    }

    void sloWithoutRequests()
    {
        const SloAttainment a = sloAttainment({}, std::nullopt, SloObjectives{200, {}, {}});
        QCOMPARE(a.requests, 0);
        QVERIFY(!a.share && !a.goodputPerS);
    }

    // summarizeRun keeps one record per measured attempt (warm-up and fallback-served ones
    // left out) and the span from the first start to the last end.
    void summaryKeepsTimings()
    {
        std::vector<Sample> samples;
        samples.push_back(sample(0, Outcome::Ok, 0, 400, 100, 31)); // TPOT 10 ms
        Sample warm = sample(1, Outcome::Ok, 0, 50, 10, 5);
        warm.warmup = true;
        samples.push_back(warm);
        samples.push_back(sample(2, Outcome::TimeoutIdle, 500, 900, std::nullopt, std::nullopt));
        samples.push_back(sample(3, Outcome::Ok, 1000, 1500, 200, 1)); // one token: TPOT 0
        Sample served = sample(4, Outcome::Ok, 1000, 4000, 100, 10);
        served.servedBy = QStringLiteral("other");
        samples.push_back(served);
        samples.push_back(sample(5, Outcome::Ok, 1200, 600, 100, std::nullopt)); // no usage

        ProviderConfig cfg;
        cfg.name = QStringLiteral("P");
        const ProviderSummary s = summarizeRun(cfg, samples);
        QCOMPARE(s.timings.size(), std::size_t(4));
        QCOMPARE(s.timings[0].tpotMs, 10.0);
        QCOMPARE(s.timings[0].e2eMs, 400.0);
        QCOMPARE(s.timings[0].ttftMs, 100.0);
        QVERIFY(!s.timings[1].success && std::isnan(s.timings[1].ttftMs));
        QCOMPARE(s.timings[2].tpotMs, 0.0);
        QVERIFY(std::isnan(s.timings[3].tpotMs));          // output tokens unknown
        QCOMPARE(s.wallSpanS, std::optional<double>(2.5)); // 0 ms to 1,000 + 1,500 ms
        const SloAttainment a = sloAttainment(s, SloObjectives{150, 20, {}});
        QCOMPARE(a.attained, 1); // the last has no TPOT; the third's TTFT is too long
        QCOMPARE(*a.goodputPerS, 1 / 2.5);
    }

    void spanUnknownWithoutStarts()
    {
        std::vector<Sample> samples{sample(0, Outcome::Ok, 0, 400, 100, 5),
                                    sample(1, Outcome::Ok, 0, 300, 100, 5)};
        const ProviderSummary s = summarizeRun(ProviderConfig{}, samples);
        QVERIFY(!s.wallSpanS);
        const ProviderSummary one = summarizeRun(ProviderConfig{}, {samples[0]});
        QCOMPARE(one.wallSpanS, std::optional<double>(0.4));
    }
};

YS_TEST_GUILESS_MAIN(TstScores)
#include "tst_scores.moc"
