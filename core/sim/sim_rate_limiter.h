#pragma once

#include "sim/sim_profile.h"

#include <QByteArray>
#include <cstdint>
#include <unordered_map>

namespace ys {

// What a rate-limit check found, for the 429 reply and for the rate-limit headers every reply
// of a limited profile carries.
struct SimRateLimitStatus {
    bool allowed = true;
    bool requestsExceeded = false; // else the tokens limit was the one exceeded
    std::int64_t retryAfterNs = 0; // until this request would fit
    int requestLimit = 0;          // 0: no request limit
    int requestsRemaining = 0;
    std::int64_t requestsResetNs = 0; // until the bucket is full again
    int tokenLimit = 0;               // 0: no token limit
    int tokensRemaining = 0;
    std::int64_t tokensResetNs = 0;
};

// Requests-per-minute and tokens-per-minute limits of one profile, kept per API key as token
// buckets: a bucket holds a minute's allowance and refills continuously, so a burst up to the
// limit passes and then requests pass at the sustained rate, as the providers' limits behave.
class SimRateLimiter {
public:
    explicit SimRateLimiter(SimRateLimits limits = {});

    bool enabled() const { return m_limits.any(); }
    // Takes one request and `tokens` tokens from key's buckets if both have enough; otherwise
    // takes nothing and says how long to wait.
    SimRateLimitStatus acquire(const QByteArray &key, int tokens, std::int64_t nowNs);

private:
    struct Bucket {
        double requests = 0;
        double tokens = 0;
        std::int64_t updatedNs = 0;
    };

    SimRateLimits m_limits;
    std::unordered_map<QByteArray, Bucket> m_buckets;
};

} // namespace ys
