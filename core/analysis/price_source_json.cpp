#include "analysis/price_source_json.h"

#include "pricing/price_json.h"

namespace ys {

using nlohmann::json;

json providerPriceJson(const std::optional<Price> &price)
{
    if (!price)
        return nullptr;
    const auto orNull = [](const std::optional<double> &v) {
        return v ? json(*v) : json(nullptr);
    };
    const auto text = [](const QString &s) {
        return s.isEmpty() ? json(nullptr) : json(s.toStdString());
    };
    json j;
    j["source"] = price->source.isEmpty() ? "suite" : price->source.toStdString();
    j["catalog_entry"] = text(price->catalogEntry);
    j["catalog_date"] = text(price->catalogDate);
    j["input_per_mtok"] = price->inputPerMtok;
    j["output_per_mtok"] = price->outputPerMtok;
    j["cached_input_per_mtok"] = orNull(price->cachedInputPerMtok);
    j["cache_write_per_mtok"] = orNull(price->cacheWritePerMtok);
    j["tiered"] = price->tiered();
    j["time_dependent"] = !price->timed.empty();
    j["prices"] = pricejson::write(*price);
    return j;
}

QString PriceSourceText::line(const std::optional<Price> &price)
{
    if (!price)
        return tr("price: unknown (not in the price catalog, none in the suite): cost not "
                  "counted");
    const QString figures = tr("$%1 in, $%2 out per 1M tokens%3%4")
                                .arg(price->inputPerMtok)
                                .arg(price->outputPerMtok)
                                .arg(price->tiered() ? tr(", tiered by prompt size") : QString(),
                                     price->timed.empty() ? QString()
                                                          : tr(", varies with the time of day "
                                                               "or date"));
    if (price->source == QLatin1StringView("catalog"))
        return tr("price: catalog %1 (catalog of %2): %3")
            .arg(price->catalogEntry, price->catalogDate, figures);
    if (price->source == QLatin1StringView("both"))
        return tr("price: catalog %1 (catalog of %2) with the suite's fields: %3")
            .arg(price->catalogEntry, price->catalogDate, figures);
    return tr("price: suite: %1").arg(figures);
}

} // namespace ys
