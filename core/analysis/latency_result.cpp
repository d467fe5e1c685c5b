#include "analysis/latency_result.h"

#include "util/units.h"

namespace ys {

namespace {

double ms(qint64 ns)
{
    return double(ns) / kNsPerMs;
}

std::optional<Distribution> unlessEmpty(std::vector<double> values)
{
    if (values.empty())
        return std::nullopt;
    return distributionOf(std::move(values));
}

} // namespace

void LatencyAccumulator::add(const Sample &x)
{
    if (x.warmup || !x.servedBy.isEmpty() || !outcomeIsSuccess(x.outcome))
        return;
    if (x.headersNs)
        m_ttfb.push_back(ms(*x.headersNs));
    if (x.firstTokenNs)
        (x.connectionReused ? m_warm : m_cold).push_back(ms(*x.firstTokenNs));
    // The first token's own time is TTFT; the rest of the stream carries output tokens − 1.
    // A reply that arrived whole (not streamed) has no decode time to divide.
    if (x.firstTokenNs && x.outputTokens && *x.outputTokens >= 2 && x.endNs > *x.firstTokenNs)
        m_tpot.push_back(ms(x.endNs - *x.firstTokenNs) / double(*x.outputTokens - 1));
    if (x.connectStartNs && x.connectedNs)
        m_connect.push_back(ms(*x.connectedNs - *x.connectStartNs));
    if (x.connectStartNs && x.tlsDoneNs)
        m_tls.push_back(ms(*x.tlsDoneNs - *x.connectStartNs));
    if (m_openLoop)
        m_fromIntended.push_back(ms(x.endNs + x.queueDelayNs));
    m_reasoning.add(x);
    m_toolCalls.add(x);
}

LatencyResult LatencyAccumulator::finish()
{
    LatencyResult r;
    r.ttfbMs = distributionOf(std::move(m_ttfb));
    r.tpotMs = distributionOf(std::move(m_tpot));
    r.coldTtftMs = distributionOf(std::move(m_cold));
    r.warmTtftMs = distributionOf(std::move(m_warm));
    r.connectMs = unlessEmpty(std::move(m_connect));
    r.tlsMs = unlessEmpty(std::move(m_tls));
    if (m_openLoop)
        r.e2eFromIntendedMs = distributionOf(std::move(m_fromIntended));
    r.reasoning = m_reasoning.finish();
    r.toolCalls = m_toolCalls.finish();
    return r;
}

LatencyResult analyzeLatency(const std::vector<Sample> &samples, bool openLoop)
{
    LatencyAccumulator acc(openLoop);
    for (const Sample &x : samples)
        acc.add(x);
    return acc.finish();
}

} // namespace ys
