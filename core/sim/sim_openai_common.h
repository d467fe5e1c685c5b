#pragma once

#include "sim/sim_dialect.h"

namespace ys {

// What OpenAI's two APIs share: the bearer key, the error envelope and the x-ratelimit-* headers.
QByteArray simBearerToken(const SimHttpRequest &request);
// responses: the Responses API's wording where it differs from Chat Completions'.
SimReply simOpenAiErrorReply(const SimError &error, bool responses);
SimHeaders simOpenAiRateLimitHeaders(const SimRateLimitStatus &status);
// {"error": {"message", "type", "param", "code"}}; a null param or code is written as null.
QByteArray simOpenAiErrorBody(const QString &message, const char *type, const char *param,
                              const char *code);

} // namespace ys
