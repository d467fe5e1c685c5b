#include "run/session_plan.h"

#include "pricing/price_catalog.h"
#include "run/price_resolution.h"

namespace ys {

std::optional<SessionPlan> SessionPlan::make(Suite suite, QStringList onlyProviders, QString *error)
{
    const auto catalog = PriceCatalog::active(error);
    if (!catalog)
        return std::nullopt;
    return make(std::move(suite), std::move(onlyProviders), *catalog);
}

SessionPlan SessionPlan::make(Suite suite, QStringList onlyProviders, const PriceCatalog &catalog)
{
    SessionPlan plan;
    plan.m_warnings = PriceResolution::resolve(suite, catalog);
    plan.m_estimate = estimateCost(suite, onlyProviders);
    plan.m_suite = std::move(suite);
    plan.m_onlyProviders = std::move(onlyProviders);
    return plan;
}

QByteArray SessionPlan::estimateJson() const
{
    return m_estimate.toJson();
}

} // namespace ys
