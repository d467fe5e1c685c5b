#include "analysis/run_summary.h"

#include "analysis/arrival_rates.h"
#include "analysis/latency_result.h"
#include "analysis/percentile.h"

namespace ys {

namespace {

constexpr double kNsPerMs = 1e6;

void addTo(std::optional<qint64> &sum, const std::optional<qint64> &value)
{
    if (value)
        sum = sum.value_or(0) + *value;
}

} // namespace

ProviderSummary summarizeRun(const ProviderConfig &provider, const std::vector<Sample> &samples,
                             bool openLoop)
{
    ProviderSummary s;
    s.name = provider.name;
    s.dialect = provider.dialect;
    s.model = provider.model;
    s.contextWindow = provider.contextWindow;
    s.price = provider.price;
    if (provider.price)
        s.usdPer1kBlended = provider.price->blendedPer1k();

    std::vector<double> ttft;
    std::vector<double> e2e;
    std::vector<double> itl;
    std::vector<double> tps;
    for (const Sample &x : samples) {
        if (x.warmup)
            continue;
        if (!x.servedBy.isEmpty()) {
            // Another provider's answer, sent there by the fallback chain: it says nothing
            // about this provider's speed or cost.
            ++s.servedByFallback;
            continue;
        }
        ++s.attempts;
        ++s.outcomes[std::size_t(x.outcome)];
        addTo(s.inputTokens, x.inputTokens);
        addTo(s.outputTokens, x.outputTokens);
        addTo(s.cachedTokens, x.cachedTokens);
        if (x.costUsd)
            s.costUsd = s.costUsd.value_or(0.0) + *x.costUsd;
        if (!outcomeIsSuccess(x.outcome))
            continue;
        ++s.successes;
        s.tokensEstimated = s.tokensEstimated || x.tokensEstimated;
        e2e.push_back(double(x.endNs) / kNsPerMs);
        if (x.firstTokenNs)
            ttft.push_back(double(*x.firstTokenNs) / kNsPerMs);
        // Events that arrived in one read share a time: they are one delivery, not a 0 ms gap.
        for (std::size_t i = 1; i < x.eventTimesNs.size(); ++i) {
            if (x.eventTimesNs[i] != x.eventTimesNs[i - 1])
                itl.push_back(double(x.eventTimesNs[i] - x.eventTimesNs[i - 1]) / kNsPerMs);
        }
        if (x.outputTokens && *x.outputTokens > 1 && x.firstTokenNs && x.endNs > *x.firstTokenNs)
            tps.push_back(double(*x.outputTokens - 1) / (double(x.endNs - *x.firstTokenNs) / 1e9));
    }
    s.ttftMs = distributionOf(std::move(ttft));
    s.e2eMs = distributionOf(std::move(e2e));
    s.itlMeanMs = mean(itl);
    s.itlStddevMs = stddev(itl);
    s.itlP99Ms = percentile(itl, 99);
    s.outputTokensPerSecondP50 = percentile(std::move(tps), 50);
    if (!samples.empty())
        s.results.latency = analyzeLatency(samples, openLoop);
    if (openLoop) {
        ArrivalRateMeter arrivals;
        for (const Sample &x : samples)
            arrivals.add(x);
        s.askedRatePerS = arrivals.askedPerS();
        s.achievedRatePerS = arrivals.achievedPerS();
    }
    return s;
}

} // namespace ys
