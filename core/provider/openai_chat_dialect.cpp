#include "provider/openai_chat_dialect.h"

#include "provider/json_request.h"
#include "wire/json_fields.h"
#include "wire/sse_parser.h"

#include <cmath>
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
    // OpenRouter reports what the request cost, in US dollars; that is what it bills.
    if (const std::optional<double> cost = usage["cost"].number();
        cost && std::isfinite(*cost) && *cost >= 0)
        state.reportedCostUsd = *cost;
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
    // Tool calls: the first delta of a call names its id and function, later ones add pieces
    // of the arguments; a complete message has each call whole.
    if (const JsonValue calls = message["tool_calls"]; calls.isArray()) {
        int position = 0;
        for (const JsonValue c : calls) {
            const int key = int(c["index"].integer().value_or(position++));
            // A new call opening means the ones before it are complete (calls stream in turn).
            if (!state.openedToolCall(key) && state.completeToolCalls())
                yield.toolArgsComplete = true;
            ToolCall &call = state.toolCall(key);
            if (const std::string_view id = c["id"].string(); !id.empty())
                assignUtf8(call.id, id);
            const JsonValue function = c["function"];
            if (const std::string_view name = function["name"].string(); !name.empty())
                assignUtf8(call.name, name);
            const std::string_view args = function["arguments"].string();
            call.arguments.append(args.data(), qsizetype(args.size()));
            yield.toolChars += utf16Length(args);
        }
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
        state.failMalformed(QStringLiteral("expected a JSON object"));
        return yield;
    }
    if (isErrorDocument(doc)) {
        const JsonValue e = doc["error"];
        state.failInBand(readProviderError(e.isPresent() && !e.isNull() ? e : doc));
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
                yield.toolChars += y.toolChars;
                yield.toolArgsComplete = y.toolArgsComplete;
            }
            if (const JsonValue m = choice["message"]; m.isPresent()) {
                const EventYield y = readChoice(m, state);
                yield.contentChars += y.contentChars;
                yield.reasoningChars += y.reasoningChars;
                yield.toolChars += y.toolChars;
                state.completeToolCalls(); // a whole message: its calls are whole
            }
            if (const std::string_view fr = choice["finish_reason"].string(); !fr.empty()) {
                assignUtf8(state.finishReason, fr);
                // The finish reason closes the last call's arguments.
                yield.toolArgsComplete = state.completeToolCalls() || yield.toolArgsComplete;
            }
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
        // Compatible servers name an error event "error" (its data the error object or plain
        // text); every other named event is none of this dialect's.
        const bool errorEvent = event.type == "error";
        if (event.type != "message" && !errorEvent)
            return {};
        if (event.data == "[DONE]") {
            state.endMarkerSeen = true;
            return {};
        }
        if (!m_doc.parse(event.data)) {
            if (errorEvent)
                state.failInBand(readProviderErrorBytes(event.data, 0));
            else
                state.failMalformed(QStringLiteral("malformed JSON in stream event"));
            return {};
        }
        if (errorEvent && !isErrorDocument(m_doc.root())) {
            state.failInBand(readProviderError(m_doc.root()));
            return {};
        }
        return readCompletion(m_doc.root(), state);
    }

    void decodeBody(const QByteArray &body, DecodeState &state) override
    {
        if (!m_doc.parse(body)) {
            state.failMalformed(QStringLiteral("malformed JSON body"));
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

Outcome classifyOpenAiError(const ProviderError &error, ErrorChannel channel)
{
    const QString &code = error.code;
    const QString &type = error.type;
    const QString lower = error.message.toLower();
    const auto is = [&](const char *name) {
        return code == QLatin1StringView(name) || type == QLatin1StringView(name);
    };
    const auto says = [&](const char *words) {
        return lower.contains(QLatin1StringView(words));
    };
    // Compatible servers word a context overflow in their own ways (vLLM, llama.cpp, SGLang,
    // Ollama): the code where there is one, else the message.
    if (is("context_length_exceeded") || is("exceed_context_size_error") ||
        says("maximum context length") || says("context length") ||
        says("exceeds the available context size") || says("context window"))
        return Outcome::ContextExceeded;
    // Quota and spend limits: retrying will not help until someone pays or the period ends.
    if (is("insufficient_quota") || is("billing_hard_limit_reached") || is("billing_not_active") ||
        says("billing hard limit") || says("exceeded your current quota"))
        return Outcome::QuotaExhausted;
    if (is("rate_limit_exceeded") || is("rate_limit_error") || says("rate limit"))
        return Outcome::RateLimited;
    if (is("server_overloaded") || is("overloaded_error") || says("overloaded"))
        return Outcome::Overloaded;
    if (is("invalid_api_key") || is("authentication_error") || is("invalid_authentication") ||
        says("incorrect api key") || says("invalid api key"))
        return Outcome::AuthError;
    return fallbackErrorClass(error.status, channel);
}

json openAiMessages(const RequestSpec &spec)
{
    json messages = json::array();
    for (const ChatTurn &turn : spec.history)
        messages.push_back({{"role", turn.role == ChatTurn::Role::Assistant ? "assistant" : "user"},
                            {"content", turn.text.toStdString()}});
    messages.push_back({{"role", "user"}, {"content", spec.prompt.toStdString()}});
    return messages;
}

HttpRequestParts OpenAiChatDialect::buildRequest(const ProviderConfig &provider,
                                                 const RequestSpec &spec,
                                                 const QByteArray &apiKey) const
{
    json body;
    body["model"] = provider.model.toStdString();
    body["messages"] = openAiMessages(spec);
    body["max_tokens"] = spec.maxOutputTokens;
    if (spec.temperature)
        body["temperature"] = *spec.temperature;
    body["stream"] = spec.stream;
    if (spec.stream)
        body["stream_options"] = {{"include_usage", true}};
    if (spec.format == RequestSpec::Format::Json)
        body["response_format"] = {{"type", "json_object"}};
    else if (spec.format == RequestSpec::Format::JsonSchema && spec.schema)
        body["response_format"] = {
            {"type", "json_schema"},
            {"json_schema",
             {{"name", "answer"}, {"schema", spec.schema->source()}, {"strict", true}}}};

    if (spec.tools) {
        json tools = json::array();
        for (const ToolSpec &t : spec.tools->tools)
            tools.push_back({{"type", "function"}, {"function", t.declaration("parameters")}});
        body["tools"] = std::move(tools);
        const QString &choice = spec.tools->choice;
        if (spec.tools->find(choice))
            body["tool_choice"] = {{"type", "function"},
                                   {"function", {{"name", choice.toStdString()}}}};
        else
            body["tool_choice"] = choice.toStdString(); // "required" or "auto"
    }
    if (spec.reasoning.asked())
        body["reasoning_effort"] = spec.reasoning.effortWord().toStdString();
    HttpRequestParts parts =
        jsonRequest(appendPath(provider.baseUrl, QStringLiteral("chat/completions")), body);
    parts.addHeader("Accept", spec.stream ? QByteArrayLiteral("text/event-stream")
                                          : QByteArrayLiteral("application/json"));
    if (!apiKey.isEmpty())
        parts.addHeader("Authorization", "Bearer " + apiKey);
    return parts;
}

std::unique_ptr<StreamDecoder> OpenAiChatDialect::newDecoder() const
{
    return std::make_unique<OpenAiChatDecoder>();
}

Outcome OpenAiChatDialect::classifyError(const ProviderError &error, ErrorChannel channel) const
{
    return classifyOpenAiError(error, channel);
}

Outcome OpenAiChatDialect::outcomeForFinish(const QString &finishReason) const
{
    if (finishReason == QLatin1StringView("length"))
        return Outcome::TruncatedByLimit;
    return Outcome::Ok;
}

} // namespace ys
