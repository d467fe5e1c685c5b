#include "domain/outcome.h"

#include <array>

namespace ys {

namespace {
constexpr std::array<const char *, kOutcomeCount> kNames = {
    "ok",
    "truncated_by_limit",
    "context_exceeded",
    "silent_truncation",
    "rate_limited",
    "quota_exhausted",
    "overloaded",
    "server_error",
    "client_error",
    "auth_error",
    "timeout_connect",
    "timeout_first_token",
    "timeout_idle",
    "timeout_total",
    "stream_error",
    "stream_cut",
    "malformed_stream",
    "connection_error",
    "cancelled",
};
} // namespace

QString outcomeName(Outcome outcome)
{
    return QString::fromLatin1(kNames[std::size_t(outcome)]);
}

std::optional<Outcome> outcomeFromName(QStringView name)
{
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        if (name == QLatin1StringView(kNames[i]))
            return Outcome(i);
    }
    return std::nullopt;
}

bool outcomeIsSuccess(Outcome outcome)
{
    return outcome == Outcome::Ok || outcome == Outcome::TruncatedByLimit;
}

} // namespace ys
