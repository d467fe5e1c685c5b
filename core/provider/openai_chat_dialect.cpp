#include "provider/openai_chat_dialect.h"

#include "wire/json_fields.h"
#include "wire/sse_parser.h"

#include <nlohmann/json.hpp>

namespace ys {

using nlohmann::json;
using namespace json_fields;

namespace {

void readUsage(JsonValue usage, DecodeState &state)
{
    if (!usage.isObject())
        return;
    state.inputTokens = count(usage, "prompt_tokens");
    state.outputTokens = count(usage, "completion_tokens");
    if (const JsonValue d = object(usage, "prompt_tokens_details"))
        state.cachedTokens = count(d, "cached_tokens");
    if (const JsonValue d = object(usage, "completion_tokens_details"))
        state.reasoningTokens = count(d, "reasoning_tokens");
}

void readError(JsonValue error, DecodeState &state)
{
    state.failure = Outcome::StreamError;
    if (error.isObject()) {
        state.errorType = str(error, "type");
        if (state.errorType.isEmpty())
            state.errorType = str(error, "code");
        state.errorMessage = str(error, "message");
    } else if (error.isString()) {
        state.errorMessage = error.toQString();
    }
}

// Reads one choice's text, whether from a streaming delta or a complete message.
EventYield readChoice(JsonValue message, DecodeState &state)
{
    EventYield yield;
    if (!message.isObject())
        return yield;
    if (const JsonValue c = message["content"]; c.isString()) {
        const std::string_view bytes = c.string();
        yield.contentChars = utf16Length(bytes);
        appendUtf8(state.text, bytes);
    }
    // Compatible servers (DeepSeek, vLLM, Qwen) stream reasoning under one of these names.
    for (const char *key : {"reasoning_content", "reasoning"}) {
        if (const JsonValue r = message[key]; r.isString()) {
            const qsizetype n = utf16Length(r.string());
            yield.reasoningChars += n;
            state.reasoningChars += n;
        }
    }
    return yield;
}

EventYield readCompletion(JsonValue doc, DecodeState &state)
{
    EventYield yield;
    if (!doc.isObject()) {
        state.failure = Outcome::MalformedStream;
        state.errorMessage = QStringLiteral("expected a JSON object");
        return yield;
    }
    if (const JsonValue e = doc["error"]; e.isPresent() && !e.isNull()) {
        readError(e, state);
        return yield;
    }
    if (const std::string_view m = doc["model"].string(); !m.empty())
        assignUtf8(state.model, m);
    if (const std::string_view fp = doc["system_fingerprint"].string(); !fp.empty())
        assignUtf8(state.systemFingerprint, fp);
    if (const JsonValue choices = doc["choices"]; choices.isArray()) {
        for (const JsonValue choice : choices) {
            if (!choice.isObject())
                continue;
            if (const JsonValue d = choice["delta"]; d.isPresent()) {
                const EventYield y = readChoice(d, state);
                yield.contentChars += y.contentChars;
                yield.reasoningChars += y.reasoningChars;
            }
            if (const JsonValue m = choice["message"]; m.isPresent()) {
                const EventYield y = readChoice(m, state);
                yield.contentChars += y.contentChars;
                yield.reasoningChars += y.reasoningChars;
            }
            if (const std::string_view fr = choice["finish_reason"].string(); !fr.empty())
                assignUtf8(state.finishReason, fr);
        }
    }
    if (const JsonValue u = doc["usage"]; u.isPresent())
        readUsage(u, state);
    return yield;
}

class OpenAiChatDecoder final : public StreamDecoder {
public:
    EventYield decodeEvent(const SseEvent &event, DecodeState &state) override
    {
        if (event.type != "message")
            return {};
        if (event.data == "[DONE]") {
            state.endMarkerSeen = true;
            return {};
        }
        if (!m_doc.parse(event.data)) {
            state.failure = Outcome::MalformedStream;
            state.errorMessage = QStringLiteral("malformed JSON in stream event");
            return {};
        }
        return readCompletion(m_doc.root(), state);
    }

    void decodeBody(const QByteArray &body, DecodeState &state) override
    {
        if (!m_doc.parse(body)) {
            state.failure = Outcome::MalformedStream;
            state.errorMessage = QStringLiteral("malformed JSON body");
            return;
        }
        readCompletion(m_doc.root(), state);
        if (!state.failure)
            state.endMarkerSeen = !state.finishReason.isEmpty();
    }

private:
    JsonDocument m_doc; // kept from one event to the next
};

} // namespace

HttpRequestParts OpenAiChatDialect::buildRequest(const ProviderConfig &provider,
                                                 const RequestSpec &spec,
                                                 const QByteArray &apiKey) const
{
    HttpRequestParts parts;
    parts.url = appendPath(provider.baseUrl, QStringLiteral("chat/completions"));

    json body;
    body["model"] = provider.model.toStdString();
    body["messages"] = json::array({{{"role", "user"}, {"content", spec.prompt.toStdString()}}});
    body["max_tokens"] = spec.maxOutputTokens;
    body["stream"] = spec.stream;
    if (spec.stream)
        body["stream_options"] = {{"include_usage", true}};
    parts.body = QByteArray::fromStdString(body.dump());

    parts.headers.append(std::pair(QByteArray("Content-Type"), QByteArray("application/json")));
    parts.headers.append(std::pair(QByteArray("Accept"), spec.stream
                                                             ? QByteArray("text/event-stream")
                                                             : QByteArray("application/json")));
    if (!apiKey.isEmpty())
        parts.headers.append(std::pair(QByteArray("Authorization"), "Bearer " + apiKey));
    return parts;
}

std::unique_ptr<StreamDecoder> OpenAiChatDialect::newDecoder() const
{
    return std::make_unique<OpenAiChatDecoder>();
}

Outcome OpenAiChatDialect::classifyHttpError(int status, const QByteArray &body,
                                             QString *message) const
{
    QString code;
    QString type;
    QString text;
    json doc = json::parse(body.begin(), body.end(), nullptr, false);
    if (!doc.is_discarded() && doc.is_object()) {
        if (auto e = doc.find("error"); e != doc.end() && e->is_object()) {
            code = str(*e, "code");
            type = str(*e, "type");
            text = str(*e, "message");
        } else if (auto e = doc.find("error"); e != doc.end() && e->is_string()) {
            text = QString::fromStdString(e->get<std::string>());
        }
        if (text.isEmpty())
            text = str(doc, "message");
    }
    if (message)
        *message = text.isEmpty() ? QString::fromUtf8(body.left(512)) : text;

    const QString lower = text.toLower();
    if (code == QLatin1StringView("context_length_exceeded") ||
        type == QLatin1StringView("exceed_context_size_error") ||
        lower.contains(QLatin1StringView("maximum context length")) ||
        lower.contains(QLatin1StringView("context length")) ||
        lower.contains(QLatin1StringView("exceeds the available context size")))
        return Outcome::ContextExceeded;
    // Quota and spend limits: retrying will not help until someone pays or the period ends.
    if (code == QLatin1StringView("insufficient_quota") ||
        type == QLatin1StringView("insufficient_quota") ||
        code == QLatin1StringView("billing_hard_limit_reached") ||
        code == QLatin1StringView("billing_not_active") ||
        lower.contains(QLatin1StringView("billing hard limit")))
        return Outcome::QuotaExhausted;
    return classifyHttpStatus(status);
}

Outcome OpenAiChatDialect::outcomeForFinish(const QString &finishReason) const
{
    if (finishReason == QLatin1StringView("length"))
        return Outcome::TruncatedByLimit;
    return Outcome::Ok;
}

} // namespace ys
