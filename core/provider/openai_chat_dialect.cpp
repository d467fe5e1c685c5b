#include "provider/openai_chat_dialect.h"

#include "provider/json_fields.h"
#include "provider/sse_parser.h"

#include <nlohmann/json.hpp>

namespace ys {

using nlohmann::json;
using namespace json_fields;

namespace {

// Every member name the stream decoder reads (readCompletion and what it calls).
const KeySet kEventKeys{"error",
                        "type",
                        "code",
                        "message",
                        "model",
                        "system_fingerprint",
                        "choices",
                        "delta",
                        "content",
                        "reasoning_content",
                        "reasoning",
                        "finish_reason",
                        "usage",
                        "prompt_tokens",
                        "completion_tokens",
                        "prompt_tokens_details",
                        "cached_tokens",
                        "completion_tokens_details",
                        "reasoning_tokens"};

void readUsage(const json &usage, DecodeState &state)
{
    if (!usage.is_object())
        return;
    state.inputTokens = count(usage, "prompt_tokens");
    state.outputTokens = count(usage, "completion_tokens");
    if (auto d = usage.find("prompt_tokens_details"); d != usage.end() && d->is_object())
        state.cachedTokens = count(*d, "cached_tokens");
    if (auto d = usage.find("completion_tokens_details"); d != usage.end() && d->is_object())
        state.reasoningTokens = count(*d, "reasoning_tokens");
}

void readError(const json &error, DecodeState &state)
{
    state.failure = Outcome::StreamError;
    if (error.is_object()) {
        state.errorType = str(error, "type");
        if (state.errorType.isEmpty())
            state.errorType = str(error, "code");
        state.errorMessage = str(error, "message");
    } else if (error.is_string()) {
        const std::string &text = error.get_ref<const std::string &>();
        state.errorMessage = QString::fromUtf8(text.data(), qsizetype(text.size()));
    }
}

// Reads one choice's text, whether from a streaming delta or a complete message.
EventYield readChoice(const json &message, DecodeState &state)
{
    EventYield yield;
    if (!message.is_object())
        return yield;
    if (auto c = message.find("content"); c != message.end() && c->is_string()) {
        const std::string &bytes = c->get_ref<const std::string &>();
        const QString text = QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
        yield.contentChars = text.size();
        state.text += text;
    }
    // Compatible servers (DeepSeek, vLLM, Qwen) stream reasoning under one of these names.
    for (const char *key : {"reasoning_content", "reasoning"}) {
        if (auto r = message.find(key); r != message.end() && r->is_string()) {
            const std::string &bytes = r->get_ref<const std::string &>();
            const auto n = QString::fromUtf8(bytes.data(), qsizetype(bytes.size())).size();
            yield.reasoningChars += n;
            state.reasoningChars += n;
        }
    }
    return yield;
}

EventYield readCompletion(const json &doc, DecodeState &state)
{
    EventYield yield;
    if (!doc.is_object()) {
        state.failure = Outcome::MalformedStream;
        state.errorMessage = QStringLiteral("expected a JSON object");
        return yield;
    }
    if (auto e = doc.find("error"); e != doc.end() && !e->is_null()) {
        readError(*e, state);
        return yield;
    }
    if (const QString m = str(doc, "model"); !m.isEmpty())
        state.model = m;
    if (const QString fp = str(doc, "system_fingerprint"); !fp.isEmpty())
        state.systemFingerprint = fp;
    if (auto choices = doc.find("choices"); choices != doc.end() && choices->is_array()) {
        for (const json &choice : *choices) {
            if (!choice.is_object())
                continue;
            if (auto d = choice.find("delta"); d != choice.end()) {
                const EventYield y = readChoice(*d, state);
                yield.contentChars += y.contentChars;
                yield.reasoningChars += y.reasoningChars;
            }
            if (auto m = choice.find("message"); m != choice.end()) {
                const EventYield y = readChoice(*m, state);
                yield.contentChars += y.contentChars;
                yield.reasoningChars += y.reasoningChars;
            }
            if (const QString fr = str(choice, "finish_reason"); !fr.isEmpty())
                state.finishReason = fr;
        }
    }
    if (auto u = doc.find("usage"); u != doc.end())
        readUsage(*u, state);
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
        const json doc = parseKeeping(event.data, kEventKeys);
        if (doc.is_discarded()) {
            state.failure = Outcome::MalformedStream;
            state.errorMessage = QStringLiteral("malformed JSON in stream event");
            return {};
        }
        return readCompletion(doc, state);
    }

    void decodeBody(const QByteArray &body, DecodeState &state) override
    {
        json doc = json::parse(body.begin(), body.end(), nullptr, false);
        if (doc.is_discarded()) {
            state.failure = Outcome::MalformedStream;
            state.errorMessage = QStringLiteral("malformed JSON body");
            return;
        }
        readCompletion(doc, state);
        if (!state.failure)
            state.endMarkerSeen = !state.finishReason.isEmpty();
    }
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
