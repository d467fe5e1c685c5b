#include "analysis/gates.h"

namespace ys {

namespace {
template <typename T> GateResult check(const std::optional<T> &value, auto &&passes)
{
    if (!value)
        return GateResult::Unknown;
    return passes(*value) ? GateResult::Pass : GateResult::Fail;
}
} // namespace

GateResult GateVerdict::overall() const
{
    if (latency == GateResult::Fail || cost == GateResult::Fail || context == GateResult::Fail)
        return GateResult::Fail;
    if (latency == GateResult::Pass && cost == GateResult::Pass && context == GateResult::Pass)
        return GateResult::Pass;
    return GateResult::Unknown;
}

GateVerdict Gates::evaluate(const ProviderSummary &s, const Requirements &req)
{
    GateVerdict v;
    v.latency = check(gatedLatency(s).p95, [&](double p95) { return p95 <= req.maxP95LatencyMs; });
    v.cost = check(s.usdPer1kBlended, [&](double usd) { return usd <= req.maxUsdPer1k + 1e-12; });
    v.context = check(s.contextWindow, [&](qint64 w) { return w >= req.minContextTokens; });
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
    case GateResult::Unknown:
        break;
    }
    return tr("unknown");
}

} // namespace ys
