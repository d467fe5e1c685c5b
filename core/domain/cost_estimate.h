#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace ys {

// What one provider's runs of a session are expected to cost at most: every planned request at
// its full prompt and its output limit, at the provider's list price.
struct ProviderCostEstimate {
    QString provider;
    qint64 requests = 0;
    qint64 promptTokens = 0;   // summed over the requests
    qint64 outputTokens = 0;   // the output limits, summed
    std::optional<double> usd; // absent: the provider has no price, its cost is unknown
};

// A session's cost estimate against the suite's budget, made before anything is sent
// (run/session_plan.h makes it; a session stores it as its event "estimate").
struct CostEstimate {
    std::vector<ProviderCostEstimate> providers; // in the suite's order
    double totalUsd = 0;                         // of the priced providers
    std::optional<double> budgetUsd;             // the suite's budget_usd

    bool anyPriced() const;
    QStringList unpriced() const;
    // The guard applies when the suite has a budget and at least one provider run is priced.
    bool guarded() const { return budgetUsd && anyPriced(); }
    bool exceedsBudget() const { return guarded() && totalUsd > *budgetUsd; }

    // As stored and printed by show --json ("cost_estimate", docs/show-json.md); fromJson is
    // nullopt for a text that is not one.
    QByteArray toJson() const;
    static std::optional<CostEstimate> fromJson(const QByteArray &text);
};

} // namespace ys
