#include "domain/cost_estimate.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace ys {

using nlohmann::json;

bool CostEstimate::anyPriced() const
{
    return std::any_of(providers.begin(), providers.end(),
                       [](const ProviderCostEstimate &p) { return p.usd.has_value(); });
}

QStringList CostEstimate::unpriced() const
{
    QStringList out;
    for (const ProviderCostEstimate &p : providers)
        if (!p.usd)
            out << p.provider;
    return out;
}

QByteArray CostEstimate::toJson() const
{
    json list = json::array();
    for (const ProviderCostEstimate &p : providers)
        list.push_back({{"provider", p.provider.toStdString()},
                        {"requests", p.requests},
                        {"prompt_tokens", p.promptTokens},
                        {"output_tokens", p.outputTokens},
                        {"usd", p.usd ? json(*p.usd) : json(nullptr)}});
    const json out{{"total_usd", totalUsd},
                   {"budget_usd", budgetUsd ? json(*budgetUsd) : json(nullptr)},
                   {"providers", list}};
    return QByteArray::fromStdString(out.dump());
}

std::optional<CostEstimate> CostEstimate::fromJson(const QByteArray &text)
{
    const json doc = json::parse(text.constData(), text.constData() + text.size(), nullptr,
                                 /*allow_exceptions=*/false);
    if (!doc.is_object() || !doc.contains("total_usd") || !doc["total_usd"].is_number() ||
        !doc.contains("providers") || !doc["providers"].is_array())
        return std::nullopt;
    CostEstimate e;
    e.totalUsd = doc["total_usd"].get<double>();
    if (doc.contains("budget_usd") && doc["budget_usd"].is_number())
        e.budgetUsd = doc["budget_usd"].get<double>();
    for (const json &item : doc["providers"]) {
        if (!item.is_object() || !item.contains("provider") || !item["provider"].is_string())
            return std::nullopt;
        ProviderCostEstimate p;
        p.provider = QString::fromStdString(item["provider"].get<std::string>());
        const auto count = [&item](const char *key) {
            const auto it = item.find(key);
            return it != item.end() && it->is_number_integer() ? it->get<qint64>() : qint64(0);
        };
        p.requests = count("requests");
        p.promptTokens = count("prompt_tokens");
        p.outputTokens = count("output_tokens");
        if (item.contains("usd") && item["usd"].is_number())
            p.usd = item["usd"].get<double>();
        e.providers.push_back(std::move(p));
    }
    return e;
}

} // namespace ys
