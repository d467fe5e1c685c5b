#include "provider/openai_responses_dialect.h"

#include "provider/json_object_decoder.h"
#include "provider/json_request.h"
#include "provider/openai_chat_dialect.h"
#include "wire/json_fields.h"
#include "wire/sse_parser.h"

namespace ys {

using nlohmann::json;
using namespace json_fields;

namespace {

void readResponseObject(JsonValue response, DecodeState &state)
{
    if (const std::string_view m = response["model"].string(); !m.empty())
        assignUtf8(state.model, m);
    if (const JsonValue usage = object(response, "usage")) {
        state.inputTokens = count(usage, "input_tokens");
        state.outputTokens = count(usage, "output_tokens");
        if (const JsonValue d = object(usage, "input_tokens_details"))
            state.cachedTokens = count(d, "cached_tokens");
        if (const JsonValue d = object(usage, "output_tokens_details"))
            state.reasoningTokens = count(d, "reasoning_tokens");
    }
}

// A function_call output item: its call opened (or, whole, complete).
void readFunctionCall(JsonValue item, int key, bool whole, DecodeState &state)
{
    ToolCall &call = state.toolCall(key);
    call.id = str(item, "call_id");
    call.name = str(item, "name");
    if (whole) {
        const std::string_view args = item["arguments"].string();
        call.arguments = QByteArray(args.data(), qsizetype(args.size()));
        call.complete = true;
    }
}

// The function-call events of a stream: the item opened, its argument pieces, its arguments
// whole (the ones that count: what a client calls the function with). Whether one was.
bool readFunctionCallEvent(std::string_view type, JsonValue doc, DecodeState &state,
                           EventYield &yield)
{
    const int key = int(doc["output_index"].integer().value_or(0));
    if (type == "response.function_call_arguments.delta") {
        const std::string_view delta = doc["delta"].string();
        state.toolCall(key).arguments.append(delta.data(), qsizetype(delta.size()));
        yield.toolChars = utf16Length(delta);
    } else if (type == "response.function_call_arguments.done") {
        ToolCall &call = state.toolCall(key);
        const std::string_view args = doc["arguments"].string();
        call.arguments = QByteArray(args.data(), qsizetype(args.size()));
        yield.toolArgsComplete = !call.complete;
        call.complete = true;
    } else if (type == "response.output_item.added" || type == "response.output_item.done") {
        const JsonValue item = object(doc, "item");
        if (item["type"].string() != "function_call")
            return false;
        const bool done = type == "response.output_item.done";
        const bool wasComplete = state.toolCall(key).complete;
        readFunctionCall(item, key, done, state);
        yield.toolArgsComplete = done && !wasComplete;
    } else {
        return false;
    }
    return true;
}

class ResponsesDecoder final : public JsonObjectDecoder {
protected:
    EventYield decodeEventObject(const SseEvent &, JsonValue doc, DecodeState &state) override
    {
        const std::string_view type = doc["type"].string();
        EventYield yield;
        if (readFunctionCallEvent(type, doc, state, yield))
            return yield;
        if (type == "response.output_text.delta") {
            const std::string_view delta = doc["delta"].string();
            yield.contentChars = utf16Length(delta);
            appendUtf8(state.text, delta);
        } else if (type == "response.reasoning_text.delta" ||
                   type == "response.reasoning_summary_text.delta") {
            yield.reasoningChars = utf16Length(doc["delta"].string());
            state.reasoningChars += yield.reasoningChars;
        } else if (type == "response.created" || type == "response.in_progress") {
            if (const JsonValue r = object(doc, "response"))
                readResponseObject(r, state);
        } else if (type == "response.completed") {
            if (const JsonValue r = object(doc, "response"))
                readResponseObject(r, state);
            state.finishReason = QStringLiteral("completed");
            state.endMarkerSeen = true;
        } else if (type == "response.incomplete") {
            if (const JsonValue r = object(doc, "response")) {
                readResponseObject(r, state);
                state.finishReason = str(object(r, "incomplete_details"), "reason");
            }
            if (state.finishReason.isEmpty())
                state.finishReason = QStringLiteral("incomplete");
            state.endMarkerSeen = true;
        } else if (type == "response.failed") {
            ProviderError e = readProviderError(object(object(doc, "response"), "error"));
            if (e.message.isEmpty() && e.code.isEmpty())
                e.message = QStringLiteral("response.failed");
            state.failInBand(std::move(e));
        } else if (isErrorDocument(doc)) {
            const JsonValue error = doc["error"];
            state.failInBand(readProviderError(error.isObject() ? error : doc));
        }
        return yield;
    }

    void decodeBodyObject(JsonValue doc, DecodeState &state) override
    {
        if (const JsonValue error = object(doc, "error"))
            return state.failInBand(readProviderError(error));
        readResponseObject(doc, state);
        if (const JsonValue output = doc["output"]; output.isArray()) {
            int index = 0;
            for (const JsonValue item : output) {
                if (item["type"].string() == "function_call")
                    readFunctionCall(item, index, true, state);
                ++index;
                const JsonValue content = item["content"];
                if (!content.isArray())
                    continue;
                for (const JsonValue part : content)
                    if (part["type"].string() == "output_text")
                        state.text += str(part, "text");
            }
        }
        const QString status = str(doc, "status");
        if (status == QLatin1StringView("incomplete")) {
            const JsonValue details = object(doc, "incomplete_details");
            state.finishReason = details ? str(details, "reason") : status;
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
    json body;
    body["model"] = provider.model.toStdString();
    // A conversation is a list of input messages, the prompt the last user one.
    if (spec.history.empty())
        body["input"] = spec.prompt.toStdString();
    else
        body["input"] = openAiMessages(spec);
    body["max_output_tokens"] = spec.maxOutputTokens;
    if (spec.temperature)
        body["temperature"] = *spec.temperature;
    body["stream"] = spec.stream;
    if (spec.format == RequestSpec::Format::Json)
        body["text"] = {{"format", {{"type", "json_object"}}}};
    else if (spec.format == RequestSpec::Format::JsonSchema && spec.schema)
        body["text"] = {{"format",
                         {{"type", "json_schema"},
                          {"name", "answer"},
                          {"schema", spec.schema->source()},
                          {"strict", true}}}};
    if (spec.tools) {
        json tools = json::array();
        for (const ToolSpec &t : spec.tools->tools) {
            // strict: false, as Chat Completions' default: strict mode refuses schemas that do
            // not list every property as required.
            json tool = t.declaration("parameters");
            tool["type"] = "function";
            tool["strict"] = false;
            tools.push_back(std::move(tool));
        }
        body["tools"] = std::move(tools);
        const QString &choice = spec.tools->choice;
        if (spec.tools->find(choice))
            body["tool_choice"] = {{"type", "function"}, {"name", choice.toStdString()}};
        else
            body["tool_choice"] = choice.toStdString();
    }
    if (spec.reasoning.asked())
        body["reasoning"] = {{"effort", spec.reasoning.effortWord().toStdString()}};
    HttpRequestParts parts =
        jsonRequest(appendPath(provider.baseUrl, QStringLiteral("responses")), body);
    if (!apiKey.isEmpty())
        parts.addHeader("Authorization", "Bearer " + apiKey);
    return parts;
}

std::unique_ptr<StreamDecoder> OpenAiResponsesDialect::newDecoder() const
{
    return std::make_unique<ResponsesDecoder>();
}

Outcome OpenAiResponsesDialect::classifyError(const ProviderError &error,
                                              ErrorChannel channel) const
{
    // The same error objects as Chat Completions.
    return classifyOpenAiError(error, channel);
}

Outcome OpenAiResponsesDialect::outcomeForFinish(const QString &finishReason) const
{
    return finishReason == QLatin1StringView("max_output_tokens") ? Outcome::TruncatedByLimit
                                                                  : Outcome::Ok;
}

} // namespace ys
