#include "provider/gemini_dialect.h"

#include "provider/json_fields.h"
#include "provider/sse_parser.h"

#include <QUrlQuery>

namespace ys {

using nlohmann::json;
using namespace json_fields;

namespace {

// Every member name the stream decoder reads (readResponse and what it calls).
const KeySet kEventKeys{"error",
                        "status",
                        "message",
                        "modelVersion",
                        "responseId",
                        "candidates",
                        "content",
                        "parts",
                        "text",
                        "thought",
                        "finishReason",
                        "usageMetadata",
                        "promptTokenCount",
                        "candidatesTokenCount",
                        "thoughtsTokenCount",
                        "cachedContentTokenCount"};

void readError(const json &error, DecodeState &state)
{
    state.failure = Outcome::StreamError;
    state.errorType = str(error, "status");
    state.errorMessage = str(error, "message");
}

EventYield readResponse(const json &doc, DecodeState &state)
{
    EventYield yield;
    if (const json *error = object(doc, "error")) {
        readError(*error, state);
        return yield;
    }
    if (const QString v = str(doc, "modelVersion"); !v.isEmpty())
        state.model = v;
    if (const QString id = str(doc, "responseId"); !id.isEmpty())
        state.systemFingerprint = id;
    if (auto candidates = doc.find("candidates");
        candidates != doc.end() && candidates->is_array() && !candidates->empty()) {
        const json &first = candidates->front();
        if (const json *content = object(first, "content")) {
            if (auto parts = content->find("parts"); parts != content->end() && parts->is_array()) {
                for (const json &part : *parts) {
                    const QString text = str(part, "text");
                    const auto thought = part.find("thought");
                    if (thought != part.end() && thought->is_boolean() && thought->get<bool>()) {
                        yield.reasoningChars += text.size();
                        state.reasoningChars += text.size();
                    } else {
                        yield.contentChars += text.size();
                        state.text += text;
                    }
                }
            }
        }
        if (const QString finish = str(first, "finishReason"); !finish.isEmpty()) {
            state.finishReason = finish;
            state.endMarkerSeen = true;
        }
    }
    if (const json *usage = object(doc, "usageMetadata")) {
        // promptTokenCount includes the cached part, like OpenAI's prompt_tokens.
        if (const auto p = count(*usage, "promptTokenCount"))
            state.inputTokens = p;
        if (const auto c = count(*usage, "candidatesTokenCount"))
            state.outputTokens = *c + count(*usage, "thoughtsTokenCount").value_or(0);
        if (const auto cached = count(*usage, "cachedContentTokenCount"))
            state.cachedTokens = cached;
        if (const auto t = count(*usage, "thoughtsTokenCount"))
            state.reasoningTokens = t;
    }
    return yield;
}

class GeminiDecoder final : public StreamDecoder {
public:
    EventYield decodeEvent(const SseEvent &event, DecodeState &state) override
    {
        const json doc = parseKeeping(event.data, kEventKeys);
        if (doc.is_discarded() || !doc.is_object()) {
            state.failure = Outcome::MalformedStream;
            state.errorMessage = QStringLiteral("malformed JSON in stream event");
            return {};
        }
        return readResponse(doc, state);
    }

    void decodeBody(const QByteArray &body, DecodeState &state) override
    {
        const json doc = parse(body);
        if (doc.is_discarded() || !doc.is_object()) {
            state.failure = Outcome::MalformedStream;
            state.errorMessage = QStringLiteral("malformed JSON body");
            return;
        }
        readResponse(doc, state);
    }
};

bool isPerDayQuota(const json &error)
{
    auto details = error.find("details");
    if (details == error.end() || !details->is_array())
        return false;
    return QString::fromStdString(details->dump()).contains(QLatin1StringView("PerDay"));
}

} // namespace

HttpRequestParts GeminiDialect::buildRequest(const ProviderConfig &provider,
                                             const RequestSpec &spec,
                                             const QByteArray &apiKey) const
{
    HttpRequestParts parts;
    const QString method =
        spec.stream ? QStringLiteral(":streamGenerateContent") : QStringLiteral(":generateContent");
    parts.url = appendPath(provider.baseUrl, QStringLiteral("models/") + provider.model + method);
    if (spec.stream)
        parts.url.setQuery(QStringLiteral("alt=sse"));
    json body;
    body["contents"] = json::array(
        {{{"role", "user"}, {"parts", json::array({{{"text", spec.prompt.toStdString()}}})}}});
    body["generationConfig"] = {{"maxOutputTokens", spec.maxOutputTokens}};
    parts.body = QByteArray::fromStdString(body.dump());
    parts.headers.append(std::pair(QByteArray("Content-Type"), QByteArray("application/json")));
    if (!apiKey.isEmpty())
        parts.headers.append(std::pair(QByteArray("x-goog-api-key"), apiKey));
    return parts;
}

std::unique_ptr<StreamDecoder> GeminiDialect::newDecoder() const
{
    return std::make_unique<GeminiDecoder>();
}

Outcome GeminiDialect::classifyHttpError(int status, const QByteArray &body, QString *message) const
{
    const json doc = parse(body);
    const json *error = doc.is_discarded() ? nullptr : object(doc, "error");
    const QString state = error ? str(*error, "status") : QString();
    const QString text = error ? str(*error, "message") : QString();
    if (message)
        *message = text.isEmpty() ? QString::fromUtf8(body.left(512))
                                  : state + QStringLiteral(": ") + text;
    const QString lower = text.toLower();
    if (lower.contains(QLatin1StringView("input token count")) &&
        lower.contains(QLatin1StringView("exceeds the maximum")))
        return Outcome::ContextExceeded;
    // A spending cap is RESOURCE_EXHAUSTED too, but no retry helps until the cap is raised.
    if (lower.contains(QLatin1StringView("spending cap")) ||
        lower.contains(QLatin1StringView("spend cap")))
        return Outcome::QuotaExhausted;
    if (state == QLatin1StringView("RESOURCE_EXHAUSTED"))
        return error && isPerDayQuota(*error) ? Outcome::QuotaExhausted : Outcome::RateLimited;
    if (state == QLatin1StringView("UNAUTHENTICATED") ||
        state == QLatin1StringView("PERMISSION_DENIED") ||
        lower.contains(QLatin1StringView("api key not valid")))
        return Outcome::AuthError;
    if (state == QLatin1StringView("UNAVAILABLE"))
        return Outcome::Overloaded;
    return classifyHttpStatus(status);
}

Outcome GeminiDialect::outcomeForFinish(const QString &finishReason) const
{
    if (finishReason == QLatin1StringView("MAX_TOKENS"))
        return Outcome::TruncatedByLimit;
    return Outcome::Ok;
}

} // namespace ys
