#include "sim/sim_openai_common.h"

#include "sim/sim_error_table.h"

#include <nlohmann/json.hpp>

// The messages copy the English wording of the real API (they are wire protocol), so they are
// deliberately not translated.

namespace ys {

namespace {

using OrderedJson = nlohmann::ordered_json;

// Chat Completions' wording of every error reply (the Responses API differs in one row).
const SimErrorWording kOpenAiErrors[] = {
    {SimErrorKind::InvalidRequest, 400, "invalid_request_error", nullptr, nullptr, "{message}"},
    {SimErrorKind::MissingKey, 401, "invalid_request_error", "invalid_api_key", nullptr,
     "You didn't provide an API key. You need to provide your API key in an Authorization "
     "header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."},
    {SimErrorKind::WrongKey, 401, "invalid_request_error", "invalid_api_key", nullptr,
     "Incorrect API key provided: {key}."},
    {SimErrorKind::UnknownModel, 404, "invalid_request_error", "model_not_found", nullptr,
     "The model `{model}` does not exist or you do not have access to it."},
    {SimErrorKind::ContextOverflow, 400, "invalid_request_error", "context_length_exceeded",
     "messages",
     "This model's maximum context length is {context_window} tokens. However, your messages "
     "resulted in {prompt_tokens} tokens. Please reduce the length of the messages."},
    // llama.cpp's older form, with a body of its own (see simOpenAiErrorReply).
    {SimErrorKind::ContextOverflow500, 500, "exceed_context_size_error", nullptr, nullptr,
     "the request exceeds the available context size, try increasing it"},
    {SimErrorKind::RateLimited, 429, "requests", "rate_limit_exceeded", nullptr,
     "Rate limit reached for {model} in organization org-yardsticksim on requests per min "
     "(RPM): Limit {request_limit}, Used {requests_used}, Requested 1. Please try again in "
     "{wait}. Visit https://platform.openai.com/account/rate-limits to learn more.",
     "tokens",
     "Rate limit reached for {model} in organization org-yardsticksim on tokens per min (TPM): "
     "Limit {token_limit}, Used {tokens_used}, Requested {requested_tokens}. Please try again "
     "in {wait}. Visit https://platform.openai.com/account/rate-limits to learn more."},
    {SimErrorKind::Quota, 429, "insufficient_quota", "insufficient_quota", nullptr,
     "You exceeded your current quota, please check your plan and billing details. For more "
     "information on this error, read the docs: "
     "https://platform.openai.com/docs/guides/error-codes/api-errors."},
    {SimErrorKind::SpendLimit, 400, "invalid_request_error", "billing_hard_limit_reached", nullptr,
     "Billing hard limit has been reached"},
    {SimErrorKind::Overloaded, 529, "server_error", "overloaded", nullptr,
     "The server is overloaded. Please try again later."},
    {SimErrorKind::Unavailable, 503, "server_error", nullptr, nullptr,
     "The engine is currently overloaded, please try again later"},
    {SimErrorKind::ServerError, 500, "server_error", nullptr, nullptr,
     "The server had an error while processing your request. Sorry about that!"},
};

const SimErrorWording kResponsesContextOverflow = {
    SimErrorKind::ContextOverflow,
    400,
    "invalid_request_error",
    "context_length_exceeded",
    "input",
    "Your input exceeds the context window of this model. Please adjust your input and try "
    "again."};

} // namespace

QString simJsonTypeName(const nlohmann::json &value)
{
    if (value.is_number_integer())
        return QStringLiteral("an integer");
    if (value.is_number())
        return QStringLiteral("a number");
    if (value.is_string())
        return QStringLiteral("a string");
    if (value.is_boolean())
        return QStringLiteral("a boolean");
    if (value.is_array())
        return QStringLiteral("an array");
    if (value.is_object())
        return QStringLiteral("an object");
    return QStringLiteral("null");
}

QByteArray simBearerToken(const SimHttpRequest &request)
{
    const QByteArray authorization = request.header("authorization");
    if (authorization.size() < 7 || authorization.left(7).toLower() != "bearer ")
        return {};
    return authorization.mid(7).trimmed();
}

QByteArray simOpenAiErrorBody(const QString &message, const char *type, const char *param,
                              const char *code)
{
    auto orNull = [](const char *text) {
        return text ? OrderedJson(text) : OrderedJson(nullptr);
    };
    const OrderedJson body{{"error",
                            {{"message", message.toStdString()},
                             {"type", type},
                             {"param", orNull(param)},
                             {"code", orNull(code)}}}};
    return QByteArray::fromStdString(body.dump());
}

QByteArray SimOpenAiDialect::apiKey(const SimHttpRequest &request) const
{
    return simBearerToken(request);
}

SimReply SimOpenAiDialect::errorReply(const SimError &error) const
{
    const SimErrorWording &row = m_responses && error.kind == SimErrorKind::ContextOverflow
                                     ? kResponsesContextOverflow
                                     : simErrorWording(kOpenAiErrors, error);
    SimReply reply;
    reply.status = row.status;
    if (error.kind == SimErrorKind::ContextOverflow500) {
        const OrderedJson body{{"error",
                                {{"code", row.status},
                                 {"message", simErrorText(row, error).toStdString()},
                                 {"type", row.type},
                                 {"n_prompt_tokens", error.promptTokens},
                                 {"n_ctx", error.contextWindow}}}};
        reply.body = QByteArray::fromStdString(body.dump());
        return reply;
    }
    // An invalid request names its own param and code; the table's rows name the others'.
    reply.body =
        simOpenAiErrorBody(simErrorText(row, error), simErrorType(row, error),
                           row.param ? row.param : error.param, row.code ? row.code : error.code);
    return reply;
}

SimHeaders SimOpenAiDialect::rateLimitHeaders(const SimRateLimitStatus &status) const
{
    SimHeaders headers;
    // A limit's three headers, when there is that limit.
    const auto add = [&headers](const char *what, int limit, int remaining, std::int64_t resetNs) {
        if (limit <= 0)
            return;
        headers.emplace_back(QByteArrayLiteral("x-ratelimit-limit-") + what,
                             QByteArray::number(limit));
        headers.emplace_back(QByteArrayLiteral("x-ratelimit-remaining-") + what,
                             QByteArray::number(remaining));
        headers.emplace_back(QByteArrayLiteral("x-ratelimit-reset-") + what,
                             simGoDuration(resetNs));
    };
    add("requests", status.requestLimit, status.requestsRemaining, status.requestsResetNs);
    add("tokens", status.tokenLimit, status.tokensRemaining, status.tokensResetNs);
    return headers;
}

} // namespace ys
