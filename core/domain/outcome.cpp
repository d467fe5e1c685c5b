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
    "empty_response",
    "tls_error",
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

QString OutcomeText::display(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Ok:
        return tr("ok");
    case Outcome::TruncatedByLimit:
        return tr("cut by the output limit");
    case Outcome::ContextExceeded:
        return tr("context exceeded");
    case Outcome::SilentTruncation:
        return tr("prompt silently truncated");
    case Outcome::RateLimited:
        return tr("rate limited");
    case Outcome::QuotaExhausted:
        return tr("quota exhausted");
    case Outcome::Overloaded:
        return tr("overloaded");
    case Outcome::ServerError:
        return tr("server error");
    case Outcome::ClientError:
        return tr("client error");
    case Outcome::AuthError:
        return tr("authentication error");
    case Outcome::TimeoutConnect:
        return tr("connect timeout");
    case Outcome::TimeoutFirstToken:
        return tr("first-token timeout");
    case Outcome::TimeoutIdle:
        return tr("idle timeout");
    case Outcome::TimeoutTotal:
        return tr("total timeout");
    case Outcome::StreamError:
        return tr("error in the stream");
    case Outcome::StreamCut:
        return tr("stream cut");
    case Outcome::MalformedStream:
        return tr("malformed stream");
    case Outcome::ConnectionError:
        return tr("connection error");
    case Outcome::Cancelled:
        return tr("cancelled");
    case Outcome::EmptyResponse:
        return tr("empty response");
    case Outcome::TlsError:
        return tr("TLS error");
    }
    return outcomeName(outcome);
}

bool outcomeIsSuccess(Outcome outcome)
{
    return outcome == Outcome::Ok || outcome == Outcome::TruncatedByLimit;
}

std::optional<bool> outcomeIsProviderFailure(Outcome o)
{
    switch (o) {
    case Outcome::Ok:
    case Outcome::TruncatedByLimit:
    case Outcome::SilentTruncation:
        return false;
    case Outcome::ContextExceeded:
    case Outcome::ClientError:
    case Outcome::Cancelled:
    // Mostly the client's trust (a private CA not given as ca_file); never the provider's speed.
    case Outcome::TlsError:
        return std::nullopt;
    case Outcome::RateLimited:
    case Outcome::QuotaExhausted:
    case Outcome::Overloaded:
    case Outcome::ServerError:
    case Outcome::AuthError:
    case Outcome::TimeoutConnect:
    case Outcome::TimeoutFirstToken:
    case Outcome::TimeoutIdle:
    case Outcome::TimeoutTotal:
    case Outcome::StreamError:
    case Outcome::StreamCut:
    case Outcome::MalformedStream:
    case Outcome::ConnectionError:
    case Outcome::EmptyResponse:
        return true;
    }
    return std::nullopt;
}
} // namespace ys
