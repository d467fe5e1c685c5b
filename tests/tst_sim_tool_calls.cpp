// The simulator's tool calls, over real loopback HTTP in each dialect (streamed and not): a
// request that offers tools is answered with a call in the dialect's own shape, its arguments
// streamed over the planned events, broken at the profile's tool_calls.invalid_rate, and the
// ground truth says which tool was called, how its arguments broke and when they were complete.

#include "fixtures.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "sim_test_client.h"
#include "test_main.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using namespace ys::simtest;

namespace {

using ToolTestJson = nlohmann::json;

test::ProfileShape toolCallShape()
{
    return test::ProfileShape()
        .withTtft(5, 5)
        .withPrefill(1e6)
        .withDecode(5000)
        .withEvents(1, 3)
        .withOutput(12, 30)
        .withSeed(21);
}

// The tool every request offers first, and a second one.
const ToolTestJson kWeatherSchema = {
    {"type", "object"},
    {"properties",
     {{"city", {{"type", "string"}}}, {"days", {{"type", "integer"}, {"minimum", 2}}}}},
    {"required", {"city", "days"}}};
const ToolTestJson kTimeSchema = {{"type", "object"},
                                  {"properties", {{"zone", {{"type", "string"}}}}}};

struct ToolOffer {
    QString name;
    ToolTestJson schema;
};

const std::vector<ToolOffer> &offeredTools()
{
    static const std::vector<ToolOffer> tools{{QStringLiteral("get_weather"), kWeatherSchema},
                                              {QStringLiteral("get_time"), kTimeSchema}};
    return tools;
}

// tool_choice in the dialect's own words: "" (none sent), "auto", "required", "none" or a name.
ToolTestJson toolChoiceJson(WireDialect dialect, const QString &choice)
{
    const std::string c = choice.toStdString();
    const bool keyword = c == "auto" || c == "required" || c == "none";
    switch (dialect) {
    case WireDialect::OpenAiChat:
        return keyword ? ToolTestJson(c)
                       : ToolTestJson{{"type", "function"}, {"function", {{"name", c}}}};
    case WireDialect::OpenAiResponses:
        return keyword ? ToolTestJson(c) : ToolTestJson{{"type", "function"}, {"name", c}};
    case WireDialect::Anthropic:
        if (c == "required")
            return {{"type", "any"}};
        return keyword ? ToolTestJson{{"type", c}} : ToolTestJson{{"type", "tool"}, {"name", c}};
    case WireDialect::Gemini: {
        if (keyword)
            return {{"functionCallingConfig",
                     {{"mode", c == "required" ? "ANY"
                               : c == "none"   ? "NONE"
                                               : "AUTO"}}}};
        return {{"functionCallingConfig",
                 {{"mode", "ANY"}, {"allowedFunctionNames", ToolTestJson::array({c})}}}};
    }
    }
    return nullptr;
}

ToolTestJson toolsJson(WireDialect dialect)
{
    ToolTestJson tools = ToolTestJson::array();
    ToolTestJson declarations = ToolTestJson::array();
    for (const ToolOffer &t : offeredTools()) {
        const std::string name = t.name.toStdString();
        switch (dialect) {
        case WireDialect::OpenAiChat:
            tools.push_back(
                {{"type", "function"},
                 {"function", {{"name", name}, {"description", "d"}, {"parameters", t.schema}}}});
            break;
        case WireDialect::OpenAiResponses:
            tools.push_back({{"type", "function"},
                             {"name", name},
                             {"description", "d"},
                             {"parameters", t.schema},
                             {"strict", false}});
            break;
        case WireDialect::Anthropic:
            tools.push_back({{"name", name}, {"description", "d"}, {"input_schema", t.schema}});
            break;
        case WireDialect::Gemini:
            declarations.push_back(
                {{"name", name}, {"description", "d"}, {"parametersJsonSchema", t.schema}});
            break;
        }
    }
    if (dialect == WireDialect::Gemini)
        tools.push_back({{"functionDeclarations", declarations}});
    return tools;
}

// A generation request of the dialect that offers the tools (unless tools is null), with
// `choice` (see toolChoiceJson) and any extra members merged into the body.
QByteArray toolRequest(WireDialect dialect, const QString &model, bool stream,
                       const QString &choice = {}, ToolTestJson tools = ToolTestJson(),
                       const ToolTestJson &extra = ToolTestJson::object())
{
    const QByteArray base = generationRequest(dialect, model, QStringLiteral("Weather?"), stream);
    const qsizetype split = base.indexOf("\r\n\r\n");
    ToolTestJson body = ToolTestJson::parse(base.mid(split + 4).toStdString());
    if (tools.is_null())
        tools = toolsJson(dialect);
    if (!tools.is_string() || tools != "omit")
        body["tools"] = tools;
    if (!choice.isEmpty())
        body[dialect == WireDialect::Gemini ? "toolConfig" : "tool_choice"] =
            toolChoiceJson(dialect, choice);
    body.update(extra);
    QByteArray head = base.left(split + 4);
    const QByteArray bytes = QByteArray::fromStdString(body.dump());
    const qsizetype at = head.indexOf("Content-Length: ");
    const qsizetype end = head.indexOf("\r\n", at);
    head.replace(at, end - at, "Content-Length: " + QByteArray::number(bytes.size()));
    return head + bytes;
}

ToolTestJson eventJson(const WireEvent &event)
{
    return ToolTestJson::parse(event.data.toStdString(), nullptr, false);
}

// What a reply's tool call said: the tool, its id, its arguments as text (object ones dumped),
// the finish reason and the problems found with its shape.
struct SeenToolCall {
    QString name;
    QString id;
    QString arguments;
    QString finish;
    QStringList problems;
};

QString toolStr(const ToolTestJson &value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString();
}

// A truth member that should be a string, as text; what it is instead when it is not.
QString truthText(const ToolTestJson &value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>())
                             : QStringLiteral("<%1>").arg(QLatin1StringView(value.type_name()));
}

void seeChatStream(const QList<WireEvent> &events, SeenToolCall &seen)
{
    bool named = false;
    for (const WireEvent &event : events) {
        ToolTestJson j = eventJson(event);
        if (!j.is_object() || !j.contains("choices") || j["choices"].empty())
            continue;
        ToolTestJson choice = j["choices"][0];
        if (!choice["finish_reason"].is_null())
            seen.finish = toolStr(choice["finish_reason"]);
        ToolTestJson delta = choice.value("delta", ToolTestJson::object());
        if (delta.contains("content") && !delta["content"].is_null() && delta["content"] != "")
            seen.problems << QStringLiteral("text content in a tool call");
        if (!delta.contains("tool_calls"))
            continue;
        ToolTestJson call = delta["tool_calls"][0];
        if (call.value("index", -1) != 0)
            seen.problems << QStringLiteral("tool call index");
        if (call.contains("id")) {
            if (named || call.value("type", "") != "function")
                seen.problems << QStringLiteral("id twice or no type");
            named = true;
            seen.id = toolStr(call["id"]);
            seen.name = toolStr(call["function"]["name"]);
        } else if (!named) {
            seen.problems << QStringLiteral("arguments before the name");
        }
        seen.arguments += toolStr(call["function"]["arguments"]);
    }
}

void seeResponsesStream(const QList<WireEvent> &events, SeenToolCall &seen)
{
    QString itemId;
    QString done;
    for (const WireEvent &event : events) {
        ToolTestJson j = eventJson(event);
        const QString type = toolStr(j.value("type", ToolTestJson()));
        if (type == L1("response.output_item.added")) {
            ToolTestJson item = j["item"];
            if (item["type"] != "function_call" || item["arguments"] != "" ||
                item["status"] != "in_progress" || j["output_index"] != 0)
                seen.problems << QStringLiteral("output_item.added");
            itemId = toolStr(item["id"]);
            seen.id = toolStr(item["call_id"]);
            seen.name = toolStr(item["name"]);
        } else if (type == L1("response.function_call_arguments.delta")) {
            if (toolStr(j["item_id"]) != itemId || itemId.isEmpty())
                seen.problems << QStringLiteral("delta item_id");
            seen.arguments += toolStr(j["delta"]);
        } else if (type == L1("response.function_call_arguments.done")) {
            done = toolStr(j["arguments"]);
        } else if (type == L1("response.output_item.done")) {
            if (j["item"]["status"] != "completed" || toolStr(j["item"]["arguments"]) != done)
                seen.problems << QStringLiteral("output_item.done");
        } else if (type == L1("response.completed")) {
            ToolTestJson out = j["response"]["output"][0];
            seen.finish = toolStr(out["type"]);
            if (toolStr(out["arguments"]) != done)
                seen.problems << QStringLiteral("completed output");
        } else if (type.startsWith(L1("response.output_text")) ||
                   type.startsWith(L1("response.content_part"))) {
            seen.problems << QStringLiteral("text events in a tool call");
        }
    }
    if (done != seen.arguments)
        seen.problems << QStringLiteral("arguments.done differs from the deltas");
}

void seeAnthropicStream(const QList<WireEvent> &events, SeenToolCall &seen)
{
    int toolIndex = -1;
    bool stopped = false;
    for (const WireEvent &event : events) {
        ToolTestJson j = eventJson(event);
        const QString type = toolStr(j.value("type", ToolTestJson()));
        if (type == L1("content_block_start") && j["content_block"]["type"] == "tool_use") {
            toolIndex = j["index"].get<int>();
            seen.id = toolStr(j["content_block"]["id"]);
            seen.name = toolStr(j["content_block"]["name"]);
            if (j["content_block"]["input"] != ToolTestJson::object())
                seen.problems << QStringLiteral("input not {}");
        } else if (type == L1("content_block_delta") && j["index"] == toolIndex) {
            if (j["delta"]["type"] != "input_json_delta")
                seen.problems << QStringLiteral("delta type");
            seen.arguments += toolStr(j["delta"]["partial_json"]);
        } else if (type == L1("content_block_stop") && j["index"] == toolIndex) {
            stopped = true;
        } else if (type == L1("message_delta")) {
            seen.finish = toolStr(j["delta"]["stop_reason"]);
        }
    }
    if (!stopped)
        seen.problems << QStringLiteral("tool_use block never stopped");
}

void seeGeminiStream(const QList<WireEvent> &events, SeenToolCall &seen)
{
    int calls = 0;
    for (const WireEvent &event : events) {
        ToolTestJson j = eventJson(event);
        ToolTestJson candidate = j["candidates"][0];
        for (ToolTestJson part : candidate["content"]["parts"]) {
            if (part.contains("functionCall")) {
                ++calls;
                seen.name = toolStr(part["functionCall"]["name"]);
                seen.arguments = QString::fromStdString(part["functionCall"]["args"].dump());
            } else if (!part.value("thought", false)) {
                seen.problems << QStringLiteral("a text part");
            }
        }
        if (candidate.contains("finishReason"))
            seen.finish = toolStr(candidate["finishReason"]);
    }
    if (calls != 1)
        seen.problems << QStringLiteral("%1 functionCall chunks").arg(calls);
}

// The call a whole (non-streamed) reply carries.
void seeWholeReply(WireDialect dialect, ToolTestJson j, SeenToolCall &seen)
{
    switch (dialect) {
    case WireDialect::OpenAiChat: {
        ToolTestJson message = j["choices"][0]["message"];
        ToolTestJson call = message["tool_calls"][0];
        if (!message["content"].is_null() || call["type"] != "function")
            seen.problems << QStringLiteral("message shape");
        seen.id = toolStr(call["id"]);
        seen.name = toolStr(call["function"]["name"]);
        seen.arguments = toolStr(call["function"]["arguments"]);
        seen.finish = toolStr(j["choices"][0]["finish_reason"]);
        break;
    }
    case WireDialect::OpenAiResponses: {
        ToolTestJson item = j["output"][0];
        if (item["status"] != "completed" || j["output"].size() != 1)
            seen.problems << QStringLiteral("output shape");
        seen.id = toolStr(item["call_id"]);
        seen.name = toolStr(item["name"]);
        seen.arguments = toolStr(item["arguments"]);
        seen.finish = toolStr(item["type"]);
        break;
    }
    case WireDialect::Anthropic: {
        ToolTestJson block = j["content"][0];
        if (block["type"] != "tool_use" || !block["input"].is_object())
            seen.problems << QStringLiteral("content shape");
        seen.id = toolStr(block["id"]);
        seen.name = toolStr(block["name"]);
        seen.arguments = QString::fromStdString(block["input"].dump());
        seen.finish = toolStr(j["stop_reason"]);
        break;
    }
    case WireDialect::Gemini:
        seeGeminiStream({WireEvent{{}, QByteArray::fromStdString(j.dump())}}, seen);
        break;
    }
}

SeenToolCall seenToolCall(WireDialect dialect, bool stream, const RawClient &client)
{
    SeenToolCall seen;
    if (!stream) {
        seeWholeReply(dialect, ToolTestJson::parse(client.body.toStdString(), nullptr, false),
                      seen);
        return seen;
    }
    const QList<WireEvent> events = client.events();
    switch (dialect) {
    case WireDialect::OpenAiChat:
        seeChatStream(events, seen);
        break;
    case WireDialect::OpenAiResponses:
        seeResponsesStream(events, seen);
        break;
    case WireDialect::Anthropic:
        seeAnthropicStream(events, seen);
        break;
    case WireDialect::Gemini:
        seeGeminiStream(events, seen);
        break;
    }
    return seen;
}

// The finish reason of a tool call in each dialect (Responses: the output item's type).
QString toolFinish(WireDialect dialect)
{
    switch (dialect) {
    case WireDialect::OpenAiChat:
        return QStringLiteral("tool_calls");
    case WireDialect::OpenAiResponses:
        return QStringLiteral("function_call");
    case WireDialect::Anthropic:
        return QStringLiteral("tool_use");
    case WireDialect::Gemini:
        return QStringLiteral("STOP");
    }
    return {};
}

QString idPrefix(WireDialect dialect)
{
    switch (dialect) {
    case WireDialect::OpenAiChat:
    case WireDialect::OpenAiResponses:
        return QStringLiteral("call_");
    case WireDialect::Anthropic:
        return QStringLiteral("toolu_");
    case WireDialect::Gemini:
        return {};
    }
    return {};
}

// Whether arguments hold to kWeatherSchema.
bool weatherArgsValid(const QString &arguments)
{
    const ToolTestJson a = ToolTestJson::parse(arguments.toStdString(), nullptr, false);
    return a.is_object() && a.contains("city") && a["city"].is_string() && a.contains("days") &&
           a["days"].is_number_integer() && a["days"].get<int>() >= 2;
}

void addDialectRows()
{
    QTest::addColumn<WireDialect>("dialect");
    QTest::addColumn<bool>("stream");
    const std::pair<const char *, WireDialect> dialects[] = {
        {"chat", WireDialect::OpenAiChat},
        {"responses", WireDialect::OpenAiResponses},
        {"anthropic", WireDialect::Anthropic},
        {"gemini", WireDialect::Gemini}};
    for (const auto &[tag, dialect] : dialects) {
        QTest::addRow("%s streamed", tag) << dialect << true;
        QTest::addRow("%s whole", tag) << dialect << false;
    }
}

} // namespace

class TestSimToolCalls : public ys::simtest::HostedSimTest {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void callsInEachDialect_data() { addDialectRows(); }
    void callsInEachDialect();
    void brokenArguments_data() { addDialectRows(); }
    void brokenArguments();
    void truncatedWhereArgumentsAreObjects_data() { addDialectRows(); }
    void truncatedWhereArgumentsAreObjects();
    void fixedArguments();
    void toolChoice_data() { addDialectRows(); }
    void toolChoice();
    void thinkingBeforeTheCall();
    void reasoningEffortRecorded();
    void malformedTools_data() { addDialectRows(); }
    void malformedTools();
    void profileFieldErrors();

private:
    // Sends the request and returns the ground truth record (as served JSON) of its answer.
    ToolTestJson answered(RawClient &client, const QByteArray &request) const
    {
        client.send(request);
        if (!client.wait() || client.status != 200)
            return {};
        const auto record = waitRecord(*m_host, client.header("x-request-id"));
        if (!record)
            return {};
        return ToolTestJson::parse(record->toJson().toStdString());
    }
};

void TestSimToolCalls::initTestCase()
{
    const QString name = QStringLiteral("tools");
    m_host = test::startedSim({
        test::simProfileJson(name, QStringLiteral("caller"), toolCallShape()),
        test::simProfileJson(name, QStringLiteral("breaker"), toolCallShape(),
                             {{"tool_calls", {{"invalid_rate", 1}, {"breaks", {"wrong_type"}}}}}),
        test::simProfileJson(name, QStringLiteral("cutter"), toolCallShape(),
                             {{"tool_calls", {{"invalid_rate", 1}, {"breaks", {"truncated"}}}}}),
        test::simProfileJson(name, QStringLiteral("fixed"), toolCallShape(),
                             {{"tool_calls", {{"arguments", {{"city", "Paris"}, {"days", 3}}}}}}),
        test::simProfileJson(name, QStringLiteral("thinker"), toolCallShape(),
                             {{"reasoning", {{"tokens", 6}, {"streamed", true}}}}),
    });
}

void TestSimToolCalls::cleanupTestCase()
{
    m_host.reset();
}

void TestSimToolCalls::callsInEachDialect()
{
    QFETCH(WireDialect, dialect);
    QFETCH(bool, stream);
    RawClient client(port());
    for (int i = 0; i < 3; ++i) {
        ToolTestJson truth =
            answered(client, toolRequest(dialect, QStringLiteral("caller"), stream));
        QVERIFY2(truth.is_object(), client.body.constData());
        const SeenToolCall seen = seenToolCall(dialect, stream, client);
        QVERIFY2(seen.problems.isEmpty(), qPrintable(seen.problems.join(L1("; "))));
        QCOMPARE(seen.name, QStringLiteral("get_weather"));
        QVERIFY2(seen.id.startsWith(idPrefix(dialect)), qPrintable(seen.id));
        QCOMPARE(seen.finish, toolFinish(dialect));
        // The arguments reassembled are the truth's, and hold to the tool's schema.
        const QString args = QString::fromStdString(truth["tool_args"].get<std::string>());
        QVERIFY2(ToolTestJson::parse(seen.arguments.toStdString(), nullptr, false) ==
                     ToolTestJson::parse(args.toStdString(), nullptr, false),
                 qPrintable(seen.arguments + L1(" vs ") + args));
        if (dialect != WireDialect::Gemini && (stream || dialect != WireDialect::Anthropic))
            QCOMPARE(seen.arguments, args); // as text, byte for byte
        QVERIFY2(weatherArgsValid(args), qPrintable(args));
        QCOMPARE(truthText(truth["tool_name"]), QStringLiteral("get_weather"));
        QCOMPARE(truthText(truth["tool_choice"]), QStringLiteral("auto"));
        QCOMPARE(truthText(truth["tool_args_break"]), QStringLiteral(""));
        QVERIFY(truth["schema_break"].is_null());
        QVERIFY(truth["tool_args_complete_ns"].is_number_integer());
        QVERIFY(truth["first_content_ns"].is_number_integer());
        QVERIFY(truth["tool_args_complete_ns"].get<std::int64_t>() >=
                truth["first_content_ns"].get<std::int64_t>());
        if (stream) // the arguments are complete once the last answer event has gone
            QVERIFY(truth["tool_args_complete_ns"].get<std::int64_t>() >=
                    truth["event_written_ns"].back().get<std::int64_t>());
        QVERIFY(truth["completion_tokens"].get<int>() > 0);
    }
}

void TestSimToolCalls::brokenArguments()
{
    QFETCH(WireDialect, dialect);
    QFETCH(bool, stream);
    RawClient client(port());
    for (int i = 0; i < 4; ++i) {
        ToolTestJson truth =
            answered(client, toolRequest(dialect, QStringLiteral("breaker"), stream));
        QVERIFY(truth.is_object());
        const SeenToolCall seen = seenToolCall(dialect, stream, client);
        QVERIFY2(seen.problems.isEmpty(), qPrintable(seen.problems.join(L1("; "))));
        QVERIFY2(!weatherArgsValid(seen.arguments), qPrintable(seen.arguments));
        QCOMPARE(truthText(truth["tool_args_break"]), QStringLiteral("wrong_type"));
        // wrong_type gives the first member ("city") another type.
        ToolTestJson args = ToolTestJson::parse(seen.arguments.toStdString(), nullptr, false);
        QVERIFY(args["city"].is_number());
    }
}

void TestSimToolCalls::truncatedWhereArgumentsAreObjects()
{
    QFETCH(WireDialect, dialect);
    QFETCH(bool, stream);
    const bool asObject =
        dialect == WireDialect::Gemini || (dialect == WireDialect::Anthropic && !stream);
    RawClient client(port());
    ToolTestJson truth = answered(client, toolRequest(dialect, QStringLiteral("cutter"), stream));
    QVERIFY(truth.is_object());
    const SeenToolCall seen = seenToolCall(dialect, stream, client);
    QVERIFY2(seen.problems.isEmpty(), qPrintable(seen.problems.join(L1("; "))));
    QVERIFY(!weatherArgsValid(seen.arguments));
    ToolTestJson args = ToolTestJson::parse(seen.arguments.toStdString(), nullptr, false);
    if (asObject) {
        // An object cannot be cut text: the first member is left out instead.
        QCOMPARE(truthText(truth["tool_args_break"]), QStringLiteral("missing_field"));
        QVERIFY2(args == (ToolTestJson{{"days", 2}}), qPrintable(seen.arguments));
    } else {
        QCOMPARE(truthText(truth["tool_args_break"]), QStringLiteral("truncated"));
        QVERIFY(args.is_discarded());
    }
}

void TestSimToolCalls::fixedArguments()
{
    RawClient client(port());
    ToolTestJson truth =
        answered(client, toolRequest(WireDialect::OpenAiChat, QStringLiteral("fixed"), true));
    const SeenToolCall seen = seenToolCall(WireDialect::OpenAiChat, true, client);
    QCOMPARE(seen.arguments, QStringLiteral("{\"city\":\"Paris\",\"days\":3}"));
    QCOMPARE(truthText(truth["tool_args"]), QStringLiteral("{\"city\":\"Paris\",\"days\":3}"));
}

void TestSimToolCalls::toolChoice()
{
    QFETCH(WireDialect, dialect);
    QFETCH(bool, stream);
    RawClient client(port());
    // Forced: the second tool, named in the dialect's way.
    ToolTestJson truth = answered(
        client, toolRequest(dialect, QStringLiteral("caller"), stream, QStringLiteral("get_time")));
    QVERIFY2(truth.is_object(), client.body.constData());
    SeenToolCall seen = seenToolCall(dialect, stream, client);
    QCOMPARE(seen.name, QStringLiteral("get_time"));
    QCOMPARE(truthText(truth["tool_choice"]), QStringLiteral("get_time"));
    QCOMPARE(truthText(truth["tool_name"]), QStringLiteral("get_time"));
    // Required: the first tool.
    truth = answered(
        client, toolRequest(dialect, QStringLiteral("caller"), stream, QStringLiteral("required")));
    QCOMPARE(seenToolCall(dialect, stream, client).name, QStringLiteral("get_weather"));
    QCOMPARE(truthText(truth["tool_choice"]), QStringLiteral("required"));
    // None: a text answer, as without tools.
    truth = answered(
        client, toolRequest(dialect, QStringLiteral("caller"), stream, QStringLiteral("none")));
    QVERIFY(truth.is_object());
    QCOMPARE(truthText(truth["tool_choice"]), QStringLiteral("none"));
    QCOMPARE(truthText(truth["tool_name"]), QStringLiteral(""));
    QVERIFY(truth["tool_args_complete_ns"].is_null());
    const QList<WireEvent> events =
        stream ? client.events() : QList<WireEvent>{WireEvent{{}, client.body}};
    QString text = answerText(dialect, events);
    if (!stream && dialect == WireDialect::OpenAiChat)
        text = firstChoice(client.json())
                   .value(L1("message"))
                   .toObject()
                   .value(L1("content"))
                   .toString();
    if (!stream && dialect == WireDialect::OpenAiResponses)
        text = client.body.contains("output_text") ? QStringLiteral("x") : QString();
    if (!stream && dialect == WireDialect::Anthropic)
        text = client.json()
                   .value(L1("content"))
                   .toArray()
                   .first()
                   .toObject()
                   .value(L1("text"))
                   .toString();
    QVERIFY2(!text.isEmpty(), client.body.constData());
    QVERIFY(!client.body.contains("get_weather"));
    // No tools: no tool choice in the truth.
    truth = answered(
        client, toolRequest(dialect, QStringLiteral("caller"), stream, {}, ToolTestJson("omit")));
    QCOMPARE(truthText(truth["tool_choice"]), QStringLiteral(""));
    QCOMPARE(truthText(truth["tool_name"]), QStringLiteral(""));
}

void TestSimToolCalls::thinkingBeforeTheCall()
{
    RawClient client(port());
    ToolTestJson truth =
        answered(client, toolRequest(WireDialect::Anthropic, QStringLiteral("thinker"), true));
    QVERIFY(truth.is_object());
    QVERIFY(truth["reasoning_events"].get<int>() > 0);
    // Thinking is block 0, the tool_use block 1, each stopped by its own index.
    QList<int> starts;
    QList<int> stops;
    for (const WireEvent &event : client.events()) {
        ToolTestJson j = eventJson(event);
        if (j["type"] == "content_block_start")
            starts << j["index"].get<int>();
        if (j["type"] == "content_block_stop")
            stops << j["index"].get<int>();
        if (j["type"] == "content_block_start" && j["index"] == 1)
            QCOMPARE(truthText(j["content_block"]["type"]), QStringLiteral("tool_use"));
    }
    QCOMPARE(starts, (QList<int>{0, 1}));
    QCOMPARE(stops, (QList<int>{0, 1}));
    const SeenToolCall seen = seenToolCall(WireDialect::Anthropic, true, client);
    QVERIFY2(seen.problems.isEmpty(), qPrintable(seen.problems.join(L1("; "))));
    QCOMPARE(seen.arguments, QString::fromStdString(truth["tool_args"].get<std::string>()));
    QVERIFY(truth["first_reasoning_ns"].get<std::int64_t>() <=
            truth["first_content_ns"].get<std::int64_t>());
}

void TestSimToolCalls::reasoningEffortRecorded()
{
    const std::tuple<WireDialect, ToolTestJson, const char *> cases[] = {
        {WireDialect::OpenAiChat, {{"reasoning_effort", "low"}}, "low"},
        {WireDialect::OpenAiResponses, {{"reasoning", {{"effort", "high"}}}}, "high"},
        {WireDialect::Anthropic,
         {{"thinking", {{"type", "enabled"}, {"budget_tokens", 1024}}}},
         "budget:1024"},
        {WireDialect::Gemini,
         {{"generationConfig", {{"thinkingConfig", {{"thinkingBudget", 512}}}}}},
         "budget:512"},
        {WireDialect::Gemini,
         {{"generationConfig", {{"thinkingConfig", {{"thinkingLevel", "low"}}}}}},
         "low"},
        {WireDialect::OpenAiChat, ToolTestJson::object(), ""},
    };
    RawClient client(port());
    for (const auto &[dialect, extra, expected] : cases) {
        ToolTestJson truth = answered(client, toolRequest(dialect, QStringLiteral("caller"), false,
                                                          {}, ToolTestJson("omit"), extra));
        QVERIFY2(truth.is_object(), client.body.constData());
        QCOMPARE(truthText(truth["reasoning_effort"]), QString::fromLatin1(expected));
    }
}

void TestSimToolCalls::malformedTools()
{
    QFETCH(WireDialect, dialect);
    QFETCH(bool, stream);
    RawClient client(port());
    const auto status = [&](const ToolTestJson &tools, const QString &choice = {}) {
        client.send(toolRequest(dialect, QStringLiteral("caller"), stream, choice, tools));
        return client.wait() ? client.status : 0;
    };
    QCOMPARE(status(ToolTestJson{{"name", "x"}}), 400); // not a list
    ToolTestJson nameless = toolsJson(dialect);
    if (dialect == WireDialect::OpenAiChat)
        nameless[0]["function"].erase("name");
    else if (dialect == WireDialect::Gemini)
        nameless[0]["functionDeclarations"][0].erase("name");
    else
        nameless[0].erase("name");
    QCOMPARE(status(nameless), 400);
    QVERIFY2(client.body.contains("name"), client.body.constData());
    QCOMPARE(status(ToolTestJson(), QStringLiteral("no_such_tool")), 400);
}

void TestSimToolCalls::profileFieldErrors()
{
    const auto errorOf = [](const ToolTestJson &calls) {
        ToolTestJson profile =
            test::simProfileJson(QStringLiteral("x"), QStringLiteral("m"), toolCallShape());
        profile["tool_calls"] = calls;
        QString error;
        const auto loaded = SimProfile::load(test::simProfilesJson({profile}), &error);
        return loaded.empty() ? error : QString();
    };
    QVERIFY(errorOf({{"invalid_rate", 1.5}}).contains(L1("tool_calls.invalid_rate")));
    QVERIFY(errorOf({{"arguments", 3}}).contains(L1("tool_calls.arguments")));
    QVERIFY(errorOf({{"breaks", {"sideways"}}}).contains(L1("tool_calls.breaks")));
    QVERIFY(errorOf({{"breaks", ToolTestJson::array()}}).contains(L1("tool_calls.breaks")));
    QVERIFY(errorOf({{"invalid", 0.1}}).contains(L1("tool_calls.invalid")));
    QVERIFY(errorOf(42).contains(L1("tool_calls")));
    QVERIFY(errorOf({{"invalid_rate", 0.1},
                     {"arguments", {{"a", 1}}},
                     {"breaks", {"wrong_type", "missing_field", "truncated"}}})
                .isEmpty());
}

YS_TEST_GUILESS_MAIN(TestSimToolCalls)
#include "tst_sim_tool_calls.moc"
