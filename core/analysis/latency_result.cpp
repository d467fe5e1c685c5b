#include "analysis/latency_result.h"

namespace ys {

namespace {

constexpr double kNsPerMs = 1e6;

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

LatencyResult analyzeLatency(const std::vector<Sample> &samples, bool openLoop)
{
    std::vector<double> ttfb, tpot, cold, warm, connect, tls, fromIntended;
    for (const Sample &x : samples) {
        if (x.warmup || !x.servedBy.isEmpty() || !outcomeIsSuccess(x.outcome))
            continue;
        if (x.headersNs)
            ttfb.push_back(ms(*x.headersNs));
        if (x.firstTokenNs)
            (x.connectionReused ? warm : cold).push_back(ms(*x.firstTokenNs));
        // The first token's own time is TTFT; the rest of the stream carries output tokens − 1.
        // A reply that arrived whole (not streamed) has no decode time to divide.
        if (x.firstTokenNs && x.outputTokens && *x.outputTokens >= 2 && x.endNs > *x.firstTokenNs)
            tpot.push_back(ms(x.endNs - *x.firstTokenNs) / double(*x.outputTokens - 1));
        if (x.connectStartNs && x.connectedNs)
            connect.push_back(ms(*x.connectedNs - *x.connectStartNs));
        if (x.connectStartNs && x.tlsDoneNs)
            tls.push_back(ms(*x.tlsDoneNs - *x.connectStartNs));
        if (openLoop)
            fromIntended.push_back(ms(x.endNs + x.queueDelayNs));
    }
    LatencyResult r;
    r.ttfbMs = distributionOf(std::move(ttfb));
    r.tpotMs = distributionOf(std::move(tpot));
    r.coldTtftMs = distributionOf(std::move(cold));
    r.warmTtftMs = distributionOf(std::move(warm));
    r.connectMs = unlessEmpty(std::move(connect));
    r.tlsMs = unlessEmpty(std::move(tls));
    if (openLoop)
        r.e2eFromIntendedMs = distributionOf(std::move(fromIntended));
    return r;
}

} // namespace ys
