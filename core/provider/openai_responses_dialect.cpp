#include "provider/openai_responses_dialect.h"

#include "provider/json_fields.h"
#include "provider/openai_chat_dialect.h"
#include "provider/sse_parser.h"

namespace ys {

using nlohmann::json;
using namespace json_fields;

namespace {

// Every member name the stream decoder reads.
const KeySet kEventKeys{"type",
                        "delta",
                        "response",
                        "model",
                        "usage",
                        "input_tokens",
                        "output_tokens",
                        "input_tokens_details",
                        "cached_tokens",
                        "output_tokens_details",
                        "reasoning_tokens",
                        "incomplete_details",
                        "reason",
                        "error",
                        "code",
                        "message"};

void readResponseObject(const json &response, DecodeState &state)
{
    if (const QString m = str(response, "model"); !m.isEmpty())
        state.model = m;
    if (const json *usage = object(response, "usage")) {
        state.inputTokens = count(*usage, "input_tokens");
        state.outputTokens = count(*usage, "output_tokens");
        if (const json *d = object(*usage, "input_tokens_details"))
            state.cachedTokens = count(*d, "cached_tokens");
        if (const json *d = object(*usage, "output_tokens_details"))
            state.reasoningTokens = count(*d, "reasoning_tokens");
    }
}

void readFailure(const json *error, DecodeState &state)
{
    state.failure = Outcome::StreamError;
    if (error) {
        state.errorType = str(*error, "code");
        if (state.errorType.isEmpty())
            state.errorType = str(*error, "type");
        state.errorMessage = str(*error, "message");
    }
}

class ResponsesDecoder final : public StreamDecoder {
public:
    EventYield decodeEvent(const SseEvent &event, DecodeState &state) override
    {
        const json doc = parseKeeping(event.data, kEventKeys);
        if (doc.is_discarded() || !doc.is_object()) {
            state.failure = Outcome::MalformedStream;
            state.errorMessage = QStringLiteral("malformed JSON in stream event");
            return {};
        }
        const QString type = str(doc, "type");
        EventYield yield;
        if (type == QLatin1StringView("response.output_text.delta")) {
            const QString delta = str(doc, "delta");
            yield.contentChars = delta.size();
            state.text += delta;
        } else if (type == QLatin1StringView("response.reasoning_text.delta") ||
                   type == QLatin1StringView("response.reasoning_summary_text.delta")) {
            yield.reasoningChars = str(doc, "delta").size();
            state.reasoningChars += yield.reasoningChars;
        } else if (type == QLatin1StringView("response.created") ||
                   type == QLatin1StringView("response.in_progress")) {
            if (const json *r = object(doc, "response"))
                readResponseObject(*r, state);
        } else if (type == QLatin1StringView("response.completed")) {
            if (const json *r = object(doc, "response"))
                readResponseObject(*r, state);
            state.finishReason = QStringLiteral("completed");
            state.endMarkerSeen = true;
        } else if (type == QLatin1StringView("response.incomplete")) {
            if (const json *r = object(doc, "response")) {
                readResponseObject(*r, state);
                const json *details = object(*r, "incomplete_details");
                state.finishReason = details ? str(*details, "reason") : QString();
            }
            if (state.finishReason.isEmpty())
                state.finishReason = QStringLiteral("incomplete");
            state.endMarkerSeen = true;
        } else if (type == QLatin1StringView("response.failed")) {
            const json *r = object(doc, "response");
            readFailure(r ? object(*r, "error") : nullptr, state);
        } else if (type == QLatin1StringView("error")) {
            readFailure(object(doc, "error") ? object(doc, "error") : &doc, state);
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
        if (const json *error = object(doc, "error"))
            return readFailure(error, state);
        readResponseObject(doc, state);
        if (auto output = doc.find("output"); output != doc.end() && output->is_array()) {
            for (const json &item : *output) {
                auto content = item.find("content");
                if (content == item.end() || !content->is_array())
                    continue;
                for (const json &part : *content)
                    if (str(part, "type") == QLatin1StringView("output_text"))
                        state.text += str(part, "text");
            }
        }
        const QString status = str(doc, "status");
        if (status == QLatin1StringView("incomplete")) {
            const json *details = object(doc, "incomplete_details");
            state.finishReason = details ? str(*details, "reason") : status;
        } else {
            state.finishReason = status;
        }
        state.endMarkerSeen = !status.isEmpty();
    }
};

} // namespace

HttpRequestParts OpenAiResponsesDialect::buildRequest(const ProviderConfig &provider,
                                                      const RequestSpec &spec,
                                                      const QByteArray &apiKey) const
{
    HttpRequestParts parts;
    parts.url = appendPath(provider.baseUrl, QStringLiteral("responses"));
    json body;
    body["model"] = provider.model.toStdString();
    body["input"] = spec.prompt.toStdString();
    body["max_output_tokens"] = spec.maxOutputTokens;
    body["stream"] = spec.stream;
    parts.body = QByteArray::fromStdString(body.dump());
    parts.headers.append(std::pair(QByteArray("Content-Type"), QByteArray("application/json")));
    if (!apiKey.isEmpty())
        parts.headers.append(std::pair(QByteArray("Authorization"), "Bearer " + apiKey));
    return parts;
}

std::unique_ptr<StreamDecoder> OpenAiResponsesDialect::newDecoder() const
{
    return std::make_unique<ResponsesDecoder>();
}

Outcome OpenAiResponsesDialect::classifyHttpError(int status, const QByteArray &body,
                                                  QString *message) const
{
    // Same error bodies as Chat Completions.
    return OpenAiChatDialect().classifyHttpError(status, body, message);
}

Outcome OpenAiResponsesDialect::outcomeForFinish(const QString &finishReason) const
{
    return finishReason == QLatin1StringView("max_output_tokens") ? Outcome::TruncatedByLimit
                                                                  : Outcome::Ok;
}

} // namespace ys
