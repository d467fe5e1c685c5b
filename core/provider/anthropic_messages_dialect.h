#pragma once

#include "provider/dialect.h"

namespace ys {

// Anthropic Messages: typed events (message_start with the input usage, content_block_delta
// with text or thinking, message_delta with the stop reason and cumulative output usage,
// message_stop), ping events to ignore, and error events that may arrive mid-stream.
class AnthropicMessagesDialect final : public Dialect {
public:
    QString name() const override { return QStringLiteral("anthropic-messages"); }
    HttpRequestParts buildRequest(const ProviderConfig &provider, const RequestSpec &spec,
                                  const QByteArray &apiKey) const override;
    std::unique_ptr<StreamDecoder> newDecoder() const override;
    Outcome classifyError(const ProviderError &error, ErrorChannel channel) const override;
    Outcome outcomeForFinish(const QString &finishReason) const override;
};

} // namespace ys
