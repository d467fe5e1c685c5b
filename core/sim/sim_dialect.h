#pragma once

#include "sim/sim_http.h"
#include "sim/sim_rate_limiter.h"
#include "sim/sim_text.h"

#include <QByteArray>
#include <QString>
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// What a generation request asks for, whatever its dialect.
struct SimChatRequest {
    QString model;
    QString prompt; // every text of the prompt, which its tokens are counted over
    bool stream = false;
    bool includeUsage = true; // OpenAI chat streams: stream_options.include_usage
    std::optional<int> maxTokens;
    std::optional<double> temperature; // 0: the answer follows from the prompt (see divergence)
    // Structured output asked for in the dialect's own field: "text", "json" or "json_schema"
    // (with the schema, compact JSON).
    QString responseFormat = QStringLiteral("text");
    QByteArray schema;
    // Tools offered in the dialect's own fields: the one the simulated model calls (the one
    // tool_choice forces, else the first offered) with its parameters' JSON Schema (compact
    // JSON; empty when it has none), what tool_choice asked ("required", "auto", "none" or the
    // forced tool's name; empty without tools) and how many function tools were offered.
    QString toolName;
    QByteArray toolSchema;
    QString toolChoice;
    int toolCount = 0;
    // The reasoning effort asked for, as sent: an effort name ("low", ...) or "budget:N" for a
    // thinking budget in tokens; empty when the request asked for none.
    QString reasoningEffort;

    // The answer is a call of toolName rather than text.
    bool callsTool() const
    {
        return !toolName.isEmpty() && toolChoice != QLatin1StringView("none");
    }
};

// Reads an OpenAI-shaped format object ({"type": "json_object"} or {"type": "json_schema", ...})
// into out; the schema is at `schema` in the object itself (Responses) or under json_schema.
void simReadOpenAiFormat(const nlohmann::json &format, SimChatRequest *out);

// Every error reply the simulator gives; each dialect words it as its provider does.
enum class SimErrorKind {
    InvalidRequest, // message, param and code say what
    MissingKey,
    WrongKey,
    UnknownModel,
    ContextOverflow,
    ContextOverflow500, // llama.cpp's older form
    RateLimited,
    Quota,
    SpendLimit,
    Overloaded,  // HTTP 529
    Unavailable, // HTTP 503
    ServerError, // HTTP 500
};

struct SimError {
    SimErrorKind kind = SimErrorKind::ServerError;
    QString message;             // InvalidRequest
    const char *param = nullptr; // InvalidRequest
    const char *code = nullptr;  // InvalidRequest
    QString model;
    QByteArray key; // WrongKey: the key sent (never echoed whole)
    int promptTokens = 0;
    int contextWindow = 0;
    SimRateLimitStatus rate; // RateLimited
    int requestedTokens = 0; // RateLimited
};

// An InvalidRequest error saying message.
inline SimError invalidRequest(const QString &message)
{
    SimError error;
    error.kind = SimErrorKind::InvalidRequest;
    error.message = message;
    return error;
}

// A whole reply that is not a stream: status, extra headers and the JSON body.
struct SimReply {
    int status = 200;
    SimHeaders headers;
    QByteArray body;
};

// One server-sent event: an optional event name and its data (one line of JSON).
// completesToolCall marks the event after which a tool call's arguments are complete (the
// connection records when it was written).
struct SimSse {
    QByteArray event;
    QByteArray data;
    bool completesToolCall = false;
};

// What was decided about an answer when its request was accepted.
struct SimAnswer {
    QString model;
    std::uint64_t requestNumber = 0;
    std::uint64_t profileSeed = 0;
    int fingerprintEvery = 0;  // > 0: the fingerprint changes every N requests
    QString systemFingerprint; // the profile's own; empty: derived from the model and seed
    qint64 created = 0;        // Unix seconds
    int promptTokens = 0;
    int cachedTokens = 0;
    int completionTokens = 0;       // the answer's tokens, reasoning not included
    int reasoningTokens = 0;        // thought before the answer; counted in usage as each API does
    bool reasoningStreamed = false; // the thinking goes out as reasoning events first
    bool truncated = false;         // cut by the request's output limit
    bool usage = true;              // the profile reports usage at all
    bool includeUsage = false;      // a stream that asked for usage (OpenAI chat)
    bool endMarker = true;          // false: the stream ends without its end marker
    bool emptyChoices = false;      // OpenAI chat: a first chunk with "choices": []
    // Non-empty: the answer is a call of this tool, and the answer's text is the call's
    // arguments (JSON text), streamed in the dialect's own tool-call events.
    QString toolName;

    std::optional<double> costUsd; // reported in usage (OpenAI chat's usage.cost), when set
};

// One provider API as the simulator speaks it: how a request names its model and key, what its
// body holds, and every byte of its replies and events. An instance serves one request.
class SimDialect {
public:
    virtual ~SimDialect() = default;

    // "openai-chat", "openai-responses", "anthropic-messages", "gemini" (the suite's names).
    virtual const char *name() const = 0;
    // The request header carrying the API key, lower-case.
    virtual QByteArray keyHeader() const = 0;
    // The key the request carries; empty when none. By default the key header's value, trimmed.
    virtual QByteArray apiKey(const SimHttpRequest &request) const;
    // The model the request names (from the body or the path), or false and *error.
    virtual bool readModel(const SimHttpRequest &request, QString *model, SimError *error) = 0;
    // Checks what the dialect demands beyond the key (e.g. anthropic-version).
    virtual bool checkHeaders(const SimHttpRequest &request, SimError *error) const;
    // The rest of the request; false with *error (InvalidRequest) when it is not acceptable.
    virtual bool parse(const SimHttpRequest &request, SimChatRequest *out, SimError *error) = 0;

    virtual SimReply errorReply(const SimError &error) const = 0;
    virtual SimHeaders rateLimitHeaders(const SimRateLimitStatus &status) const = 0;
    // Headers every reply of this dialect carries beyond x-request-id.
    virtual SimHeaders extraHeaders(const QByteArray &requestId) const;

    // Called once the request is accepted; ids draws the answer's ids.
    virtual void begin(const SimAnswer &answer, SimRandom &ids) = 0;
    // Events at the start of a stream, written with the headers.
    virtual std::vector<SimSse> opening() = 0;
    // The events of one piece of the answer; totalTokens counts the tokens so far, this piece's
    // included; last is the final piece.
    virtual std::vector<SimSse> content(const QString &text, int totalTokens, bool last) = 0;
    // The events of one piece of streamed reasoning, before the answer's first content.
    virtual std::vector<SimSse> reasoning(const QString &text) = 0;
    // The events after the content (none when the answer's end marker is left out).
    virtual std::vector<SimSse> closing() = 0;
    // The events of an error that interrupts a stream.
    virtual std::vector<SimSse> streamError() = 0;
    // The events that carry an error reply inside a 200 stream, before any content: by default
    // one data line holding the reply's body (OpenAI chat adds [DONE]).
    virtual std::vector<SimSse> inBandError(const SimReply &reply) const;
    // The end of a stream that carried nothing: the end marker alone, where the dialect has one
    // apart from the finish reason (Gemini has none, so its empty stream is a cut one).
    virtual std::vector<SimSse> emptyEnd() { return {}; }
    // Whether the provider closes the connection after a stream error.
    virtual bool closesAfterStreamError() const { return false; }
    // The whole answer of a request that did not stream.
    virtual QByteArray completeBody(const QString &text) = 0;
    // Whether a tool call's arguments go out as a JSON object rather than as text (Gemini's
    // functionCall.args, Anthropic's non-streamed tool_use input), so that they cannot be cut
    // text.
    virtual bool toolArgumentsAreObject(bool /*stream*/) const { return false; }

protected:
    SimAnswer m_answer;
};

// The dialect of a generation endpoint (any method), or nullptr when path is none.
std::unique_ptr<SimDialect> simDialectFor(const SimHttpRequest &request);

// Helpers shared by the dialects.
// Adds one message's text to the prompt the simulated model processes. The prompt is every
// message's text in order (system, user and assistant alike), a line apart, so a conversation
// is counted, truncated from its start, cached by prefix and searched for a needle as one text;
// an empty text adds nothing.
void simAppendMessage(QString &prompt, const QString &message);
QByteArray simJsonString(QStringView text); // a quoted JSON string, escaped as nlohmann does
QByteArray simRandomToken(SimRandom &random, int length); // [A-Za-z0-9]
QByteArray simHex64(std::uint64_t value);
// llama.cpp's in-stream error object for an error reply: the reply's error object with the HTTP
// status as its numeric "code".
QByteArray simErrorFieldJson(const SimReply &reply);
QString simMaskKey(const QByteArray &key); // never echo a key whole
// What the JSON dialects read first: a body that is a JSON object naming its model in "model".
enum class SimModelField { Read, NotJson, Missing };
// Parses bytes into *body and reads its "model" string into *model (both set only when Read).
SimModelField simReadModelField(const QByteArray &bytes, nlohmann::json *body, QString *model);
// A duration the way OpenAI's x-ratelimit-reset-* headers write it: "17ms", "1s", "6m0s".
QByteArray simGoDuration(std::int64_t ns);
// Whole seconds, rounded up, at least 1: a retry-after value.
QByteArray simRetryAfterSeconds(std::int64_t ns);
// An RFC 3339 UTC time ns from now: Anthropic's reset headers.
QByteArray simRfc3339FromNow(std::int64_t ns);

} // namespace ys
