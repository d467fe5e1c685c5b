#include "provider/gemini_dialect.h"

#include "provider/json_object_decoder.h"
#include "provider/json_request.h"
#include "wire/json_fields.h"
#include "wire/sse_parser.h"

#include <QUrlQuery>

namespace ys {

using nlohmann::json;
using namespace json_fields;

namespace {

EventYield readResponse(JsonValue doc, DecodeState &state)
{
    EventYield yield;
    if (const JsonValue error = doc["error"]; error.isPresent() && !error.isNull()) {
        state.failInBand(readProviderError(error));
        return yield;
    }
    if (const std::string_view v = doc["modelVersion"].string(); !v.empty())
        assignUtf8(state.model, v);
    // responseId names the one response, not the deployment: Gemini reports no fingerprint, and
    // reading it as one would make every request look like a change of model.
    if (const JsonValue candidates = doc["candidates"];
        candidates.isArray() && candidates.size() > 0) {
        const JsonValue first = *candidates.begin();
        if (const JsonValue content = object(first, "content")) {
            if (const JsonValue parts = content["parts"]; parts.isArray()) {
                for (const JsonValue part : parts) {
                    if (const JsonValue f = object(part, "functionCall")) {
                        // A function call arrives whole, its arguments an object.
                        ToolCall &call = state.toolCall(int(state.toolCalls.size()));
                        call.id = str(f, "id");
                        call.name = str(f, "name");
                        call.arguments = QByteArray::fromStdString(toNlohmann(f["args"]).dump());
                        call.complete = true;
                        yield.toolChars += call.arguments.size(); // "{}" at least
                        yield.toolArgsComplete = true;
                        continue;
                    }
                    const std::string_view text = part["text"].string();
                    const qsizetype n = utf16Length(text);
                    if (part["thought"].boolean()) {
                        yield.reasoningChars += n;
                        state.reasoningChars += n;
                    } else {
                        yield.contentChars += n;
                        appendUtf8(state.text, text);
                    }
                }
            }
        }
        if (const std::string_view finish = first["finishReason"].string(); !finish.empty()) {
            assignUtf8(state.finishReason, finish);
            state.endMarkerSeen = true;
        }
    }
    if (const JsonValue usage = object(doc, "usageMetadata")) {
        // promptTokenCount includes the cached part, like OpenAI's prompt_tokens.
        if (const auto p = count(usage, "promptTokenCount"))
            state.inputTokens = p;
        if (const auto c = count(usage, "candidatesTokenCount"))
            state.outputTokens = *c + count(usage, "thoughtsTokenCount").value_or(0);
        if (const auto cached = count(usage, "cachedContentTokenCount"))
            state.cachedTokens = cached;
        if (const auto t = count(usage, "thoughtsTokenCount"))
            state.reasoningTokens = t;
    }
    return yield;
}

class GeminiDecoder final : public JsonObjectDecoder {
protected:
    EventYield decodeEventObject(const SseEvent &, JsonValue doc, DecodeState &state) override
    {
        return readResponse(doc, state);
    }

    void decodeBodyObject(JsonValue doc, DecodeState &state) override { readResponse(doc, state); }
};

} // namespace

HttpRequestParts GeminiDialect::buildRequest(const ProviderConfig &provider,
                                             const RequestSpec &spec,
                                             const QByteArray &apiKey) const
{
    const QString method =
        spec.stream ? QStringLiteral(":streamGenerateContent") : QStringLiteral(":generateContent");
    QUrl url = appendPath(provider.baseUrl, QStringLiteral("models/") + provider.model + method);
    if (spec.stream)
        url.setQuery(QStringLiteral("alt=sse"));
    json body;
    json contents = json::array();
    const auto add = [&contents](const char *role, const QString &text) {
        contents.push_back(
            {{"role", role}, {"parts", json::array({{{"text", text.toStdString()}}})}});
    };
    for (const ChatTurn &turn : spec.history)
        add(turn.role == ChatTurn::Role::Assistant ? "model" : "user", turn.text);
    add("user", spec.prompt);
    body["contents"] = std::move(contents);
    body["generationConfig"] = {{"maxOutputTokens", spec.maxOutputTokens}};
    if (spec.temperature)
        body["generationConfig"]["temperature"] = *spec.temperature;
    if (spec.format != RequestSpec::Format::Text)
        body["generationConfig"]["responseMimeType"] = "application/json";
    if (spec.format == RequestSpec::Format::JsonSchema && spec.schema)
        body["generationConfig"]["responseJsonSchema"] = spec.schema->source();
    if (spec.reasoning.asked())
        body["generationConfig"]["thinkingConfig"] = {{"thinkingBudget", spec.reasoning.budget()}};
    if (spec.tools) {
        json declarations = json::array();
        for (const ToolSpec &t : spec.tools->tools)
            declarations.push_back(t.declaration("parametersJsonSchema"));
        body["tools"] = json::array({{{"functionDeclarations", std::move(declarations)}}});
        const QString &choice = spec.tools->choice;
        json config = {{"mode", choice == QLatin1StringView("auto") ? "AUTO" : "ANY"}};
        if (spec.tools->find(choice))
            config["allowedFunctionNames"] = json::array({choice.toStdString()});
        body["toolConfig"] = {{"functionCallingConfig", std::move(config)}};
    }
    HttpRequestParts parts = jsonRequest(std::move(url), body);
    if (!apiKey.isEmpty())
        parts.addHeader("x-goog-api-key", apiKey);
    return parts;
}

std::unique_ptr<StreamDecoder> GeminiDialect::newDecoder() const
{
    return std::make_unique<GeminiDecoder>();
}

Outcome GeminiDialect::classifyError(const ProviderError &error, ErrorChannel channel) const
{
    const QString &state = error.type; // google.rpc.Status name, e.g. RESOURCE_EXHAUSTED
    const QString lower = error.message.toLower();
    const auto says = [&](const char *words) {
        return lower.contains(QLatin1StringView(words));
    };
    if (says("input token count") && says("exceeds the maximum"))
        return Outcome::ContextExceeded;
    // A spending cap is RESOURCE_EXHAUSTED too, but no retry helps until the cap is raised.
    if (says("spending cap") || says("spend cap"))
        return Outcome::QuotaExhausted;
    if (state == QLatin1StringView("RESOURCE_EXHAUSTED"))
        return error.perDayQuota ? Outcome::QuotaExhausted : Outcome::RateLimited;
    if (state == QLatin1StringView("UNAUTHENTICATED") ||
        state == QLatin1StringView("PERMISSION_DENIED") || says("api key not valid"))
        return Outcome::AuthError;
    if (state == QLatin1StringView("UNAVAILABLE"))
        return Outcome::Overloaded;
    return fallbackErrorClass(error.status, channel);
}

Outcome GeminiDialect::outcomeForFinish(const QString &finishReason) const
{
    if (finishReason == QLatin1StringView("MAX_TOKENS"))
        return Outcome::TruncatedByLimit;
    return Outcome::Ok;
}

} // namespace ys
