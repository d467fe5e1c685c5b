// Tool calls on the wire, without a server: each dialect asks for tools, tool_choice and
// reasoning in its own shape, and assembles recorded streams of tool calls (two calls in turn,
// arguments in pieces) into whole calls, saying at which event their arguments were complete
// (docs/suite-format.md, "Tool calls" and "Reasoning effort"; docs/measurements.md, "Tool
// calls").
#include "provider/dialect.h"
#include "test_main.h"
#include "wire/sse_parser.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

struct ToolDecoded {
    DecodeState state;
    int firstAnswerEvent = -1;   // the first event that carried answer content (arguments)
    std::vector<int> completeAt; // the events that completed a call's arguments
};

ToolDecoded decodeToolStream(const QString &dialectName, const QByteArray &stream)
{
    auto decoder = makeDialect(dialectName)->newDecoder();
    SseParser parser;
    std::vector<SseEvent> events;
    parser.feed(stream, events);
    ToolDecoded d;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const EventYield y = decoder->take(events[i], d.state);
        if (y.answers() && d.firstAnswerEvent < 0)
            d.firstAnswerEvent = int(i);
        if (y.toolArgsComplete)
            d.completeAt.push_back(int(i));
    }
    return d;
}

// Events as an SSE stream: each a type (empty: none) and its data, a JSON document or "[DONE]".
QByteArray toolSse(const std::vector<std::pair<std::string, json>> &events)
{
    QByteArray out;
    for (const auto &[type, data] : events) {
        if (!type.empty())
            out += QByteArray("event: ") + type.c_str() + "\n";
        const std::string text = data.is_string() ? data.get<std::string>() : data.dump();
        out += QByteArray("data: ") + text.c_str() + "\n\n";
    }
    return out;
}

// An OpenAI chat chunk: one choice's delta, and its finish reason when set.
json chatChunk(const json &delta, const char *finish = nullptr)
{
    json choice = {{"index", 0}, {"delta", delta}};
    if (finish)
        choice["finish_reason"] = finish;
    return {{"choices", json::array({choice})}};
}

json chatCallDelta(int index, const char *id, const char *name, const char *args)
{
    json call = {{"index", index}, {"function", {{"arguments", args}}}};
    if (id)
        call["id"] = id;
    if (name)
        call["function"]["name"] = name;
    return chatChunk({{"tool_calls", json::array({call})}});
}

json typed(const char *type, json rest)
{
    rest["type"] = type;
    return rest;
}

std::pair<std::string, json> block(const char *type, int index, json rest)
{
    rest["index"] = index;
    return {type, typed(type, std::move(rest))};
}

QByteArray dumped(const json &doc)
{
    return QByteArray::fromStdString(doc.dump());
}

// The calls as "name(arguments)" lines, each marked with its id and whether it is complete.
QString callsOf(const DecodeState &state)
{
    QStringList out;
    for (const ToolCall &c : state.toolCalls)
        out << QStringLiteral("%1 %2(%3)%4")
                   .arg(c.id, c.name, QString::fromUtf8(c.arguments),
                        c.complete ? QString() : QStringLiteral(" open"));
    return out.join(QLatin1Char('\n'));
}

std::shared_ptr<const ToolUse> twoTools(const char *choice)
{
    const json tools = json::array(
        {{{"name", "lookup"},
          {"description", "Find it"},
          {"parameters", {{"type", "object"}, {"properties", {{"id", {{"type", "string"}}}}}}}},
         {{"name", "cancel"}}});
    const json c = choice;
    QString error;
    auto use = ToolUse::parse(tools, &c, QStringLiteral("s"), QString(), &error);
    return use ? std::make_shared<const ToolUse>(std::move(*use)) : nullptr;
}

json bodyOf(const QString &dialect, const RequestSpec &base)
{
    ProviderConfig p;
    p.baseUrl = QUrl(QStringLiteral("http:") + QStringLiteral("//127.0.0.1:9/v1"));
    p.model = QStringLiteral("m-1");
    RequestSpec spec = base;
    spec.prompt = QStringLiteral("hello");
    spec.maxOutputTokens = 17;
    spec.temperature = 0.5;
    const HttpRequestParts parts = makeDialect(dialect)->buildRequest(p, spec, "k");
    return json::parse(parts.body.toStdString());
}

} // namespace

class TstToolCallDecoding : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void streamedCalls_data()
    {
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<QByteArray>("stream");
        QTest::addColumn<QString>("calls");
        QTest::addColumn<int>("firstAnswer");
        QTest::addColumn<QList<int>>("completeAt");
        QTest::addColumn<QString>("finish");

        QTest::newRow("chat: two calls in turn, the finish reason closes the last")
            << QStringLiteral("openai-chat")
            << toolSse({{"", chatChunk({{"role", "assistant"}, {"content", nullptr}})},
                        {"", chatCallDelta(0, "call_1", "lookup", "")},
                        {"", chatCallDelta(0, nullptr, nullptr, "{\"id\":")},
                        {"", chatCallDelta(0, nullptr, nullptr, "\"A-1\"}")},
                        {"", chatCallDelta(1, "call_2", "cancel", "{}")},
                        {"", chatChunk(json::object(), "tool_calls")},
                        {"", "[DONE]"}})
            << QStringLiteral("call_1 lookup({\"id\":\"A-1\"})\ncall_2 cancel({})") << 2
            << QList<int>{4, 5} << QStringLiteral("tool_calls");

        const json item = {{"type", "function_call"},
                           {"id", "fc_1"},
                           {"call_id", "call_9"},
                           {"name", "lookup"},
                           {"arguments", ""}};
        json done = item;
        done["arguments"] = "{\"id\":\"B\"}";
        const auto piece = [](const char *delta) {
            return std::pair<std::string, json>("response.function_call_arguments.delta",
                                                typed("response.function_call_arguments.delta",
                                                      {{"output_index", 0}, {"delta", delta}}));
        };
        QTest::newRow("responses: function call item, argument deltas, done")
            << QStringLiteral("openai-responses")
            << toolSse(
                   {{"response.created",
                     typed("response.created", {{"response", {{"model", "m"}}}})},
                    {"response.output_item.added",
                     typed("response.output_item.added", {{"output_index", 0}, {"item", item}})},
                    piece("{\"id\""),
                    piece(":\"B\"}"),
                    {"response.function_call_arguments.done",
                     typed("response.function_call_arguments.done",
                           {{"output_index", 0}, {"arguments", "{\"id\":\"B\"}"}})},
                    {"response.output_item.done",
                     typed("response.output_item.done", {{"output_index", 0}, {"item", done}})},
                    {"response.completed",
                     typed("response.completed",
                           {{"response", {{"model", "m"}, {"status", "completed"}}}})}})
            << QStringLiteral("call_9 lookup({\"id\":\"B\"})") << 2 << QList<int>{4}
            << QStringLiteral("completed");

        const auto input = [](const char *part) {
            return block("content_block_delta", 1,
                         {{"delta", {{"type", "input_json_delta"}, {"partial_json", part}}}});
        };
        QTest::newRow("anthropic: thinking block, then a tool_use block closed by its stop")
            << QStringLiteral("anthropic-messages")
            << toolSse({{"message_start",
                         typed("message_start",
                               {{"message",
                                 {{"model", "m"},
                                  {"usage", {{"input_tokens", 5}, {"output_tokens", 1}}}}}})},
                        block("content_block_start", 0,
                              {{"content_block", {{"type", "thinking"}, {"thinking", ""}}}}),
                        block("content_block_delta", 0,
                              {{"delta", {{"type", "thinking_delta"}, {"thinking", "hmm"}}}}),
                        block("content_block_stop", 0, json::object()),
                        block("content_block_start", 1,
                              {{"content_block",
                                {{"type", "tool_use"},
                                 {"id", "toolu_1"},
                                 {"name", "lookup"},
                                 {"input", json::object()}}}}),
                        input("{\"id\": \"C"),
                        input("-3\"}"),
                        block("content_block_stop", 1, json::object()),
                        {"message_delta",
                         typed("message_delta", {{"delta", {{"stop_reason", "tool_use"}}},
                                                 {"usage", {{"output_tokens", 12}}}})},
                        {"message_stop", typed("message_stop", json::object())}})
            << QStringLiteral("toolu_1 lookup({\"id\": \"C-3\"})") << 5 << QList<int>{7}
            << QStringLiteral("tool_use");

        const json args = {{"id", "D"},  {"n", 2},       {"x", 1.5},
                           {"ok", true}, {"z", nullptr}, {"l", json::array({1})}};
        const json call = {{"functionCall", {{"name", "lookup"}, {"args", args}}}};
        const json candidate = {{"content", {{"role", "model"}, {"parts", json::array({call})}}},
                                {"finishReason", "STOP"}};
        QTest::newRow("gemini: the call arrives whole")
            << QStringLiteral("gemini")
            << toolSse({{"", {{"candidates", json::array({candidate})}}}})
            << QStringLiteral(" lookup(%1)").arg(QString::fromStdString(args.dump())) << 0
            << QList<int>{0} << QStringLiteral("STOP");
    }

    void streamedCalls()
    {
        QFETCH(QString, dialect);
        QFETCH(QByteArray, stream);
        QFETCH(QString, calls);
        QFETCH(int, firstAnswer);
        QFETCH(QList<int>, completeAt);
        QFETCH(QString, finish);
        const ToolDecoded d = decodeToolStream(dialect, stream);
        QVERIFY(!d.state.failure);
        QCOMPARE(callsOf(d.state), calls);
        QCOMPARE(d.firstAnswerEvent, firstAnswer);
        QCOMPARE(QList<int>(d.completeAt.begin(), d.completeAt.end()), completeAt);
        QCOMPARE(d.state.finishReason, finish);
        QVERIFY(d.state.carriesAnswer());
        QCOMPARE(makeDialect(dialect)->outcomeForFinish(finish), Outcome::Ok);
    }

    // A reply that was not streamed holds its calls whole.
    void bodyCalls_data()
    {
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("calls");
        const json lookupA = {{"id", "call_1"},
                              {"type", "function"},
                              {"function", {{"name", "lookup"}, {"arguments", "{\"id\":\"A\"}"}}}};
        const json message = {
            {"role", "assistant"}, {"content", nullptr}, {"tool_calls", json::array({lookupA})}};
        QTest::newRow("chat") << QStringLiteral("openai-chat")
                              << dumped({{"choices",
                                          json::array({{{"index", 0},
                                                        {"message", message},
                                                        {"finish_reason", "tool_calls"}}})}})
                              << QStringLiteral("call_1 lookup({\"id\":\"A\"})");
        const json fc = {{"type", "function_call"},
                         {"call_id", "call_2"},
                         {"name", "cancel"},
                         {"arguments", "{}"}};
        QTest::newRow("responses")
            << QStringLiteral("openai-responses")
            << dumped({{"status", "completed"},
                       {"output", json::array({{{"type", "reasoning"}}, fc})}})
            << QStringLiteral("call_2 cancel({})");
        const json use = {
            {"type", "tool_use"}, {"id", "toolu_2"}, {"name", "lookup"}, {"input", {{"id", "B"}}}};
        QTest::newRow("anthropic")
            << QStringLiteral("anthropic-messages")
            << dumped({{"model", "m"},
                       {"content", json::array({{{"type", "text"}, {"text", "Sure."}}, use})},
                       {"stop_reason", "tool_use"}})
            << QStringLiteral("toolu_2 lookup({\"id\":\"B\"})");
        const json part = {
            {"functionCall", {{"id", "g1"}, {"name", "lookup"}, {"args", json::object()}}}};
        QTest::newRow("gemini")
            << QStringLiteral("gemini")
            << dumped({{"candidates", json::array({{{"content", {{"parts", json::array({part})}}},
                                                    {"finishReason", "STOP"}}})}})
            << QStringLiteral("g1 lookup({})");
    }

    void bodyCalls()
    {
        QFETCH(QString, dialect);
        QFETCH(QByteArray, body);
        QFETCH(QString, calls);
        DecodeState state;
        makeDialect(dialect)->newDecoder()->decodeBody(body, state);
        QVERIFY(!state.failure);
        QCOMPARE(callsOf(state), calls);
        QVERIFY(state.endMarkerSeen);
    }

    // The tools, the choice and the reasoning, each in the dialect's own shape.
    void requestShapes()
    {
        RequestSpec spec;
        spec.tools = twoTools("lookup");
        QVERIFY(spec.tools);
        const json schema = {{"type", "object"}, {"properties", {{"id", {{"type", "string"}}}}}};

        json chat = bodyOf(QStringLiteral("openai-chat"), spec);
        QCOMPARE(chat["tools"][0].dump(),
                 json({{"type", "function"},
                       {"function",
                        {{"name", "lookup"}, {"description", "Find it"}, {"parameters", schema}}}})
                     .dump());
        QCOMPARE(chat["tools"][1]["function"]["parameters"].dump(),
                 json({{"type", "object"}, {"properties", json::object()}}).dump());
        QCOMPARE(chat["tool_choice"].dump(),
                 json({{"type", "function"}, {"function", {{"name", "lookup"}}}}).dump());
        QVERIFY(!chat.contains("reasoning_effort"));

        json responses = bodyOf(QStringLiteral("openai-responses"), spec);
        QVERIFY(responses["tools"][0]["name"] == "lookup");
        QVERIFY(responses["tools"][0]["strict"] == false);
        QCOMPARE(responses["tool_choice"].dump(),
                 json({{"type", "function"}, {"name", "lookup"}}).dump());

        json anthropic = bodyOf(QStringLiteral("anthropic-messages"), spec);
        QCOMPARE(anthropic["tools"][0]["input_schema"].dump(), schema.dump());
        QCOMPARE(anthropic["tool_choice"].dump(),
                 json({{"type", "tool"}, {"name", "lookup"}}).dump());
        QVERIFY(anthropic["temperature"] == 0.5);

        json gemini = bodyOf(QStringLiteral("gemini"), spec);
        QCOMPARE(gemini["tools"][0]["functionDeclarations"][0]["parametersJsonSchema"].dump(),
                 schema.dump());
        QCOMPARE(gemini["toolConfig"].dump(),
                 json({{"functionCallingConfig",
                        {{"allowedFunctionNames", {"lookup"}}, {"mode", "ANY"}}}})
                     .dump());

        spec.tools = twoTools("required");
        QVERIFY(bodyOf(QStringLiteral("openai-chat"), spec)["tool_choice"] == "required");
        QCOMPARE(bodyOf(QStringLiteral("anthropic-messages"), spec)["tool_choice"].dump(),
                 json({{"type", "any"}}).dump());
        spec.tools = twoTools("auto");
        QVERIFY(bodyOf(QStringLiteral("openai-responses"), spec)["tool_choice"] == "auto");
        QCOMPARE(bodyOf(QStringLiteral("gemini"), spec)["toolConfig"].dump(),
                 json({{"functionCallingConfig", {{"mode", "AUTO"}}}}).dump());

        // Reasoning: words where the dialect takes words, a budget where it takes tokens;
        // Anthropic adds the budget to max_tokens, drops the temperature and forces no tool.
        spec.tools = twoTools("required");
        spec.reasoning.effort = QStringLiteral("low");
        QVERIFY(bodyOf(QStringLiteral("openai-chat"), spec)["reasoning_effort"] == "low");
        QCOMPARE(bodyOf(QStringLiteral("openai-responses"), spec)["reasoning"].dump(),
                 json({{"effort", "low"}}).dump());
        anthropic = bodyOf(QStringLiteral("anthropic-messages"), spec);
        QCOMPARE(anthropic["thinking"].dump(),
                 json({{"budget_tokens", 2048}, {"type", "enabled"}}).dump());
        QVERIFY(anthropic["max_tokens"] == 17 + 2048);
        QVERIFY(!anthropic.contains("temperature"));
        QCOMPARE(anthropic["tool_choice"].dump(), json({{"type", "auto"}}).dump());
        QCOMPARE(
            bodyOf(QStringLiteral("gemini"), spec)["generationConfig"]["thinkingConfig"].dump(),
            json({{"thinkingBudget", 2048}}).dump());
        spec.reasoning = {};
        spec.reasoning.budgetTokens = 5000;
        QVERIFY(bodyOf(QStringLiteral("openai-chat"), spec)["reasoning_effort"] == "medium");
        QVERIFY(bodyOf(QStringLiteral("anthropic-messages"), spec)["thinking"]["budget_tokens"] ==
                5000);
        spec.reasoning.budgetTokens = 100; // below Anthropic's least
        QVERIFY(bodyOf(QStringLiteral("anthropic-messages"), spec)["thinking"]["budget_tokens"] ==
                1024);
        QVERIFY(bodyOf(QStringLiteral("gemini"),
                       spec)["generationConfig"]["thinkingConfig"]["thinkingBudget"] == 100);
    }
};

YS_TEST_GUILESS_MAIN(TstToolCallDecoding)
#include "tst_tool_call_decoding.moc"
