#include "run/price_resolution.h"

#include "domain/provider_presets.h"
#include "pricing/price_catalog.h"

namespace ys {

QString PriceResolution::resolve(ProviderConfig &provider, const PriceCatalog &catalog)
{
    if (provider.price && !provider.price->source.isEmpty())
        return {};
    const PriceOverride own = provider.price ? PriceOverride::of(*provider.price)
                                             : provider.priceOverride.value_or(PriceOverride{});
    CatalogQuery query;
    query.entry = provider.catalog;
    query.baseUrl = provider.baseUrl;
    query.model = provider.model;
    if (const auto preset = ProviderPresets::find(provider.preset)) {
        query.presetBaseUrl = QUrl(preset->baseUrl);
        query.presetId = preset->id;
    }
    const std::optional<CatalogHit> hit = catalog.find(query);
    provider.priceOverride = own.empty() ? std::nullopt : std::optional(own);
    QString warning;
    if (hit) {
        Price price = own.applyTo(hit->price);
        price.source = own.empty() ? QStringLiteral("catalog") : QStringLiteral("both");
        provider.price = std::move(price);
        return {};
    }
    if (!provider.catalog.isEmpty())
        warning = tr("%1: the price catalog (%2, %3) has no entry \"%4\"")
                      .arg(provider.name, catalog.file(), catalog.date(), provider.catalog);
    if (own.complete()) {
        Price price = own.toPrice();
        price.source = QStringLiteral("suite");
        provider.price = std::move(price);
        return warning;
    }
    provider.price.reset();
    const QString unpriced =
        tr("%1: model \"%2\" is not in the price catalog (%3) and the suite gives it no whole "
           "price: its cost is unknown")
            .arg(provider.name, provider.model, catalog.date());
    return warning.isEmpty() ? unpriced : warning + QStringLiteral("; ") + unpriced;
}

QStringList PriceResolution::resolve(Suite &suite, const PriceCatalog &catalog)
{
    QStringList warnings;
    for (ProviderConfig &p : suite.providers) {
        const QString w = resolve(p, catalog);
        if (!w.isEmpty())
            warnings.append(w);
    }
    return warnings;
}

BilledTokens PriceResolution::billedTokens(const Sample &s)
{
    return {s.inputTokens.value_or(0), s.outputTokens.value_or(0), s.cachedTokens.value_or(0),
            s.cacheWriteTokens.value_or(0)};
}

std::optional<double> PriceResolution::attemptCost(const ProviderConfig &provider,
                                                   const Sample &sample, const QDateTime &startedAt)
{
    if (!provider.price || !sample.inputTokens || !sample.outputTokens)
        return std::nullopt;
    return provider.price->cost(billedTokens(sample), startedAt);
}

} // namespace ys
