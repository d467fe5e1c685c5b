#pragma once

#include "sim/sim_dialect.h"

namespace ys {

// What OpenAI's two APIs share: the bearer key, the error envelope and the x-ratelimit-* headers.
class SimOpenAiDialect : public SimDialect {
public:
    // responses: the Responses API, whose errors are worded as its own where they differ from
    // Chat Completions'.
    explicit SimOpenAiDialect(bool responses)
        : m_responses(responses)
    {
    }

    QByteArray keyHeader() const override { return QByteArrayLiteral("authorization"); }
    QByteArray apiKey(const SimHttpRequest &request) const override;
    SimReply errorReply(const SimError &error) const override;
    SimHeaders rateLimitHeaders(const SimRateLimitStatus &status) const override;

private:
    bool m_responses;
};

QByteArray simBearerToken(const SimHttpRequest &request);
// How OpenAI's validation errors name a JSON value's type: "an integer", "a string", "null".
QString simJsonTypeName(const nlohmann::json &value);
// {"error": {"message", "type", "param", "code"}}; a null param or code is written as null.
QByteArray simOpenAiErrorBody(const QString &message, const char *type, const char *param,
                              const char *code);

} // namespace ys
