#include "sim/sim_anthropic.h"

#include "sim/sim_error_table.h"
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

// Text of a string or of an array of content blocks; false when it is neither.
bool appendText(const Json &content, QString *text)
{
    if (content.is_string()) {
        *text += QString::fromStdString(content.get<std::string>());
        return true;
    }
    if (!content.is_array())
        return false;
    for (const Json &block : content) {
        if (!block.is_object())
            return false;
        const auto blockText = block.find("text");
        if (blockText != block.end() && blockText->is_string())
            *text += QString::fromStdString(blockText->get<std::string>());
    }
    return true;
}

// Anthropic's wording of every error reply. There is no error code: the type and the message
// are what clients go by.
const SimErrorWording kAnthropicErrors[] = {
    {SimErrorKind::InvalidRequest, 400, "invalid_request_error", nullptr, nullptr, "{message}"},
    {SimErrorKind::MissingKey, 401, "authentication_error", nullptr, nullptr,
     "x-api-key header is required"},
    {SimErrorKind::WrongKey, 401, "authentication_error", nullptr, nullptr, "invalid x-api-key"},
    {SimErrorKind::UnknownModel, 404, "not_found_error", nullptr, nullptr, "model: {model}"},
    {SimErrorKind::ContextOverflow, 400, "invalid_request_error", nullptr, nullptr,
     "prompt is too long: {prompt_tokens} tokens > {context_window} maximum"},
    {SimErrorKind::ContextOverflow500, 500, "api_error", nullptr, nullptr, "Internal server error"},
    {SimErrorKind::RateLimited, 429, "rate_limit_error", nullptr, nullptr,
     "This request would exceed the rate limit for your organization of {request_limit} "
     "requests per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits.",
     nullptr,
     "This request would exceed the rate limit for your organization of {token_limit} input "
     "tokens per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits."},
    {SimErrorKind::Quota, 400, "invalid_request_error", nullptr, nullptr,
     "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing "
     "to upgrade or purchase credits."},
    {SimErrorKind::SpendLimit, 400, "invalid_request_error", nullptr, nullptr,
     "You have reached your specified API usage limits. You will regain access on 2099-01-01 at "
     "00:00 UTC."},
    {SimErrorKind::Overloaded, 529, "overloaded_error", nullptr, nullptr, "Overloaded"},
    {SimErrorKind::Unavailable, 503, "api_error", nullptr, nullptr, "Service unavailable"},
    {SimErrorKind::ServerError, 500, "api_error", nullptr, nullptr, "Internal server error"},
};

} // namespace

QByteArray SimAnthropic::errorBody(const char *type, const QString &message)
{
    const OrderedJson body{{"type", "error"},
                           {"error", {{"type", type}, {"message", message.toStdString()}}}};
    return QByteArray::fromStdString(body.dump());
}

bool SimAnthropic::readModel(const SimHttpRequest &request, QString *model, SimError *error)
{
    switch (simReadModelField(request.body, &m_body, model)) {
    case SimModelField::Read:
        return true;
    case SimModelField::NotJson:
        *error =
            invalidRequest(QStringLiteral("There was an error parsing the body of your request."));
        return false;
    case SimModelField::Missing:
        break;
    }
    *error = invalidRequest(QStringLiteral("model: Field required"));
    return false;
}

bool SimAnthropic::checkHeaders(const SimHttpRequest &request, SimError *error) const
{
    if (!request.hasHeader("anthropic-version")) {
        *error = invalidRequest(QStringLiteral("anthropic-version: header is required"));
        return false;
    }
    return true;
}

bool SimAnthropic::parse(const SimHttpRequest &, SimChatRequest *out, SimError *error)
{
    const Json body = std::exchange(m_body, Json());
    const auto maxTokens = body.find("max_tokens");
    if (maxTokens == body.end() || maxTokens->is_null()) {
        *error = invalidRequest(QStringLiteral("max_tokens: Field required"));
        return false;
    }
    if (!maxTokens->is_number_integer() || maxTokens->get<std::int64_t>() < 1) {
        *error = invalidRequest(
            QStringLiteral("max_tokens: Input should be greater than or equal to 1"));
        return false;
    }
    out->maxTokens = int(
        std::min<std::int64_t>(maxTokens->get<std::int64_t>(), std::numeric_limits<int>::max()));
    if (const auto t = body.find("temperature"); t != body.end() && t->is_number())
        out->temperature = t->get<double>();
    if (const auto it = body.find("stream"); it != body.end() && !it->is_null()) {
        if (!it->is_boolean()) {
            *error = invalidRequest(QStringLiteral("stream: Input should be a valid boolean"));
            return false;
        }
        out->stream = it->get<bool>();
    }
    QString prompt;
    if (const auto system = body.find("system"); system != body.end() && !system->is_null()) {
        QString text;
        if (!appendText(*system, &text)) {
            *error =
                invalidRequest(QStringLiteral("system: Input should be a valid string or list"));
            return false;
        }
        simAppendMessage(prompt, text);
    }
    const auto messages = body.find("messages");
    if (messages == body.end() || !messages->is_array()) {
        *error = invalidRequest(QStringLiteral("messages: Field required"));
        return false;
    }
    if (messages->empty()) {
        *error = invalidRequest(QStringLiteral("messages: at least one message is required"));
        return false;
    }
    for (std::size_t i = 0; i < messages->size(); ++i) {
        const Json &message = (*messages)[i];
        const auto content = message.is_object() ? message.find("content") : message.end();
        QString text;
        if (!message.is_object() || content == message.end() || !appendText(*content, &text)) {
            *error = invalidRequest(QStringLiteral("messages.%1.content: Field required").arg(i));
            return false;
        }
        simAppendMessage(prompt, text);
    }
    out->prompt = prompt;
    if (const auto t = body.find("thinking"); t != body.end() && t->is_object())
        if (const auto b = t->find("budget_tokens"); b != t->end() && b->is_number_integer())
            out->reasoningEffort = QStringLiteral("budget:%1").arg(b->get<std::int64_t>());
    return simReadAnthropicTools(body, out, error);
}

SimReply SimAnthropic::errorReply(const SimError &error) const
{
    const SimErrorWording &row = simErrorWording(kAnthropicErrors, error);
    return {row.status, {}, errorBody(simErrorType(row, error), simErrorText(row, error))};
}

SimHeaders SimAnthropic::rateLimitHeaders(const SimRateLimitStatus &status) const
{
    SimHeaders headers;
    // A limit's three headers, when there is that limit.
    const auto add = [&headers](const char *what, int limit, int remaining, std::int64_t resetNs) {
        if (limit <= 0)
            return;
        const QByteArray prefix = QByteArrayLiteral("anthropic-ratelimit-") + what;
        headers.emplace_back(prefix + "-limit", QByteArray::number(limit));
        headers.emplace_back(prefix + "-remaining", QByteArray::number(remaining));
        headers.emplace_back(prefix + "-reset", simRfc3339FromNow(resetNs));
    };
    add("requests", status.requestLimit, status.requestsRemaining, status.requestsResetNs);
    add("tokens", status.tokenLimit, status.tokensRemaining, status.tokensResetNs);
    return headers;
}

SimHeaders SimAnthropic::extraHeaders(const QByteArray &requestId) const
{
    return {{QByteArrayLiteral("request-id"), requestId}};
}

void SimAnthropic::begin(const SimAnswer &answer, SimRandom &ids)
{
    m_answer = answer;
    m_id = QByteArrayLiteral("msg_01") + simRandomToken(ids, 22);
    m_toolId.clear();
    if (!answer.toolName.isEmpty())
        m_toolId = QByteArrayLiteral("toolu_01") + simRandomToken(ids, 22);
}

QByteArray SimAnthropic::usage(int outputTokens) const
{
    // input_tokens excludes what was read from the cache: the three input fields add up to the
    // whole prompt.
    return "{\"input_tokens\":" +
           QByteArray::number(m_answer.promptTokens - m_answer.cachedTokens) +
           ",\"cache_creation_input_tokens\":0,\"cache_read_input_tokens\":" +
           QByteArray::number(m_answer.cachedTokens) +
           ",\"output_tokens\":" + QByteArray::number(outputTokens) + "}";
}

std::vector<SimSse> SimAnthropic::opening()
{
    return {{"message_start",
             "{\"type\":\"message_start\",\"message\":{\"id\":\"" + m_id +
                 "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":" +
                 simJsonString(m_answer.model) +
                 ",\"content\":[],\"stop_reason\":null,\"stop_sequence\":null,\"usage\":" +
                 usage(1) + "}}"},
            m_answer.reasoningStreamed ? blockStart(0, "thinking") : answerBlockStart(0),
            {"ping", "{\"type\": \"ping\"}"}};
}

SimSse SimAnthropic::answerBlockStart(int index) const
{
    if (m_toolId.isEmpty())
        return blockStart(index, "text");
    return {"content_block_start",
            "{\"type\":\"content_block_start\",\"index\":" + QByteArray::number(index) +
                ",\"content_block\":{\"type\":\"tool_use\",\"id\":\"" + m_toolId +
                "\",\"name\":" + simJsonString(m_answer.toolName) + ",\"input\":{}}}"};
}

SimSse SimAnthropic::blockStart(int index, const char *type)
{
    const QByteArray empty = qstrcmp(type, "thinking") == 0
                                 ? QByteArrayLiteral("\"thinking\":\"\",\"signature\":\"\"")
                                 : QByteArrayLiteral("\"text\":\"\"");
    return {"content_block_start",
            "{\"type\":\"content_block_start\",\"index\":" + QByteArray::number(index) +
                ",\"content_block\":{\"type\":\"" + type + "\"," + empty + "}}"};
}

std::vector<SimSse> SimAnthropic::reasoning(const QString &text)
{
    return {
        {"content_block_delta", "{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":"
                                "\"thinking_delta\",\"thinking\":" +
                                    simJsonString(text) + "}}"}};
}

std::vector<SimSse> SimAnthropic::content(const QString &text, int, bool)
{
    std::vector<SimSse> events;
    // After streamed thinking (block 0) the answer is block 1, opened with its first text.
    const int index = m_answer.reasoningStreamed ? 1 : 0;
    if (m_answer.reasoningStreamed && !m_textOpen) {
        m_textOpen = true;
        events.push_back({"content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}"});
        events.push_back(answerBlockStart(1));
    }
    // A tool call's arguments stream as partial JSON.
    const QByteArray delta =
        m_toolId.isEmpty()
            ? "{\"type\":\"text_delta\",\"text\":" + simJsonString(text) + '}'
            : "{\"type\":\"input_json_delta\",\"partial_json\":" + simJsonString(text) + '}';
    events.push_back({"content_block_delta",
                      "{\"type\":\"content_block_delta\",\"index\":" + QByteArray::number(index) +
                          ",\"delta\":" + delta + '}'});
    return events;
}

std::vector<SimSse> SimAnthropic::closing()
{
    if (!m_answer.endMarker)
        return {};
    const QByteArray index = m_answer.reasoningStreamed ? "1" : "0";
    // The block's stop ends a tool call's arguments.
    return {{"content_block_stop", "{\"type\":\"content_block_stop\",\"index\":" + index + "}",
             !m_toolId.isEmpty()},
            {"message_delta", QByteArrayLiteral("{\"type\":\"message_delta\",\"delta\":{\"stop_"
                                                "reason\":\"") +
                                  stopReason() + "\",\"stop_sequence\":null},\"usage\":" +
                                  usage(outputTokens()) + "}"},
            {"message_stop", "{\"type\":\"message_stop\"}"}};
}

std::vector<SimSse> SimAnthropic::streamError()
{
    return {{"error", errorBody("overloaded_error", QStringLiteral("Overloaded"))}};
}

std::vector<SimSse> SimAnthropic::inBandError(const SimReply &reply) const
{
    return {{QByteArrayLiteral("error"), reply.body}};
}

std::vector<SimSse> SimAnthropic::emptyEnd()
{
    // message_start went out with the opening; no block, no message_delta, then the stop.
    return {{QByteArrayLiteral("message_stop"), QByteArrayLiteral("{\"type\":\"message_stop\"}")}};
}

const char *SimAnthropic::stopReason() const
{
    if (m_answer.truncated)
        return "max_tokens";
    return m_toolId.isEmpty() ? "end_turn" : "tool_use";
}

QByteArray SimAnthropic::completeBody(const QString &text)
{
    QByteArray block = "{\"type\":\"text\",\"text\":" + simJsonString(text) + '}';
    if (!m_toolId.isEmpty()) {
        // Whole, the input is an object: arguments cut by the output limit leave it empty.
        const QByteArray args = text.toUtf8();
        nlohmann::json input = nlohmann::json::parse(args.begin(), args.end(), nullptr, false);
        if (!input.is_object())
            input = nlohmann::json::object();
        block = "{\"type\":\"tool_use\",\"id\":\"" + m_toolId +
                "\",\"name\":" + simJsonString(m_answer.toolName) +
                ",\"input\":" + QByteArray::fromStdString(input.dump()) + '}';
    }
    return "{\"id\":\"" + m_id + "\",\"type\":\"message\",\"role\":\"assistant\",\"model\":" +
           simJsonString(m_answer.model) + ",\"content\":[" + block + "],\"stop_reason\":\"" +
           stopReason() + "\",\"stop_sequence\":null,\"usage\":" + usage(outputTokens()) + "}";
}

} // namespace ys
