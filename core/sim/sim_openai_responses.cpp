#include "sim/sim_openai_responses.h"

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

QString textOf(const Json &content, bool *ok)
{
    if (content.is_string())
        return QString::fromStdString(content.get<std::string>());
    QString text;
    if (!content.is_array()) {
        *ok = false;
        return text;
    }
    for (const Json &part : content) {
        if (!part.is_object()) {
            *ok = false;
            return text;
        }
        const auto partText = part.find("text");
        if (partText != part.end() && partText->is_string())
            text += QString::fromStdString(partText->get<std::string>());
    }
    return text;
}

} // namespace

bool SimOpenAiResponses::readModel(const SimHttpRequest &request, QString *model, SimError *error)
{
    const SimModelField read = simReadModelField(request.body, &m_body, model);
    if (read == SimModelField::Read)
        return true;
    error->kind = SimErrorKind::InvalidRequest;
    if (read == SimModelField::NotJson) {
        error->message = QStringLiteral("We could not parse the JSON body of your request. The "
                                        "OpenAI API expects a JSON payload.");
        return false;
    }
    error->message = QStringLiteral("Missing required parameter: 'model'.");
    error->param = "model";
    error->code = "missing_required_parameter";
    return false;
}

bool SimOpenAiResponses::parse(const SimHttpRequest &, SimChatRequest *out, SimError *error)
{
    const Json body = std::exchange(m_body, Json());
    error->kind = SimErrorKind::InvalidRequest;
    if (const auto it = body.find("text"); it != body.end() && it->is_object())
        if (const auto format = it->find("format"); format != it->end())
            simReadOpenAiFormat(*format, out);
    if (const auto it = body.find("stream"); it != body.end() && !it->is_null()) {
        if (!it->is_boolean()) {
            error->message = QStringLiteral("Invalid type for 'stream': expected a boolean.");
            error->param = "stream";
            error->code = "invalid_type";
            return false;
        }
        out->stream = it->get<bool>();
    }
    if (const auto it = body.find("max_output_tokens"); it != body.end() && !it->is_null()) {
        if (!it->is_number_integer() || it->get<std::int64_t>() < 16) {
            // The real API's floor for max_output_tokens is 16.
            error->message = QStringLiteral("Invalid 'max_output_tokens': integer below minimum "
                                            "value. Expected a value >= 16, but got %1 instead.")
                                 .arg(QString::fromStdString(it->dump()));
            error->param = "max_output_tokens";
            error->code = "integer_below_min_value";
            return false;
        }
        out->maxTokens =
            int(std::min<std::int64_t>(it->get<std::int64_t>(), std::numeric_limits<int>::max()));
        m_maxOutputTokens = out->maxTokens;
    }
    if (const auto t = body.find("temperature"); t != body.end() && t->is_number())
        out->temperature = t->get<double>();
    QString prompt;
    if (const auto it = body.find("instructions"); it != body.end() && it->is_string())
        simAppendMessage(prompt, QString::fromStdString(it->get<std::string>()));
    const auto input = body.find("input");
    if (input == body.end() || input->is_null()) {
        error->message = QStringLiteral("Missing required parameter: 'input'.");
        error->param = "input";
        error->code = "missing_required_parameter";
        return false;
    }
    bool ok = true;
    if (input->is_string()) {
        simAppendMessage(prompt, QString::fromStdString(input->get<std::string>()));
    } else if (input->is_array()) {
        for (const Json &item : *input) {
            if (!item.is_object()) {
                ok = false;
                break;
            }
            if (const auto content = item.find("content"); content != item.end())
                simAppendMessage(prompt, textOf(*content, &ok));
        }
    } else {
        ok = false;
    }
    if (!ok) {
        error->message = QStringLiteral("Invalid type for 'input': expected a string or an array "
                                        "of input items.");
        error->param = "input";
        error->code = "invalid_type";
        return false;
    }
    out->prompt = prompt;
    if (const auto r = body.find("reasoning"); r != body.end() && r->is_object())
        if (const auto e = r->find("effort"); e != r->end() && e->is_string())
            out->reasoningEffort = QString::fromStdString(e->get<std::string>());
    return simReadOpenAiTools(body, true, out, error);
}

void SimOpenAiResponses::begin(const SimAnswer &answer, SimRandom &ids)
{
    m_answer = answer;
    m_id = QByteArrayLiteral("resp_") + simHex64(ids.next()) + simHex64(ids.next()) +
           simHex64(ids.next());
    m_itemId = QByteArrayLiteral("msg_") + simHex64(ids.next()) + simHex64(ids.next()) +
               simHex64(ids.next());
    m_text.clear();
    m_sequence = 0;
    m_callId.clear();
    if (!answer.toolName.isEmpty()) {
        // A function call is the output item instead of the message.
        m_itemId = QByteArrayLiteral("fc_") + simHex64(ids.next()) + simHex64(ids.next()) +
                   simHex64(ids.next());
        m_callId = QByteArrayLiteral("call_") + simRandomToken(ids, 24);
    }
}

SimSse SimOpenAiResponses::event(const char *type, QByteArray fields)
{
    QByteArray data = QByteArrayLiteral("{\"type\":\"") + type +
                      "\",\"sequence_number\":" + QByteArray::number(m_sequence++);
    if (!fields.isEmpty())
        data += ',' + fields;
    data += '}';
    return {QByteArray(type), data};
}

QByteArray SimOpenAiResponses::outputItem(const char *status) const
{
    if (!m_callId.isEmpty())
        return "{\"id\":\"" + m_itemId + "\",\"type\":\"function_call\",\"status\":\"" + status +
               "\",\"arguments\":" +
               simJsonString(qstrcmp(status, "in_progress") == 0 ? QString() : m_text) +
               ",\"call_id\":\"" + m_callId + "\",\"name\":" + simJsonString(m_answer.toolName) +
               '}';
    QByteArray content = "[]";
    if (qstrcmp(status, "in_progress") != 0)
        content = "[{\"type\":\"output_text\",\"annotations\":[],\"logprobs\":[],\"text\":" +
                  simJsonString(m_text) + "}]";
    return "{\"id\":\"" + m_itemId + "\",\"type\":\"message\",\"status\":\"" + status +
           "\",\"content\":" + content + ",\"role\":\"assistant\"}";
}

QByteArray SimOpenAiResponses::response(const char *status, bool withOutput) const
{
    const bool done = qstrcmp(status, "in_progress") != 0;
    const bool incomplete = qstrcmp(status, "incomplete") == 0;
    QByteArray usage = "null";
    const int output = m_answer.completionTokens + m_answer.reasoningTokens; // reasoning included
    if (done && m_answer.usage)
        usage = "{\"input_tokens\":" + QByteArray::number(m_answer.promptTokens) +
                ",\"input_tokens_details\":{\"cached_tokens\":" +
                QByteArray::number(m_answer.cachedTokens) +
                "},\"output_tokens\":" + QByteArray::number(output) +
                ",\"output_tokens_details\":{\"reasoning_tokens\":" +
                QByteArray::number(m_answer.reasoningTokens) +
                "},\"total_tokens\":" + QByteArray::number(m_answer.promptTokens + output) + "}";
    QByteArray error = "null";
    if (qstrcmp(status, "failed") == 0)
        error = "{\"code\":\"server_error\",\"message\":\"The server had an error while "
                "processing your request. Sorry about that!\"}";
    const QByteArray itemStatus = incomplete ? "incomplete" : "completed";
    return "{\"id\":\"" + m_id +
           "\",\"object\":\"response\",\"created_at\":" + QByteArray::number(m_answer.created) +
           ",\"status\":\"" + status + "\",\"background\":false,\"error\":" + error +
           ",\"incomplete_details\":" +
           (incomplete ? QByteArray("{\"reason\":\"max_output_tokens\"}") : QByteArray("null")) +
           ",\"instructions\":null,\"max_output_tokens\":" +
           (m_maxOutputTokens ? QByteArray::number(*m_maxOutputTokens) : QByteArray("null")) +
           ",\"model\":" + simJsonString(m_answer.model) + ",\"output\":" +
           (withOutput ? '[' + outputItem(itemStatus.constData()) + ']' : QByteArray("[]")) +
           ",\"parallel_tool_calls\":true,\"previous_response_id\":null,\"service_tier\":"
           "\"default\",\"store\":false,\"temperature\":1.0,\"text\":{\"format\":{\"type\":"
           "\"text\"}},\"tool_choice\":\"auto\",\"tools\":[],\"top_p\":1.0,\"truncation\":"
           "\"disabled\",\"usage\":" +
           usage + ",\"metadata\":{}}";
}

std::vector<SimSse> SimOpenAiResponses::opening()
{
    std::vector<SimSse> events;
    events.push_back(event("response.created", "\"response\":" + response("in_progress", false)));
    events.push_back(
        event("response.in_progress", "\"response\":" + response("in_progress", false)));
    events.push_back(event("response.output_item.added",
                           "\"output_index\":0,\"item\":" + outputItem("in_progress")));
    if (!m_callId.isEmpty())
        return events; // a function call has no content part
    events.push_back(
        event("response.content_part.added",
              "\"item_id\":\"" + m_itemId +
                  "\",\"output_index\":0,\"content_index\":0,\"part\":{\"type\":"
                  "\"output_text\",\"annotations\":[],\"logprobs\":[],\"text\":\"\"}"));
    return events;
}

std::vector<SimSse> SimOpenAiResponses::content(const QString &text, int, bool)
{
    m_text += text;
    if (!m_callId.isEmpty())
        return {event("response.function_call_arguments.delta",
                      "\"item_id\":\"" + m_itemId +
                          "\",\"output_index\":0,\"delta\":" + simJsonString(text))};
    return {event("response.output_text.delta",
                  "\"item_id\":\"" + m_itemId +
                      "\",\"output_index\":0,\"content_index\":0,\"delta\":" + simJsonString(text) +
                      ",\"logprobs\":[]")};
}

std::vector<SimSse> SimOpenAiResponses::reasoning(const QString &text)
{
    // The reasoning item's summary, streamed before the message's text.
    return {
        event("response.reasoning_summary_text.delta",
              "\"item_id\":\"rs_" + m_itemId.mid(m_itemId.indexOf('_') + 1) +
                  "\",\"output_index\":0,\"summary_index\":0,\"delta\":" + simJsonString(text))};
}

std::vector<SimSse> SimOpenAiResponses::closing()
{
    if (!m_answer.endMarker)
        return {};
    const QByteArray where =
        "\"item_id\":\"" + m_itemId + "\",\"output_index\":0,\"content_index\":0";
    const QByteArray text = simJsonString(m_text);
    const bool incomplete = m_answer.truncated;
    std::vector<SimSse> events;
    if (!m_callId.isEmpty()) {
        events.push_back(
            event("response.function_call_arguments.done",
                  "\"item_id\":\"" + m_itemId + "\",\"output_index\":0,\"arguments\":" + text));
        events.back().completesToolCall = true;
    } else {
        events.push_back(
            event("response.output_text.done", where + ",\"text\":" + text + ",\"logprobs\":[]"));
        events.push_back(event("response.content_part.done",
                               where +
                                   ",\"part\":{\"type\":\"output_text\",\"annotations\":[],"
                                   "\"logprobs\":[],\"text\":" +
                                   text + "}"));
    }
    events.push_back(event("response.output_item.done",
                           "\"output_index\":0,\"item\":" +
                               outputItem(incomplete ? "incomplete" : "completed")));
    if (incomplete)
        events.push_back(
            event("response.incomplete", "\"response\":" + response("incomplete", true)));
    else
        events.push_back(
            event("response.completed", "\"response\":" + response("completed", true)));
    return events;
}

std::vector<SimSse> SimOpenAiResponses::streamError()
{
    std::vector<SimSse> events;
    events.push_back(event("error", "\"code\":\"server_error\",\"message\":\"The server had an "
                                    "error while processing your request. Sorry about "
                                    "that!\",\"param\":null"));
    events.push_back(event("response.failed", "\"response\":" + response("failed", false)));
    return events;
}

std::vector<SimSse> SimOpenAiResponses::inBandError(const SimReply &reply) const
{
    // The Responses API's error event is flat: the error object's members beside its type.
    nlohmann::ordered_json body =
        nlohmann::ordered_json::parse(reply.body.begin(), reply.body.end(), nullptr, false);
    nlohmann::ordered_json event{{"type", "error"}};
    if (body.is_object() && body.contains("error") && body["error"].is_object()) {
        for (const auto &[name, value] : body["error"].items())
            if (name != "type")
                event[name] = value;
    }
    return {{QByteArrayLiteral("error"), QByteArray::fromStdString(event.dump())}};
}

QByteArray SimOpenAiResponses::completeBody(const QString &text)
{
    m_text = text;
    return response(m_answer.truncated ? "incomplete" : "completed", true);
}

} // namespace ys
