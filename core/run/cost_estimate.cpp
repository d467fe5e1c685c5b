#include "run/cost_estimate.h"

#include <algorithm>
#include <cmath>

namespace ys {

namespace {

// Arrivals an open-loop schedule makes before `seconds`: the rate integrated over time (the
// first arrival comes at 0, then one per unit of integrated rate, as ArrivalSchedule spaces
// them; for Poisson arrivals it is the expected count).
double openLoopArrivals(const Scenario &s, double seconds)
{
    const double start = s.ratePerS;
    const double end = s.rampToRatePerS.value_or(s.ratePerS);
    const double ramp = s.rampToRatePerS ? s.rampSeconds : 0.0;
    if (ramp <= 0)
        return end * seconds;
    const double inRamp = std::min(seconds, ramp);
    const double rateAtCut = start + (end - start) * inRamp / ramp;
    return (start + rateAtCut) / 2 * inRamp + end * std::max(0.0, seconds - ramp);
}

// Requests a latency scenario sends: all of them in closed loop (a duration may stop it
// sooner; the estimate is the most it can send), in open loop those its schedule fits into the
// duration, never more than asked for.
qint64 latencyRequests(const Scenario &s)
{
    const qint64 asked = qint64(s.requests) + s.warmup;
    if (!s.isOpenLoop() || !s.durationS)
        return asked;
    // A whole schedule of n arrivals lands at integrated rate 0 … n-1, so the arrivals before
    // the end number ceil(W(end)); the small allowance keeps an exact product exact.
    const double w = openLoopArrivals(s, *s.durationS);
    return std::min(asked, qint64(std::ceil(w - 1e-9)));
}

} // namespace

std::vector<PlannedLoad> plannedLoads(const Scenario &scenario, const ProviderConfig &provider)
{
    Q_UNUSED(provider) // kinds that size their steps from the provider's window will need it
    enum class Kind { Latency, Unknown };
    const Kind kind = scenario.kind == QLatin1StringView("latency") ? Kind::Latency : Kind::Unknown;
    switch (kind) {
    case Kind::Latency:
        return {{latencyRequests(scenario), scenario.promptTokens, scenario.maxOutputTokens}};
    case Kind::Unknown:
        break;
    }
    // A kind this estimate does not know plans at least what its basic fields say.
    return {{qint64(scenario.requests) + scenario.warmup, scenario.promptTokens,
             scenario.maxOutputTokens}};
}

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

CostEstimate estimateCost(const Suite &suite, const QStringList &onlyProviders)
{
    CostEstimate out;
    out.budgetUsd = suite.budgetUsd;
    for (const ProviderConfig &provider : suite.providers) {
        if (!onlyProviders.isEmpty() && !onlyProviders.contains(provider.name))
            continue;
        ProviderCostEstimate p;
        p.provider = provider.name;
        double usd = 0;
        for (const Scenario &scenario : suite.scenarios) {
            for (const PlannedLoad &load : plannedLoads(scenario, provider)) {
                p.requests += load.count;
                p.promptTokens += load.count * load.promptTokens;
                p.outputTokens += load.count * load.outputTokens;
                if (provider.price)
                    usd += double(load.count) *
                           provider.price->cost(load.promptTokens, load.outputTokens);
            }
        }
        if (provider.price) {
            p.usd = usd;
            out.totalUsd += usd;
        }
        out.providers.push_back(p);
    }
    return out;
}

QString CostEstimateText::usd(double amount)
{
    // Three significant digits for amounts below a dollar, cents above.
    int decimals = 2;
    if (amount > 0 && amount < 1)
        decimals = std::clamp(int(std::ceil(-std::log10(amount))) + 2, 2, 8);
    return QStringLiteral("$") + QString::number(amount, 'f', decimals);
}

QString CostEstimateText::line(const CostEstimate &estimate)
{
    QStringList parts;
    for (const ProviderCostEstimate &p : estimate.providers)
        parts << (p.usd ? tr("%1 %2").arg(p.provider, usd(*p.usd))
                        : tr("%1 unpriced (cost unknown)").arg(p.provider));
    const QString providers = parts.join(QStringLiteral(", "));
    if (!estimate.budgetUsd)
        return tr("Estimated cost at most %1 (%2)").arg(usd(estimate.totalUsd), providers);
    return tr("Estimated cost at most %1 (%2), budget %3")
        .arg(usd(estimate.totalUsd), providers, usd(*estimate.budgetUsd));
}

QString CostEstimateText::refusal(const CostEstimate &estimate)
{
    return tr("Not started: the estimated cost %1 exceeds the suite's budget_usd of %2 (every "
              "planned request at its full prompt and output limit; lower the requests or raise "
              "the budget)")
        .arg(usd(estimate.totalUsd), usd(estimate.budgetUsd.value_or(0)));
}

} // namespace ys
