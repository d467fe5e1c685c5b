#include "sim/sim_openai_chat.h"

#include "sim/sim_openai_common.h"
#include "sim/sim_tool_requests.h"

#include <limits>
#include <nlohmann/json.hpp>
#include <utility>

// The error messages copy the English wording of the real API (they are wire protocol), so they
// are deliberately not translated.

namespace ys {

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

// Thrown by the validation in parse() and answered with HTTP 400.
struct BadRequest {
    QString message;
    const char *param;
    const char *code;
};

std::optional<int> readMaxTokens(const Json &body, const char *key)
{
    const auto it = body.find(key);
    if (it == body.end() || it->is_null())
        return std::nullopt;
    const QString name = QString::fromLatin1(key);
    if (!it->is_number_integer())
        throw BadRequest{QStringLiteral("Invalid type for '%1': expected an integer, but got %2 "
                                        "instead.")
                             .arg(name, simJsonTypeName(*it)),
                         key, "invalid_type"};
    const bool negative = !it->is_number_unsigned() && it->get<std::int64_t>() < 1;
    if (negative || (it->is_number_unsigned() && it->get<std::uint64_t>() < 1))
        throw BadRequest{QStringLiteral("Invalid '%1': integer below minimum value. Expected a "
                                        "value >= 1, but got %2 instead.")
                             .arg(name, QString::fromStdString(it->dump())),
                         key, "integer_below_min_value"};
    if (it->is_number_unsigned() &&
        it->get<std::uint64_t>() > std::uint64_t(std::numeric_limits<int>::max()))
        return std::numeric_limits<int>::max();
    return int(it->get<std::int64_t>());
}

// The prompt text the simulator counts tokens over: every message's text, a line apart.
QString promptText(const Json &body)
{
    const auto messages = body.find("messages");
    if (messages == body.end() || messages->is_null())
        throw BadRequest{QStringLiteral("Missing required parameter: 'messages'."), "messages",
                         "missing_required_parameter"};
    if (!messages->is_array())
        throw BadRequest{QStringLiteral("Invalid type for 'messages': expected an array of "
                                        "objects, but got %1 instead.")
                             .arg(simJsonTypeName(*messages)),
                         "messages", "invalid_type"};
    if (messages->empty())
        throw BadRequest{QStringLiteral("Invalid 'messages': empty array. Expected an array with "
                                        "minimum length 1, but got an empty array instead."),
                         "messages", "empty_array"};
    QString text;
    for (std::size_t i = 0; i < messages->size(); ++i) {
        const Json &message = (*messages)[i];
        const QString where = QStringLiteral("messages[%1]").arg(i);
        if (!message.is_object())
            throw BadRequest{QStringLiteral("Invalid type for '%1': expected an object, but got "
                                            "%2 instead.")
                                 .arg(where, simJsonTypeName(message)),
                             "messages", "invalid_type"};
        const auto role = message.find("role");
        if (role == message.end() || !role->is_string())
            throw BadRequest{QStringLiteral("Missing required parameter: '%1.role'.").arg(where),
                             "messages", "missing_required_parameter"};
        const auto content = message.find("content");
        if (content == message.end() || content->is_null())
            continue;
        QString messageText;
        if (content->is_string()) {
            messageText = QString::fromStdString(content->get<std::string>());
        } else if (content->is_array()) {
            for (const Json &part : *content) {
                if (!part.is_object())
                    throw BadRequest{QStringLiteral("Invalid type for '%1.content': expected an "
                                                    "array of objects.")
                                         .arg(where),
                                     "messages", "invalid_type"};
                const auto type = part.find("type");
                const auto partText = part.find("text");
                if (type != part.end() && *type == "text" && partText != part.end() &&
                    partText->is_string())
                    messageText += QString::fromStdString(partText->get<std::string>());
            }
        } else {
            throw BadRequest{QStringLiteral("Invalid type for '%1.content': expected a string or "
                                            "an array of objects, but got %2 instead.")
                                 .arg(where, simJsonTypeName(*content)),
                             "messages", "invalid_type"};
        }
        simAppendMessage(text, messageText);
    }
    return text;
}

OrderedJson usageJson(const SimAnswer &answer)
{
    // completion_tokens holds the reasoning tokens, which the details break out.
    const int completion = answer.completionTokens + answer.reasoningTokens;
    OrderedJson usage{
        {"prompt_tokens", answer.promptTokens},
        {"completion_tokens", completion},
        {"total_tokens", answer.promptTokens + completion},
        {"prompt_tokens_details", {{"cached_tokens", answer.cachedTokens}}},
        {"completion_tokens_details", {{"reasoning_tokens", answer.reasoningTokens}}}};
    if (answer.costUsd)
        usage["cost"] = *answer.costUsd; // as OpenRouter reports what the request cost
    return usage;
}

} // namespace

bool SimOpenAiChat::readModel(const SimHttpRequest &request, QString *model, SimError *error)
{
    const SimModelField read = simReadModelField(request.body, &m_body, model);
    if (read == SimModelField::Read)
        return true;
    error->kind = SimErrorKind::InvalidRequest;
    if (read == SimModelField::NotJson) {
        error->message = QStringLiteral(
            "We could not parse the JSON body of your request. (HINT: This likely means you "
            "aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but "
            "what was sent was not valid JSON. If you have trouble figuring out how to fix this, "
            "please contact us through our help center at help.openai.com.)");
        return false;
    }
    error->message = QStringLiteral("You must provide a model parameter.");
    error->param = "model";
    error->code = "missing_required_parameter";
    return false;
}

bool SimOpenAiChat::parse(const SimHttpRequest &, SimChatRequest *out, SimError *error)
{
    const Json body = std::exchange(m_body, Json());
    if (const auto it = body.find("response_format"); it != body.end())
        simReadOpenAiFormat(*it, out);
    try {
        if (const auto it = body.find("stream"); it != body.end() && !it->is_null()) {
            if (!it->is_boolean())
                throw BadRequest{QStringLiteral("Invalid type for 'stream': expected a boolean, "
                                                "but got %1 instead.")
                                     .arg(simJsonTypeName(*it)),
                                 "stream", "invalid_type"};
            out->stream = it->get<bool>();
        }
        out->includeUsage = false;
        if (const auto it = body.find("stream_options"); it != body.end() && !it->is_null()) {
            if (!out->stream)
                throw BadRequest{QStringLiteral("The 'stream_options' parameter is only allowed "
                                                "when 'stream' is enabled."),
                                 "stream_options", nullptr};
            if (!it->is_object())
                throw BadRequest{QStringLiteral("Invalid type for 'stream_options': expected an "
                                                "object, but got %1 instead.")
                                     .arg(simJsonTypeName(*it)),
                                 "stream_options", "invalid_type"};
            if (const auto usage = it->find("include_usage");
                usage != it->end() && !usage->is_null()) {
                if (!usage->is_boolean())
                    throw BadRequest{QStringLiteral("Invalid type for "
                                                    "'stream_options.include_usage': expected a "
                                                    "boolean, but got %1 instead.")
                                         .arg(simJsonTypeName(*usage)),
                                     "stream_options.include_usage", "invalid_type"};
                out->includeUsage = usage->get<bool>();
            }
        }
        // The newer name wins when a client sends both.
        out->maxTokens = readMaxTokens(body, "max_completion_tokens");
        if (!out->maxTokens)
            out->maxTokens = readMaxTokens(body, "max_tokens");
        if (const auto t = body.find("temperature"); t != body.end() && t->is_number())
            out->temperature = t->get<double>();
        out->prompt = promptText(body);
    } catch (const BadRequest &e) {
        error->kind = SimErrorKind::InvalidRequest;
        error->message = e.message;
        error->param = e.param;
        error->code = e.code;
        return false;
    }
    if (const auto e = body.find("reasoning_effort"); e != body.end() && e->is_string())
        out->reasoningEffort = QString::fromStdString(e->get<std::string>());
    return simReadOpenAiTools(body, false, out, error);
}

void SimOpenAiChat::begin(const SimAnswer &answer, SimRandom &ids)
{
    m_answer = answer;
    m_id = QByteArrayLiteral("chatcmpl-") + simRandomToken(ids, 29);
    const std::uint64_t deployment =
        answer.fingerprintEvery > 0 ? answer.requestNumber / std::uint64_t(answer.fingerprintEvery)
                                    : 0;
    if (!answer.systemFingerprint.isEmpty())
        m_fingerprint = answer.systemFingerprint.toUtf8() +
                        (deployment > 0 ? "_" + QByteArray::number(deployment) : QByteArray());
    else
        m_fingerprint =
            QByteArrayLiteral("fp_") + simHex64(simStableHash(answer.model) ^ answer.profileSeed ^
                                                (deployment * 0x9e3779b97f4a7c15ull))
                                           .left(10);
    m_callId.clear();
    m_toolStarted = false;
    if (!answer.toolName.isEmpty())
        m_callId = QByteArrayLiteral("call_") + simRandomToken(ids, 24);
    m_head = "{\"id\":\"" + m_id + "\",\"object\":\"chat.completion.chunk\",\"created\":" +
             QByteArray::number(answer.created) + ",\"model\":" + simJsonString(answer.model) +
             ",\"system_fingerprint\":\"" + m_fingerprint + "\",\"service_tier\":\"default\"";
}

QByteArray SimOpenAiChat::chunk(const QByteArray &choices, bool withUsageNull) const
{
    // OpenAI sends an explicit null usage on every chunk once usage was asked for.
    return m_head + ",\"choices\":" + choices +
           (withUsageNull && m_answer.includeUsage ? ",\"usage\":null}" : "}");
}

std::vector<SimSse> SimOpenAiChat::opening()
{
    std::vector<SimSse> events;
    if (m_answer.emptyChoices)
        events.push_back({{}, chunk("[]", true)});
    // A tool call's role chunk has a null content, as OpenAI sends it.
    events.push_back({{},
                      chunk(QByteArrayLiteral("[{\"index\":0,\"delta\":{\"role\":\"assistant\","
                                              "\"content\":") +
                                (m_callId.isEmpty() ? "\"\"" : "null") +
                                "},\"logprobs\":null,\"finish_reason\":null}]",
                            true)});
    return events;
}

std::vector<SimSse> SimOpenAiChat::content(const QString &text, int, bool)
{
    if (!m_callId.isEmpty()) {
        // The call's first delta names it; the later ones carry only more of its arguments.
        const bool first = !std::exchange(m_toolStarted, true);
        const QByteArray delta =
            first ? "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"index\":0,\"id\":"
                    "\"" +
                        m_callId + "\",\"type\":\"function\",\"function\":{\"name\":" +
                        simJsonString(m_answer.toolName) + ','
                  : QByteArrayLiteral("{\"tool_calls\":[{\"index\":0,\"function\":{");
        return {{{},
                 chunk("[{\"index\":0,\"delta\":" + delta + "\"arguments\":" + simJsonString(text) +
                           "}}]},\"logprobs\":null,\"finish_reason\":null}]",
                       true)}};
    }
    return {{{},
             chunk("[{\"index\":0,\"delta\":{\"content\":" + simJsonString(text) +
                       "},\"logprobs\":null,\"finish_reason\":null}]",
                   true)}};
}

std::vector<SimSse> SimOpenAiChat::reasoning(const QString &text)
{
    // As DeepSeek, vLLM and Qwen stream it: reasoning_content beside an empty content.
    return {{{},
             chunk("[{\"index\":0,\"delta\":{\"reasoning_content\":" + simJsonString(text) +
                       "},\"logprobs\":null,\"finish_reason\":null}]",
                   true)}};
}

std::vector<SimSse> SimOpenAiChat::closing()
{
    if (!m_answer.endMarker)
        return {};
    std::vector<SimSse> events;
    // The finish reason ends a tool call's arguments too.
    events.push_back({{},
                      chunk(QByteArrayLiteral("[{\"index\":0,\"delta\":{},\"logprobs\":null,"
                                              "\"finish_reason\":\"") +
                                finishReason() + "\"}]",
                            true),
                      !m_callId.isEmpty()});
    if (m_answer.includeUsage)
        events.push_back(
            {{},
             chunk("[],\"usage\":" + QByteArray::fromStdString(usageJson(m_answer).dump()),
                   false)});
    events.push_back({{}, QByteArrayLiteral("[DONE]")});
    return events;
}

std::vector<SimSse> SimOpenAiChat::streamError()
{
    // What OpenAI sends when generation fails after the 200 (fault case 8 of
    // docs/simulator-profiles.md): an error object in a data line, then the usual [DONE].
    return {{{},
             simOpenAiErrorBody(QStringLiteral("The server had an error while processing your "
                                               "request. Sorry about that!"),
                                "server_error", nullptr, nullptr)},
            {{}, QByteArrayLiteral("[DONE]")}};
}

std::vector<SimSse> SimOpenAiChat::inBandError(const SimReply &reply) const
{
    // vLLM and OpenAI: the error object in a data line, then the usual [DONE].
    return {{{}, reply.body}, {{}, QByteArrayLiteral("[DONE]")}};
}

std::vector<SimSse> SimOpenAiChat::emptyEnd()
{
    return {{{}, QByteArrayLiteral("[DONE]")}};
}

const char *SimOpenAiChat::finishReason() const
{
    if (m_answer.truncated)
        return "length";
    return m_callId.isEmpty() ? "stop" : "tool_calls";
}

nlohmann::ordered_json SimOpenAiChat::message(const QString &text) const
{
    if (m_callId.isEmpty())
        return {{"role", "assistant"}, {"content", text.toStdString()}, {"refusal", nullptr}};
    const OrderedJson call{
        {"id", m_callId.toStdString()},
        {"type", "function"},
        {"function",
         {{"name", m_answer.toolName.toStdString()}, {"arguments", text.toStdString()}}}};
    return {{"role", "assistant"},
            {"content", nullptr},
            {"tool_calls", OrderedJson::array({call})},
            {"refusal", nullptr}};
}

QByteArray SimOpenAiChat::completeBody(const QString &text)
{
    OrderedJson reply{
        {"id", m_id.toStdString()},
        {"object", "chat.completion"},
        {"created", m_answer.created},
        {"model", m_answer.model.toStdString()},
        {"choices", OrderedJson::array({OrderedJson{{"index", 0},
                                                    {"message", message(text)},
                                                    {"logprobs", nullptr},
                                                    {"finish_reason", finishReason()}}})}};
    if (m_answer.usage)
        reply["usage"] = usageJson(m_answer);
    reply["service_tier"] = "default";
    reply["system_fingerprint"] = m_fingerprint.toStdString();
    return QByteArray::fromStdString(reply.dump());
}

} // namespace ys
