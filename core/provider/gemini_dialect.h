#pragma once

#include "provider/dialect.h"

namespace ys {

// Gemini generateContent / streamGenerateContent?alt=sse. Every stream event is a whole
// GenerateContentResponse; the last carries finishReason, and a stream without one was cut.
// The key goes in the x-goog-api-key header, never in the URL.
class GeminiDialect final : public Dialect {
public:
    QString name() const override { return QStringLiteral("gemini"); }
    HttpRequestParts buildRequest(const ProviderConfig &provider, const RequestSpec &spec,
                                  const QByteArray &apiKey) const override;
    std::unique_ptr<StreamDecoder> newDecoder() const override;
    Outcome classifyError(const ProviderError &error, ErrorChannel channel) const override;
    Outcome outcomeForFinish(const QString &finishReason) const override;
};

} // namespace ys
