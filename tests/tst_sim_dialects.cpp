// The simulator's four dialects over real loopback HTTP: event shapes, usage fields, finish
// reasons, auth checks and error bodies in each provider's own shape, plus the ground-truth
// endpoint and log.

#include "fixtures.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "sim/sim_scheduler.h"
#include "sim_test_client.h"
#include "test_main.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace ys;
using namespace ys::simtest;

namespace {

const QByteArray kDialectsKey = "ys-test-sim-dialects-0123456789";

// Quick answers of 12 to 20 tokens, one to three to an event, in a 1000-token window.
test::ProfileShape dialectsShape()
{
    return test::ProfileShape()
        .withTtft(10, 12)
        .withDecode(4000)
        .withEvents(1, 3)
        .withOutput(12, 20)
        .withWindow(1000)
        .withSeed(11);
}

void addWireDialectRows()
{
    QTest::addColumn<WireDialect>("dialect");
    QTest::newRow("openai-chat") << WireDialect::OpenAiChat;
    QTest::newRow("openai-responses") << WireDialect::OpenAiResponses;
    QTest::newRow("anthropic") << WireDialect::Anthropic;
    QTest::newRow("gemini") << WireDialect::Gemini;
}

QStringList dialectNames(const QList<WireEvent> &events)
{
    QStringList list;
    for (const WireEvent &event : events)
        list.append(QString::fromUtf8(event.event));
    return list;
}

// The first object in an array field of json ("candidates", "parts", ...).
QJsonObject firstOf(const QJsonObject &json, L1 array)
{
    return json.value(array).toArray().first().toObject();
}

// Sends request on client and waits for the answer, which must come with this status; false,
// after failing the test, when it does not.
bool answered(RawClient &client, const QByteArray &request, int status)
{
    client.send(request);
    if (!QTest::qVerify(client.wait(), "client.wait()", "", __FILE__, __LINE__))
        return false;
    return QTest::qCompare(client.status, status, "client.status", "status", __FILE__, __LINE__);
}

} // namespace

class TestSimDialects : public ys::simtest::HostedSimTest {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    // These run once in each dialect.
    void streamShape_data() { addWireDialectRows(); }
    void outputLimit_data() { addWireDialectRows(); }
    void nonStreaming_data() { addWireDialectRows(); }
    void auth_data() { addWireDialectRows(); }
    void contextOverflow_data() { addWireDialectRows(); }
    void unknownModel_data() { addWireDialectRows(); }
    void streamShape();
    void outputLimit();
    void nonStreaming();
    void auth();
    void contextOverflow();
    void unknownModel();
    void anthropicVersionRequired();
    void badBodies_data();
    void badBodies();
    void geminiJsonArray();
    void modelListings();
    void groundTruthEndpoint();
    void groundTruthLog();

private:
    std::optional<SimRequestRecord> record(const RawClient &client) const
    {
        return waitRecord(*m_host, client.header("x-request-id"));
    }

    QTemporaryDir m_dir;
    QString m_logPath;
};

void TestSimDialects::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_logPath = m_dir.filePath(QStringLiteral("requests.jsonl"));
    SimProfile keyed = test::simProfile(QStringLiteral("keyed"), dialectsShape());
    keyed.apiKey = QString::fromLatin1(kDialectsKey);
    SimHostOptions options;
    options.logFile = m_logPath;
    m_host = std::make_unique<SimHost>(
        std::vector<SimProfile>{test::simProfile(QStringLiteral("plain"), dialectsShape()), keyed},
        options);
    QString error;
    QVERIFY2(m_host->start(&error), qPrintable(error));
}

void TestSimDialects::cleanupTestCase()
{
    m_host.reset();
}

void TestSimDialects::streamShape()
{
    QFETCH(WireDialect, dialect);
    const QString prompt = QStringLiteral("Describe the stream, please. 你好");
    const int promptTokens = test::simTokens(prompt);
    RawClient client(port());
    QVERIFY(
        answered(client, generationRequest(dialect, QStringLiteral("plain"), prompt, true), 200));
    QVERIFY(client.header("content-type").startsWith("text/event-stream"));
    QVERIFY(client.header("x-request-id").startsWith("req_"));
    const std::optional<SimRequestRecord> truth = record(client);
    QVERIFY(truth.has_value());
    QCOMPARE(truth->dialect, QString::fromLatin1(dialectName(dialect)));
    QVERIFY(truth->completed);
    const int completion = truth->completionTokens;
    QVERIFY(completion >= 12 && completion <= 20);

    const QList<WireEvent> events = client.events();
    QVERIFY(!answerText(dialect, events).isEmpty());
    switch (dialect) {
    case WireDialect::OpenAiChat: {
        QCOMPARE(events.last().data, QByteArray("[DONE]"));
        const QJsonObject usage = events.at(events.size() - 2).json().value(L1("usage")).toObject();
        QCOMPARE(usage.value(L1("prompt_tokens")).toInt(), promptTokens);
        QCOMPARE(usage.value(L1("completion_tokens")).toInt(), completion);
        break;
    }
    case WireDialect::OpenAiResponses: {
        const QStringList list = dialectNames(events);
        QCOMPARE(list.mid(0, 4), (QStringList{QStringLiteral("response.created"),
                                              QStringLiteral("response.in_progress"),
                                              QStringLiteral("response.output_item.added"),
                                              QStringLiteral("response.content_part.added")}));
        QCOMPARE(list.mid(list.size() - 4),
                 (QStringList{QStringLiteral("response.output_text.done"),
                              QStringLiteral("response.content_part.done"),
                              QStringLiteral("response.output_item.done"),
                              QStringLiteral("response.completed")}));
        for (qsizetype i = 0; i < events.size(); ++i) {
            const QJsonObject json = events.at(i).json();
            QCOMPARE(json.value(L1("type")).toString(), list.at(i));
            QCOMPARE(json.value(L1("sequence_number")).toInt(-1), int(i));
        }
        const QJsonObject done = events.at(events.size() - 4).json();
        QCOMPARE(done.value(L1("text")).toString(), answerText(dialect, events));
        const QJsonObject response = events.last().json().value(L1("response")).toObject();
        QCOMPARE(response.value(L1("status")).toString(), QStringLiteral("completed"));
        QVERIFY(response.value(L1("id")).toString().startsWith(QStringLiteral("resp_")));
        const QJsonObject usage = response.value(L1("usage")).toObject();
        QCOMPARE(usage.value(L1("input_tokens")).toInt(), promptTokens);
        QCOMPARE(usage.value(L1("output_tokens")).toInt(), completion);
        QCOMPARE(usage.value(L1("total_tokens")).toInt(), promptTokens + completion);
        QCOMPARE(
            usage.value(L1("input_tokens_details")).toObject().value(L1("cached_tokens")).toInt(-1),
            0);
        QCOMPARE(usage.value(L1("output_tokens_details"))
                     .toObject()
                     .value(L1("reasoning_tokens"))
                     .toInt(-1),
                 0);
        break;
    }
    case WireDialect::Anthropic: {
        QCOMPARE(client.header("request-id"), client.header("x-request-id"));
        const QStringList list = dialectNames(events);
        QCOMPARE(list.mid(0, 3),
                 (QStringList{QStringLiteral("message_start"),
                              QStringLiteral("content_block_start"), QStringLiteral("ping")}));
        QCOMPARE(list.mid(list.size() - 3),
                 (QStringList{QStringLiteral("content_block_stop"), QStringLiteral("message_delta"),
                              QStringLiteral("message_stop")}));
        for (qsizetype i = 3; i < list.size() - 3; ++i)
            QCOMPARE(list.at(i), QStringLiteral("content_block_delta"));
        for (const WireEvent &event : events)
            QCOMPARE(event.json().value(L1("type")).toString(), QString::fromUtf8(event.event));
        const QJsonObject message = events.first().json().value(L1("message")).toObject();
        QVERIFY(message.value(L1("id")).toString().startsWith(QStringLiteral("msg_")));
        QCOMPARE(message.value(L1("model")).toString(), QStringLiteral("plain"));
        const QJsonObject startUsage = message.value(L1("usage")).toObject();
        QCOMPARE(startUsage.value(L1("input_tokens")).toInt(), promptTokens);
        QCOMPARE(startUsage.value(L1("cache_read_input_tokens")).toInt(-1), 0);
        QCOMPARE(startUsage.value(L1("cache_creation_input_tokens")).toInt(-1), 0);
        const QJsonObject delta = events.at(events.size() - 2).json();
        QCOMPARE(delta.value(L1("delta")).toObject().value(L1("stop_reason")).toString(),
                 QStringLiteral("end_turn"));
        // Cumulative: the whole answer's output tokens, not the last event's.
        QCOMPARE(delta.value(L1("usage")).toObject().value(L1("output_tokens")).toInt(),
                 completion);
        break;
    }
    case WireDialect::Gemini: {
        QVERIFY(events.size() >= 4);
        QString responseId;
        int previous = 0;
        for (qsizetype i = 0; i < events.size(); ++i) {
            const QJsonObject json = events.at(i).json();
            QVERIFY2(!json.isEmpty(), events.at(i).data.constData());
            QVERIFY(events.at(i).event.isEmpty());
            const QJsonObject candidate = firstOf(json, L1("candidates"));
            const QJsonObject content = candidate.value(L1("content")).toObject();
            QCOMPARE(content.value(L1("role")).toString(), QStringLiteral("model"));
            QVERIFY(!firstOf(content, L1("parts")).value(L1("text")).toString().isEmpty());
            QCOMPARE(json.value(L1("modelVersion")).toString(), QStringLiteral("plain"));
            if (responseId.isEmpty())
                responseId = json.value(L1("responseId")).toString();
            QVERIFY(!responseId.isEmpty());
            QCOMPARE(json.value(L1("responseId")).toString(), responseId);
            const QJsonObject usage = json.value(L1("usageMetadata")).toObject();
            QCOMPARE(usage.value(L1("promptTokenCount")).toInt(), promptTokens);
            const int candidates = usage.value(L1("candidatesTokenCount")).toInt();
            QVERIFY(candidates > previous);
            previous = candidates;
            QCOMPARE(usage.value(L1("totalTokenCount")).toInt(), promptTokens + candidates);
            QVERIFY(!usage.contains(L1("cachedContentTokenCount"))); // zero is left out
            const bool last = i == events.size() - 1;
            QCOMPARE(candidate.contains(L1("finishReason")), last);
            if (last) {
                QCOMPARE(candidate.value(L1("finishReason")).toString(), QStringLiteral("STOP"));
                QCOMPARE(candidates, completion);
            }
        }
        break;
    }
    }
    QVERIFY(client.connected()); // keep-alive
}

void TestSimDialects::outputLimit()
{
    QFETCH(WireDialect, dialect);
    // The Responses API accepts no max_output_tokens below 16: the profile answers 12..20.
    const int limit = dialect == WireDialect::OpenAiResponses ? 16 : 5;
    RawClient client(port());
    bool cut = false;
    // Some answers of 12..20 tokens are shorter than 16: send until one is cut.
    for (int attempt = 0; attempt < 10 && !cut; ++attempt) {
        QVERIFY(answered(client,
                         generationRequest(dialect, QStringLiteral("plain"),
                                           QStringLiteral("Long."), true, limit),
                         200));
        cut = record(client)->truncated;
    }
    QVERIFY(cut);
    const QList<WireEvent> events = client.events();
    switch (dialect) {
    case WireDialect::OpenAiChat:
        QCOMPARE(
            firstChoice(events.at(events.size() - 3).json()).value(L1("finish_reason")).toString(),
            QStringLiteral("length"));
        QCOMPARE(events.at(events.size() - 2)
                     .json()
                     .value(L1("usage"))
                     .toObject()
                     .value(L1("completion_tokens"))
                     .toInt(),
                 limit);
        break;
    case WireDialect::OpenAiResponses: {
        QCOMPARE(events.last().event, QByteArray("response.incomplete"));
        const QJsonObject response = events.last().json().value(L1("response")).toObject();
        QCOMPARE(response.value(L1("status")).toString(), QStringLiteral("incomplete"));
        QCOMPARE(response.value(L1("incomplete_details")).toObject().value(L1("reason")).toString(),
                 QStringLiteral("max_output_tokens"));
        QCOMPARE(response.value(L1("usage")).toObject().value(L1("output_tokens")).toInt(), limit);
        break;
    }
    case WireDialect::Anthropic: {
        const QJsonObject delta = events.at(events.size() - 2).json();
        QCOMPARE(delta.value(L1("delta")).toObject().value(L1("stop_reason")).toString(),
                 QStringLiteral("max_tokens"));
        QCOMPARE(delta.value(L1("usage")).toObject().value(L1("output_tokens")).toInt(), limit);
        break;
    }
    case WireDialect::Gemini: {
        const QJsonObject last = events.last().json();
        QCOMPARE(firstOf(last, L1("candidates")).value(L1("finishReason")).toString(),
                 QStringLiteral("MAX_TOKENS"));
        QCOMPARE(
            last.value(L1("usageMetadata")).toObject().value(L1("candidatesTokenCount")).toInt(),
            limit);
        break;
    }
    }
}

void TestSimDialects::nonStreaming()
{
    QFETCH(WireDialect, dialect);
    const QString prompt = QStringLiteral("Answer in one go.");
    RawClient client(port());
    QVERIFY(
        answered(client, generationRequest(dialect, QStringLiteral("plain"), prompt, false), 200));
    QVERIFY(client.header("content-type").startsWith("application/json"));
    const QJsonObject json = client.json();
    const std::optional<SimRequestRecord> truth = record(client);
    QVERIFY(truth && truth->completed && !truth->stream);
    const int completion = truth->completionTokens;
    const int promptTokens = test::simTokens(prompt);
    switch (dialect) {
    case WireDialect::OpenAiChat:
        QCOMPARE(json.value(L1("object")).toString(), QStringLiteral("chat.completion"));
        QCOMPARE(json.value(L1("usage")).toObject().value(L1("completion_tokens")).toInt(),
                 completion);
        break;
    case WireDialect::OpenAiResponses: {
        QCOMPARE(json.value(L1("object")).toString(), QStringLiteral("response"));
        QCOMPARE(json.value(L1("status")).toString(), QStringLiteral("completed"));
        const QJsonObject item = firstOf(json, L1("output"));
        QCOMPARE(item.value(L1("type")).toString(), QStringLiteral("message"));
        QVERIFY(!firstOf(item, L1("content")).value(L1("text")).toString().isEmpty());
        QCOMPARE(json.value(L1("usage")).toObject().value(L1("input_tokens")).toInt(),
                 promptTokens);
        break;
    }
    case WireDialect::Anthropic:
        QCOMPARE(json.value(L1("type")).toString(), QStringLiteral("message"));
        QCOMPARE(json.value(L1("stop_reason")).toString(), QStringLiteral("end_turn"));
        QCOMPARE(firstOf(json, L1("content")).value(L1("type")).toString(), QStringLiteral("text"));
        QCOMPARE(json.value(L1("usage")).toObject().value(L1("output_tokens")).toInt(), completion);
        break;
    case WireDialect::Gemini: {
        const QJsonObject candidate = firstOf(json, L1("candidates"));
        QCOMPARE(candidate.value(L1("finishReason")).toString(), QStringLiteral("STOP"));
        const QJsonObject usage = json.value(L1("usageMetadata")).toObject();
        QCOMPARE(usage.value(L1("promptTokenCount")).toInt(), promptTokens);
        QCOMPARE(usage.value(L1("candidatesTokenCount")).toInt(), completion);
        break;
    }
    }
}

void TestSimDialects::auth()
{
    QFETCH(WireDialect, dialect);
    const QString prompt = QStringLiteral("Who am I?");
    RawClient client(port());
    // The same request to "keyed" with this key (none when empty), answered with status.
    const auto askWithKey = [&](const QByteArray &key, int status) {
        return answered(
            client,
            generationRequest(dialect, QStringLiteral("keyed"), prompt, true, std::nullopt, key),
            status);
    };

    QVERIFY(askWithKey({}, 401));
    QCOMPARE(record(client)->auth, QStringLiteral("missing"));
    const QByteArray missingBody = client.body;

    QVERIFY(askWithKey("sk-wrong-0000000000000", 401));
    QCOMPARE(record(client)->auth, QStringLiteral("wrong"));
    QVERIFY(!client.body.contains("sk-wrong-0000000000000")); // never echoed whole
    const QJsonObject wrong = client.json();

    switch (dialect) {
    case WireDialect::OpenAiChat:
    case WireDialect::OpenAiResponses:
        QCOMPARE(wrong.value(L1("error")).toObject().value(L1("code")).toString(),
                 QStringLiteral("invalid_api_key"));
        QCOMPARE(record(client)->authHeader, QStringLiteral("authorization"));
        break;
    case WireDialect::Anthropic:
        QCOMPARE(wrong.value(L1("type")).toString(), QStringLiteral("error"));
        QCOMPARE(wrong.value(L1("error")).toObject().value(L1("type")).toString(),
                 QStringLiteral("authentication_error"));
        QVERIFY(missingBody.contains("x-api-key"));
        QCOMPARE(record(client)->authHeader, QStringLiteral("x-api-key"));
        break;
    case WireDialect::Gemini:
        QCOMPARE(wrong.value(L1("error")).toObject().value(L1("code")).toInt(), 401);
        QCOMPARE(wrong.value(L1("error")).toObject().value(L1("status")).toString(),
                 QStringLiteral("UNAUTHENTICATED"));
        QVERIFY(client.body.contains("API_KEY_INVALID"));
        QCOMPARE(record(client)->authHeader, QStringLiteral("x-goog-api-key"));
        break;
    }

    QVERIFY(askWithKey(kDialectsKey, 200));
    QCOMPARE(record(client)->auth, QStringLiteral("ok"));
}

void TestSimDialects::contextOverflow()
{
    QFETCH(WireDialect, dialect);
    const QString prompt = QStringLiteral(" x").repeated(1500); // 1500 tokens, the window 1000
    QCOMPARE(test::simTokens(prompt), 1500);
    RawClient client(port());
    QVERIFY(
        answered(client, generationRequest(dialect, QStringLiteral("plain"), prompt, true), 400));
    const QJsonObject json = client.json();
    const QJsonObject error = json.value(L1("error")).toObject();
    switch (dialect) {
    case WireDialect::OpenAiChat:
    case WireDialect::OpenAiResponses:
        QCOMPARE(error.value(L1("code")).toString(), QStringLiteral("context_length_exceeded"));
        QCOMPARE(error.value(L1("type")).toString(), QStringLiteral("invalid_request_error"));
        break;
    case WireDialect::Anthropic:
        QCOMPARE(json.value(L1("type")).toString(), QStringLiteral("error"));
        QCOMPARE(error.value(L1("type")).toString(), QStringLiteral("invalid_request_error"));
        QCOMPARE(error.value(L1("message")).toString(),
                 QStringLiteral("prompt is too long: 1500 tokens > 1000 maximum"));
        break;
    case WireDialect::Gemini:
        QCOMPARE(error.value(L1("status")).toString(), QStringLiteral("INVALID_ARGUMENT"));
        QCOMPARE(error.value(L1("message")).toString(),
                 QStringLiteral("The input token count (1500) exceeds the maximum number of "
                                "tokens allowed (1000)."));
        break;
    }
    QCOMPARE(record(client)->status, 400);
}

void TestSimDialects::unknownModel()
{
    QFETCH(WireDialect, dialect);
    RawClient client(port());
    QVERIFY(answered(
        client,
        generationRequest(dialect, QStringLiteral("no-such-model"), QStringLiteral("hi"), false),
        404));
    QVERIFY(client.body.contains("no-such-model"));
}

void TestSimDialects::anthropicVersionRequired()
{
    QByteArray request = generationRequest(WireDialect::Anthropic, QStringLiteral("plain"),
                                           QStringLiteral("hi"), true);
    request.replace("anthropic-version: 2023-06-01\r\n", "");
    RawClient client(port());
    QVERIFY(answered(client, request, 400));
    QCOMPARE(client.json().value(L1("error")).toObject().value(L1("message")).toString(),
             QStringLiteral("anthropic-version: header is required"));
}

void TestSimDialects::badBodies_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("anthropic without max_tokens")
        << httpPost("/v1/messages",
                    R"({"model":"plain","messages":[{"role":"user","content":"x"}]})",
                    "anthropic-version: 2023-06-01\r\n")
        << QByteArray("max_tokens: Field required");
    QTest::newRow("responses without input") << httpPost("/v1/responses", R"({"model":"plain"})")
                                             << QByteArray("Missing required parameter: 'input'.");
    QTest::newRow("gemini without contents")
        << httpPost("/v1beta/models/plain:generateContent", R"({"contents":[]})")
        << QByteArray("contents is not specified");
    QTest::newRow("gemini not JSON") << httpPost("/v1beta/models/plain:generateContent", "{")
                                     << QByteArray("Invalid JSON payload received.");
}

void TestSimDialects::badBodies()
{
    QFETCH(QByteArray, request);
    QFETCH(QByteArray, expected);
    RawClient client(port());
    QVERIFY(answered(client, request, 400));
    QVERIFY2(client.body.contains(expected), client.body.constData());
}

// Without ?alt=sse Gemini streams one JSON array of responses.
void TestSimDialects::geminiJsonArray()
{
    RawClient client(port());
    QVERIFY(answered(client,
                     httpPost("/v1beta/models/plain:streamGenerateContent",
                              R"({"contents":[{"role":"user","parts":[{"text":"hi"}]}]})"),
                     200));
    QVERIFY(client.header("content-type").startsWith("application/json"));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(client.body, &error);
    QVERIFY2(document.isArray(), qPrintable(error.errorString()));
    const QJsonArray array = document.array();
    QVERIFY(array.size() >= 4);
    QCOMPARE(
        firstOf(array.last().toObject(), L1("candidates")).value(L1("finishReason")).toString(),
        QStringLiteral("STOP"));
}

void TestSimDialects::modelListings()
{
    RawClient client(port());
    QVERIFY(answered(client, httpGet("/v1beta/models"), 200));
    QCOMPARE(firstOf(client.json(), L1("models")).value(L1("name")),
             QJsonValue(QStringLiteral("models/plain")));
    QVERIFY(answered(client,
                     httpGet("/v1/models", "anthropic-version: 2023-06-01\r\nx-api-key: " +
                                               kDialectsKey + "\r\n"),
                     200));
    const QJsonArray data = client.json().value(L1("data")).toArray();
    QCOMPARE(data.size(), 2);
    QCOMPARE(data.at(1).toObject().value(L1("type")).toString(), QStringLiteral("model"));
    QCOMPARE(client.json().value(L1("last_id")).toString(), QStringLiteral("keyed"));
}

void TestSimDialects::groundTruthEndpoint()
{
    RawClient client(port());
    client.send(generationRequest(WireDialect::Anthropic, QStringLiteral("plain"),
                                  QStringLiteral("Record me."), true));
    QVERIFY(client.wait());
    const QByteArray id = client.header("x-request-id");
    const std::int64_t clientEnd = client.endNs;

    QVERIFY(answered(client, httpGet("/_sim/requests/" + id), 200));
    const QJsonObject json = client.json();
    QCOMPARE(json.value(L1("request_id")).toString(), QString::fromLatin1(id));
    QCOMPARE(json.value(L1("dialect")).toString(), QStringLiteral("anthropic-messages"));
    QCOMPARE(json.value(L1("status")).toInt(), 200);
    QCOMPARE(json.value(L1("completed")).toBool(), true);
    QCOMPARE(json.value(L1("clock")).toString(), QStringLiteral("monotonic_ns"));
    const auto ns = [&json](const char *key) {
        return json.value(QLatin1StringView(key)).toInteger();
    };
    // Accepted, then headers, then the first token, then the last byte, all before the client
    // saw the end (one monotonic clock in one process).
    QVERIFY(ns("accepted_ns") > 0);
    QVERIFY(ns("accepted_ns") <= ns("headers_written_ns"));
    QVERIFY(ns("generation_start_ns") <= ns("first_content_ns"));
    QVERIFY(ns("headers_written_ns") <= ns("first_content_ns"));
    QVERIFY(ns("first_content_ns") <= ns("last_byte_ns"));
    QVERIFY(ns("last_byte_ns") <= clientEnd);
    const QJsonArray planned = json.value(L1("event_planned_ns")).toArray();
    const QJsonArray written = json.value(L1("event_written_ns")).toArray();
    QCOMPARE(planned.size(), written.size());
    QVERIFY(!planned.isEmpty());
    QCOMPARE(written.first().toInteger(), ns("first_content_ns"));
    for (qsizetype i = 0; i < planned.size(); ++i) {
        // Written within the scheduler's batch window of the plan, or later, never earlier.
        QVERIFY(written.at(i).toInteger() - planned.at(i).toInteger() >=
                -SimScheduler::kMaxBatchNs);
    }

    QVERIFY(answered(client, httpGet("/_sim/requests/req_does_not_exist"), 404));
}

void TestSimDialects::groundTruthLog()
{
    RawClient client(port());
    client.send(generationRequest(WireDialect::Gemini, QStringLiteral("plain"),
                                  QStringLiteral("Log me."), false));
    QVERIFY(client.wait());
    const QByteArray id = client.header("x-request-id");
    // The record is logged once the server's side of the exchange is closed, which may be a
    // moment after the client read the last byte: follow the file as a reader would.
    QList<QByteArray> lines;
    const auto logHasRequest = [&] {
        QFile log(m_logPath);
        if (!log.open(QIODevice::ReadOnly))
            return false;
        lines = log.readAll().trimmed().split('\n');
        bool found = false;
        for (const QByteArray &line : lines) {
            const QJsonObject json = QJsonDocument::fromJson(line).object();
            if (json.isEmpty())
                return false;
            found = found || json.value(L1("request_id")).toString() == QString::fromLatin1(id);
        }
        return found;
    };
    QTRY_VERIFY_WITH_TIMEOUT(logHasRequest(), 5000);
    for (const QByteArray &line : lines)
        QVERIFY2(!QJsonDocument::fromJson(line).object().isEmpty(), line.constData());
    // Every request so far has its line, errors included.
    QCOMPARE(qsizetype(m_host->records().size()), lines.size());
}

YS_TEST_GUILESS_MAIN(TestSimDialects)
#include "tst_sim_dialects.moc"
