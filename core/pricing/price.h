#pragma once

#include <QDate>
#include <QDateTime>
#include <QString>
#include <QTime>
#include <optional>
#include <vector>

namespace ys {

// A rate that changes with the prompt's size: past `start` prompt tokens the tier's rate applies
// to every token of its kind, not only to those past the threshold (the providers' "cliff").
struct PriceTier {
    long long start = 0; // applies when the prompt has more tokens than this
    double perMtok = 0.0;
    bool operator==(const PriceTier &) const = default;
};

// The tokens an attempt is billed for. inputTokens is the whole prompt, cache reads and writes
// included (the dialects normalise to that); outputTokens includes reasoning tokens, which are
// billed as output (the dialects add Gemini's thoughts, which its candidates count leaves out).
struct BilledTokens {
    long long inputTokens = 0;
    long long outputTokens = 0;
    long long cacheReadTokens = 0;
    long long cacheWriteTokens = 0;
};

// When a price applies: from a date on, and/or within a daily UTC interval (off-peak prices).
// An interval whose end is before its start runs past midnight.
struct PriceWhen {
    std::optional<QDate> startDate;
    std::optional<QTime> startTime; // UTC
    std::optional<QTime> endTime;   // UTC, exclusive
    bool appliesAt(const QDateTime &when) const;
    bool operator==(const PriceWhen &) const = default;
};

struct TimedPrice;

// A list price in US dollars per million tokens, as a suite gives it or as the price catalog
// has it (tiers by prompt size, prices that apply at some times), with where it came from.
struct Price {
    double inputPerMtok = 0.0;
    double outputPerMtok = 0.0;
    std::optional<double> cachedInputPerMtok; // cache reads; the input price when absent
    std::optional<double> cacheWritePerMtok;  // cache writes; the input price when absent
    std::optional<double> perThousandRequests;
    // Higher rates past a prompt size, each list ordered by start.
    std::vector<PriceTier> inputTiers;
    std::vector<PriceTier> outputTiers;
    std::vector<PriceTier> cachedInputTiers;
    std::vector<PriceTier> cacheWriteTiers;
    // Prices that replace this one when their condition holds; the last that holds wins, and
    // this one's own figures apply when none does (the catalog's rule).
    std::vector<TimedPrice> timed;

    // Where it came from: "suite", "catalog", or "both" (a catalog price with fields the suite
    // overrides); empty for a price not resolved yet. The catalog entry is "provider/model".
    QString source;
    QString catalogEntry;
    QString catalogDate;

    // Defined where TimedPrice is complete: `timed` holds Prices itself.
    Price();
    Price(double input, double output, std::optional<double> cachedInput = std::nullopt);

    // Cost of one attempt from its billed tokens, at the price's own figures (no time
    // condition). Cached prompt tokens are part of inputTokens (OpenAI's convention) and are
    // billed at the cached price when one is known; tiers apply by inputTokens.
    double cost(long long inputTokens, long long outputTokens, long long cachedTokens = 0) const;
    // The cost at the price in force at `when` (UTC), tiers by the prompt's size.
    double cost(const BilledTokens &tokens, const QDateTime &when) const;
    double cost(const BilledTokens &tokens) const;

    // The figures in force at `when`: this price or one of its timed ones.
    const Price &inForceAt(const QDateTime &when) const;

    // The rates for a prompt of this many tokens.
    double inputRate(long long promptTokens) const;
    double outputRate(long long promptTokens) const;
    double cacheReadRate(long long promptTokens) const;
    double cacheWriteRate(long long promptTokens) const;

    bool tiered() const;

    // Blended $ per 1K tokens with input:output weights (Artificial Analysis' 3:1 by
    // default): a price figure comparable across providers whatever the workload.
    double blendedPer1k(double inputWeight = 3.0, double outputWeight = 1.0) const;

    bool operator==(const Price &) const;
};

struct TimedPrice {
    PriceWhen when;
    Price price;
    bool operator==(const TimedPrice &) const = default;
};

// A suite's price fields, each optional: they replace the catalog's, field by field. With input
// and output it is a whole price on its own.
struct PriceOverride {
    std::optional<double> inputPerMtok;
    std::optional<double> outputPerMtok;
    std::optional<double> cachedInputPerMtok;
    std::optional<double> cacheWritePerMtok;

    bool empty() const;
    bool complete() const { return inputPerMtok && outputPerMtok; }
    static PriceOverride of(const Price &price);
    // A whole price of its own; only when complete().
    Price toPrice() const;
    // The catalog's price with these fields replaced: a replaced figure replaces its tiers, and
    // in the timed prices too.
    Price applyTo(Price catalog) const;
    bool operator==(const PriceOverride &) const = default;
};

} // namespace ys
