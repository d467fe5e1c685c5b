#include "provider/dialect.h"

#include "provider/anthropic_messages_dialect.h"
#include "provider/gemini_dialect.h"
#include "provider/openai_chat_dialect.h"
#include "provider/openai_responses_dialect.h"
#include "wire/sse_parser.h"

namespace ys {

std::unique_ptr<Dialect> makeDialect(const QString &name)
{
    if (name == QLatin1StringView("openai-chat"))
        return std::make_unique<OpenAiChatDialect>();
    if (name == QLatin1StringView("openai-responses"))
        return std::make_unique<OpenAiResponsesDialect>();
    if (name == QLatin1StringView("anthropic-messages"))
        return std::make_unique<AnthropicMessagesDialect>();
    if (name == QLatin1StringView("gemini"))
        return std::make_unique<GeminiDialect>();
    return nullptr;
}

Outcome Dialect::classifyHttpError(int status, const QByteArray &body, QString *message) const
{
    const ProviderError error = readProviderErrorBytes(body, status);
    if (message)
        *message = error.describe();
    return classifyError(error, ErrorChannel::HttpStatus);
}

Outcome classifyHttpStatus(int status)
{
    if (status == 401 || status == 403)
        return Outcome::AuthError;
    if (status == 429)
        return Outcome::RateLimited;
    if (status == 529 || status == 503)
        return Outcome::Overloaded;
    if (status == 408)
        return Outcome::TimeoutTotal;
    if (status >= 500)
        return Outcome::ServerError;
    return Outcome::ClientError;
}

} // namespace ys
