#include "provider/anthropic_messages_dialect.h"

#include "provider/json_object_decoder.h"
#include "provider/json_request.h"
#include "wire/json_fields.h"
#include "wire/sse_parser.h"

#include <algorithm>

namespace ys {

using nlohmann::json;
using namespace json_fields;

namespace {

// message_start's usage carries a placeholder output count (1 or so) before any text: only
// message_delta's cumulative count is the real one, so a stream cut before it has no output
// count (NULL, estimated), never the placeholder.
void readUsage(JsonValue usage, DecodeState &state, bool outputCount)
{
    // input_tokens excludes the cache; the whole prompt is the sum of the three input fields.
    const auto input = count(usage, "input_tokens");
    const auto cacheRead = count(usage, "cache_read_input_tokens");
    const auto cacheWrite = count(usage, "cache_creation_input_tokens");
    if (input)
        state.inputTokens = *input + cacheRead.value_or(0) + cacheWrite.value_or(0);
    if (cacheRead)
        state.cachedTokens = cacheRead;
    if (cacheWrite)
        state.cacheWriteTokens = cacheWrite; // billed at the cache-write price
    if (!outputCount)
        return;
    if (const auto out = count(usage, "output_tokens"))
        state.outputTokens = out; // cumulative: the latest is the total
}

// Anthropic's error event and error body: {"type": "error", "error": {"type", "message"}}.
void readError(JsonValue doc, DecodeState &state)
{
    const JsonValue error = doc["error"];
    state.failInBand(readProviderError(error.isObject() || error.isString() ? error : doc));
}

class AnthropicDecoder final : public JsonObjectDecoder {
public:
    EventYield decodeEvent(const SseEvent &event, DecodeState &state) override
    {
        if (event.type == "ping")
            return {};
        return JsonObjectDecoder::decodeEvent(event, state);
    }

protected:
    EventYield decodeEventObject(const SseEvent &event, JsonValue doc, DecodeState &state) override
    {
        // The event name and the JSON "type" agree; the JSON is what the SDKs trust.
        const std::string_view type = doc["type"].string();
        EventYield yield;
        const int block = int(doc["index"].integer().value_or(0));
        if (type == "content_block_start") {
            // A tool_use block opens a call; its input arrives as input_json_delta pieces.
            const JsonValue b = object(doc, "content_block");
            if (b["type"].string() == "tool_use") {
                ToolCall &call = state.toolCall(block);
                call.id = str(b, "id");
                call.name = str(b, "name");
            }
        } else if (type == "content_block_stop") {
            if (ToolCall *call = state.openedToolCall(block)) {
                yield.toolArgsComplete = !call->complete;
                call->complete = true;
            }
        } else if (type == "content_block_delta") {
            if (const JsonValue delta = object(doc, "delta")) {
                const std::string_view kind = delta["type"].string();
                if (kind == "input_json_delta") {
                    const std::string_view piece = delta["partial_json"].string();
                    state.toolCall(block).arguments.append(piece.data(), qsizetype(piece.size()));
                    yield.toolChars = utf16Length(piece);
                } else if (kind == "text_delta") {
                    const std::string_view text = delta["text"].string();
                    yield.contentChars = utf16Length(text);
                    appendUtf8(state.text, text);
                } else if (kind == "thinking_delta") {
                    yield.reasoningChars = utf16Length(delta["thinking"].string());
                    state.reasoningChars += yield.reasoningChars;
                }
            }
        } else if (type == "message_start") {
            if (const JsonValue message = object(doc, "message")) {
                state.model = str(message, "model");
                if (const JsonValue usage = object(message, "usage"))
                    readUsage(usage, state, false);
            }
        } else if (type == "message_delta") {
            if (const JsonValue delta = object(doc, "delta"))
                if (const QString stop = str(delta, "stop_reason"); !stop.isEmpty())
                    state.finishReason = stop;
            if (const JsonValue usage = object(doc, "usage"))
                readUsage(usage, state, true);
        } else if (type == "message_stop") {
            state.endMarkerSeen = true;
        } else if (isErrorDocument(doc) || event.type == "error") {
            readError(doc, state);
        }
        return yield;
    }

    void decodeBodyObject(JsonValue doc, DecodeState &state) override
    {
        if (isErrorDocument(doc))
            return readError(doc, state);
        state.model = str(doc, "model");
        if (const JsonValue content = doc["content"]; content.isArray()) {
            for (const JsonValue block : content) {
                const std::string_view type = block["type"].string();
                if (type == "text") {
                    state.text += str(block, "text");
                } else if (type == "tool_use") {
                    ToolCall &call = state.toolCall(int(state.toolCalls.size()));
                    call.id = str(block, "id");
                    call.name = str(block, "name");
                    call.arguments = QByteArray::fromStdString(toNlohmann(block["input"]).dump());
                    call.complete = true;
                } else if (type == "thinking") {
                    state.reasoningChars += utf16Length(block["thinking"].string());
                }
            }
        }
        state.finishReason = str(doc, "stop_reason");
        if (const JsonValue usage = object(doc, "usage"))
            readUsage(usage, state, true);
        state.endMarkerSeen = !state.finishReason.isEmpty();
    }
};

} // namespace

HttpRequestParts AnthropicMessagesDialect::buildRequest(const ProviderConfig &provider,
                                                        const RequestSpec &spec,
                                                        const QByteArray &apiKey) const
{
    json body;
    body["model"] = provider.model.toStdString();
    body["max_tokens"] = spec.maxOutputTokens;
    if (spec.reasoning.asked()) {
        // Extended thinking: the budget counts against max_tokens, so the answer keeps its own
        // limit on top of it; the API takes no temperature with thinking, and at least 1,024.
        const int budget = std::max(1024, spec.reasoning.budget());
        body["thinking"] = {{"type", "enabled"}, {"budget_tokens", budget}};
        body["max_tokens"] = spec.maxOutputTokens + budget;
    } else if (spec.temperature) {
        body["temperature"] = *spec.temperature;
    }
    if (spec.tools) {
        json tools = json::array();
        for (const ToolSpec &t : spec.tools->tools)
            tools.push_back(t.declaration("input_schema"));
        body["tools"] = std::move(tools);
        const QString &choice = spec.tools->choice;
        // With thinking, the API forces no tool: the model decides.
        if (spec.reasoning.asked() || choice == QLatin1StringView("auto"))
            body["tool_choice"] = {{"type", "auto"}};
        else if (spec.tools->find(choice))
            body["tool_choice"] = {{"type", "tool"}, {"name", choice.toStdString()}};
        else
            body["tool_choice"] = {{"type", "any"}};
    }
    // Messages must alternate between user and assistant: neighbouring turns of one role are
    // sent as one message, their texts a line apart.
    std::vector<std::pair<ChatTurn::Role, QString>> merged;
    const auto add = [&merged](ChatTurn::Role role, const QString &text) {
        if (!merged.empty() && merged.back().first == role)
            merged.back().second += QLatin1Char('\n') + text;
        else
            merged.emplace_back(role, text);
    };
    for (const ChatTurn &turn : spec.history)
        add(turn.role, turn.text);
    add(ChatTurn::Role::User, spec.prompt);
    json messages = json::array();
    for (const auto &[role, text] : merged)
        messages.push_back({{"role", role == ChatTurn::Role::Assistant ? "assistant" : "user"},
                            {"content", text.toStdString()}});
    body["messages"] = std::move(messages);
    body["stream"] = spec.stream;
    HttpRequestParts parts =
        jsonRequest(appendPath(provider.baseUrl, QStringLiteral("messages")), body);
    parts.addHeader("anthropic-version", QByteArrayLiteral("2023-06-01"));
    if (!apiKey.isEmpty())
        parts.addHeader("x-api-key", apiKey);
    return parts;
}

std::unique_ptr<StreamDecoder> AnthropicMessagesDialect::newDecoder() const
{
    return std::make_unique<AnthropicDecoder>();
}

Outcome AnthropicMessagesDialect::classifyError(const ProviderError &error,
                                                ErrorChannel channel) const
{
    const QString &type = error.type;
    const QString lower = error.message.toLower();
    const auto says = [&](const char *words) {
        return lower.contains(QLatin1StringView(words));
    };
    // No stable code for context overflow: the message is what identifies it.
    if (says("prompt is too long") || says("context window"))
        return Outcome::ContextExceeded;
    if (says("credit balance") || says("spend limit") || says("api usage limits") ||
        says("billing"))
        return Outcome::QuotaExhausted;
    if (type == QLatin1StringView("overloaded_error"))
        return Outcome::Overloaded;
    if (type == QLatin1StringView("rate_limit_error"))
        return Outcome::RateLimited;
    if (type == QLatin1StringView("authentication_error") ||
        type == QLatin1StringView("permission_error"))
        return Outcome::AuthError;
    return fallbackErrorClass(error.status, channel);
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
