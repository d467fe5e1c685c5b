// Requirements and their gates: the verdicts of a committed fixture (values, intervals,
// thresholds → pass, fail, inconclusive, no data; N of M), the presets, and the errors that
// name the field.
#include "analysis/gates.h"
#include "analysis/gates_json.h"
#include "domain/requirements.h"
#include "domain/suite.h"
#include "fixture_json.h"
#include "test_main.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

// A JSON member against a value; on failure the member's JSON is shown.
#define JSON_COMPARE(actual, expected) QVERIFY2((actual) == (expected), (actual).dump().c_str())

namespace {

json gatesFixture()
{
    return test::readFixtureJson(QStringLiteral("gates/gates.json"));
}

std::optional<double> num(const json &j, const char *key)
{
    return j.contains(key) ? std::optional<double>(j[key].get<double>()) : std::nullopt;
}

std::optional<std::pair<double, double>> interval(const json &j, const char *key)
{
    if (!j.contains(key))
        return std::nullopt;
    return std::pair{j[key][0].get<double>(), j[key][1].get<double>()};
}

ProviderSummary summaryOf(const json &j)
{
    ProviderSummary s;
    s.name = QStringLiteral("p");
    s.e2eMs.p95 = num(j, "e2e_p95");
    s.e2eMs.p95Ci = interval(j, "e2e_p95_ci");
    s.ttftMs.p95 = num(j, "ttft_p95");
    s.ttftMs.p95Ci = interval(j, "ttft_p95_ci");
    if (j.contains("e2e_from_intended_p95")) {
        LatencyResult latency;
        Distribution d;
        d.p95 = num(j, "e2e_from_intended_p95");
        d.p95Ci = interval(j, "e2e_from_intended_p95_ci");
        latency.e2eFromIntendedMs = d;
        s.results.latency = latency;
    }
    s.usdPer1kMeasured = num(j, "usd_per_1k_measured");
    s.usdPer1kMeasuredCi = interval(j, "usd_per_1k_measured_ci");
    s.usdPer1kBlended = num(j, "usd_per_1k_blended");
    if (j.contains("price"))
        s.price = Price{j["price"]["input_per_mtok"].get<double>(),
                        j["price"]["output_per_mtok"].get<double>(), std::nullopt};
    if (j.contains("context_window"))
        s.contextWindow = j["context_window"].get<qint64>();
    if (j.contains("verified_context")) {
        ContextLimitResult limit;
        limit.verified = j["verified_context"].get<qint64>();
        s.results.contextLimit = limit;
    }
    return s;
}

} // namespace

class TstGates : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void verdicts_data()
    {
        const json doc = gatesFixture();
        QVERIFY2(doc.contains("cases") && doc["cases"].size() >= 20, "fixture not read");
        test::addJsonCaseRows("testCase", doc["cases"]);
    }

    void verdicts()
    {
        QFETCH(QByteArray, testCase);
        const json c = json::parse(testCase.toStdString());
        Requirements req;
        if (c.contains("requirements")) {
            QString error;
            const auto parsed =
                Requirements::parse(QByteArray::fromStdString(c["requirements"].dump()),
                                    QStringLiteral("case"), &error);
            QVERIFY2(parsed, qPrintable(error));
            req = *parsed;
        }
        const GateVerdict v = Gates::evaluate(summaryOf(c["summary"]), req);
        const json got = gatesJson(v);
        const json &expect = c["expect"];
        for (const char *gate : {"e2e_p95", "ttft_p95", "usd_per_1k", "context"}) {
            if (!expect.contains(gate))
                continue;
            const std::string want = expect[gate].get<std::string>();
            if (want == "not_set") {
                QVERIFY2(!got["checks"].contains(gate), gate);
                continue;
            }
            QVERIFY2(got["checks"].contains(gate), gate);
            QCOMPARE(QString::fromStdString(got["checks"][gate]["verdict"].get<std::string>()),
                     QString::fromStdString(want));
            const std::string valueKey = std::string(gate) + "_value";
            if (expect.contains(valueKey))
                QCOMPARE(got["checks"][gate]["value"].get<double>(),
                         expect[valueKey].get<double>());
        }
        QCOMPARE(QString::fromStdString(got["overall"].get<std::string>()),
                 QString::fromStdString(expect["overall"].get<std::string>()));
        for (const char *count : {"passed", "min_passed", "count"})
            if (expect.contains(count))
                QCOMPARE(got[count].get<int>(), expect[count].get<int>());
        const std::pair<const char *, const char *> sources[] = {{"latency_source", "e2e_p95"},
                                                                 {"ttft_source", "ttft_p95"},
                                                                 {"cost_source", "usd_per_1k"},
                                                                 {"context_source", "context"}};
        for (const auto &[key, gate] : sources)
            if (expect.contains(key))
                QCOMPARE(QString::fromStdString(got["checks"][gate]["source"].get<std::string>()),
                         QString::fromStdString(expect[key].get<std::string>()));
        // The old per-gate members agree with the list.
        QCOMPARE(v.latency, v.gate(GateKind::Latency) ? v.gate(GateKind::Latency)->result
                                                      : GateResult::NoData);
        QCOMPARE(v.context, v.gate(GateKind::Context) ? v.gate(GateKind::Context)->result
                                                      : GateResult::NoData);
    }

    void intervalsDecideAtTheEdges()
    {
        // At most: wholly at or under passes, wholly over fails, across is inconclusive.
        QCOMPARE(Gates::decide(380, std::pair{370.0, 380.0}, 380, true), GateResult::Pass);
        QCOMPARE(Gates::decide(381, std::pair{380.5, 390.0}, 380, true), GateResult::Fail);
        QCOMPARE(Gates::decide(379, std::pair{379.0, 380.5}, 380, true), GateResult::Inconclusive);
        // At least (context).
        QCOMPARE(Gates::decide(128000, std::nullopt, 128000, false), GateResult::Pass);
        QCOMPARE(Gates::decide(127999, std::nullopt, 128000, false), GateResult::Fail);
        QCOMPARE(Gates::decide(130000, std::pair{127000.0, 133000.0}, 128000, false),
                 GateResult::Inconclusive);
        QCOMPARE(Gates::decide(std::nullopt, std::pair{1.0, 2.0}, 3, true), GateResult::NoData);
        // 0.0015 is not exact in binary; a sum that prints as 0.0015 is at the threshold.
        QCOMPARE(Gates::decide(0.0005 + 0.001, std::nullopt, 0.0015, true), GateResult::Pass);
    }

    void presets()
    {
        const Requirements line;
        QCOMPARE(line.preset, QStringLiteral("line"));
        QCOMPARE(line.maxP95LatencyMs, std::optional<double>(380));
        QCOMPARE(line.maxUsdPer1k, std::optional<double>(0.0015));
        QCOMPARE(line.minContextTokens, std::optional<qint64>(128000));
        QVERIFY(!line.maxTtftP95Ms && !line.minPassed && !line.slo.any());
        QCOMPARE(line.costBasis, CostBasis::Measured);
        QCOMPARE(line.gateCount(), 3);
        QCOMPARE(Requirements::fromPreset(QStringLiteral("line")), line);
        for (const QString &name : Requirements::presetNames()) {
            const auto r = Requirements::fromPreset(name);
            QVERIFY2(r, qPrintable(name));
            QCOMPARE(r->preset, name);
            // Every preset but the contract audit and batch jobs (the cost alone) sets two
            // gates or more.
            const bool one = name == QLatin1StringView("contract_audit") ||
                             name == QLatin1StringView("batch_offline");
            QVERIFY(r->gateCount() >= (one ? 1 : 2));
        }
        const auto support = *Requirements::fromPreset(QStringLiteral("realtime_support"));
        QCOMPARE(support.maxTtftP95Ms, std::optional<double>(150));
        QCOMPARE(support.slo.ttftMs, std::optional<double>(150));
        QCOMPARE(support.maxP95LatencyMs, std::optional<double>(380));
        const auto summaries =
            *Requirements::fromPreset(QStringLiteral("knowledge_base_summaries"));
        QVERIFY(!summaries.maxP95LatencyMs);
        QCOMPARE(summaries.maxTtftP95Ms, std::optional<double>(800));
        QCOMPARE(summaries.minContextTokens, std::optional<qint64>(128000));
        const auto compliance = *Requirements::fromPreset(QStringLiteral("compliance_review"));
        QVERIFY(!compliance.maxP95LatencyMs && !compliance.maxTtftP95Ms);
        QCOMPARE(compliance.costBasis, CostBasis::Measured);
        QVERIFY(!Requirements::fromPreset(QStringLiteral("nope")));
        QCOMPARE(Requirements::none().gateCount(), 0);
    }

    void parsesEveryField()
    {
        QString error;
        const auto r =
            Requirements::parse(QByteArray::fromStdString(json{
                                    {"preset", "line"},
                                    {"max_e2e_p95_ms", 500},
                                    {"max_ttft_p95_ms", 120.5},
                                    {"max_usd_per_1k", 0.002},
                                    {"basis", "list"},
                                    {"list_weights", {{"input", 1}, {"output", 4}}},
                                    {"min_context_tokens", 200000},
                                    {"slo", {{"ttft_ms", 200}, {"tpot_ms", 40}, {"e2e_ms", 3000}}},
                                    {"min_passed", 3}}.dump()),
                                QStringLiteral("req.json"), &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->preset, QStringLiteral("line"));
        QCOMPARE(r->maxP95LatencyMs, std::optional<double>(500));
        QCOMPARE(r->maxTtftP95Ms, std::optional<double>(120.5));
        QCOMPARE(r->maxUsdPer1k, std::optional<double>(0.002));
        QCOMPARE(r->costBasis, CostBasis::List);
        QCOMPARE(r->listInputWeight, 1.0);
        QCOMPARE(r->listOutputWeight, 4.0);
        QCOMPARE(r->minContextTokens, std::optional<qint64>(200000));
        QCOMPARE(r->slo.ttftMs, std::optional<double>(200));
        QCOMPARE(r->slo.tpotMs, std::optional<double>(40));
        QCOMPARE(r->slo.e2eMs, std::optional<double>(3000));
        QCOMPARE(r->minPassed, std::optional<int>(3));
        QCOMPARE(r->gateCount(), 4);
    }

    void errorsNameTheField_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("mentions");
        const auto row = [](const char *name, const char *text, QStringList mentions) {
            QTest::newRow(name) << QByteArray(text) << mentions;
        };
        row("unknown name", QByteArray::fromStdString(json{{"max_p95_ms", 380}}.dump()),
            {QStringLiteral("req.json"), QStringLiteral("unknown field"),
             QStringLiteral("\"max_p95_ms\"")});
        row("wrong type", QByteArray::fromStdString(json{{"max_e2e_p95_ms", "fast"}}.dump()),
            {QStringLiteral("req.json.max_e2e_p95_ms"), QStringLiteral("expected a number")});
        row("negative threshold",
            QByteArray::fromStdString(json{{"max_usd_per_1k", -0.001}}.dump()),
            {QStringLiteral("req.json.max_usd_per_1k"), QStringLiteral("negative")});
        row("negative context", QByteArray::fromStdString(json{{"min_context_tokens", -5}}.dump()),
            {QStringLiteral("req.json.min_context_tokens")});
        row("fractional context",
            QByteArray::fromStdString(json{{"min_context_tokens", 1.5}}.dump()),
            {QStringLiteral("req.json.min_context_tokens"), QStringLiteral("whole number")});
        row("unknown preset", QByteArray::fromStdString(json{{"preset", "fastest"}}.dump()),
            {QStringLiteral("req.json.preset"), QStringLiteral("\"fastest\""),
             QStringLiteral("realtime_support")});
        row("preset not a string", QByteArray::fromStdString(json{{"preset", 3}}.dump()),
            {QStringLiteral("req.json.preset"), QStringLiteral("expected a string")});
        row("unknown basis", QByteArray::fromStdString(json{{"basis", "invoice"}}.dump()),
            {QStringLiteral("req.json.basis"), QStringLiteral("\"invoice\"")});
        row("negative weight",
            QByteArray::fromStdString(
                json{{"list_weights", {{"input", -3}, {"output", 1}}}}.dump()),
            {QStringLiteral("req.json.list_weights.input"), QStringLiteral("negative")});
        row("zero weights",
            QByteArray::fromStdString(json{{"list_weights", {{"input", 0}, {"output", 0}}}}.dump()),
            {QStringLiteral("req.json.list_weights")});
        row("unknown weight",
            QByteArray::fromStdString(json{{"list_weights", {{"cached", 1}}}}.dump()),
            {QStringLiteral("req.json.list_weights"), QStringLiteral("\"cached\"")});
        row("slo not an object", QByteArray::fromStdString(json{{"slo", 200}}.dump()),
            {QStringLiteral("req.json.slo")});
        row("slo zero", QByteArray::fromStdString(json{{"slo", {{"ttft_ms", 0}}}}.dump()),
            {QStringLiteral("req.json.slo.ttft_ms"), QStringLiteral("above zero")});
        row("slo unknown", QByteArray::fromStdString(json{{"slo", {{"itl_ms", 5}}}}.dump()),
            {QStringLiteral("req.json.slo"), QStringLiteral("\"itl_ms\"")});
        row("N above M",
            QByteArray::fromStdString(json{{"preset", "line"}, {"min_passed", 4}}.dump()),
            {QStringLiteral("req.json.min_passed"), QStringLiteral("1..3")});
        row("N zero", QByteArray::fromStdString(json{{"preset", "line"}, {"min_passed", 0}}.dump()),
            {QStringLiteral("req.json.min_passed")});
        row("not an object", QByteArray::fromStdString(json::array({1, 2}).dump()),
            {QStringLiteral("req.json")});
        row("not JSON", "{\n\"preset\": }", {QStringLiteral("req.json, line 2")});
    }

    void errorsNameTheField()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, mentions);
        QString error;
        QVERIFY(!Requirements::parse(text, QStringLiteral("req.json"), &error));
        for (const QString &m : mentions)
            QVERIFY2(error.contains(m), qPrintable(error + QStringLiteral(" lacks ") + m));
    }

    void suiteCarriesItsRequirements()
    {
        const QByteArray text = QByteArray::fromStdString(
            json{{"format", "yardstick-suite/1"},
                 {"name", "s"},
                 {"providers", json::array({{{"name", "a"},
                                             {"dialect", "openai-chat"},
                                             {"base_url", "http://127.0.0.1:1/v1"},
                                             {"model", "m"}}})},
                 {"scenarios", json::array({{{"kind", "latency"}, {"requests", 2}}})},
                 {"requirements",
                  {{"preset", "realtime_support"}, {"min_passed", 3}, {"max_usd_per_1k", nullptr}}}}
                .dump());
        QString error;
        const auto suite = Suite::parse(text, QStringLiteral("s.json"), &error);
        QVERIFY2(suite, qPrintable(error));
        QVERIFY(suite->requirements);
        QCOMPARE(suite->requirements->gateCount(), 3);
        QCOMPARE(suite->requirements->minPassed, std::optional<int>(3));
        QVERIFY(!suite->requirements->maxUsdPer1k);
        // Stored with the session and read back: the same gates, whatever the presets become.
        const auto again = Suite::parse(suite->toJson(), QStringLiteral("again"), &error);
        QVERIFY2(again, qPrintable(error));
        Requirements expected = *suite->requirements;
        expected.preset.clear();
        QCOMPARE(*again->requirements, expected);

        // A bad requirement names the suite's field.
        QByteArray without = text;
        without.replace("\"min_passed\":3", "\"max_p95\":3");
        QVERIFY(!Suite::parse(without, QStringLiteral("s.json"), &error));
        QVERIFY2(error.contains(QStringLiteral("s.json.requirements")) &&
                     error.contains(QStringLiteral("\"max_p95\"")),
                 qPrintable(error));
    }

    void jsonNamesEachGate()
    {
        ProviderSummary s;
        s.e2eMs.p95 = 300;
        s.e2eMs.p95Ci = std::pair{280.0, 330.0};
        s.contextWindow = 200000;
        const json j = gatesJson(Gates::evaluate(s, Requirements{}));
        JSON_COMPARE(j["overall"], "no_data");
        JSON_COMPARE(j["checks"]["e2e_p95"]["verdict"], "pass");
        JSON_COMPARE(j["checks"]["e2e_p95"]["interval"], json::array({280.0, 330.0}));
        JSON_COMPARE(j["checks"]["e2e_p95"]["threshold"], 380.0);
        JSON_COMPARE(j["checks"]["e2e_p95"]["comparison"], "<=");
        JSON_COMPARE(j["checks"]["usd_per_1k"]["value"], nullptr);
        JSON_COMPARE(j["checks"]["usd_per_1k"]["verdict"], "no_data");
        JSON_COMPARE(j["checks"]["context"]["comparison"], ">=");
        JSON_COMPARE(j["checks"]["context"]["source"], "declared");
        JSON_COMPARE(j["checks"]["context"]["interval"], nullptr);
        const json r = requirementsJson(Requirements{});
        JSON_COMPARE(r["preset"], "line");
        JSON_COMPARE(r["basis"], "measured");
        JSON_COMPARE(r["min_passed"], nullptr);
    }
};

YS_TEST_GUILESS_MAIN(TstGates)
#include "tst_gates.moc"
