#pragma once

#include <optional>

namespace ys {

// A provider's list price in US dollars per million tokens.
struct Price {
    double inputPerMtok = 0.0;
    double outputPerMtok = 0.0;
    std::optional<double> cachedInputPerMtok; // falls back to the input price when absent

    // Cost of one attempt from its billed tokens. Cached prompt tokens are part of inputTokens
    // (OpenAI's convention) and are billed at the cached price when one is known.
    double cost(long long inputTokens, long long outputTokens, long long cachedTokens = 0) const;

    // Blended $ per 1K tokens with input:output weights (Artificial Analysis' 3:1 by
    // default): a price figure comparable across providers whatever the workload.
    double blendedPer1k(double inputWeight = 3.0, double outputWeight = 1.0) const;
};

} // namespace ys
