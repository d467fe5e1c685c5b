#pragma once

#include "domain/dialect_names.h"
#include "domain/outcome.h"
#include "domain/provider_config.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <memory>
#include <optional>
#include <utility>

namespace ys {

struct SseEvent;

// What one attempt asks of the provider, independent of the wire format.
struct RequestSpec {
    QString prompt;
    int maxOutputTokens = 384;
    bool stream = true;
};

// A request ready to be sent. Headers that carry secrets are added here and nowhere else.
struct HttpRequestParts {
    QUrl url;
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;
};

// What the decoder learned from the stream (or the non-streaming body) so far.
struct DecodeState {
    bool endMarkerSeen = false; // [DONE], message_stop, final finishReason...
    std::optional<Outcome> failure;
    QString errorType;
    QString errorMessage;
    QString finishReason;
    QString model;
    QString systemFingerprint;
    QString text; // answer text, for the local token count
    qint64 reasoningChars = 0;
    std::optional<qint64> inputTokens;
    std::optional<qint64> outputTokens;
    std::optional<qint64> cachedTokens;
    std::optional<qint64> reasoningTokens;
};

// What one stream event carried, so the caller can time first token and first content.
struct EventYield {
    qsizetype contentChars = 0;
    qsizetype reasoningChars = 0;
    bool meaningful() const { return contentChars > 0 || reasoningChars > 0; }
};

// Turns one provider's stream events into neutral facts. One decoder per attempt.
class StreamDecoder {
public:
    virtual ~StreamDecoder() = default;
    virtual EventYield decodeEvent(const SseEvent &event, DecodeState &state) = 0;
    virtual void decodeBody(const QByteArray &body, DecodeState &state) = 0;
};

// One provider wire format: builds requests, decodes replies, classifies errors.
class Dialect {
public:
    virtual ~Dialect() = default;
    virtual QString name() const = 0;
    virtual HttpRequestParts buildRequest(const ProviderConfig &provider, const RequestSpec &spec,
                                          const QByteArray &apiKey) const = 0;
    virtual std::unique_ptr<StreamDecoder> newDecoder() const = 0;
    // Classifies a non-2xx reply from its status and body (the body decides where the status
    // alone is ambiguous, e.g. 400 for context overflow, 429 for quota versus rate).
    virtual Outcome classifyHttpError(int status, const QByteArray &body,
                                      QString *message) const = 0;
    // The outcome of a stream that ended normally, from its finish reason.
    virtual Outcome outcomeForFinish(const QString &finishReason) const = 0;
};

// The dialect for a suite's dialect name, or nullptr when unknown.
std::unique_ptr<Dialect> makeDialect(const QString &name);
// The dialect names a suite may use: knownDialects() of domain/dialect_names.h.

// The status-only classification shared by all dialects, used when the body says nothing more.
Outcome classifyHttpStatus(int status);

} // namespace ys
