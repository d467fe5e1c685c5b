#include "pricing/price.h"

#include <algorithm>

namespace ys {

Price::Price() = default;

Price::Price(double input, double output, std::optional<double> cachedInput)
    : inputPerMtok(input)
    , outputPerMtok(output)
    , cachedInputPerMtok(cachedInput)
{
}

namespace {

double tieredRate(double base, const std::vector<PriceTier> &tiers, long long promptTokens)
{
    double rate = base;
    for (const PriceTier &t : tiers) {
        if (promptTokens > t.start)
            rate = t.perMtok;
    }
    return rate;
}

} // namespace

bool PriceWhen::appliesAt(const QDateTime &when) const
{
    const QDateTime utc = when.toUTC();
    if (startDate && utc.date() < *startDate)
        return false;
    if (startTime && endTime) {
        const QTime t = utc.time();
        if (*startTime <= *endTime) {
            if (t < *startTime || t >= *endTime)
                return false;
        } else if (t < *startTime && t >= *endTime) { // past midnight
            return false;
        }
    }
    return true;
}

double Price::inputRate(long long promptTokens) const
{
    return tieredRate(inputPerMtok, inputTiers, promptTokens);
}

double Price::outputRate(long long promptTokens) const
{
    return tieredRate(outputPerMtok, outputTiers, promptTokens);
}

double Price::cacheReadRate(long long promptTokens) const
{
    if (!cachedInputPerMtok)
        return inputRate(promptTokens);
    return tieredRate(*cachedInputPerMtok, cachedInputTiers, promptTokens);
}

double Price::cacheWriteRate(long long promptTokens) const
{
    if (!cacheWritePerMtok)
        return inputRate(promptTokens);
    return tieredRate(*cacheWritePerMtok, cacheWriteTiers, promptTokens);
}

bool Price::tiered() const
{
    if (!inputTiers.empty() || !outputTiers.empty() || !cachedInputTiers.empty() ||
        !cacheWriteTiers.empty())
        return true;
    return std::any_of(timed.begin(), timed.end(),
                       [](const TimedPrice &t) { return t.price.tiered(); });
}

const Price &Price::inForceAt(const QDateTime &when) const
{
    for (auto it = timed.rbegin(); it != timed.rend(); ++it) {
        if (it->when.appliesAt(when))
            return it->price;
    }
    return *this;
}

double Price::cost(const BilledTokens &t) const
{
    const long long input = std::max(0LL, t.inputTokens);
    const long long read = std::clamp(t.cacheReadTokens, 0LL, input);
    const long long write = std::clamp(t.cacheWriteTokens, 0LL, input - read);
    const long long plain = input - read - write;
    const double usd = double(plain) * inputRate(input) + double(read) * cacheReadRate(input) +
                       double(write) * cacheWriteRate(input) +
                       double(std::max(0LL, t.outputTokens)) * outputRate(input);
    return usd / 1e6 + perThousandRequests.value_or(0.0) / 1000.0;
}

double Price::cost(const BilledTokens &tokens, const QDateTime &when) const
{
    return inForceAt(when).cost(tokens);
}

double Price::cost(long long inputTokens, long long outputTokens, long long cachedTokens) const
{
    return cost(BilledTokens{inputTokens, outputTokens, cachedTokens, 0});
}

double Price::blendedPer1k(double inputWeight, double outputWeight) const
{
    const double weights = inputWeight + outputWeight;
    if (weights <= 0.0)
        return 0.0;
    return (inputWeight * inputPerMtok + outputWeight * outputPerMtok) / weights / 1000.0;
}

bool Price::operator==(const Price &o) const
{
    return inputPerMtok == o.inputPerMtok && outputPerMtok == o.outputPerMtok &&
           cachedInputPerMtok == o.cachedInputPerMtok && cacheWritePerMtok == o.cacheWritePerMtok &&
           perThousandRequests == o.perThousandRequests && inputTiers == o.inputTiers &&
           outputTiers == o.outputTiers && cachedInputTiers == o.cachedInputTiers &&
           cacheWriteTiers == o.cacheWriteTiers && timed == o.timed && source == o.source &&
           catalogEntry == o.catalogEntry && catalogDate == o.catalogDate;
}

bool PriceOverride::empty() const
{
    return !inputPerMtok && !outputPerMtok && !cachedInputPerMtok && !cacheWritePerMtok;
}

PriceOverride PriceOverride::of(const Price &price)
{
    return {price.inputPerMtok, price.outputPerMtok, price.cachedInputPerMtok,
            price.cacheWritePerMtok};
}

Price PriceOverride::toPrice() const
{
    Price p(inputPerMtok.value_or(0.0), outputPerMtok.value_or(0.0), cachedInputPerMtok);
    p.cacheWritePerMtok = cacheWritePerMtok;
    return p;
}

Price PriceOverride::applyTo(Price p) const
{
    // An overridden rate is flat: it replaces the listed one and the tiers it had.
    const auto flatten = [](const std::optional<double> &rate, auto &listed,
                            std::vector<PriceTier> &tiers) {
        if (!rate)
            return;
        listed = *rate;
        tiers.clear();
    };
    flatten(inputPerMtok, p.inputPerMtok, p.inputTiers);
    flatten(outputPerMtok, p.outputPerMtok, p.outputTiers);
    flatten(cachedInputPerMtok, p.cachedInputPerMtok, p.cachedInputTiers);
    flatten(cacheWritePerMtok, p.cacheWritePerMtok, p.cacheWriteTiers);
    for (TimedPrice &t : p.timed)
        t.price = applyTo(std::move(t.price));
    return p;
}

} // namespace ys
