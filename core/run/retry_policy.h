#pragma once

#include "domain/outcome.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <cstdint>
#include <optional>
#include <random>
#include <utility>

namespace ys {

// Retries as the official SDKs do them (docs/suite-format.md, "retries"): 408, 409, 429 and ≥ 500,
// connection errors and timeouts; the server's retry-after-ms, then retry-after (seconds or an HTTP
// date); otherwise exponential backoff min(0.5·2^n, 8) s less up to 25% jitter; give up when the
// server asks for a wait longer than the cap. Context overflow, auth, quota and spend limits are
// never retried. A benchmark runs with retries off unless the suite turns them on.
struct RetryConfig {
    int maxRetries = 0; // off by default: a benchmark measures, it does not paper over failures
    double initialBackoffS = 0.5;
    double maxBackoffS = 8.0;
    double jitterFraction = 0.25;
    double maxServerWaitS = 60.0;
};

struct RetryDecision {
    bool retry = false;
    std::int64_t delayNs = 0;
    bool fromServer = false;  // the delay is what the server asked for
    bool waitTooLong = false; // the server asked for more than the cap
};

class RetryPolicy {
public:
    explicit RetryPolicy(RetryConfig config = {}, std::uint64_t seed = 1);

    // answerStarted: part of an answer was already delivered before the failure (an error
    // inside a stream after some text); repeating it is a new request, not a retry.
    static bool isRetryable(Outcome outcome, int httpStatus, bool answerStarted = false);
    // The wait a reply asks for, from its headers (names compared case-insensitively), or
    // nullopt when it names none or only garbage.
    static std::optional<std::int64_t>
    serverDelayNs(const QList<std::pair<QByteArray, QByteArray>> &headers, const QDateTime &now);

    // retriesSoFar: 0 before the first retry.
    RetryDecision decide(int retriesSoFar, Outcome outcome, int httpStatus, bool answerStarted,
                         const QList<std::pair<QByteArray, QByteArray>> &headers,
                         const QDateTime &now);

    const RetryConfig &config() const { return m_config; }

private:
    RetryConfig m_config;
    std::mt19937_64 m_rng;
};

} // namespace ys
