#include "sim/sim_openai_common.h"

#include <nlohmann/json.hpp>

// The messages copy the English wording of the real API (they are wire protocol), so they are
// deliberately not translated.

namespace ys {

namespace {

using OrderedJson = nlohmann::ordered_json;

QString rateMessage(const SimError &error)
{
    const SimRateLimitStatus &rate = error.rate;
    const QString wait = QString::fromLatin1(simGoDuration(rate.retryAfterNs));
    if (rate.requestsExceeded || rate.tokenLimit == 0)
        return QStringLiteral("Rate limit reached for %1 in organization org-yardsticksim on "
                              "requests per min (RPM): Limit %2, Used %3, Requested 1. Please "
                              "try again in %4. Visit https://platform.openai.com/account/"
                              "rate-limits to learn more.")
            .arg(error.model)
            .arg(rate.requestLimit)
            .arg(rate.requestLimit - rate.requestsRemaining)
            .arg(wait);
    return QStringLiteral("Rate limit reached for %1 in organization org-yardsticksim on tokens "
                          "per min (TPM): Limit %2, Used %3, Requested %4. Please try again in "
                          "%5. Visit https://platform.openai.com/account/rate-limits to learn "
                          "more.")
        .arg(error.model)
        .arg(rate.tokenLimit)
        .arg(rate.tokenLimit - rate.tokensRemaining)
        .arg(error.requestedTokens)
        .arg(wait);
}

} // namespace

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

SimReply simOpenAiErrorReply(const SimError &error, bool responses)
{
    SimReply reply;
    switch (error.kind) {
    case SimErrorKind::InvalidRequest:
        reply.status = 400;
        reply.body =
            simOpenAiErrorBody(error.message, "invalid_request_error", error.param, error.code);
        break;
    case SimErrorKind::MissingKey:
        reply.status = 401;
        reply.body = simOpenAiErrorBody(
            QStringLiteral("You didn't provide an API key. You need to provide your API key in "
                           "an Authorization header using Bearer auth (i.e. Authorization: "
                           "Bearer YOUR_KEY)."),
            "invalid_request_error", nullptr, "invalid_api_key");
        break;
    case SimErrorKind::WrongKey:
        reply.status = 401;
        reply.body = simOpenAiErrorBody(
            QStringLiteral("Incorrect API key provided: %1.").arg(simMaskKey(error.key)),
            "invalid_request_error", nullptr, "invalid_api_key");
        break;
    case SimErrorKind::UnknownModel:
        reply.status = 404;
        reply.body = simOpenAiErrorBody(
            QStringLiteral("The model `%1` does not exist or you do not have access to it.")
                .arg(error.model),
            "invalid_request_error", nullptr, "model_not_found");
        break;
    case SimErrorKind::ContextOverflow:
        reply.status = 400;
        if (responses)
            reply.body = simOpenAiErrorBody(
                QStringLiteral("Your input exceeds the context window of this model. Please "
                               "adjust your input and try again."),
                "invalid_request_error", "input", "context_length_exceeded");
        else
            reply.body = simOpenAiErrorBody(
                QStringLiteral("This model's maximum context length is %1 tokens. However, your "
                               "messages resulted in %2 tokens. Please reduce the length of the "
                               "messages.")
                    .arg(error.contextWindow)
                    .arg(error.promptTokens),
                "invalid_request_error", "messages", "context_length_exceeded");
        break;
    case SimErrorKind::ContextOverflow500: {
        reply.status = 500;
        const OrderedJson body{
            {"error",
             {{"code", 500},
              {"message", "the request exceeds the available context size, try increasing it"},
              {"type", "exceed_context_size_error"},
              {"n_prompt_tokens", error.promptTokens},
              {"n_ctx", error.contextWindow}}}};
        reply.body = QByteArray::fromStdString(body.dump());
        break;
    }
    case SimErrorKind::RateLimited:
        reply.status = 429;
        reply.body = simOpenAiErrorBody(
            rateMessage(error),
            error.rate.requestsExceeded || error.rate.tokenLimit == 0 ? "requests" : "tokens",
            nullptr, "rate_limit_exceeded");
        break;
    case SimErrorKind::Quota:
        reply.status = 429;
        reply.body = simOpenAiErrorBody(
            QStringLiteral("You exceeded your current quota, please check your plan and billing "
                           "details. For more information on this error, read the docs: "
                           "https://platform.openai.com/docs/guides/error-codes/api-errors."),
            "insufficient_quota", nullptr, "insufficient_quota");
        break;
    case SimErrorKind::SpendLimit:
        reply.status = 400;
        reply.body =
            simOpenAiErrorBody(QStringLiteral("Billing hard limit has been reached"),
                               "invalid_request_error", nullptr, "billing_hard_limit_reached");
        break;
    case SimErrorKind::Overloaded:
        reply.status = 529;
        reply.body =
            simOpenAiErrorBody(QStringLiteral("The server is overloaded. Please try again later."),
                               "server_error", nullptr, "overloaded");
        break;
    case SimErrorKind::Unavailable:
        reply.status = 503;
        reply.body = simOpenAiErrorBody(
            QStringLiteral("The engine is currently overloaded, please try again later"),
            "server_error", nullptr, nullptr);
        break;
    case SimErrorKind::ServerError:
        reply.status = 500;
        reply.body = simOpenAiErrorBody(
            QStringLiteral("The server had an error while processing your request. Sorry about "
                           "that!"),
            "server_error", nullptr, nullptr);
        break;
    }
    return reply;
}

SimHeaders simOpenAiRateLimitHeaders(const SimRateLimitStatus &status)
{
    SimHeaders headers;
    if (status.requestLimit > 0) {
        headers.emplace_back("x-ratelimit-limit-requests", QByteArray::number(status.requestLimit));
        headers.emplace_back("x-ratelimit-remaining-requests",
                             QByteArray::number(status.requestsRemaining));
        headers.emplace_back("x-ratelimit-reset-requests", simGoDuration(status.requestsResetNs));
    }
    if (status.tokenLimit > 0) {
        headers.emplace_back("x-ratelimit-limit-tokens", QByteArray::number(status.tokenLimit));
        headers.emplace_back("x-ratelimit-remaining-tokens",
                             QByteArray::number(status.tokensRemaining));
        headers.emplace_back("x-ratelimit-reset-tokens", simGoDuration(status.tokensResetNs));
    }
    return headers;
}

} // namespace ys
