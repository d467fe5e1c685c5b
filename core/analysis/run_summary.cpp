#include "analysis/run_summary.h"

#include "analysis/arrival_rates.h"
#include "analysis/latency_result.h"
#include "analysis/percentile.h"
#include "analysis/stream_digest.h"
#include "util/units.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ys {

namespace {

void addTo(std::optional<qint64> &sum, const std::optional<qint64> &value)
{
    if (value)
        sum = sum.value_or(0) + *value;
}

void addTo(std::optional<double> &sum, double value)
{
    sum = sum.value_or(0.0) + value;
}

void addToBreakdown(CostBreakdown &b, Outcome outcome, double cost, bool retried)
{
    if (retried)
        addTo(b.retriedUsd, cost);
    else if (outcome == Outcome::TruncatedByLimit || outcome == Outcome::SilentTruncation)
        addTo(b.truncatedUsd, cost);
    else if (!outcomeIsSuccess(outcome))
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

// What the accumulator keeps of an attempt with a cost until the end of the run, when it is
// known whether a later attempt of the same request followed (then it bought no answer).
struct RunAccumulator::CostEntry {
    int requestIndex;
    int attemptNumber;
    double costUsd;
    Outcome outcome;
};

struct RunAccumulator::State {
    RatioOfSums perToken;
    std::vector<double> ttft, e2e, tps;
    std::vector<int> lastAttempt; // per request index (fallback-served attempts included)
    std::vector<CostEntry> costs;
    qint64 firstStart = 0, lastEnd = 0;
    bool anyStartStored = false;
    bool anySample = false;
    std::optional<LatencyAccumulator> latency;
    std::optional<ArrivalRateMeter> arrivals;
};

RunAccumulator::RunAccumulator(const ProviderConfig &provider, bool openLoop)
    : m_state(std::make_unique<State>())
{
    ProviderSummary &s = m_summary;
    s.name = provider.name;
    s.dialect = provider.dialect;
    s.model = provider.model;
    s.contextWindow = provider.contextWindow;
    s.price = provider.price;
    if (provider.price)
        s.usdPer1kBlended = provider.price->blendedPer1k();
    m_state->latency.emplace(openLoop);
    if (openLoop)
        m_state->arrivals.emplace();
}

RunAccumulator::~RunAccumulator() = default;
RunAccumulator::RunAccumulator(RunAccumulator &&) noexcept = default;
RunAccumulator &RunAccumulator::operator=(RunAccumulator &&) noexcept = default;

void RunAccumulator::reserve(std::size_t attempts)
{
    m_summary.timings.reserve(attempts);
    m_state->ttft.reserve(attempts);
    m_state->e2e.reserve(attempts);
}

void RunAccumulator::add(const Sample &x)
{
    State &st = *m_state;
    ProviderSummary &s = m_summary;
    st.anySample = true;
    st.latency->add(x);
    if (st.arrivals)
        st.arrivals->add(x);
    if (x.warmup)
        return;
    if (x.requestIndex >= 0) {
        if (std::size_t(x.requestIndex) >= st.lastAttempt.size())
            st.lastAttempt.resize(std::size_t(x.requestIndex) + 1, 0);
        int &last = st.lastAttempt[std::size_t(x.requestIndex)];
        last = std::max(last, x.attemptNumber);
    }
    if (!x.servedBy.isEmpty()) {
        // Another provider's answer, sent there by the fallback chain: it says nothing about
        // this provider's speed or cost.
        ++s.servedByFallback;
        return;
    }
    ++s.attempts;
    ++s.outcomes[std::size_t(x.outcome)];
    s.timings.push_back(attemptTiming(x));
    if (s.attempts == 1 || x.startOffsetNs < st.firstStart)
        st.firstStart = x.startOffsetNs;
    st.lastEnd = std::max(st.lastEnd, x.startOffsetNs + x.endNs);
    st.anyStartStored = st.anyStartStored || x.startOffsetNs != 0;
    addTo(s.inputTokens, x.inputTokens);
    addTo(s.outputTokens, x.outputTokens);
    addTo(s.cachedTokens, x.cachedTokens);
    addTo(s.reasoningTokens, x.reasoningTokens);
    if (x.costUsd) {
        s.costUsd = s.costUsd.value_or(0.0) + *x.costUsd;
        st.costs.push_back({x.requestIndex, x.attemptNumber, *x.costUsd, x.outcome});
        if (const auto billed = measuredPriceTokens(x))
            st.perToken.add(*x.costUsd, double(*billed));
    }
    if (!outcomeIsSuccess(x.outcome))
        return;
    ++s.successes;
    s.tokensEstimated = s.tokensEstimated || x.tokensEstimated;
    st.e2e.push_back(double(x.endNs) / kNsPerMs);
    if (x.firstTokenNs)
        st.ttft.push_back(double(*x.firstTokenNs) / kNsPerMs);
    if (x.outputTokens && *x.outputTokens > 1 && x.firstTokenNs && x.endNs > *x.firstTokenNs)
        st.tps.push_back(double(*x.outputTokens - 1) / (double(x.endNs - *x.firstTokenNs) / 1e9));
}

ProviderSummary RunAccumulator::finish(const StreamDigest &streams)
{
    State &st = *m_state;
    ProviderSummary s = std::move(m_summary);
    for (const CostEntry &c : st.costs) {
        const bool retried = c.requestIndex >= 0 &&
                             std::size_t(c.requestIndex) < st.lastAttempt.size() &&
                             c.attemptNumber < st.lastAttempt[std::size_t(c.requestIndex)];
        addToBreakdown(s.costBreakdown, c.outcome, c.costUsd, retried);
    }
    // One attempt spans its own time; several all starting at 0 were stored without starts.
    if (s.attempts == 1 || (s.attempts > 1 && st.anyStartStored))
        s.wallSpanS = double(st.lastEnd - st.firstStart) / 1e9;
    s.billedTokens = qint64(st.perToken.sumT);
    if (const auto r = st.perToken.ratio()) {
        s.usdPer1kMeasured = *r * 1000.0;
        if (const auto ci = st.perToken.interval())
            s.usdPer1kMeasuredCi = std::make_pair(ci->first * 1000.0, ci->second * 1000.0);
    }
    s.ttftMs = distributionOf(std::move(st.ttft));
    s.e2eMs = distributionOf(std::move(st.e2e));
    s.itlMeanMs = streams.itlMeanMs;
    s.itlStddevMs = streams.itlStddevMs;
    s.itlP99Ms = streams.itlP99Ms;
    s.outputTokensPerSecondP50 = percentile(std::move(st.tps), 50);
    if (st.anySample)
        s.results.latency = st.latency->finish();
    if (st.arrivals) {
        s.askedRatePerS = st.arrivals->askedPerS();
        s.achievedRatePerS = st.arrivals->achievedPerS();
    }
    return s;
}

ProviderSummary summarizeRun(const ProviderConfig &provider, const std::vector<Sample> &samples,
                             bool openLoop, const StreamDigest *digest)
{
    RunAccumulator acc(provider, openLoop);
    acc.reserve(samples.size());
    for (const Sample &x : samples)
        acc.add(x);
    // The stored digest of a finished run stands for its event times (which were then not read).
    return acc.finish(digest ? *digest : digestStreams(samples));
}

} // namespace ys
