#pragma once

#include "domain/dialect_names.h"
#include "domain/json_schema.h"
#include "domain/outcome.h"
#include "domain/provider_config.h"
#include "domain/reasoning_ask.h"
#include "domain/tool_use.h"
#include "provider/provider_error.h"
#include "wire/sse_parser.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// One earlier turn of a conversation, resent with every later request as chat APIs are
// stateless.
struct ChatTurn {
    enum class Role { User, Assistant };
    Role role = Role::User;
    QString text;
};

// What one attempt asks of the provider, independent of the wire format.
struct RequestSpec {
    // The turns before prompt, oldest first; each dialect sends them in its own message shape.
    // Empty: a single-message request, exactly as without conversations.
    std::vector<ChatTurn> history;
    QString prompt; // the last user message
    int maxOutputTokens = 384;
    bool stream = true;
    std::optional<double> temperature; // unset: the provider's default
    // Structured output, in the dialect's own shape (docs/contracts.md, "Asking for JSON"):
    // Json asks for a JSON document; JsonSchema for one that holds to `schema` (a JSON Schema
    // object). A dialect without such a mode (Anthropic) sends neither.
    enum class Format { Text, Json, JsonSchema };
    Format format = Format::Text;
    std::shared_ptr<const JsonSchema> schema;
    // Tools offered to the model, in the dialect's own shape (docs/suite-format.md, "Tool
    // calls"); null: none.
    std::shared_ptr<const ToolUse> tools;
    // Reasoning asked for in the dialect's own field (reasoning_effort, reasoning.effort, a
    // thinking budget); nothing asked: none sent.
    ReasoningAsk reasoning;
};

// A request ready to be sent. Headers that carry secrets are added here and nowhere else.
struct HttpRequestParts {
    QUrl url;
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;

    // Adds a header, after those already there: the order they are sent in.
    void addHeader(const char *name, QByteArray value)
    {
        headers.append(std::pair(QByteArray(name), std::move(value)));
    }
};

// What the decoder learned from the stream (or the non-streaming body) so far.
struct DecodeState {
    bool endMarkerSeen = false; // [DONE], message_stop, final finishReason...
    // Set when the attempt failed in the stream or body. StreamError stands for "the provider
    // said so in band": the dialect classifies `error` when the attempt concludes.
    std::optional<Outcome> failure;
    ProviderError error; // what the provider said (or, for a malformed stream, what was wrong)
    QString finishReason;
    QString model;
    QString systemFingerprint;
    QString text; // answer text, for the local token count
    qint64 reasoningChars = 0;
    std::optional<qint64> inputTokens;
    std::optional<qint64> outputTokens;
    std::optional<qint64> cachedTokens;
    std::optional<qint64> reasoningTokens;
    std::optional<double> reportedCostUsd;  // what the provider says the attempt cost, in USD
    std::optional<qint64> cacheWriteTokens; // prompt tokens written to the cache (Anthropic)
    // The tool calls the answer made, in the order they opened; toolKeys[i] is the dialect's
    // own number of call i (its index, output index or content block).
    std::vector<ToolCall> toolCalls;
    std::vector<int> toolKeys;

    // The call the dialect numbers key, or null when none was opened under it.
    ToolCall *openedToolCall(int key)
    {
        for (std::size_t i = 0; i < toolKeys.size(); ++i)
            if (toolKeys[i] == key)
                return &toolCalls[i];
        return nullptr;
    }
    // The call the dialect numbers key, opened the first time it is named.
    ToolCall &toolCall(int key)
    {
        if (ToolCall *call = openedToolCall(key))
            return *call;
        toolKeys.push_back(key);
        return toolCalls.emplace_back();
    }
    // Closes every call still open; whether one was.
    bool completeToolCalls()
    {
        bool closed = false;
        for (ToolCall &call : toolCalls) {
            closed = closed || !call.complete;
            call.complete = true;
        }
        return closed;
    }

    // The provider reported an error in band (an error event or object): classified later.
    void failInBand(ProviderError e)
    {
        failure = Outcome::StreamError;
        error = std::move(e);
    }
    // The bytes could not be read as the dialect's JSON.
    void failMalformed(QString what)
    {
        failure = Outcome::MalformedStream;
        error = ProviderError();
        error.message = std::move(what);
    }
    // Whether the attempt delivered something that makes it an answer: answer or reasoning
    // text, a tool call, a positive output-token count, or a finish reason. A stream that ends
    // properly without any of them is an empty response, never a success.
    bool carriesAnswer() const
    {
        return !text.isEmpty() || reasoningChars > 0 || !toolCalls.empty() ||
               (outputTokens && *outputTokens > 0) || !finishReason.isEmpty();
    }
};

// What one stream event carried, so the caller can time first token and first content.
// A tool call's arguments count as answer content (they are what the model answered with);
// toolArgsComplete says the event closed the arguments of a call.
struct EventYield {
    qsizetype contentChars = 0;
    qsizetype reasoningChars = 0;
    qsizetype toolChars = 0;
    bool toolArgsComplete = false;
    bool meaningful() const { return contentChars > 0 || reasoningChars > 0 || toolChars > 0; }
    bool answers() const { return contentChars > 0 || toolChars > 0; }
};

// Turns one provider's stream events into neutral facts. One decoder per attempt.
class StreamDecoder {
public:
    virtual ~StreamDecoder() = default;
    // One event as an attempt takes it: once the provider said the attempt failed, the first
    // error it said is the one the attempt is classed by, and later events (a "[DONE]" in any
    // dialect) are not decoded; an SSE `error:` field line (llama.cpp's) is an in-band error
    // whatever the dialect; anything else goes to decodeEvent().
    // Inline: it runs for every event of every stream.
    EventYield take(const SseEvent &event, DecodeState &state)
    {
        if (state.failure)
            return {};
        if (event.errorField) {
            state.failInBand(readProviderErrorBytes(event.data, 0));
            return {};
        }
        return decodeEvent(event, state);
    }
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
    // The one classifier of this provider's errors, whether they came as an HTTP error reply or
    // inside a 200 stream or body: the same error gets the same class on both channels, so the
    // two cannot drift apart. The code, type and message decide where the status alone is
    // ambiguous (400 for a context overflow, 429 for quota versus rate).
    virtual Outcome classifyError(const ProviderError &error, ErrorChannel channel) const = 0;
    // Classifies a non-2xx reply from its status and body; *message gets the provider's words.
    Outcome classifyHttpError(int status, const QByteArray &body, QString *message) const;
    // The outcome of a stream that ended normally, from its finish reason.
    virtual Outcome outcomeForFinish(const QString &finishReason) const = 0;
};

// The dialect for a suite's dialect name, or nullptr when unknown.
std::unique_ptr<Dialect> makeDialect(const QString &name);
// The dialect names a suite may use: knownDialects() of domain/dialect_names.h.

// The status-only classification shared by all dialects, used when the body says nothing more.
Outcome classifyHttpStatus(int status);

} // namespace ys
