#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringView>
#include <optional>

namespace ys {

// The outcome class of one attempt (docs/measurements.md, "Outcome classes"). Stored by name, so
// the numeric order is free to change.
enum class Outcome {
    Ok,
    TruncatedByLimit,
    ContextExceeded,
    SilentTruncation,
    RateLimited,
    QuotaExhausted,
    Overloaded,
    ServerError,
    ClientError,
    AuthError,
    TimeoutConnect,
    TimeoutFirstToken,
    TimeoutIdle,
    TimeoutTotal,
    StreamError,
    StreamCut,
    MalformedStream,
    ConnectionError,
    Cancelled,
    // A stream or body that ended properly but carried no answer or reasoning text, no output
    // tokens and no finish reason: a server that said "done" without saying anything.
    EmptyResponse,
    // The TLS handshake failed: the server's certificate was not trusted (an unknown authority,
    // a wrong name, expired), or the server refused the client's. No request was sent.
    TlsError,
};

inline constexpr int kOutcomeCount = int(Outcome::TlsError) + 1;

// Stable snake_case name used in the database and in JSON (e.g. "rate_limited").
QString outcomeName(Outcome outcome);
std::optional<Outcome> outcomeFromName(QStringView name);

// The translated words for people (tables, tooltips, the command line's text output).
class OutcomeText {
    Q_DECLARE_TR_FUNCTIONS(ys::OutcomeText)
public:
    static QString display(Outcome outcome);
};

// The one meaning of success: the attempt produced a usable answer (ok, or cut by the requested
// output limit). Only these attempts' timings count; every other class is a failure everywhere
// (statistics, gates, breakers, the table's Success column, show --json's "successful").
bool outcomeIsSuccess(Outcome outcome);

// Whether an outcome says something about the provider's health, for breakers and fallbacks:
// true for a failure of the provider (an empty response included), false for an answer (a
// silently truncated prompt still got one), nullopt for what is the request's own doing or ours
// (a context overflow, a bad request, a cancel).
std::optional<bool> outcomeIsProviderFailure(Outcome outcome);

} // namespace ys
