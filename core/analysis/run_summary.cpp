#include "analysis/run_summary.h"

#include "analysis/arrival_rates.h"
#include "analysis/latency_result.h"
#include "analysis/percentile.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ys {

namespace {

constexpr double kNsPerMs = 1e6;

void addTo(std::optional<qint64> &sum, const std::optional<qint64> &value)
{
    if (value)
        sum = sum.value_or(0) + *value;
}

AttemptTiming attemptTiming(const Sample &x)
{
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    AttemptTiming t{nan, nan, double(x.endNs) / kNsPerMs, outcomeIsSuccess(x.outcome)};
    if (x.firstTokenNs)
        t.ttftMs = double(*x.firstTokenNs) / kNsPerMs;
    if (t.success && x.firstTokenNs && x.outputTokens) {
        if (*x.outputTokens < 2 || x.endNs <= *x.firstTokenNs)
            t.tpotMs = 0; // nothing was waited for after the first token
        else
            t.tpotMs = double(x.endNs - *x.firstTokenNs) / kNsPerMs / double(*x.outputTokens - 1);
    }
    return t;
}

void addTo(std::optional<double> &sum, double value)
{
    sum = sum.value_or(0.0) + value;
}

// The last attempt number of each logical request (fallback-served attempts included: they
// follow the provider's own), so an attempt with a later one is known to have been retried.
std::vector<int> lastAttempts(const std::vector<Sample> &samples)
{
    std::vector<int> last;
    for (const Sample &x : samples) {
        if (x.warmup || x.requestIndex < 0)
            continue;
        if (std::size_t(x.requestIndex) >= last.size())
            last.resize(std::size_t(x.requestIndex) + 1, 0);
        last[std::size_t(x.requestIndex)] =
            std::max(last[std::size_t(x.requestIndex)], x.attemptNumber);
    }
    return last;
}

void addToBreakdown(CostBreakdown &b, const Sample &x, double cost, bool retried)
{
    if (retried)
        addTo(b.retriedUsd, cost);
    else if (x.outcome == Outcome::TruncatedByLimit || x.outcome == Outcome::SilentTruncation)
        addTo(b.truncatedUsd, cost);
    else if (!outcomeIsSuccess(x.outcome))
        addTo(b.failedUsd, cost);
    else
        addTo(b.answeredUsd, cost);
}

// The ratio of sums R = Σc / Σt over attempts, with the delta-method variance
// Var(R) ≈ Σ(c − R·t)² / (n (n − 1) t̄²): a 95% interval of R ± 1.96 √Var.
struct RatioOfSums {
    double sumC = 0;
    double sumT = 0;
    std::vector<std::pair<double, double>> pairs;
    void add(double c, double t)
    {
        sumC += c;
        sumT += t;
        pairs.emplace_back(c, t);
    }
    std::optional<double> ratio() const
    {
        return sumT > 0 ? std::optional<double>(sumC / sumT) : std::nullopt;
    }
    std::optional<std::pair<double, double>> interval() const
    {
        const auto n = double(pairs.size());
        if (pairs.size() < 2 || sumT <= 0)
            return std::nullopt;
        const double r = sumC / sumT;
        double ss = 0;
        for (const auto &[c, t] : pairs)
            ss += (c - r * t) * (c - r * t);
        const double meanT = sumT / n;
        const double half = 1.959963984540054 * std::sqrt(ss / (n * (n - 1)) / (meanT * meanT));
        return std::make_pair(r - half, r + half);
    }
};

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
    const std::vector<int> last = lastAttempts(samples);
    RatioOfSums perToken;

    std::vector<double> ttft;
    std::vector<double> e2e;
    std::vector<double> itl;
    std::vector<double> tps;
    s.timings.reserve(samples.size());
    qint64 firstStart = 0, lastEnd = 0;
    bool anyStartStored = false;
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
        s.timings.push_back(attemptTiming(x));
        if (s.attempts == 1 || x.startOffsetNs < firstStart)
            firstStart = x.startOffsetNs;
        lastEnd = std::max(lastEnd, x.startOffsetNs + x.endNs);
        anyStartStored = anyStartStored || x.startOffsetNs != 0;
        addTo(s.inputTokens, x.inputTokens);
        addTo(s.outputTokens, x.outputTokens);
        addTo(s.cachedTokens, x.cachedTokens);
        addTo(s.reasoningTokens, x.reasoningTokens);
        if (x.costUsd) {
            s.costUsd = s.costUsd.value_or(0.0) + *x.costUsd;
            const bool retried = x.requestIndex >= 0 && std::size_t(x.requestIndex) < last.size() &&
                                 x.attemptNumber < last[std::size_t(x.requestIndex)];
            addToBreakdown(s.costBreakdown, x, *x.costUsd, retried);
            if (x.inputTokens && x.outputTokens)
                perToken.add(*x.costUsd, double(*x.inputTokens + *x.outputTokens));
        }
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
    // One attempt spans its own time; several all starting at 0 were stored without starts.
    if (s.attempts == 1 || (s.attempts > 1 && anyStartStored))
        s.wallSpanS = double(lastEnd - firstStart) / 1e9;
    s.billedTokens = qint64(perToken.sumT);
    if (const auto r = perToken.ratio()) {
        s.usdPer1kMeasured = *r * 1000.0;
        if (const auto ci = perToken.interval())
            s.usdPer1kMeasuredCi = std::make_pair(ci->first * 1000.0, ci->second * 1000.0);
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
