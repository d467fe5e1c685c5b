#include "pricing/price.h"

#include <algorithm>

namespace ys {

double Price::cost(long long inputTokens, long long outputTokens, long long cachedTokens) const
{
    const long long cached = std::clamp(cachedTokens, 0LL, inputTokens);
    const double cachedPrice = cachedInputPerMtok.value_or(inputPerMtok);
    return (double(inputTokens - cached) * inputPerMtok + double(cached) * cachedPrice +
            double(outputTokens) * outputPerMtok) /
           1e6;
}

double Price::blendedPer1k(double inputWeight, double outputWeight) const
{
    const double weights = inputWeight + outputWeight;
    if (weights <= 0.0)
        return 0.0;
    return (inputWeight * inputPerMtok + outputWeight * outputPerMtok) / weights / 1000.0;
}

} // namespace ys
