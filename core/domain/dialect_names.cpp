#include "domain/dialect_names.h"

namespace ys {

QStringList knownDialects()
{
    return {QStringLiteral("openai-chat"), QStringLiteral("openai-responses"),
            QStringLiteral("anthropic-messages"), QStringLiteral("gemini")};
}

} // namespace ys
