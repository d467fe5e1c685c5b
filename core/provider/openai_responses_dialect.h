#pragma once

#include "provider/dialect.h"

namespace ys {

// The OpenAI Responses API, streaming typed events: response.output_text.delta for text,
// response.completed with usage, response.incomplete when the output limit cut it,
// response.failed and error when it failed.
class OpenAiResponsesDialect final : public Dialect {
public:
    QString name() const override { return QStringLiteral("openai-responses"); }
    HttpRequestParts buildRequest(const ProviderConfig &provider, const RequestSpec &spec,
                                  const QByteArray &apiKey) const override;
    std::unique_ptr<StreamDecoder> newDecoder() const override;
    Outcome classifyError(const ProviderError &error, ErrorChannel channel) const override;
    Outcome outcomeForFinish(const QString &finishReason) const override;
};

} // namespace ys
