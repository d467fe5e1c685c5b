#pragma once

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
};

inline constexpr int kOutcomeCount = int(Outcome::Cancelled) + 1;

// Stable snake_case name used in the database and in JSON (e.g. "rate_limited").
QString outcomeName(Outcome outcome);
std::optional<Outcome> outcomeFromName(QStringView name);

// True when the attempt produced a usable answer (ok, or cut by the requested output limit).
bool outcomeIsSuccess(Outcome outcome);

} // namespace ys
