// The OpenAI Chat Completions dialect: request shape, stream decoding, error classification.
#include "provider/openai_chat_dialect.h"
#include "test_main.h"
#include "wire/sse_parser.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;

class TstOpenAiChatDialect : public QObject {
    Q_OBJECT

private:
    static SseEvent message(const char *data)
    {
        SseEvent e;
        e.type = "message";
        e.data = data;
        return e;
    }

private Q_SLOTS:
    void requestAsksForUsageAndCarriesKey()
    {
        OpenAiChatDialect d;
        ProviderConfig p;
        p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:9/v1"));
        p.model = QStringLiteral("m1");
        RequestSpec spec;
        spec.prompt = QStringLiteral("hello");
        spec.maxOutputTokens = 42;
        const HttpRequestParts parts = d.buildRequest(p, spec, "sk-test-secret");
        QCOMPARE(parts.url.toString(), QStringLiteral("http://127.0.0.1:9/v1/chat/completions"));
        const auto body = nlohmann::json::parse(parts.body.toStdString());
        QVERIFY(body["model"] == "m1");
        QVERIFY(body["max_tokens"] == 42);
        QVERIFY(body["stream"] == true);
        QVERIFY(body["stream_options"]["include_usage"] == true);
        QVERIFY(body["messages"][0]["content"] == "hello");
        bool sawAuth = false;
        for (const auto &[name, value] : parts.headers)
            sawAuth = sawAuth || (name == "Authorization" && value == "Bearer sk-test-secret");
        QVERIFY(sawAuth);
        // No key configured: no Authorization header at all.
        for (const auto &[name, value] : d.buildRequest(p, spec, {}).headers)
            QVERIFY(name != "Authorization");
    }

    void roleOnlyChunkIsNotAToken()
    {
        OpenAiChatDialect d;
        auto dec = d.newDecoder();
        DecodeState st;
        auto y = dec->decodeEvent(
            message(
                R"({"id":"c","model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]})"),
            st);
        QVERIFY(!y.meaningful());
        y = dec->decodeEvent(message(R"({"choices":[]})"), st);
        QVERIFY(!y.meaningful());
        y = dec->decodeEvent(
            message(R"({"choices":[{"index":0,"delta":{"content":"你好 data: [DONE]"}}]})"), st);
        QCOMPARE(y.contentChars, 15);
        QCOMPARE(st.text, QStringLiteral("你好 data: [DONE]"));
        QVERIFY(!st.endMarkerSeen);
        QCOMPARE(st.model, QStringLiteral("m"));
    }

    void reasoningCountsAsFirstTokenButNotContent()
    {
        OpenAiChatDialect d;
        auto dec = d.newDecoder();
        DecodeState st;
        const auto y = dec->decodeEvent(
            message(R"({"choices":[{"delta":{"reasoning_content":"think"}}]})"), st);
        QVERIFY(y.meaningful());
        QCOMPARE(y.contentChars, 0);
        QCOMPARE(y.reasoningChars, 5);
    }

    void usageChunkAndDone()
    {
        OpenAiChatDialect d;
        auto dec = d.newDecoder();
        DecodeState st;
        dec->decodeEvent(message(R"({"choices":[{"delta":{},"finish_reason":"length"}]})"), st);
        dec->decodeEvent(
            message(
                R"({"choices":[],"system_fingerprint":"fp1","usage":{"prompt_tokens":1000,"completion_tokens":64,"total_tokens":1064,"prompt_tokens_details":{"cached_tokens":12},"completion_tokens_details":{"reasoning_tokens":3}}})"),
            st);
        dec->decodeEvent(message("[DONE]"), st);
        QVERIFY(st.endMarkerSeen);
        QCOMPARE(st.finishReason, QStringLiteral("length"));
        QCOMPARE(d.outcomeForFinish(st.finishReason), Outcome::TruncatedByLimit);
        QCOMPARE(st.inputTokens.value(), 1000);
        QCOMPARE(st.outputTokens.value(), 64);
        QCOMPARE(st.cachedTokens.value(), 12);
        QCOMPARE(st.reasoningTokens.value(), 3);
        QCOMPARE(st.systemFingerprint, QStringLiteral("fp1"));
    }

    void missingUsageStaysNull()
    {
        OpenAiChatDialect d;
        auto dec = d.newDecoder();
        DecodeState st;
        dec->decodeEvent(
            message(R"({"choices":[{"delta":{"content":"x"},"finish_reason":"stop"}]})"), st);
        dec->decodeEvent(message("[DONE]"), st);
        QVERIFY(!st.inputTokens.has_value());
        QVERIFY(!st.outputTokens.has_value());
    }

    void errorInStreamFails()
    {
        OpenAiChatDialect d;
        auto dec = d.newDecoder();
        DecodeState st;
        dec->decodeEvent(message(R"({"choices":[{"delta":{"content":"partial"}}]})"), st);
        dec->decodeEvent(message(R"({"error":{"message":"boom","type":"server_error"}})"), st);
        dec->decodeEvent(message("[DONE]"), st);
        QCOMPARE(st.failure.value(), Outcome::StreamError);
        QCOMPARE(st.error.type, QStringLiteral("server_error"));
        QCOMPARE(st.error.message, QStringLiteral("boom"));
        // Nothing in it names a class, so in band it stays a stream error.
        QCOMPARE(d.classifyError(st.error, ErrorChannel::InBand), Outcome::StreamError);
    }

    void malformedJson()
    {
        OpenAiChatDialect d;
        auto dec = d.newDecoder();
        DecodeState st;
        dec->decodeEvent(message(R"({"choices":[{"delta":)"), st);
        QCOMPARE(st.failure.value(), Outcome::MalformedStream);
    }

    void nonStreamingBody()
    {
        OpenAiChatDialect d;
        auto dec = d.newDecoder();
        DecodeState st;
        dec->decodeBody(
            R"({"object":"chat.completion","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"Hi"},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":1}})",
            st);
        QVERIFY(st.endMarkerSeen);
        QCOMPARE(st.text, QStringLiteral("Hi"));
        QCOMPARE(st.outputTokens.value(), 1);
    }

    void classifyErrors_data()
    {
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("outcome");
        QTest::newRow("openai context")
            << 400
            << QByteArray(
                   R"({"error":{"message":"This model's maximum context length is 8192 tokens.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}})")
            << int(Outcome::ContextExceeded);
        QTest::newRow("vllm context")
            << 400
            << QByteArray(
                   R"({"object":"error","message":"This model's maximum context length is 4096 tokens. However, you requested 5000 tokens.","type":"BadRequestError","param":null,"code":400})")
            << int(Outcome::ContextExceeded);
        QTest::newRow("llama.cpp context 500")
            << 500
            << QByteArray(
                   R"({"error":{"code":500,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error","n_prompt_tokens":9000,"n_ctx":4096}})")
            << int(Outcome::ContextExceeded);
        QTest::newRow("quota")
            << 429
            << QByteArray(
                   R"({"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}})")
            << int(Outcome::QuotaExhausted);
        QTest::newRow("rate")
            << 429
            << QByteArray(
                   R"({"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}})")
            << int(Outcome::RateLimited);
        QTest::newRow("auth")
            << 401
            << QByteArray(
                   R"({"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}})")
            << int(Outcome::AuthError);
        QTest::newRow("overloaded 503") << 503 << QByteArray("busy") << int(Outcome::Overloaded);
        QTest::newRow("server 500") << 500 << QByteArray("{}") << int(Outcome::ServerError);
        QTest::newRow("not found")
            << 404
            << QByteArray(
                   R"({"error":{"message":"The model does not exist","code":"model_not_found"}})")
            << int(Outcome::ClientError);
    }

    void classifyErrors()
    {
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(int, outcome);
        OpenAiChatDialect d;
        QString message;
        QCOMPARE(int(d.classifyHttpError(status, body, &message)), outcome);
        QVERIFY(!message.isEmpty());
    }
};

YS_TEST_GUILESS_MAIN(TstOpenAiChatDialect)
#include "tst_openai_chat_dialect.moc"
