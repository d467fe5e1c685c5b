#include "sim/sim_gemini.h"

#include "sim/sim_error_table.h"
#include "sim/sim_tool_requests.h"

#include <limits>
#include <nlohmann/json.hpp>

// The error messages copy the English wording of the real API (they are wire protocol), so they
// are deliberately not translated.

namespace ys {

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

const char *statusName(int code)
{
    switch (code) {
    case 400:
        return "INVALID_ARGUMENT";
    case 401:
        return "UNAUTHENTICATED";
    case 403:
        return "PERMISSION_DENIED";
    case 404:
        return "NOT_FOUND";
    case 429:
        return "RESOURCE_EXHAUSTED";
    case 503:
    case 529:
        return "UNAVAILABLE";
    default:
        return "INTERNAL";
    }
}

OrderedJson errorJson(int code, const QString &message, OrderedJson details = nullptr)
{
    OrderedJson error{
        {"code", code}, {"message", message.toStdString()}, {"status", statusName(code)}};
    if (!details.is_null())
        error["details"] = std::move(details);
    return OrderedJson{{"error", std::move(error)}};
}

OrderedJson quotaFailure(const char *quotaId, const char *metric, int value, const QString &model)
{
    return OrderedJson{
        {"@type", "type.googleapis.com/google.rpc.QuotaFailure"},
        {"violations",
         OrderedJson::array({OrderedJson{
             {"quotaMetric", metric},
             {"quotaId", quotaId},
             {"quotaDimensions", {{"location", "global"}, {"model", model.toStdString()}}},
             {"quotaValue", std::to_string(value)}}})}};
}

OrderedJson help()
{
    return OrderedJson{
        {"@type", "type.googleapis.com/google.rpc.Help"},
        {"links", OrderedJson::array({OrderedJson{
                      {"description", "Learn more about Gemini API quotas"},
                      {"url", "https://ai.google.dev/gemini-api/docs/rate-limits"}}})}};
}

constexpr char kQuotaMessage[] =
    "You exceeded your current quota, please check your plan and billing details. For more "
    "information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.";
constexpr char kOverloaded[] = "The model is overloaded. Please try again later.";
constexpr char kInternal[] = "An internal error has occurred. Please retry or report in "
                             "https://developers.generativeai.google/guide/troubleshooting";

// Gemini's wording of every error reply; the status name follows from the code (statusName), and
// the details that some carry come from errorDetails().
const SimErrorWording kGeminiErrors[] = {
    {SimErrorKind::InvalidRequest, 400, nullptr, nullptr, nullptr, "{message}"},
    {SimErrorKind::MissingKey, 401, nullptr, nullptr, nullptr,
     "Method doesn't allow unregistered callers (callers without established identity). Please "
     "use API Key or other form of API consumer identity to call this API."},
    {SimErrorKind::WrongKey, 401, nullptr, nullptr, nullptr,
     "API key not valid. Please pass a valid API key."},
    {SimErrorKind::UnknownModel, 404, nullptr, nullptr, nullptr,
     "models/{model} is not found for API version v1beta, or is not supported for "
     "generateContent. Call ListModels to see the list of available models and their supported "
     "methods."},
    {SimErrorKind::ContextOverflow, 400, nullptr, nullptr, nullptr,
     "The input token count ({prompt_tokens}) exceeds the maximum number of tokens allowed "
     "({context_window})."},
    {SimErrorKind::ContextOverflow500, 500, nullptr, nullptr, nullptr, kInternal},
    {SimErrorKind::RateLimited, 429, nullptr, nullptr, nullptr, kQuotaMessage},
    {SimErrorKind::Quota, 429, nullptr, nullptr, nullptr, kQuotaMessage},
    {SimErrorKind::SpendLimit, 429, nullptr, nullptr, nullptr,
     "Your project has exceeded its monthly spending cap. Please go to AI Studio to manage your "
     "project spend cap."},
    {SimErrorKind::Overloaded, 529, nullptr, nullptr, nullptr, kOverloaded},
    {SimErrorKind::Unavailable, 503, nullptr, nullptr, nullptr, kOverloaded},
    {SimErrorKind::ServerError, 500, nullptr, nullptr, nullptr, kInternal},
};

// The google.rpc details a kind of error carries: which key check failed, which quota ran out
// and when to retry (a per-day quota has no RetryInfo: retrying today will not help).
OrderedJson errorDetails(const SimError &error)
{
    switch (error.kind) {
    case SimErrorKind::WrongKey:
        return OrderedJson::array(
            {OrderedJson{{"@type", "type.googleapis.com/google.rpc.ErrorInfo"},
                         {"reason", "API_KEY_INVALID"},
                         {"domain", "googleapis.com"},
                         {"metadata", {{"service", "generativelanguage.googleapis.com"}}}}});
    case SimErrorKind::RateLimited: {
        const qint64 seconds =
            std::max<qint64>(1, (error.rate.retryAfterNs + 999'999'999) / 1'000'000'000);
        return OrderedJson::array(
            {simLimitedByTokens(error)
                 ? quotaFailure("GenerateContentInputTokensPerModelPerMinute",
                                "generativelanguage.googleapis.com/"
                                "generate_content_input_token_count",
                                error.rate.tokenLimit, error.model)
                 : quotaFailure("GenerateRequestsPerMinutePerProjectPerModel",
                                "generativelanguage.googleapis.com/generate_content_requests",
                                error.rate.requestLimit, error.model),
             help(),
             OrderedJson{{"@type", "type.googleapis.com/google.rpc.RetryInfo"},
                         {"retryDelay", std::to_string(seconds) + "s"}}});
    }
    case SimErrorKind::Quota:
        return OrderedJson::array(
            {quotaFailure("GenerateRequestsPerDayPerProjectPerModel",
                          "generativelanguage.googleapis.com/generate_content_requests_per_day",
                          1000, error.model),
             help()});
    default:
        return nullptr;
    }
}

// The thinking asked for in a generationConfig: thinkingConfig's thinkingBudget ("budget:N") or
// thinkingLevel, as sent.
void readThinkingConfig(const Json &config, SimChatRequest *out)
{
    const auto thinking = config.find("thinkingConfig");
    if (thinking == config.end() || !thinking->is_object())
        return;
    if (const auto budget = thinking->find("thinkingBudget");
        budget != thinking->end() && budget->is_number_integer())
        out->reasoningEffort = QStringLiteral("budget:%1").arg(budget->get<std::int64_t>());
    else if (const auto level = thinking->find("thinkingLevel");
             level != thinking->end() && level->is_string())
        out->reasoningEffort = QString::fromStdString(level->get<std::string>());
}

} // namespace

bool SimGemini::readModel(const SimHttpRequest &request, QString *model, SimError *error)
{
    const qsizetype start = request.path.indexOf("/models/") + 8;
    const qsizetype colon = request.path.lastIndexOf(':');
    if (colon <= start) {
        *error = invalidRequest(QStringLiteral("Invalid model name in the request path."));
        return false;
    }
    *model =
        QString::fromUtf8(QByteArray::fromPercentEncoding(request.path.mid(start, colon - start)));
    m_jsonArray = m_stream && request.queryItem("alt") != "sse";
    m_body = request.body;
    return true;
}

bool SimGemini::parse(const SimHttpRequest &, SimChatRequest *out, SimError *error)
{
    const Json body = Json::parse(m_body.cbegin(), m_body.cend(), nullptr, false);
    m_body.clear();
    if (body.is_discarded() || !body.is_object()) {
        *error = invalidRequest(QStringLiteral("Invalid JSON payload received."));
        return false;
    }
    out->stream = m_stream;
    QString prompt;
    // One content (a turn or the system instruction) is one message of the prompt.
    auto appendParts = [&prompt](const Json &content) {
        const auto parts = content.is_object() ? content.find("parts") : content.end();
        if (!content.is_object() || parts == content.end() || !parts->is_array())
            return false;
        QString message;
        for (const Json &part : *parts) {
            if (!part.is_object())
                return false;
            const auto text = part.find("text");
            if (text != part.end() && text->is_string())
                message += QString::fromStdString(text->get<std::string>());
        }
        simAppendMessage(prompt, message);
        return true;
    };
    for (const char *key : {"systemInstruction", "system_instruction"}) {
        if (const auto it = body.find(key); it != body.end() && !appendParts(*it)) {
            *error = invalidRequest(QStringLiteral("Invalid value at '%1': expected a Content with "
                                                   "parts.")
                                        .arg(QLatin1StringView(key)));
            return false;
        }
    }
    const auto contents = body.find("contents");
    if (contents == body.end() || !contents->is_array() || contents->empty()) {
        *error = invalidRequest(QStringLiteral("* GenerateContentRequest.contents: contents is not "
                                               "specified\n"));
        return false;
    }
    for (const Json &content : *contents) {
        if (!appendParts(content)) {
            *error =
                invalidRequest(QStringLiteral("* GenerateContentRequest.contents: a content has no "
                                              "parts\n"));
            return false;
        }
    }
    for (const char *key : {"generationConfig", "generation_config"}) {
        const auto config = body.find(key);
        if (config == body.end() || !config->is_object())
            continue;
        if (const auto t = config->find("temperature"); t != config->end() && t->is_number())
            out->temperature = t->get<double>();
        if (const auto mime = config->find("responseMimeType");
            mime != config->end() && *mime == "application/json")
            out->responseFormat = QStringLiteral("json");
        for (const char *field : {"responseJsonSchema", "responseSchema"})
            if (const auto schema = config->find(field); schema != config->end()) {
                out->responseFormat = QStringLiteral("json_schema");
                out->schema = QByteArray::fromStdString(schema->dump());
            }
        for (const char *field : {"maxOutputTokens", "max_output_tokens"}) {
            const auto max = config->find(field);
            if (max == config->end() || max->is_null())
                continue;
            if (!max->is_number_integer() || max->get<std::int64_t>() < 1) {
                *error =
                    invalidRequest(QStringLiteral("* GenerateContentRequest.generation_config."
                                                  "max_output_tokens: max_output_tokens must be "
                                                  "positive.\n"));
                return false;
            }
            out->maxTokens = int(
                std::min<std::int64_t>(max->get<std::int64_t>(), std::numeric_limits<int>::max()));
        }
        readThinkingConfig(*config, out);
    }
    out->prompt = prompt;
    return simReadGeminiTools(body, out, error);
}

SimReply SimGemini::errorReply(const SimError &error) const
{
    const SimErrorWording &row = simErrorWording(kGeminiErrors, error);
    SimReply reply;
    reply.status = row.status;
    const OrderedJson body = errorJson(row.status, simErrorText(row, error), errorDetails(error));
    reply.body = QByteArray::fromStdString(body.dump());
    return reply;
}

SimHeaders SimGemini::rateLimitHeaders(const SimRateLimitStatus &) const
{
    // Gemini states its limits only in the 429 body (QuotaFailure, RetryInfo).
    return {};
}

void SimGemini::begin(const SimAnswer &answer, SimRandom &ids)
{
    m_answer = answer;
    m_responseId = simRandomToken(ids, 22);
    m_toolArgs.clear();
}

QByteArray SimGemini::part(const QString &text) const
{
    if (m_answer.toolName.isEmpty())
        return "{\"text\":" + simJsonString(text) + '}';
    // A function call's args are an object: arguments cut by the output limit leave it empty.
    const QByteArray bytes = text.toUtf8();
    Json args = Json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (!args.is_object())
        args = Json::object();
    return "{\"functionCall\":{\"name\":" + simJsonString(m_answer.toolName) +
           ",\"args\":" + QByteArray::fromStdString(args.dump()) + "}}";
}

QByteArray SimGemini::responseJson(const QString &text, int candidateTokens, bool finished) const
{
    QByteArray json =
        "{\"candidates\":[{\"content\":{\"parts\":[" + part(text) + "],\"role\":\"model\"}";
    if (finished)
        json += QByteArrayLiteral(",\"finishReason\":\"") +
                (m_answer.truncated ? "MAX_TOKENS" : "STOP") + '"';
    json += ",\"index\":0}]";
    if (m_answer.usage) {
        json +=
            ",\"usageMetadata\":{\"promptTokenCount\":" +
            QByteArray::number(m_answer.promptTokens) +
            ",\"candidatesTokenCount\":" + QByteArray::number(candidateTokens) +
            ",\"totalTokenCount\":" +
            QByteArray::number(m_answer.promptTokens + candidateTokens + m_answer.reasoningTokens);
        if (m_answer.reasoningTokens > 0) // the thinking, apart from the candidates
            json += ",\"thoughtsTokenCount\":" + QByteArray::number(m_answer.reasoningTokens);
        // Like the real API, a zero count is left out rather than sent as 0.
        if (m_answer.cachedTokens > 0)
            json += ",\"cachedContentTokenCount\":" + QByteArray::number(m_answer.cachedTokens);
        json += '}';
    }
    json += ",\"modelVersion\":" + simJsonString(m_answer.model) + ",\"responseId\":\"" +
            m_responseId + "\"}";
    return json;
}

std::vector<SimSse> SimGemini::opening()
{
    return {};
}

std::vector<SimSse> SimGemini::content(const QString &text, int totalTokens, bool last)
{
    if (!m_answer.toolName.isEmpty()) {
        // A function call arrives whole, at the time of the answer's last event.
        m_toolArgs += text;
        if (!last)
            return {};
        return {{{}, responseJson(m_toolArgs, totalTokens, m_answer.endMarker), true}};
    }
    return {{{}, responseJson(text, totalTokens, last && m_answer.endMarker)}};
}

std::vector<SimSse> SimGemini::reasoning(const QString &text)
{
    // A thought summary: a part marked thought, with no usage yet.
    return {{{},
             "{\"candidates\":[{\"content\":{\"parts\":[{\"text\":" + simJsonString(text) +
                 ",\"thought\":true}],\"role\":\"model\"},\"index\":0}],\"modelVersion\":" +
                 simJsonString(m_answer.model) + ",\"responseId\":\"" + m_responseId + "\"}"}};
}

std::vector<SimSse> SimGemini::closing()
{
    // The finishReason travels on the last content event.
    return {};
}

std::vector<SimSse> SimGemini::streamError()
{
    return {{{},
             QByteArray::fromStdString(
                 errorJson(503, QStringLiteral("The model is overloaded. Please try again later."))
                     .dump())}};
}

QByteArray SimGemini::completeBody(const QString &text)
{
    return responseJson(text, m_answer.completionTokens, true);
}

} // namespace ys
