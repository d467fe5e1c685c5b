#include "analysis/gates.h"

#include "util/enum_names.h"

#include <algorithm>
#include <cmath>

namespace ys {

int GateVerdict::passed() const
{
    return int(std::count_if(gates.begin(), gates.end(),
                             [](const Gate &g) { return g.result == GateResult::Pass; }));
}

const Gate *GateVerdict::gate(GateKind kind) const
{
    for (const Gate &g : gates)
        if (g.kind == kind)
            return &g;
    return nullptr;
}

GateResult GateVerdict::overall() const
{
    const int pass = passed();
    if (pass >= minPassed)
        return GateResult::Pass;
    int inconclusive = 0, noData = 0;
    for (const Gate &g : gates) {
        inconclusive += g.result == GateResult::Inconclusive ? 1 : 0;
        noData += g.result == GateResult::NoData ? 1 : 0;
    }
    if (pass + inconclusive + noData < minPassed)
        return GateResult::Fail;
    return inconclusive > 0 ? GateResult::Inconclusive : GateResult::NoData;
}

GateResult Gates::decide(std::optional<double> value,
                         std::optional<std::pair<double, double>> interval, double threshold,
                         bool atMost)
{
    if (!value)
        return GateResult::NoData;
    // Prices like 0.0015 are not exact in binary: a value equal to the threshold in print is.
    const double eps = 1e-12 + 1e-9 * std::abs(threshold);
    const auto passes = [&](double x) {
        return atMost ? x <= threshold + eps : x >= threshold - eps;
    };
    if (!interval)
        return passes(*value) ? GateResult::Pass : GateResult::Fail;
    const double lo = std::min(interval->first, interval->second);
    const double hi = std::max(interval->first, interval->second);
    const bool bestPasses = passes(atMost ? lo : hi);
    const bool worstPasses = passes(atMost ? hi : lo);
    if (worstPasses)
        return GateResult::Pass;
    return bestPasses ? GateResult::Inconclusive : GateResult::Fail;
}

void Gates::judge(SessionSummary &summary)
{
    summary.verdicts.clear();
    for (const ProviderSummary &p : summary.providers)
        summary.verdicts.push_back(evaluate(p, summary.requirements));
}

GateVerdict Gates::verdict(const SessionSummary &summary, std::size_t provider)
{
    if (summary.verdicts.size() == summary.providers.size())
        return summary.verdicts[provider];
    return evaluate(summary.providers[provider], summary.requirements);
}

GateVerdict Gates::evaluate(const ProviderSummary &s, const Requirements &req)
{
    GateVerdict v;
    const auto add = [&](GateKind kind, std::optional<double> value,
                         std::optional<std::pair<double, double>> interval, double threshold,
                         bool atMost, QString source) {
        Gate g;
        g.kind = kind;
        g.value = value;
        g.interval = value ? interval : std::nullopt;
        g.threshold = threshold;
        g.atMost = atMost;
        g.source = std::move(source);
        g.result = decide(g.value, g.interval, threshold, atMost);
        v.gates.push_back(g);
        return g.result;
    };
    if (req.maxP95LatencyMs) {
        const Distribution &e2e = gatedLatency(s);
        v.latency = add(GateKind::Latency, e2e.p95, e2e.p95Ci, *req.maxP95LatencyMs, true,
                        latencyFromIntendedStart(s) ? QStringLiteral("intended_start")
                                                    : QStringLiteral("start"));
    }
    if (req.maxTtftP95Ms)
        v.ttft = add(GateKind::Ttft, s.ttftMs.p95, s.ttftMs.p95Ci, *req.maxTtftP95Ms, true,
                     QStringLiteral("start"));
    if (req.maxUsdPer1k) {
        if (req.costBasis == CostBasis::Measured) {
            v.cost = add(GateKind::Cost, s.usdPer1kMeasured, s.usdPer1kMeasuredCi, *req.maxUsdPer1k,
                         true, QStringLiteral("measured"));
        } else {
            // A list price has no interval. Without the price itself (a summary built by hand)
            // the stored 3:1 blend serves when those are the weights asked for.
            std::optional<double> list;
            if (s.price)
                list = s.price->blendedPer1k(req.listInputWeight, req.listOutputWeight);
            else if (req.listInputWeight == 3.0 && req.listOutputWeight == 1.0)
                list = s.usdPer1kBlended;
            v.cost = add(GateKind::Cost, list, std::nullopt, *req.maxUsdPer1k, true,
                         QStringLiteral("list"));
        }
    }
    if (req.minContextTokens) {
        std::optional<double> window;
        QString source = QStringLiteral("declared");
        if (s.results.contextLimit && s.results.contextLimit->verified) {
            window = double(*s.results.contextLimit->verified);
            source = QStringLiteral("verified");
        } else if (s.contextWindow) {
            window = double(*s.contextWindow);
        }
        v.context = add(GateKind::Context, window, std::nullopt, double(*req.minContextTokens),
                        false, source);
    }
    if (req.minContractPassRate) {
        const ContractSummary *c = s.contract ? &*s.contract : nullptr;
        v.contract = add(GateKind::Contract, c ? c->passRate : std::nullopt,
                         c ? c->passRateCi : std::nullopt, *req.minContractPassRate, false,
                         QStringLiteral("answers"));
    }
    const int m = int(v.gates.size());
    v.minPassed = std::clamp(req.minPassed.value_or(m), 0, m);
    return v;
}

bool Gates::latencyFromIntendedStart(const ProviderSummary &s)
{
    return s.results.latency && s.results.latency->e2eFromIntendedMs;
}

const Distribution &Gates::gatedLatency(const ProviderSummary &s)
{
    return latencyFromIntendedStart(s) ? *s.results.latency->e2eFromIntendedMs : s.e2eMs;
}

QString Gates::describe(GateResult result)
{
    switch (result) {
    case GateResult::Pass:
        return tr("pass");
    case GateResult::Fail:
        return tr("fail");
    case GateResult::Inconclusive:
        return tr("inconclusive");
    case GateResult::NoData:
        break;
    }
    return tr("no data");
}

namespace {

constexpr EnumName<GateResult> kGateResultNames[] = {{GateResult::Pass, "pass"},
                                                     {GateResult::Fail, "fail"},
                                                     {GateResult::Inconclusive, "inconclusive"},
                                                     {GateResult::NoData, "no_data"}};

} // namespace

QString Gates::name(GateResult result)
{
    return nameIn(kGateResultNames, result);
}

namespace {

constexpr EnumName<GateKind> kGateKindNames[] = {{GateKind::Latency, "e2e_p95"},
                                                 {GateKind::Ttft, "ttft_p95"},
                                                 {GateKind::Cost, "usd_per_1k"},
                                                 {GateKind::Context, "context"},
                                                 {GateKind::Contract, "contract_pass_rate"}};

} // namespace

QString Gates::name(GateKind kind)
{
    return nameIn(kGateKindNames, kind);
}

QString Gates::describe(const Gate &g)
{
    switch (g.kind) {
    case GateKind::Latency:
        return g.source == QLatin1StringView("intended_start")
                   ? tr("E2E P95 from the intended start ≤ %1 ms").arg(g.threshold)
                   : tr("E2E P95 ≤ %1 ms").arg(g.threshold);
    case GateKind::Ttft:
        return tr("TTFT P95 ≤ %1 ms").arg(g.threshold);
    case GateKind::Cost:
        return g.source == QLatin1StringView("list")
                   ? tr("list $ per 1K ≤ %1").arg(g.threshold)
                   : tr("measured $ per 1K ≤ %1").arg(g.threshold);
    case GateKind::Context:
        break;
    case GateKind::Contract:
        return tr("contract pass rate ≥ %1%").arg(g.threshold * 100, 0, 'g', 4);
    }
    if (g.source == QLatin1StringView("verified"))
        return tr("verified context ≥ %1 tokens").arg(g.threshold, 0, 'f', 0);
    if (g.source == QLatin1StringView("declared"))
        return tr("declared context ≥ %1 tokens").arg(g.threshold, 0, 'f', 0);
    return tr("context ≥ %1 tokens").arg(g.threshold, 0, 'f', 0);
}

QStringList Gates::describe(const Requirements &req)
{
    QStringList out;
    for (Gate g : evaluate(ProviderSummary{}, req).gates) {
        if (g.kind != GateKind::Cost)
            g.source.clear(); // which figure serves is known per provider only
        out << describe(g);
    }
    return out;
}

} // namespace ys
