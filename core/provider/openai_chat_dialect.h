#pragma once

#include "provider/dialect.h"

namespace ys {

// OpenAI Chat Completions and the many servers compatible with it. Streaming asks for usage
// with stream_options.include_usage; the last chunk then has empty choices and the usage.
class OpenAiChatDialect final : public Dialect {
public:
    QString name() const override { return QStringLiteral("openai-chat"); }
    HttpRequestParts buildRequest(const ProviderConfig &provider, const RequestSpec &spec,
                                  const QByteArray &apiKey) const override;
    std::unique_ptr<StreamDecoder> newDecoder() const override;
    Outcome classifyHttpError(int status, const QByteArray &body, QString *message) const override;
    Outcome outcomeForFinish(const QString &finishReason) const override;
};

} // namespace ys
