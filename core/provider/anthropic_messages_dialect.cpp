#include "provider/anthropic_messages_dialect.h"

#include "provider/json_fields.h"
#include "provider/sse_parser.h"

namespace ys {

using nlohmann::json;
using namespace json_fields;

namespace {

// Every member name the stream decoder reads.
const KeySet kEventKeys{"type",
                        "message",
                        "model",
                        "usage",
                        "input_tokens",
                        "cache_read_input_tokens",
                        "cache_creation_input_tokens",
                        "output_tokens",
                        "delta",
                        "text",
                        "thinking",
                        "stop_reason",
                        "error"};

// message_start's usage carries a placeholder output count (1 or so) before any text: only
// message_delta's cumulative count is the real one, so a stream cut before it has no output
// count (NULL, estimated), never the placeholder.
void readUsage(const json &usage, DecodeState &state, bool outputCount)
{
    // input_tokens excludes the cache; the whole prompt is the sum of the three input fields.
    const auto input = count(usage, "input_tokens");
    const auto cacheRead = count(usage, "cache_read_input_tokens");
    const auto cacheWrite = count(usage, "cache_creation_input_tokens");
    if (input)
        state.inputTokens = *input + cacheRead.value_or(0) + cacheWrite.value_or(0);
    if (cacheRead)
        state.cachedTokens = cacheRead;
    if (!outputCount)
        return;
    if (const auto out = count(usage, "output_tokens"))
        state.outputTokens = out; // cumulative: the latest is the total
}

void readError(const json &doc, DecodeState &state)
{
    state.failure = Outcome::StreamError;
    const json *error = object(doc, "error");
    state.errorType = error ? str(*error, "type") : QString();
    state.errorMessage = error ? str(*error, "message") : QString();
}

class AnthropicDecoder final : public StreamDecoder {
public:
    EventYield decodeEvent(const SseEvent &event, DecodeState &state) override
    {
        if (event.type == "ping")
            return {};
        const json doc = parseKeeping(event.data, kEventKeys);
        if (doc.is_discarded() || !doc.is_object()) {
            state.failure = Outcome::MalformedStream;
            state.errorMessage = QStringLiteral("malformed JSON in stream event");
            return {};
        }
        // The event name and the JSON "type" agree; the JSON is what the SDKs trust.
        const QString type = str(doc, "type");
        EventYield yield;
        if (type == QLatin1StringView("message_start")) {
            if (const json *message = object(doc, "message")) {
                state.model = str(*message, "model");
                if (const json *usage = object(*message, "usage"))
                    readUsage(*usage, state, false);
            }
        } else if (type == QLatin1StringView("content_block_delta")) {
            if (const json *delta = object(doc, "delta")) {
                const QString kind = str(*delta, "type");
                if (kind == QLatin1StringView("text_delta")) {
                    const QString text = str(*delta, "text");
                    yield.contentChars = text.size();
                    state.text += text;
                } else if (kind == QLatin1StringView("thinking_delta")) {
                    yield.reasoningChars = str(*delta, "thinking").size();
                    state.reasoningChars += yield.reasoningChars;
                }
            }
        } else if (type == QLatin1StringView("message_delta")) {
            if (const json *delta = object(doc, "delta"))
                if (const QString stop = str(*delta, "stop_reason"); !stop.isEmpty())
                    state.finishReason = stop;
            if (const json *usage = object(doc, "usage"))
                readUsage(*usage, state, true);
        } else if (type == QLatin1StringView("message_stop")) {
            state.endMarkerSeen = true;
        } else if (type == QLatin1StringView("error")) {
            readError(doc, state);
        }
        return yield;
    }

    void decodeBody(const QByteArray &body, DecodeState &state) override
    {
        const json doc = parse(body);
        if (doc.is_discarded() || !doc.is_object()) {
            state.failure = Outcome::MalformedStream;
            state.errorMessage = QStringLiteral("malformed JSON body");
            return;
        }
        if (str(doc, "type") == QLatin1StringView("error"))
            return readError(doc, state);
        state.model = str(doc, "model");
        if (auto content = doc.find("content"); content != doc.end() && content->is_array()) {
            for (const json &block : *content) {
                if (str(block, "type") == QLatin1StringView("text"))
                    state.text += str(block, "text");
                else if (str(block, "type") == QLatin1StringView("thinking"))
                    state.reasoningChars += str(block, "thinking").size();
            }
        }
        state.finishReason = str(doc, "stop_reason");
        if (const json *usage = object(doc, "usage"))
            readUsage(*usage, state, true);
        state.endMarkerSeen = !state.finishReason.isEmpty();
    }
};

} // namespace

HttpRequestParts AnthropicMessagesDialect::buildRequest(const ProviderConfig &provider,
                                                        const RequestSpec &spec,
                                                        const QByteArray &apiKey) const
{
    HttpRequestParts parts;
    parts.url = appendPath(provider.baseUrl, QStringLiteral("messages"));
    json body;
    body["model"] = provider.model.toStdString();
    body["max_tokens"] = spec.maxOutputTokens;
    body["messages"] = json::array({{{"role", "user"}, {"content", spec.prompt.toStdString()}}});
    body["stream"] = spec.stream;
    parts.body = QByteArray::fromStdString(body.dump());
    parts.headers.append(std::pair(QByteArray("Content-Type"), QByteArray("application/json")));
    parts.headers.append(std::pair(QByteArray("anthropic-version"), QByteArray("2023-06-01")));
    if (!apiKey.isEmpty())
        parts.headers.append(std::pair(QByteArray("x-api-key"), apiKey));
    return parts;
}

std::unique_ptr<StreamDecoder> AnthropicMessagesDialect::newDecoder() const
{
    return std::make_unique<AnthropicDecoder>();
}

Outcome AnthropicMessagesDialect::classifyHttpError(int status, const QByteArray &body,
                                                    QString *message) const
{
    const json doc = parse(body);
    const json *error = doc.is_discarded() ? nullptr : object(doc, "error");
    const QString type = error ? str(*error, "type") : QString();
    const QString text = error ? str(*error, "message") : QString();
    if (message)
        *message =
            text.isEmpty() ? QString::fromUtf8(body.left(512)) : type + QStringLiteral(": ") + text;
    const QString lower = text.toLower();
    // No stable code for context overflow: the message is what identifies it.
    if (lower.contains(QLatin1StringView("prompt is too long")) ||
        lower.contains(QLatin1StringView("context window")))
        return Outcome::ContextExceeded;
    if (lower.contains(QLatin1StringView("credit balance")) ||
        lower.contains(QLatin1StringView("spend limit")) ||
        lower.contains(QLatin1StringView("api usage limits")) ||
        lower.contains(QLatin1StringView("billing")))
        return Outcome::QuotaExhausted;
    if (type == QLatin1StringView("overloaded_error"))
        return Outcome::Overloaded;
    if (type == QLatin1StringView("rate_limit_error"))
        return Outcome::RateLimited;
    if (type == QLatin1StringView("authentication_error") ||
        type == QLatin1StringView("permission_error"))
        return Outcome::AuthError;
    return classifyHttpStatus(status);
}

Outcome AnthropicMessagesDialect::outcomeForFinish(const QString &finishReason) const
{
    if (finishReason == QLatin1StringView("max_tokens"))
        return Outcome::TruncatedByLimit;
    if (finishReason == QLatin1StringView("model_context_window_exceeded"))
        return Outcome::ContextExceeded;
    return Outcome::Ok;
}

} // namespace ys
