#pragma once

#include "domain/cost_estimate.h"
#include "domain/provider_config.h"
#include "domain/scenario.h"
#include "domain/suite.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace ys {

// Requests a scenario plans to send to one provider, all of one size: `count` requests of
// `promptTokens` in and at most `outputTokens` out.
struct PlannedLoad {
    qint64 count = 0;
    qint64 promptTokens = 0;
    qint64 outputTokens = 0;
};

// The requests one scenario sends to a provider, warm-up included and retries or fallbacks not
// (they happen only on failures). One case per scenario kind; a kind whose steps differ in size
// gives one entry per size.
std::vector<PlannedLoad> plannedLoads(const Scenario &scenario, const ProviderConfig &provider);

// The estimate of running the suite's providers (only those named, when any are) through every
// scenario.
CostEstimate estimateCost(const Suite &suite, const QStringList &onlyProviders);

// The estimate as people read it.
class CostEstimateText {
    Q_DECLARE_TR_FUNCTIONS(ys::CostEstimate)
public:
    // US dollars with enough decimals for small amounts: "$0.00450", "$12.30".
    static QString usd(double amount);
    // One line: the total, each provider's figure (or "unpriced") and the budget.
    static QString line(const CostEstimate &estimate);
    // Why a session over its budget does not start, naming the estimate and the budget.
    static QString refusal(const CostEstimate &estimate);
};

} // namespace ys
