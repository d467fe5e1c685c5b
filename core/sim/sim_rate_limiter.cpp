#include "sim/sim_rate_limiter.h"

#include <algorithm>
#include <cmath>

namespace ys {

namespace {

constexpr double kMinuteNs = 60e9;

// Time until a bucket of `limit` per minute at `level` holds `needed`.
std::int64_t waitNs(double level, double needed, int limit)
{
    if (level >= needed)
        return 0;
    return std::int64_t(std::ceil((needed - level) / double(limit) * kMinuteNs));
}

} // namespace

SimRateLimiter::SimRateLimiter(SimRateLimits limits)
    : m_limits(limits)
{
}

SimRateLimitStatus SimRateLimiter::acquire(const QByteArray &key, int tokens, std::int64_t nowNs)
{
    SimRateLimitStatus status;
    if (!enabled())
        return status;
    const int rpm = m_limits.requestsPerMin;
    const int tpm = m_limits.tokensPerMin;
    auto [it, fresh] = m_buckets.try_emplace(key);
    Bucket &bucket = it->second;
    if (fresh) {
        bucket.requests = rpm;
        bucket.tokens = tpm;
    } else {
        const double minutes =
            double(std::max<std::int64_t>(0, nowNs - bucket.updatedNs)) / kMinuteNs;
        bucket.requests = std::min<double>(rpm, bucket.requests + minutes * rpm);
        bucket.tokens = std::min<double>(tpm, bucket.tokens + minutes * tpm);
    }
    bucket.updatedNs = nowNs;

    const bool requestsOk = rpm <= 0 || bucket.requests >= 1.0;
    const bool tokensOk = tpm <= 0 || bucket.tokens >= double(tokens);
    status.allowed = requestsOk && tokensOk;
    status.requestsExceeded = !requestsOk;
    if (status.allowed) {
        if (rpm > 0)
            bucket.requests -= 1.0;
        if (tpm > 0)
            bucket.tokens -= double(tokens);
    } else {
        std::int64_t wait = 0;
        if (!requestsOk)
            wait = std::max(wait, waitNs(bucket.requests, 1.0, rpm));
        if (!tokensOk)
            // A request larger than the whole allowance never fits; it is told to wait a minute.
            wait =
                std::max(wait, double(tokens) > tpm ? std::int64_t(kMinuteNs)
                                                    : waitNs(bucket.tokens, double(tokens), tpm));
        status.retryAfterNs = wait;
    }
    if (rpm > 0) {
        status.requestLimit = rpm;
        status.requestsRemaining = int(std::floor(std::max(0.0, bucket.requests)));
        status.requestsResetNs = waitNs(bucket.requests, rpm, rpm);
    }
    if (tpm > 0) {
        status.tokenLimit = tpm;
        status.tokensRemaining = int(std::floor(std::max(0.0, bucket.tokens)));
        status.tokensResetNs = waitNs(bucket.tokens, tpm, tpm);
    }
    return status;
}

} // namespace ys
