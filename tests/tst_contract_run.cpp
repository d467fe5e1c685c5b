// Answer contracts end to end: the real yardstick-cli runs suites whose latency scenario has a
// contract against simulated providers that break their schema at a set rate or answer golden
// prompts from a table; the pass rates, their intervals, the failures and the
// min_contract_pass_rate gate are read back through show --json and gate, and bad contracts are
// refused before anything is sent (docs/contracts.md).
#include "cli_runner.h"
#include "fixtures.h"
#include "suite_files.h"
#include "test_main.h"
#include "test_support.h"

#include "sim/sim_profile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <map>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

// The document the structured profiles answer, and the schema it holds to. In key order "id"
// comes first: a wrong type makes it a number (/id), a missing field drops it (the root).
json orderDocument()
{
    return {{"id", "A-17"}, {"qty", 3}, {"ok", true}};
}

json orderSchema()
{
    return {{"type", "object"},
            {"required", {"id", "qty", "ok"}},
            {"additionalProperties", false},
            {"properties",
             {{"id", {{"type", "string"}}},
              {"qty", {{"type", "integer"}}},
              {"ok", {{"type", "boolean"}}}}}};
}

// Golden prompt i and its expected answer.
QString goldenPrompt(int i)
{
    return QStringLiteral("What is %1 plus %2? Answer with the number.").arg(i).arg(i + 7);
}

int goldenExpected(int i)
{
    return 2 * i + 7;
}

// The simulator's golden table: the first 40 answered right, the last 10 one off.
json goldenTable()
{
    json table = json::array();
    for (int i = 0; i < 50; ++i)
        table.push_back({{"prompt", goldenPrompt(i).toStdString()},
                         {"answer", std::to_string(goldenExpected(i) + (i < 40 ? 0 : 1))}});
    return table;
}

const test::ProfileShape kShape = test::ProfileShape().withTtft(1, 2).withOutput(4, 4);

} // namespace

class TstContractRun : public test::ScratchSimTest {
    Q_OBJECT

    QString file(const QString &name) const { return m_dir.filePath(name); }

    QString write(const QString &name, const json &doc)
    {
        return test::writeJsonFile(file(name), doc);
    }

    // A suite of one simulated provider (its model picks the profile) with one latency scenario
    // of this contract, and these requirements.
    QString suite(const QString &name, const std::string &model, const json &contract,
                  std::optional<int> requests, const json &requirements, bool stream = true)
    {
        const json provider =
            test::suiteProviderJson("sim", m_sim->baseUrl(), model, test::pricedProviderExtras());
        json scenario = test::latencyScenarioJson(1, stream ? 16 : 32, 64, 64,
                                                  {{"contract", contract}, {"stream", stream}});
        if (requests)
            scenario["requests"] = *requests;
        else
            scenario.erase("requests");
        return write(name + QStringLiteral(".json"),
                     test::suiteJson(name.toStdString(), json::array({provider}),
                                     json::array({scenario}), {{"requirements", requirements}}));
    }

    // show --json of a database's latest session: its only provider.
    json provider(const QString &db)
    {
        const test::CliResult r = test::runCli(
            {QStringLiteral("show"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        if (r.code != 0)
            return nullptr;
        return json::parse(r.out.toStdString())["providers"][0];
    }

    std::size_t sent() const { return m_sim->records().size(); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const json doc = orderDocument();
        m_sim = test::startedSim({
            test::simProfileJson(
                QStringLiteral("breaks"), QStringLiteral("breaks"), kShape,
                {{"structured_output", {{"document", doc}, {"break_rate", 0.05}}}}),
            test::simProfileJson(QStringLiteral("holds"), QStringLiteral("holds"), kShape,
                                 {{"structured_output", {{"document", doc}}}}),
            test::simProfileJson(QStringLiteral("golden"), QStringLiteral("golden"), kShape,
                                 {{"golden", goldenTable()}}),
            test::simProfileJson(QStringLiteral("plain"), QStringLiteral("plain"), kShape),
        });
        QVERIFY(m_sim);
        QVERIFY(!write(QStringLiteral("order.schema.json"), orderSchema()).isEmpty());
    }

    void cleanupTestCase() { m_sim.reset(); }

    // A profile's answers that cannot be read name their field.
    void simProfileFieldErrors()
    {
        const auto errorOf = [](const json &extra) {
            QString error;
            const auto loaded =
                SimProfile::load(test::simProfilesJson({test::simProfileJson(
                                     QStringLiteral("x"), QStringLiteral("m"), kShape, extra)}),
                                 &error);
            return loaded.empty() ? error : QString();
        };
        QVERIFY(errorOf({{"structured_output", {{"break_rate", 0.1}}}})
                    .contains(QStringLiteral("structured_output.document")));
        QVERIFY(errorOf({{"structured_output", {{"document", 1}, {"break_rate", 2}}}})
                    .contains(QStringLiteral("structured_output.break_rate")));
        QVERIFY(errorOf({{"structured_output", {{"document", 1}, {"breaks", {"shuffled"}}}}})
                    .contains(QStringLiteral("shuffled")));
        QVERIFY(errorOf({{"golden", {{{"prompt", 1}, {"answer", "a"}}}}})
                    .contains(QStringLiteral("golden[0]")));
        QVERIFY(errorOf({{"structured_output", {{"document", {{"a", 1}}}, {"break_rate", 0.5}}},
                         {"golden", {{{"prompt", "p"}, {"answer", "a"}}}}})
                    .isEmpty());
    }

    // 5% broken: the interval holds 95%, the 99.9% gate fails, every failure is named with its
    // check and place, and they are exactly the answers the simulator broke.
    void schemaBreaksAtFivePercent()
    {
        const std::size_t before = sent();
        const QString db = file(QStringLiteral("breaks.sqlite"));
        const QString s =
            suite(QStringLiteral("breaks"), "breaks", {{"schema", "order.schema.json"}}, 400,
                  {{"preset", "contract_audit"}});
        const test::CliResult r =
            test::runCli({QStringLiteral("run"), QStringLiteral("--suite"), s,
                          QStringLiteral("--db"), db, QStringLiteral("--gate")});
        QVERIFY2(r.code == 3, qPrintable(QString::number(r.code) + r.err));
        QCOMPARE(sent() - before, std::size_t(400));
        std::map<QString, int> broke; // how the simulator broke its answers, and how often
        int brokenTotal = 0;
        for (std::size_t i = before; i < sent(); ++i) {
            const QString how = m_sim->records()[i].schemaBreak;
            if (!how.isEmpty()) {
                ++broke[how];
                ++brokenTotal;
            }
        }
        QVERIFY2(brokenTotal > 5 && brokenTotal < 40, qPrintable(QString::number(brokenTotal)));

        const json p = provider(db);
        const json &c = p["contract"];
        QVERIFY2(c.is_object(), p.dump().c_str());
        QCOMPARE(c["answers"].get<int>(), 400);
        QCOMPARE(c["passed"].get<int>(), 400 - brokenTotal);
        const double low = c["pass_rate_ci"][0].get<double>();
        const double high = c["pass_rate_ci"][1].get<double>();
        QVERIFY2(low <= 0.95 && 0.95 <= high, c["pass_rate_ci"].dump().c_str());
        qInfo("5%% breakage: %d of 400 broken (truncated %d, wrong_type %d, missing_field %d); "
              "pass rate %.4f, 95%% CI [%.4f, %.4f]",
              brokenTotal, broke[QStringLiteral("truncated")], broke[QStringLiteral("wrong_type")],
              broke[QStringLiteral("missing_field")], c["pass_rate"].get<double>(), low, high);
        QCOMPARE(p["gates"]["checks"]["contract_pass_rate"]["verdict"].get<std::string>(),
                 std::string("fail"));
        QCOMPARE(p["gates"]["overall"].get<std::string>(), std::string("fail"));

        // Each broken answer fails the schema, naming where; a truncated one fails JSON first.
        std::map<QString, int> failedAt;
        int schemaFailures = 0;
        for (const json &f : c["failures"]) {
            const QString check = QString::fromStdString(f["check"].get<std::string>());
            QVERIFY(!f["detail"].get<std::string>().empty());
            if (check != QLatin1StringView("schema"))
                continue;
            ++schemaFailures;
            ++failedAt[QString::fromStdString(f["path"].get<std::string>())];
        }
        QCOMPARE(schemaFailures, brokenTotal);
        QCOMPARE(failedAt[QStringLiteral("/id")], broke[QStringLiteral("wrong_type")]);
        // A missing field and a truncated document are faults of the whole document.
        QCOMPARE(failedAt[QString()],
                 broke[QStringLiteral("missing_field")] + broke[QStringLiteral("truncated")]);
        const json checks = c["checks"];
        QCOMPARE(checks[0]["check"].get<std::string>(), std::string("json"));
        QCOMPARE(checks[0]["checked"].get<int>() - checks[0]["passed"].get<int>(),
                 broke[QStringLiteral("truncated")]);
        QCOMPARE(checks[1]["check"].get<std::string>(), std::string("schema"));

        // The gate command agrees, and the text names the gate.
        const test::CliResult gate =
            test::runCli({QStringLiteral("gate"), QStringLiteral("--db"), db});
        QCOMPARE(gate.code, 3);
        QVERIFY2(gate.out.contains("contract pass rate"), gate.out.constData());
        const test::CliResult text =
            test::runCli({QStringLiteral("show"), QStringLiteral("--db"), db});
        QVERIFY2(text.out.contains("Contract"), text.out.constData());
    }

    // Nothing broken: 100%, and with enough answers the interval clears 99.9%.
    void noBreakagePasses()
    {
        const QString db = file(QStringLiteral("holds.sqlite"));
        const QString s = suite(QStringLiteral("holds"), "holds",
                                {{"schema", "order.schema.json"}, {"max_chars", 200}}, 3900,
                                {{"preset", "contract_audit"}}, false); // whole answers: quicker
        const test::CliResult r =
            test::runCli({QStringLiteral("run"), QStringLiteral("--suite"), s,
                          QStringLiteral("--db"), db, QStringLiteral("--gate")});
        QVERIFY2(r.code == 0,
                 qPrintable(QString::number(r.code) + r.err + QString::fromUtf8(r.out)));
        const json p = provider(db);
        QCOMPARE(p["contract"]["pass_rate"].get<double>(), 1.0);
        QCOMPARE(p["contract"]["failures"].size(), std::size_t(0));
        QVERIFY(p["contract"]["pass_rate_ci"][0].get<double>() >= 0.999);
        qInfo("no breakage: %d answers, pass rate %.4f, 95%% CI lower end %.5f",
              p["contract"]["answers"].get<int>(), p["contract"]["pass_rate"].get<double>(),
              p["contract"]["pass_rate_ci"][0].get<double>());
        QCOMPARE(p["gates"]["checks"]["contract_pass_rate"]["verdict"].get<std::string>(),
                 std::string("pass"));
    }

    // 50 golden prompts, 40 answered right: 80% exact, the 10 others listed with their prompts.
    void goldenAnswers()
    {
        QFile golden(file(QStringLiteral("golden.jsonl")));
        QVERIFY(golden.open(QIODevice::WriteOnly));
        for (int i = 0; i < 50; ++i)
            golden.write(
                QByteArray::fromStdString(json({{"prompt", goldenPrompt(i).toStdString()},
                                                {"expected", std::to_string(goldenExpected(i))}})
                                              .dump() +
                                          "\n"));
        golden.close();
        const QString db = file(QStringLiteral("golden.sqlite"));
        const QString s = suite(QStringLiteral("golden"), "golden", {{"golden", "golden.jsonl"}},
                                std::nullopt, json::object());
        const test::CliResult r = test::runCli(
            {QStringLiteral("run"), QStringLiteral("--suite"), s, QStringLiteral("--db"), db});
        QVERIFY2(r.code == 0, qPrintable(QString::number(r.code) + r.err));
        const json p = provider(db);
        const json &c = p["contract"];
        QCOMPARE(c["answers"].get<int>(), 50);
        QCOMPARE(c["checks"][0]["check"].get<std::string>(), std::string("golden"));
        QCOMPARE(c["checks"][0]["rate"].get<double>(), 0.8);
        QCOMPARE(c["failures"].size(), std::size_t(10));
        for (int k = 0; k < 10; ++k) {
            const json &f = c["failures"][std::size_t(k)];
            QCOMPARE(QString::fromStdString(f["prompt"].get<std::string>()), goldenPrompt(40 + k));
            QVERIFY2(QString::fromStdString(f["detail"].get<std::string>())
                         .contains(QString::number(goldenExpected(40 + k))),
                     f.dump().c_str());
        }
        const test::CliResult text =
            test::runCli({QStringLiteral("show"), QStringLiteral("--db"), db});
        QVERIFY2(text.out.contains(goldenPrompt(45).toUtf8()), text.out.constData());
    }

    // response_format json_schema: each dialect asks for the contract's schema in its own field
    // (the simulator answers what the schema asks for); Anthropic has no such mode, so its
    // requests ask for nothing and its plain answers fail the contract.
    void structuredOutputInEachDialect()
    {
        const std::size_t before = sent();
        json providers = json::array();
        for (const char *dialect :
             {"openai-chat", "openai-responses", "anthropic-messages", "gemini"})
            providers.push_back(test::suiteProviderJson(dialect, m_sim->baseUrl(), "plain",
                                                        {{"dialect", dialect}}));
        const json scenario = test::latencyScenarioJson(
            10, 4, 64, 64,
            {{"contract", {{"schema", "order.schema.json"}}}, {"response_format", "json_schema"}});
        const QString s = write(QStringLiteral("format.json"),
                                test::suiteJson("format", providers, json::array({scenario})));
        const QString db = file(QStringLiteral("format.sqlite"));
        const test::CliResult r = test::runCli(
            {QStringLiteral("run"), QStringLiteral("--suite"), s, QStringLiteral("--db"), db});
        QVERIFY2(r.code == 0, qPrintable(QString::number(r.code) + r.err));
        std::map<QString, int> asked; // the simulator's dialect -> requests asking for a schema
        for (std::size_t i = before; i < sent(); ++i) {
            const SimRequestRecord rec = m_sim->records()[i];
            if (rec.responseFormat == QLatin1StringView("json_schema"))
                ++asked[rec.dialect];
        }
        QCOMPARE(asked[QStringLiteral("openai-chat")], 10);
        QCOMPARE(asked[QStringLiteral("openai-responses")], 10);
        QCOMPARE(asked[QStringLiteral("gemini")], 10);
        QCOMPARE(asked[QStringLiteral("anthropic-messages")], 0);
        const test::CliResult show = test::runCli(
            {QStringLiteral("show"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        QCOMPARE(show.code, 0);
        const json doc = json::parse(show.out.toStdString());
        for (const json &p : doc["providers"]) {
            const bool anthropic = p["name"] == "anthropic-messages";
            QCOMPARE(p["contract"]["answers"].get<int>(), 10);
            QCOMPARE(p["contract"]["pass_rate"].get<double>(), anthropic ? 0.0 : 1.0);
        }
        // json_schema without a schema in the contract is refused, naming the field.
        const QString refused =
            write(QStringLiteral("noschema.json"),
                  test::suiteJson(
                      "format", providers,
                      json::array({test::latencyScenarioJson(
                          2, 1, 64, 64,
                          {{"contract", {{"json", true}}}, {"response_format", "json_schema"}})})));
        const std::size_t sentBefore = sent();
        const test::CliResult bad =
            test::runCli({QStringLiteral("run"), QStringLiteral("--suite"), refused,
                          QStringLiteral("--db"), file(QStringLiteral("noschema.sqlite"))});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("response_format")), qPrintable(bad.err));
        QCOMPARE(sent(), sentBefore);
    }

    // A schema that is not JSON, a golden file with a broken line, an unknown check: exit 2,
    // naming the file and line or the field, and nothing sent.
    void badContractsAreRefused()
    {
        QFile bad(file(QStringLiteral("broken.schema.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("{\"type\": \"object\",");
        bad.close();
        QFile lines(file(QStringLiteral("broken.jsonl")));
        QVERIFY(lines.open(QIODevice::WriteOnly));
        lines.write("{\"prompt\": \"a\", \"expected\": \"b\"}\n\n{\"prompt\": \"c\", \"expected\n");
        lines.close();
        struct Case {
            json contract;
            QStringList named;
        };
        const std::vector<Case> cases = {
            {{{"schema", "broken.schema.json"}}, {QStringLiteral("broken.schema.json")}},
            {{{"golden", "broken.jsonl"}}, {QStringLiteral("broken.jsonl:3")}},
            {{{"json", true}, {"is_polite", true}},
             {QStringLiteral("contract"), QStringLiteral("\"is_polite\"")}},
        };
        for (const Case &c : cases) {
            const std::size_t before = sent();
            const QString s = suite(QStringLiteral("bad"), "holds", c.contract, 5, json::object());
            const test::CliResult r =
                test::runCli({QStringLiteral("run"), QStringLiteral("--suite"), s,
                              QStringLiteral("--db"), file(QStringLiteral("bad.sqlite"))});
            QVERIFY2(r.code == 2, qPrintable(QString::number(r.code) + r.err));
            for (const QString &n : c.named)
                QVERIFY2(r.err.contains(n), qPrintable(r.err));
            QCOMPARE(sent(), before);
        }
    }
};

YS_TEST_GUILESS_MAIN(TstContractRun)
#include "tst_contract_run.moc"
