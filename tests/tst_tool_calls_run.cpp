// Tool calls against the simulator, in each of the four dialects: the streamed arguments are
// assembled, the time to complete arguments is within a millisecond of when the simulator wrote
// the event that closed them, and arguments that break the tool's schema are counted, request
// by request, as the simulator broke them (docs/measurements.md, "Tool calls";
// docs/contracts.md, "Tool calls"). Reasoning effort reaches each dialect's own field; a suite
// whose tools cannot be read is refused before anything is sent.
#include "analysis/contract_summary.h"
#include "cli_runner.h"
#include "domain/contract_check.h"
#include "domain/tool_check.h"
#include "fixtures.h"
#include "scripted_server.h"
#include "session_support.h"
#include "sim/sim_profile.h"
#include "sim_test_client.h"
#include "suite_files.h"
#include "test_main.h"
#include "test_support.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

constexpr int kRequests = 200;
constexpr double kInvalidRate = 0.1;

json orderSchema()
{
    return {{"type", "object"},
            {"required", {"id", "qty"}},
            {"properties",
             {{"id", {{"type", "string"}, {"minLength", 3}}},
              {"qty", {{"type", "integer"}, {"minimum", 1}}},
              {"note", {{"type", "string"}}}}}};
}

std::shared_ptr<const ToolUse> orderTools(const QString &choice)
{
    QString error;
    const json tools =
        json::array({{{"name", "lookup_order"},
                      {"description", "Find an order"},
                      {"parameters", orderSchema()}},
                     {{"name", "cancel_order"}, {"parameters", {{"type", "object"}}}}});
    const json c = choice.toStdString();
    auto use = ToolUse::parse(tools, &c, QStringLiteral("scenario"), QString(), &error);
    return use ? std::make_shared<const ToolUse>(std::move(*use)) : nullptr;
}

} // namespace

class TstToolCallsRun : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<SimHost> m_sim;

    QString file(const QString &name) const { return m_dir.filePath(name); }

    std::optional<SimRequestRecord> truthOf(const Sample &s) const
    {
        return simtest::waitRecord(*m_sim, s.requestId.toLatin1());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const auto shape = test::ProfileShape().withTtft(3, 4).withDecode(2000);
        m_sim = test::startedSim({
            test::simProfileJson(QStringLiteral("caller"), QStringLiteral("caller"), shape,
                                 {{"tool_calls", {{"invalid_rate", kInvalidRate}}}}),
            test::simProfileJson(QStringLiteral("plain"), QStringLiteral("plain"), shape),
        });
        QVERIFY(m_sim);
    }

    void cleanupTestCase() { m_sim.reset(); }

    // In each dialect: every answer is a call to the tool asked for; its arguments complete
    // within a millisecond (median) of the simulator's write, and the tool_arguments check fails
    // exactly on the answers whose arguments the simulator broke.
    void toolCallsMatchTruth_data() { test::addDialectRows(); }

    void toolCallsMatchTruth()
    {
        QFETCH(QString, dialect);
        test::ProviderExtras extras;
        extras.dialect = dialect;
        Scenario scenario = test::closedLoopScenario(kRequests, 8, 32, 200);
        scenario.tools = orderTools(QStringLiteral("lookup_order"));
        QVERIFY(scenario.tools);
        const Suite suite =
            test::suiteOf(QStringLiteral("tools"),
                          {test::simProvider(QStringLiteral("Caller"), m_sim->baseUrl(),
                                             QStringLiteral("caller"), extras)},
                          scenario);
        std::vector<Sample> measured;
        const QString db = file(dialect + QStringLiteral(".sqlite"));
        QString error;
        const test::SessionEnd end = test::runMeasuring({suite, db, std::nullopt, {}},
                                                        120000 * test::kSlow, &measured, &error);
        QVERIFY2(end.id > 0, qPrintable(error));
        QCOMPARE(measured.size(), std::size_t(kRequests));
        std::vector<double> lag; // ms the client saw complete arguments after they were written
        int broken = 0;
        for (const Sample &s : measured) {
            QVERIFY2(s.outcome == Outcome::Ok, qPrintable(s.error));
            const std::optional<SimRequestRecord> truth = truthOf(s);
            QVERIFY2(truth, qPrintable(s.requestId));
            QCOMPARE(truth->toolName, QStringLiteral("lookup_order"));
            QVERIFY(truth->toolArgsCompleteNs > 0 && s.toolArgsNs);
            const qint64 complete = s.startedAtNs + *s.toolArgsNs;
            QVERIFY(complete >= truth->toolArgsCompleteNs);
            lag.push_back(double(complete - truth->toolArgsCompleteNs) / 1e6);
            // The check agrees with how the simulator broke this answer, request by request.
            const auto stored = ContractCheck::fromStored(s.contract);
            QVERIFY2(stored && stored->results.size() == 1, qPrintable(s.contract));
            const ContractCheckResult &r = stored->results.front();
            QCOMPARE(r.check, QStringLiteral("tool_arguments"));
            QVERIFY2(r.passed == truth->toolArgsBreak.isEmpty(),
                     qPrintable(truth->toolArgsBreak + QStringLiteral(": ") + r.detail));
            if (!r.passed) {
                ++broken;
                QVERIFY(stored->answer.startsWith(QStringLiteral("lookup_order(")));
            }
        }
        qInfo("%s: complete arguments seen %.3f ms (median) after the simulator wrote them; "
              "%d of %d calls broke their schema",
              qPrintable(dialect), test::medianOf(lag), broken, kRequests);
        QVERIFY(test::medianOf(lag) < 1.0);

        QString readError;
        const auto summary = test::readSummary(db, end.id, &readError);
        QVERIFY2(summary, qPrintable(readError));
        const ProviderSummary &p = summary->providers.front();
        QVERIFY(p.results.latency && p.results.latency->toolCalls);
        const ToolCallResult &t = *p.results.latency->toolCalls;
        QCOMPARE(t.attempts, kRequests);
        QVERIFY(t.argsCompleteMs.p50 && *t.argsCompleteMs.p50 >= *p.ttftMs.p50);
        QVERIFY(p.contract);
        const ContractCheckRate *rate = p.contract->rate(QStringLiteral("tool_arguments"));
        QVERIFY(rate && rate->ci);
        QCOMPARE(rate->checked, kRequests);
        QCOMPARE(rate->passed, kRequests - broken);
        qInfo("%s: tool_arguments %d of %d, %.1f%% [%.1f, %.1f]", qPrintable(dialect), rate->passed,
              rate->checked, *rate->rate * 100, rate->ci->first * 100, rate->ci->second * 100);
        QVERIFY(rate->ci->first <= 1 - kInvalidRate && 1 - kInvalidRate <= rate->ci->second);
    }

    // A stream whose call no event closes (no finish reason, only [DONE]): the arguments were
    // complete at the end of the reply at the latest, and the answer is a success.
    void callClosedByTheEnd()
    {
        const QByteArray body =
            "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"id\":"
            "\"call_1\",\"function\":{\"name\":\"lookup_order\",\"arguments\":\"{\\\"id\\\": "
            "\\\"A-17\\\", \\\"qty\\\": 2}\"}}]}}]}\n\ndata: [DONE]\n\n";
        test::ScriptedServer server;
        server.setAnswer([body](const QByteArray &, const QByteArray &) {
            return "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n"
                   "Content-Length: " +
                   QByteArray::number(body.size()) + "\r\n\r\n" + body;
        });
        QVERIFY(server.listen());
        Scenario scenario = test::closedLoopScenario(2, 1, 16, 16);
        scenario.tools = orderTools(QStringLiteral("required"));
        const Suite suite = test::suiteOf(
            QStringLiteral("open"),
            {test::simProvider(QStringLiteral("Scripted"), server.url(QStringLiteral("/v1")),
                               QStringLiteral("m"))},
            scenario);
        std::vector<Sample> measured;
        QString error;
        const test::SessionEnd end =
            test::runMeasuring({suite, file(QStringLiteral("open.sqlite")), std::nullopt, {}},
                               30000 * test::kSlow, &measured, &error);
        QVERIFY2(end.id > 0, qPrintable(error));
        QCOMPARE(measured.size(), std::size_t(2));
        for (const Sample &s : measured) {
            QVERIFY2(s.outcome == Outcome::Ok, qPrintable(s.error));
            QCOMPARE(s.toolArgsNs, std::optional<qint64>(s.endNs));
            const auto stored = ContractCheck::fromStored(s.contract);
            QVERIFY(stored && ContractCheck::allPassed(stored->results));
        }
    }

    // The command line, show --json and the report carry the same figures.
    void surfacesCarryToolCalls()
    {
        const QString db = file(QStringLiteral("openai-chat.sqlite"));
        QVERIFY(QFile::exists(db));
        const test::CliResult text =
            test::runCli({QStringLiteral("show"), QStringLiteral("--db"), db});
        QVERIFY2(text.out.contains("tool calls (200 of the attempts)"), text.out.constData());
        QVERIFY2(text.out.contains("tool arguments"), text.out.constData());
        const test::CliResult js = test::runCli(
            {QStringLiteral("show"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        QCOMPARE(js.code, 0);
        const json p = json::parse(js.out.toStdString())["providers"][0];
        QCOMPARE(p["results"]["latency"]["tool_calls"]["attempts"].get<int>(), kRequests);
        QVERIFY(p["results"]["latency"]["tool_calls"]["args_complete_ms"]["p50"].is_number());
        const QString html = file(QStringLiteral("tools.html"));
        const test::CliResult report = test::runCli(
            {QStringLiteral("report"), QStringLiteral("--db"), db, QStringLiteral("--format"),
             QStringLiteral("html"), QStringLiteral("--out"), html});
        QCOMPARE(report.code, 0);
        QFile f(html);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains(
            "data-figure=\"results.latency.tool_calls.args_complete_ms.p50\""));
    }

    // An answer without a call fails when the request asked for one and is not checked when the
    // model was free to answer in words; a call to another tool, arguments that are not JSON
    // and arguments that break the schema fail, naming what.
    void toolCheckNamesTheFault()
    {
        const std::vector<ToolCall> none;
        QVERIFY(!ToolCheck::check(*orderTools(QStringLiteral("auto")), none));
        const auto required = ToolCheck::check(*orderTools(QStringLiteral("required")), none);
        QVERIFY(required && !required->passed);
        QVERIFY(required->detail.contains(QStringLiteral("no tool call")));
        // A call to another tool than the one asked for, and arguments that are not JSON.
        const auto tools = orderTools(QStringLiteral("lookup_order"));
        ToolCall other{QStringLiteral("c1"), QStringLiteral("cancel_order"), "{}", true};
        auto r = ToolCheck::check(*tools, {other});
        QVERIFY(r && !r->passed && r->detail.contains(QStringLiteral("asked for")));
        ToolCall cut{QStringLiteral("c2"), QStringLiteral("lookup_order"), "{\"id\": \"A-1", true};
        r = ToolCheck::check(*tools, {cut});
        QVERIFY(r && !r->passed && r->detail.contains(QStringLiteral("not JSON")));
        ToolCall wrong{QStringLiteral("c3"), QStringLiteral("lookup_order"),
                       "{\"id\": \"A-17\", \"qty\": \"12\"}", true};
        r = ToolCheck::check(*tools, {wrong});
        QVERIFY(r && !r->passed);
        QCOMPARE(r->path, QStringLiteral("/qty"));
    }

    // reasoning_effort goes out in each dialect's own field.
    void reasoningEffortIsSent_data()
    {
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<QString>("sent");
        QTest::newRow("openai-chat") << QStringLiteral("openai-chat") << QStringLiteral("high");
        QTest::newRow("openai-responses")
            << QStringLiteral("openai-responses") << QStringLiteral("high");
        QTest::newRow("anthropic-messages")
            << QStringLiteral("anthropic-messages") << QStringLiteral("budget:24576");
        QTest::newRow("gemini") << QStringLiteral("gemini") << QStringLiteral("budget:24576");
    }

    void reasoningEffortIsSent()
    {
        QFETCH(QString, dialect);
        QFETCH(QString, sent);
        test::ProviderExtras extras;
        extras.dialect = dialect;
        Scenario scenario = test::closedLoopScenario(2, 1, 32, 16);
        scenario.reasoning.effort = QStringLiteral("high");
        const Suite suite =
            test::suiteOf(QStringLiteral("effort"),
                          {test::simProvider(QStringLiteral("Plain"), m_sim->baseUrl(),
                                             QStringLiteral("plain"), extras)},
                          scenario);
        std::vector<Sample> measured;
        QString error;
        const test::SessionEnd end = test::runMeasuring(
            {suite, file(dialect + QStringLiteral("-effort.sqlite")), std::nullopt, {}},
            60000 * test::kSlow, &measured, &error);
        QVERIFY2(end.id > 0, qPrintable(error));
        QCOMPARE(measured.size(), std::size_t(2));
        for (const Sample &s : measured) {
            QVERIFY2(s.outcome == Outcome::Ok, qPrintable(s.error));
            const auto truth = truthOf(s);
            QVERIFY(truth);
            QCOMPARE(truth->reasoningEffort, sent);
            QVERIFY(truth->toolName.isEmpty());
        }
    }

    // A suite's tools and reasoning are stored with its session as they were read (schemas
    // inline), so a stored suite parses to the same requests.
    void suiteRoundTrip()
    {
        const json provider = test::suiteProviderJson("sim", m_sim->baseUrl(), "caller",
                                                      test::pricedProviderExtras());
        QVERIFY(!test::writeJsonFile(file(QStringLiteral("order.schema.json")), orderSchema())
                     .isEmpty());
        const json scenario = test::latencyScenarioJson(
            2, 1, 32, 32,
            {{"tools", json::array({{{"name", "lookup_order"},
                                     {"description", "Find an order"},
                                     {"parameters", "order.schema.json"}}})},
             {"tool_choice", "lookup_order"},
             {"reasoning_effort", "low"},
             {"thinking_budget_tokens", 3000}});
        const QString path = file(QStringLiteral("round.json"));
        QVERIFY(!test::writeJsonFile(path, test::suiteJson("round", json::array({provider}),
                                                           json::array({scenario})))
                     .isEmpty());
        QString error;
        const auto suite = Suite::loadFile(path, &error);
        QVERIFY2(suite, qPrintable(error));
        const Scenario &read = suite->scenarios.front();
        QVERIFY(read.tools);
        QCOMPARE(read.tools->choice, QStringLiteral("lookup_order"));
        QCOMPARE(read.reasoning.budget(), 3000);
        const auto again = Suite::parse(suite->toJson(), QStringLiteral("stored"), &error);
        QVERIFY2(again, qPrintable(error));
        const Scenario &back = again->scenarios.front();
        QVERIFY(back.tools && back.tools->tools.size() == 1);
        QCOMPARE(back.tools->tools.front().description, QStringLiteral("Find an order"));
        QVERIFY(back.tools->tools.front().parameters->source() == orderSchema());
        QCOMPARE(back.tools->choice, QStringLiteral("lookup_order"));
        QCOMPARE(back.reasoning.effort, QStringLiteral("low"));
        QCOMPARE(back.reasoning.budgetTokens, std::optional<int>(3000));
    }

    // Tools that cannot be read: exit 2, the field or file named, nothing sent.
    void badToolsAreRefused()
    {
        const json provider = test::suiteProviderJson("sim", m_sim->baseUrl(), "caller",
                                                      test::pricedProviderExtras());
        const json lookup = {{"name", "lookup_order"}, {"parameters", orderSchema()}};
        struct Case {
            json extra;
            QStringList named;
        };
        const std::vector<Case> cases = {
            {{{"tools", json::array({lookup})}, {"tool_choice", "refund"}},
             {QStringLiteral("tool_choice"), QStringLiteral("refund")}},
            {{{"tools", json::array({{{"name", "x"}, {"parameters", "missing.schema.json"}}})}},
             {QStringLiteral("tools[0].parameters"), QStringLiteral("missing.schema.json")}},
            {{{"tools", json::array({{{"name", "9lives"}}})}}, {QStringLiteral("tools[0].name")}},
            {{{"tools", json::array({lookup, lookup})}}, {QStringLiteral("tools[1].name")}},
            {{{"tools", json::array({{{"name", "x"}, {"parameters", {{"type", "string"}}}}})}},
             {QStringLiteral("tools[0].parameters")}},
            {{{"tool_choice", "auto"}}, {QStringLiteral("tool_choice")}},
            {{{"reasoning_effort", "extreme"}}, {QStringLiteral("reasoning_effort")}},
        };
        for (const Case &c : cases) {
            json scenario = test::latencyScenarioJson(2, 1, 32, 32, c.extra);
            const std::size_t before = m_sim->records().size();
            const QString path = file(QStringLiteral("bad-tools.json"));
            QVERIFY(!test::writeJsonFile(path, test::suiteJson("bad", json::array({provider}),
                                                               json::array({scenario})))
                         .isEmpty());
            const test::CliResult r =
                test::runCli({QStringLiteral("run"), QStringLiteral("--suite"), path,
                              QStringLiteral("--db"), file(QStringLiteral("bad.sqlite"))});
            QVERIFY2(r.code == 2, qPrintable(QString::number(r.code) + r.err));
            for (const QString &n : c.named)
                QVERIFY2(r.err.contains(n), qPrintable(r.err));
            QCOMPARE(m_sim->records().size(), before);
        }
    }
};

YS_TEST_GUILESS_MAIN(TstToolCallsRun)
#include "tst_tool_calls_run.moc"
