#pragma once

#include "provider/dialect.h"

#include <nlohmann/json_fwd.hpp>

namespace ys {

// OpenAI Chat Completions and the many servers compatible with it. Streaming asks for usage
// with stream_options.include_usage; the last chunk then has empty choices and the usage.
class OpenAiChatDialect final : public Dialect {
public:
    QString name() const override { return QStringLiteral("openai-chat"); }
    HttpRequestParts buildRequest(const ProviderConfig &provider, const RequestSpec &spec,
                                  const QByteArray &apiKey) const override;
    std::unique_ptr<StreamDecoder> newDecoder() const override;
    Outcome classifyError(const ProviderError &error, ErrorChannel channel) const override;
    Outcome outcomeForFinish(const QString &finishReason) const override;
};

// The classification of OpenAI's error objects, shared by Chat Completions and Responses (the
// same error bodies) and the compatible servers.
Outcome classifyOpenAiError(const ProviderError &error, ErrorChannel channel);

// The conversation as OpenAI's role/content messages, shared by Chat Completions and Responses:
// each earlier turn, then the prompt as the last user message.
nlohmann::json openAiMessages(const RequestSpec &spec);

} // namespace ys
