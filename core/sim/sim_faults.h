#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <array>
#include <cstdint>
#include <optional>

namespace ys {

// The faults the simulator can inject, each reproducing one of the fault cases of
// docs/simulator-profiles.md that a server can cause. Every fault follows the dialect of the
// request in its bodies and events.
enum class SimFault {
    // Stream shape (streaming requests; the ones marked * also apply to non-streaming replies).
    BytePerWrite,      // * every body byte is its own HTTP chunk and socket write, paced
    SplitUtf8Crlf,     // events end in CRLF, LF or CR in turn and every write is split inside a
                       //   multi-byte UTF-8 character and between CR and LF
    UnicodeSeparators, // no charset in Content-Type; U+0085 and U+2028 inside JSON strings
    CommentsAndPings,  // ": ping" / ": PROCESSING" comments, blocks of only "retry:" or "id:",
                       //   Anthropic "event: ping" between the events
    MultilineData,     // each JSON event split over several "data:" lines, the first "data:"
                       //   without a space
    EmptyChoices,      // OpenAI chat: a first chunk with "choices": []
    NoUsage,           // usage is not sent even when asked for
    ErrorMidStream,    // the dialect's error event after half of the content, then the end
    NoEndMarker,       // the stream ends cleanly after the content, without [DONE],
                       //   message_stop, response.completed or finishReason
    Stall,             // silent for PARAM ms (default 30000) after the first content event
    TrickyText,        // answer text containing "data: ", "[DONE]" and blank lines
    MalformedJson,     // * the second content event (the body) is cut-off JSON
    OversizedEvent,    // * the first content event carries PARAM bytes (default 20 MiB) of text
    ResetMidStream,    // * TCP reset (SO_LINGER 0) after half of the content
    EmptyStream,       // a 200 stream that ends properly with no content: the dialect's end
                       //   marker alone (OpenAI chat: "data: [DONE]" after the role chunk)
    // Modifiers of the replies below (and of the profile's context overflow) for streaming
    // requests: the error comes inside a 200 event stream instead of as an HTTP error.
    InStream,   // as the dialect's own error event (OpenAI: a data line with an error object,
                //   then [DONE]; Anthropic: event: error; Responses: event: error; Gemini: a
                //   data line with the error object), before any content
    ErrorField, // as llama.cpp's server does: an SSE "error:" field line carrying the error
                //   object (with the HTTP status as its numeric code), then "data: [DONE]"
    // Replies instead of an answer.
    ContextOverflow,    // the dialect's context-length error, whatever the prompt size
    ContextOverflow500, // llama.cpp's older form: HTTP 500 exceed_context_size_error
    RetryAfterMs,       // 429 with "retry-after-ms: PARAM" (default 1500)
    RetryAfterSeconds,  // 429 with "retry-after: PARAM" (default 2)
    RetryAfterDate,     // 429 with "retry-after: <HTTP date PARAM s ahead>" (default 3)
    RetryAfterGarbage,  // 429 with an unparseable retry-after
    Quota,              // the dialect's quota / per-day error (not retryable)
    SpendLimit,         // the dialect's spend or billing limit error (not retryable)
    Overloaded529,      // HTTP 529, Anthropic's overloaded_error
    Unavailable503,     // HTTP 503
    ServerError500,     // HTTP 500
    AuthError,          // the dialect's invalid-key error (HTTP 401, Gemini 400/403 wording)
    EchoAuth,           // HTTP 400 (the dialect's invalid-request error) whose message quotes the
                        //   request's auth header and key verbatim, the worst a provider can do:
                        //   the client must redact it before storing or logging it
    SlowReply,          // the response headers only after PARAM ms (default 120000)
};

inline constexpr int kSimFaultCount = int(SimFault::SlowReply) + 1;

// The name used in profiles and in the x-sim-fault header, e.g. "byte_per_write".
QByteArray simFaultName(SimFault fault);
std::optional<SimFault> simFaultFromName(QByteArrayView name);
QStringList simFaultNames();

// True for the faults that replace the answer with an error reply.
bool simFaultIsReply(SimFault fault);

// A set of faults for one request, with the optional parameter of each (e.g. stall=1500).
class SimFaultSet {
public:
    bool has(SimFault fault) const { return m_on[std::size_t(fault)]; }
    // The fault's parameter, or fallback when none was given.
    std::int64_t param(SimFault fault, std::int64_t fallback) const;
    void add(SimFault fault, std::optional<std::int64_t> param = std::nullopt);
    // Adds other's faults that this set does not have yet (a request's own come first).
    void merge(const SimFaultSet &other);
    bool empty() const;
    QStringList names() const;
    // The first fault that replaces the answer, if any (in declaration order).
    std::optional<SimFault> reply() const;

    // Reads "NAME[=VALUE][, NAME[=VALUE]]..." (the x-sim-fault header). On an unknown name or a
    // bad value it returns false and *error names it.
    bool parse(QByteArrayView header, QString *error);

private:
    std::array<bool, kSimFaultCount> m_on{};
    std::array<std::optional<std::int64_t>, kSimFaultCount> m_param{};
};

// A profile's standing faults: each is injected into a request with its probability.
struct SimFaultRate {
    SimFault fault = SimFault::ServerError500;
    double probability = 0;
    std::optional<std::int64_t> param;
};

} // namespace ys
