#pragma once

#include "domain/provider_config.h"
#include "domain/sample.h"
#include "domain/suite.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QStringList>
#include <optional>

namespace ys {

class PriceCatalog;

// Turns each provider's price into the price in force for a session: the catalog's entry (named
// by the suite or found from the address, preset and model) with the suite's price fields
// replacing the catalog's one by one, or the suite's own price when the catalog has no entry.
// A provider priced nowhere keeps no price (its cost is unknown, never 0) and is warned about.
class PriceResolution {
    Q_DECLARE_TR_FUNCTIONS(ys::PriceResolution)
public:
    // Resolves the provider in place; returns the warning to give, or an empty string. A price
    // already resolved (a stored session's) is kept.
    static QString resolve(ProviderConfig &provider, const PriceCatalog &catalog);
    // Every provider of the suite; the warnings, one per provider that needs one.
    static QStringList resolve(Suite &suite, const PriceCatalog &catalog);

    // The tokens an attempt is billed for: the whole prompt, its cache reads and writes, and
    // the output with reasoning (each dialect counts reasoning into outputTokens: OpenAI's and
    // Anthropic's output counts include it, Gemini's thoughts are added to its candidates).
    static BilledTokens billedTokens(const Sample &sample);
    // The attempt's cost at the price in force at `startedAt` (wall clock, UTC); unset when the
    // provider has no price or did not report its token counts.
    static std::optional<double> attemptCost(const ProviderConfig &provider, const Sample &sample,
                                             const QDateTime &startedAt);
};

} // namespace ys
