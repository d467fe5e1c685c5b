// Every dialect decodes recorded streams into the same neutral facts: answer text, when the
// first token came, finish reason and outcome, usage (NULL when not reported), model identity.
#include "provider/dialect.h"
#include "test_main.h"
#include "wire/sse_parser.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;

Q_DECLARE_METATYPE(ys::Outcome)

namespace {

struct Decoded {
    DecodeState state;
    int firstTokenEvent = -1;   // index of the first event carrying text or reasoning
    int firstContentEvent = -1; // index of the first event carrying answer text
    int events = 0;
};

Decoded decodeStream(const QString &dialectName, const QByteArray &stream)
{
    auto dialect = makeDialect(dialectName);
    auto decoder = dialect->newDecoder();
    SseParser parser;
    std::vector<SseEvent> events;
    parser.feed(stream, events);
    Decoded d;
    for (const SseEvent &e : events) {
        const EventYield y = decoder->decodeEvent(e, d.state);
        if (y.meaningful() && d.firstTokenEvent < 0)
            d.firstTokenEvent = d.events;
        if (y.contentChars > 0 && d.firstContentEvent < 0)
            d.firstContentEvent = d.events;
        ++d.events;
    }
    return d;
}

QByteArray sse(std::initializer_list<std::pair<const char *, const char *>> events)
{
    QByteArray out;
    for (const auto &[type, data] : events) {
        if (type && *type)
            out += QByteArray("event: ") + type + "\n";
        out += QByteArray("data: ") + data + "\n\n";
    }
    return out;
}

// What the dialect sends for spec (at most 17 tokens, the prompt "hello" unless the caller set
// another) to model "m-1" at http://127.0.0.1:9/v1 with the key "k-123".
HttpRequestParts requestFor(const QString &dialect, RequestSpec spec = {})
{
    ProviderConfig p;
    p.baseUrl = QUrl(QStringLiteral("http:") + QStringLiteral("//127.0.0.1:9/v1"));
    p.model = QStringLiteral("m-1");
    if (spec.prompt.isEmpty())
        spec.prompt = QStringLiteral("hello");
    spec.maxOutputTokens = 17;
    return makeDialect(dialect)->buildRequest(p, spec, "k-123");
}

// The opening event of an Anthropic stream on model "m" with a prompt of 7 tokens, as the rows
// that end otherwise share it.
constexpr std::pair<const char *, const char *> kAnthropicStart{
    "message_start",
    R"({"type":"message_start","message":{"model":"m","usage":{"input_tokens":7,"output_tokens":1}}})"};

// A messages body (openai-chat, anthropic) that opens with bodyWithHistory's two earlier turns,
// then `rest`: the messages after them and the fields after the messages.
QByteArray afterHistory(const char *rest)
{
    return QByteArray(R"({"max_tokens":17,"messages":[)"
                      R"({"content":"The secret code is AB12.","role":"user"},)"
                      R"({"content":"Noted.","role":"assistant"},)") +
           rest;
}

} // namespace

class TstProviderDialects : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void streams_data()
    {
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<QByteArray>("stream");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("firstTokenEvent");
        QTest::addColumn<int>("firstContentEvent");
        QTest::addColumn<bool>("ended");
        QTest::addColumn<QString>("finish");
        QTest::addColumn<ys::Outcome>("outcome");
        QTest::addColumn<qint64>("input");  // -1: NULL
        QTest::addColumn<qint64>("output"); // -1: NULL
        QTest::addColumn<qint64>("cached"); // -1: NULL
        QTest::addColumn<QString>("model");

        QTest::newRow("anthropic ok with ping and thinking")
            << QStringLiteral("anthropic-messages")
            << sse({{"message_start",
                     R"({"type":"message_start","message":{"id":"msg_1","model":"claude-x","usage":{"input_tokens":20,"cache_read_input_tokens":100,"cache_creation_input_tokens":5,"output_tokens":1}}})"},
                    {"content_block_start",
                     R"({"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}})"},
                    {"ping", R"({"type": "ping"})"},
                    {"content_block_delta",
                     R"({"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hmm"}})"},
                    {"content_block_delta",
                     R"({"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"你好"}})"},
                    {"content_block_delta",
                     R"({"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":" world"}})"},
                    {"content_block_stop", R"({"type":"content_block_stop","index":1})"},
                    {"message_delta",
                     R"({"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":15}})"},
                    {"message_stop", R"({"type":"message_stop"})"}})
            << QStringLiteral("你好 world") << 3 << 4 << true << QStringLiteral("end_turn")
            << Outcome::Ok << qint64(125) << qint64(15) << qint64(100)
            << QStringLiteral("claude-x");
        QTest::newRow("anthropic max_tokens")
            << QStringLiteral("anthropic-messages")
            << sse({kAnthropicStart,
                    {"content_block_delta",
                     R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"abc"}})"},
                    {"message_delta",
                     R"({"type":"message_delta","delta":{"stop_reason":"max_tokens"},"usage":{"output_tokens":3}})"},
                    {"message_stop", R"({"type":"message_stop"})"}})
            << QStringLiteral("abc") << 1 << 1 << true << QStringLiteral("max_tokens")
            << Outcome::TruncatedByLimit << qint64(7) << qint64(3) << qint64(-1)
            << QStringLiteral("m");
        QTest::newRow("anthropic overloaded mid-stream")
            << QStringLiteral("anthropic-messages")
            << sse({kAnthropicStart,
                    {"content_block_delta",
                     R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"par"}})"},
                    {"error",
                     R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})"}})
            << QStringLiteral("par") << 1 << 1 << false << QString() << Outcome::StreamError
            << qint64(7) << qint64(-1) << qint64(-1) << QStringLiteral("m");

        QTest::newRow("gemini ok")
            << QStringLiteral("gemini")
            << sse({{"",
                     R"({"candidates":[{"content":{"parts":[{"text":"Hel"}],"role":"model"},"index":0}],"usageMetadata":{"promptTokenCount":9,"totalTokenCount":9},"modelVersion":"gemini-x","responseId":"r1"})"},
                    {"",
                     R"({"candidates":[{"content":{"parts":[{"text":"lo"}],"role":"model"},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":9,"candidatesTokenCount":2,"cachedContentTokenCount":4,"totalTokenCount":11},"modelVersion":"gemini-x"})"}})
            << QStringLiteral("Hello") << 0 << 0 << true << QStringLiteral("STOP") << Outcome::Ok
            << qint64(9) << qint64(2) << qint64(4) << QStringLiteral("gemini-x");
        QTest::newRow("gemini thought first, then max tokens")
            << QStringLiteral("gemini")
            << sse({{"",
                     R"({"candidates":[{"content":{"parts":[{"text":"plan","thought":true}]}}]})"},
                    {"",
                     R"({"candidates":[{"content":{"parts":[{"text":"Answer"}]},"finishReason":"MAX_TOKENS"}],"usageMetadata":{"promptTokenCount":3,"candidatesTokenCount":1,"thoughtsTokenCount":2}})"}})
            << QStringLiteral("Answer") << 0 << 1 << true << QStringLiteral("MAX_TOKENS")
            << Outcome::TruncatedByLimit << qint64(3) << qint64(3) << qint64(-1) << QString();
        QTest::newRow("gemini cut without finishReason")
            << QStringLiteral("gemini")
            << sse({{"", R"({"candidates":[{"content":{"parts":[{"text":"Hel"}]}}]})"}})
            << QStringLiteral("Hel") << 0 << 0 << false << QString() << Outcome::StreamCut
            << qint64(-1) << qint64(-1) << qint64(-1) << QString();
        QTest::newRow("gemini error after 200")
            << QStringLiteral("gemini")
            << sse({{"", R"({"candidates":[{"content":{"parts":[{"text":"Hel"}]}}]})"},
                    {"",
                     R"({"error":{"code":500,"message":"Internal error","status":"INTERNAL"}})"}})
            << QStringLiteral("Hel") << 0 << 0 << false << QString() << Outcome::StreamError
            << qint64(-1) << qint64(-1) << qint64(-1) << QString();

        QTest::newRow("responses ok")
            << QStringLiteral("openai-responses")
            << sse({{"response.created",
                     R"({"type":"response.created","response":{"id":"resp_1","model":"gpt-x","status":"in_progress"}})"},
                    {"response.output_text.delta",
                     R"({"type":"response.output_text.delta","delta":"Hi"})"},
                    {"response.output_text.delta",
                     R"({"type":"response.output_text.delta","delta":" there"})"},
                    {"response.completed",
                     R"({"type":"response.completed","response":{"model":"gpt-x","status":"completed","usage":{"input_tokens":12,"input_tokens_details":{"cached_tokens":0},"output_tokens":2,"output_tokens_details":{"reasoning_tokens":0}}}})"}})
            << QStringLiteral("Hi there") << 1 << 1 << true << QStringLiteral("completed")
            << Outcome::Ok << qint64(12) << qint64(2) << qint64(0) << QStringLiteral("gpt-x");
        QTest::newRow("responses incomplete")
            << QStringLiteral("openai-responses")
            << sse({{"response.output_text.delta",
                     R"({"type":"response.output_text.delta","delta":"Hi"})"},
                    {"response.incomplete",
                     R"({"type":"response.incomplete","response":{"status":"incomplete","incomplete_details":{"reason":"max_output_tokens"},"usage":{"input_tokens":12,"output_tokens":1}}})"}})
            << QStringLiteral("Hi") << 0 << 0 << true << QStringLiteral("max_output_tokens")
            << Outcome::TruncatedByLimit << qint64(12) << qint64(1) << qint64(-1) << QString();
        QTest::newRow("responses failed")
            << QStringLiteral("openai-responses")
            << sse({{"response.output_text.delta",
                     R"({"type":"response.output_text.delta","delta":"Hi"})"},
                    {"response.failed",
                     R"({"type":"response.failed","response":{"status":"failed","error":{"code":"server_error","message":"boom"}}})"}})
            << QStringLiteral("Hi") << 0 << 0 << false << QString() << Outcome::StreamError
            << qint64(-1) << qint64(-1) << qint64(-1) << QString();
        QTest::newRow("responses cut")
            << QStringLiteral("openai-responses")
            << sse({{"response.output_text.delta",
                     R"({"type":"response.output_text.delta","delta":"Hi"})"}})
            << QStringLiteral("Hi") << 0 << 0 << false << QString() << Outcome::StreamCut
            << qint64(-1) << qint64(-1) << qint64(-1) << QString();
    }

    void streams()
    {
        QFETCH(QString, dialect);
        QFETCH(QByteArray, stream);
        QFETCH(QString, text);
        QFETCH(int, firstTokenEvent);
        QFETCH(int, firstContentEvent);
        QFETCH(bool, ended);
        QFETCH(QString, finish);
        QFETCH(ys::Outcome, outcome);
        QFETCH(qint64, input);
        QFETCH(qint64, output);
        QFETCH(qint64, cached);
        QFETCH(QString, model);

        const Decoded d = decodeStream(dialect, stream);
        QCOMPARE(d.state.text, text);
        QCOMPARE(d.firstTokenEvent, firstTokenEvent);
        QCOMPARE(d.firstContentEvent, firstContentEvent);
        QCOMPARE(d.state.endMarkerSeen, ended);
        QCOMPARE(d.state.finishReason, finish);
        const auto dl = makeDialect(dialect);
        // The attempt's rule: a failure wins, then a missing end marker, then the finish.
        const Outcome got = d.state.failure          ? *d.state.failure
                            : !d.state.endMarkerSeen ? Outcome::StreamCut
                                                     : dl->outcomeForFinish(d.state.finishReason);
        QCOMPARE(got, outcome);
        QCOMPARE(d.state.inputTokens.value_or(-1), input);
        QCOMPARE(d.state.outputTokens.value_or(-1), output);
        QCOMPARE(d.state.cachedTokens.value_or(-1), cached);
        QCOMPARE(d.state.model, model);
    }

    void requests_data()
    {
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QByteArray>("keyHeader");
        QTest::addColumn<QByteArray>("keyValue");
        QTest::newRow("openai-chat")
            << QStringLiteral("openai-chat") << QStringLiteral("/v1/chat/completions")
            << QByteArray("Authorization") << QByteArray("Bearer k-123");
        QTest::newRow("openai-responses")
            << QStringLiteral("openai-responses") << QStringLiteral("/v1/responses")
            << QByteArray("Authorization") << QByteArray("Bearer k-123");
        QTest::newRow("anthropic")
            << QStringLiteral("anthropic-messages") << QStringLiteral("/v1/messages")
            << QByteArray("x-api-key") << QByteArray("k-123");
        QTest::newRow("gemini") << QStringLiteral("gemini")
                                << QStringLiteral("/v1/models/m-1:streamGenerateContent?alt=sse")
                                << QByteArray("x-goog-api-key") << QByteArray("k-123");
    }

    void requests()
    {
        QFETCH(QString, dialect);
        QFETCH(QString, url);
        QFETCH(QByteArray, keyHeader);
        QFETCH(QByteArray, keyValue);
        const HttpRequestParts parts = requestFor(dialect);
        QCOMPARE(parts.url.toString(QUrl::RemoveScheme | QUrl::RemoveAuthority), url);
        // The key is in its header, never in the URL.
        QVERIFY(!parts.url.toString().contains(QStringLiteral("k-123")));
        bool found = false;
        for (const auto &[name, value] : parts.headers)
            found = found || (name == keyHeader && value == keyValue);
        QVERIFY(found);
        const auto body = nlohmann::json::parse(parts.body.toStdString());
        QVERIFY(body.dump().find("17") != std::string::npos);
        QVERIFY(body.dump().find("hello") != std::string::npos);
    }

    // Without history a request is one user message, byte for byte as before conversations.
    void bodyWithoutHistory_data()
    {
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("openai-chat")
            << QStringLiteral("openai-chat")
            << QByteArray(
                   R"({"max_tokens":17,"messages":[{"content":"hello","role":"user"}],)"
                   R"("model":"m-1","stream":true,"stream_options":{"include_usage":true}})");
        QTest::newRow("openai-responses")
            << QStringLiteral("openai-responses")
            << QByteArray(
                   R"({"input":"hello","max_output_tokens":17,"model":"m-1","stream":true})");
        QTest::newRow("anthropic")
            << QStringLiteral("anthropic-messages")
            << QByteArray(R"({"max_tokens":17,"messages":[{"content":"hello","role":"user"}],)"
                          R"("model":"m-1","stream":true})");
        QTest::newRow("gemini") << QStringLiteral("gemini")
                                << QByteArray(R"({"contents":[{"parts":[{"text":"hello"}],)"
                                              R"("role":"user"}],)"
                                              R"("generationConfig":{"maxOutputTokens":17}})");
    }

    void bodyWithoutHistory()
    {
        QFETCH(QString, dialect);
        QFETCH(QByteArray, body);
        QCOMPARE(requestFor(dialect).body, body);
    }

    // Earlier turns go before the prompt, each dialect in its own shape; the prompt stays the
    // last user message.
    void bodyWithHistory_data()
    {
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<bool>("twoUserTurns"); // a user turn right before the prompt
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("openai-chat")
            << QStringLiteral("openai-chat") << false
            << afterHistory(
                   R"({"content":"What is the secret code?","role":"user"}],)"
                   R"("model":"m-1","stream":true,"stream_options":{"include_usage":true}})");
        QTest::newRow("openai-chat, two user turns")
            << QStringLiteral("openai-chat") << true
            << afterHistory(
                   R"({"content":"Thanks.","role":"user"},)"
                   R"({"content":"What is the secret code?","role":"user"}],)"
                   R"("model":"m-1","stream":true,"stream_options":{"include_usage":true}})");
        QTest::newRow("openai-responses")
            << QStringLiteral("openai-responses") << false
            << QByteArray(R"({"input":[{"content":"The secret code is AB12.","role":"user"},)"
                          R"({"content":"Noted.","role":"assistant"},)"
                          R"({"content":"What is the secret code?","role":"user"}],)"
                          R"("max_output_tokens":17,"model":"m-1","stream":true})");
        QTest::newRow("anthropic")
            << QStringLiteral("anthropic-messages") << false
            << afterHistory(R"({"content":"What is the secret code?","role":"user"}],)"
                            R"("model":"m-1","stream":true})");
        // Anthropic's roles must alternate: the two user turns become one message.
        QTest::newRow("anthropic, two user turns")
            << QStringLiteral("anthropic-messages") << true
            << afterHistory(R"({"content":"Thanks.\nWhat is the secret code?","role":"user"}],)"
                            R"("model":"m-1","stream":true})");
        QTest::newRow("gemini")
            << QStringLiteral("gemini") << false
            << QByteArray(R"({"contents":[)"
                          R"({"parts":[{"text":"The secret code is AB12."}],"role":"user"},)"
                          R"({"parts":[{"text":"Noted."}],"role":"model"},)"
                          R"({"parts":[{"text":"What is the secret code?"}],"role":"user"}],)"
                          R"("generationConfig":{"maxOutputTokens":17}})");
    }

    void bodyWithHistory()
    {
        QFETCH(QString, dialect);
        QFETCH(bool, twoUserTurns);
        QFETCH(QByteArray, body);
        RequestSpec spec;
        spec.history = {{ChatTurn::Role::User, QStringLiteral("The secret code is AB12.")},
                        {ChatTurn::Role::Assistant, QStringLiteral("Noted.")}};
        if (twoUserTurns)
            spec.history.push_back({ChatTurn::Role::User, QStringLiteral("Thanks.")});
        spec.prompt = QStringLiteral("What is the secret code?");
        QCOMPARE(requestFor(dialect, spec).body, body);
    }

    void httpErrors_data()
    {
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<ys::Outcome>("outcome");
        QTest::newRow("anthropic context")
            << QStringLiteral("anthropic-messages") << 400
            << QByteArray(
                   R"({"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}})")
            << Outcome::ContextExceeded;
        QTest::newRow("anthropic 529")
            << QStringLiteral("anthropic-messages") << 529
            << QByteArray(
                   R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})")
            << Outcome::Overloaded;
        QTest::newRow("anthropic rate")
            << QStringLiteral("anthropic-messages") << 429
            << QByteArray(
                   R"({"type":"error","error":{"type":"rate_limit_error","message":"slow down"}})")
            << Outcome::RateLimited;
        QTest::newRow("anthropic credit")
            << QStringLiteral("anthropic-messages") << 400
            << QByteArray(
                   R"({"type":"error","error":{"type":"invalid_request_error","message":"Your credit balance is too low"}})")
            << Outcome::QuotaExhausted;
        QTest::newRow("anthropic auth")
            << QStringLiteral("anthropic-messages") << 401
            << QByteArray(
                   R"({"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}})")
            << Outcome::AuthError;
        QTest::newRow("gemini context")
            << QStringLiteral("gemini") << 400
            << QByteArray(
                   R"({"error":{"code":400,"message":"The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).","status":"INVALID_ARGUMENT"}})")
            << Outcome::ContextExceeded;
        QTest::newRow("gemini per-minute")
            << QStringLiteral("gemini") << 429
            << QByteArray(
                   R"({"error":{"code":429,"message":"Quota exceeded","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.QuotaFailure","violations":[{"quotaId":"GenerateRequestsPerMinutePerProjectPerModel"}]},{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"38s"}]}})")
            << Outcome::RateLimited;
        QTest::newRow("gemini per-day")
            << QStringLiteral("gemini") << 429
            << QByteArray(
                   R"({"error":{"code":429,"message":"Quota exceeded","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.QuotaFailure","violations":[{"quotaId":"GenerateRequestsPerDayPerProjectPerModel"}]}]}})")
            << Outcome::QuotaExhausted;
        QTest::newRow("gemini bad key")
            << QStringLiteral("gemini") << 400
            << QByteArray(
                   R"({"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT"}})")
            << Outcome::AuthError;
        QTest::newRow("responses context")
            << QStringLiteral("openai-responses") << 400
            << QByteArray(
                   R"({"error":{"message":"Your input exceeds the context window of this model.","type":"invalid_request_error","code":"context_length_exceeded"}})")
            << Outcome::ContextExceeded;
        // OpenAI and the compatible servers.
        QTest::newRow("vllm context (flat body)")
            << QStringLiteral("openai-chat")
            << 400
            // Not a raw string: moc's tokenizer reads the apostrophe as a character literal.
            << QByteArray("{\"object\":\"error\",\"message\":\"This model's maximum context "
                          "length is 4096 tokens. However, you requested 5000 tokens.\","
                          "\"type\":\"BadRequestError\",\"param\":null,\"code\":400}")
            << Outcome::ContextExceeded;
        QTest::newRow("llama.cpp context")
            << QStringLiteral("openai-chat") << 400
            << QByteArray(
                   R"({"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"invalid_request_error"}})")
            << Outcome::ContextExceeded;
        QTest::newRow("openai rate")
            << QStringLiteral("openai-chat") << 429
            << QByteArray(
                   R"({"error":{"message":"Rate limit reached for gpt-4o on requests per min (RPM): Limit 500.","type":"requests","param":null,"code":"rate_limit_exceeded"}})")
            << Outcome::RateLimited;
        QTest::newRow("openai quota")
            << QStringLiteral("openai-chat") << 429
            << QByteArray(
                   R"({"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}})")
            << Outcome::QuotaExhausted;
        QTest::newRow("openai overloaded")
            << QStringLiteral("openai-chat") << 503
            << QByteArray(
                   R"({"error":{"message":"The server is overloaded or not ready yet.","type":"server_error","param":null,"code":null}})")
            << Outcome::Overloaded;
        QTest::newRow("openai auth")
            << QStringLiteral("openai-chat") << 401
            << QByteArray(
                   R"({"error":{"message":"Incorrect API key provided: sk-test.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}})")
            << Outcome::AuthError;
    }

    void httpErrors()
    {
        QFETCH(QString, dialect);
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(ys::Outcome, outcome);
        QString message;
        const auto d = makeDialect(dialect);
        QCOMPARE(d->classifyHttpError(status, body, &message), outcome);
        QVERIFY(!message.isEmpty());

        // Each of these names its class, so the same error inside a 200 stream gets the same
        // one: as the dialect's error event, and as an SSE "error:" field line.
        SseEvent event;
        event.type = dialect == QLatin1StringView("anthropic-messages") ? QByteArray("error")
                                                                        : QByteArray("message");
        event.data = body;
        DecodeState inStream;
        d->newDecoder()->take(event, inStream);
        QCOMPARE(inStream.failure, std::optional<Outcome>(Outcome::StreamError));
        QCOMPARE(d->classifyError(inStream.error, ErrorChannel::InBand), outcome);

        event.type = "error";
        event.errorField = true;
        DecodeState field;
        d->newDecoder()->take(event, field);
        QCOMPARE(d->classifyError(field.error, ErrorChannel::InBand), outcome);
    }

    // What nothing identifies: as an HTTP reply its status decides, in a stream it is a stream
    // error unless its status says more.
    void unidentifiedErrors()
    {
        for (const QString &name : knownDialects()) {
            const auto d = makeDialect(name);
            ProviderError e;
            e.message = QStringLiteral("something broke");
            e.status = 500;
            QCOMPARE(d->classifyError(e, ErrorChannel::HttpStatus), Outcome::ServerError);
            QCOMPARE(d->classifyError(e, ErrorChannel::InBand), Outcome::StreamError);
            e.status = 429;
            QCOMPARE(d->classifyError(e, ErrorChannel::InBand), Outcome::RateLimited);
            e.status = 0;
            QCOMPARE(d->classifyError(e, ErrorChannel::InBand), Outcome::StreamError);
        }
    }

    void unknownDialect() { QVERIFY(!makeDialect(QStringLiteral("smoke-signals"))); }
};

YS_TEST_GUILESS_MAIN(TstProviderDialects)
#include "tst_provider_dialects.moc"
