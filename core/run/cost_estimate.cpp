#include "run/cost_estimate.h"

#include "analysis/context_probe.h"

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

std::vector<PlannedLoad> plannedLoads(const Scenario &s, const ProviderConfig &provider)
{
    const QString &k = s.kind;
    const qint64 out = s.maxOutputTokens;
    std::vector<PlannedLoad> loads;
    if (k == QLatin1StringView("context_sweep")) {
        for (int tokens : s.contextSweep.promptTokens)
            if (!provider.contextWindow || qint64(tokens) + out <= *provider.contextWindow)
                loads.push_back({s.contextSweep.requestsPerPoint, tokens, out});
    } else if (k == QLatin1StringView("context_limit")) {
        // The control probe (analysis/context_probe.h), then probes of at most the claim: a
        // search to the precision takes about log2(1 / precision) probes after the claim's,
        // never more than max_probes in all.
        const std::optional<qint64> claimed =
            s.contextLimit.claimed ? s.contextLimit.claimed : provider.contextWindow;
        const int probes = std::min(s.contextLimit.maxProbes - 1,
                                    int(std::ceil(std::log2(1.0 / s.contextLimit.precision))) + 2);
        if (claimed) {
            loads.push_back({1, contextControlTokens(*claimed), out});
            loads.push_back({probes, *claimed, out});
        }
    } else if (k == QLatin1StringView("concurrency_sweep")) {
        for (int level : s.concurrencySweep.levels)
            loads.push_back({s.concurrencySweep.requestsPerLevel.value_or(std::max(8, 4 * level)),
                             s.promptTokens, out});
    } else if (k == QLatin1StringView("multi_turn")) {
        // Turn t sends the t user messages so far (the acknowledgements between them are a few
        // tokens each).
        for (int t = 1; t <= s.multiTurn.turns; ++t)
            loads.push_back(
                {s.multiTurn.conversations, qint64(t) * (s.multiTurn.tokensPerTurn + 4), out});
    } else if (k == QLatin1StringView("cache")) {
        loads.push_back({2 * s.cache.pairs,
                         s.cache.prefixTokens + std::max(64, s.promptTokens - s.cache.prefixTokens),
                         out});
    } else if (k == QLatin1StringView("resilience")) {
        loads.push_back({qint64(s.resilience.strategies.size()) * (s.requests + s.warmup),
                         s.promptTokens, out});
    } else if (k == QLatin1StringView("rate_limit")) {
        loads.push_back({s.rateLimit.maxRequests, s.promptTokens, out}); // its cap
    } else if (k == QLatin1StringView("determinism")) {
        loads.push_back({s.determinism.prompts * s.determinism.repeats, s.promptTokens, out});
    } else {
        // latency and stability: the scenario's own requests and load.
        loads.push_back({latencyRequests(s), s.promptTokens, out});
    }
    return loads;
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
