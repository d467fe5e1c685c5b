#include "analysis/kind_results.h"

#include "analysis/context_probe.h"
#include "analysis/percentile.h"
#include "util/units.h"

#include <Eigen/Dense>
#include <QJsonArray>
#include <algorithm>
#include <cmath>

namespace ys {

namespace {

// Throughput within this share of the best level counts as flat.
constexpr double kSaturationShare = 0.9;

} // namespace

double CurveFit::predict(double x) const
{
    double y = 0;
    double power = 1;
    const double k = x / 1000.0;
    for (const auto &p : params) {
        y += p.second * power;
        power *= k;
    }
    return y;
}

std::optional<CurveFit> KindAnalysis::fitQuadratic(const std::vector<std::pair<double, double>> &xy)
{
    std::vector<double> xs;
    for (const auto &p : xy)
        xs.push_back(p.first);
    std::sort(xs.begin(), xs.end());
    if (std::unique(xs.begin(), xs.end()) - xs.begin() < 3)
        return std::nullopt;
    const Eigen::Index n = Eigen::Index(xy.size());
    Eigen::MatrixXd a(n, 3);
    Eigen::VectorXd b(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        const double k = xy[std::size_t(i)].first / 1000.0;
        a(i, 0) = 1;
        a(i, 1) = k;
        a(i, 2) = k * k;
        b(i) = xy[std::size_t(i)].second;
    }
    const Eigen::VectorXd c = a.colPivHouseholderQr().solve(b);
    CurveFit fit;
    fit.model = QStringLiteral("quadratic");
    fit.params = {
        {QStringLiteral("a"), c(0)}, {QStringLiteral("b"), c(1)}, {QStringLiteral("c"), c(2)}};
    const double mean = b.mean();
    const double total = (b.array() - mean).square().sum();
    const double residual = (a * c - b).squaredNorm();
    if (total > 0)
        fit.r2 = 1.0 - residual / total;
    return fit;
}

ContextSweepResult KindAnalysis::contextSweep(const std::vector<StepData> &steps,
                                              const ProviderConfig &provider)
{
    ContextSweepResult r;
    std::vector<std::pair<double, double>> ttftPoints;
    std::vector<std::pair<double, double>> e2ePoints;
    std::vector<std::pair<double, double>> costCurve, ttftCurve;
    for (const StepData &step : steps) {
        ContextSweepPoint p;
        p.promptTokens = step.label.value(QStringLiteral("prompt_tokens")).toInt();
        p.skipped = step.label.value(QStringLiteral("skipped")).toString();
        std::vector<double> ttft, e2e, input, output, cost;
        int planted = 0, recalled = 0;
        for (const Sample &s : step.samples) {
            if (s.warmup || !s.servedBy.isEmpty())
                continue;
            ++p.attempts;
            // What the provider billed for, when it said; else the size the point asked for.
            const double w = s.inputTokens && *s.inputTokens > 0 ? double(*s.inputTokens)
                                                                 : double(p.promptTokens);
            if (s.costUsd) {
                cost.push_back(*s.costUsd);
                costCurve.emplace_back(w, *s.costUsd);
            }
            if (!outcomeIsSuccess(s.outcome))
                continue;
            ++p.successes;
            e2e.push_back(double(s.endNs) / kNsPerMs);
            if (s.firstTokenNs) {
                ttft.push_back(double(*s.firstTokenNs) / kNsPerMs);
                ttftCurve.emplace_back(w, double(*s.firstTokenNs) / kNsPerMs);
            }
            if (s.inputTokens)
                input.push_back(double(*s.inputTokens));
            if (s.outputTokens)
                output.push_back(double(*s.outputTokens));
            if (s.needleFound) {
                ++planted;
                recalled += *s.needleFound ? 1 : 0;
            }
        }
        p.ttftMs = distributionOf(ttft);
        p.e2eMs = distributionOf(e2e);
        p.inputTokensMean = mean(input);
        p.outputTokensMean = mean(output);
        p.costUsdPerRequest = mean(cost);
        if (planted > 0)
            p.needleRecall = double(recalled) / planted;
        if (p.ttftMs.p50)
            ttftPoints.emplace_back(p.promptTokens, *p.ttftMs.p50);
        if (p.e2eMs.p50)
            e2ePoints.emplace_back(p.promptTokens, *p.e2eMs.p50);
        r.points.push_back(std::move(p));
    }
    r.latencyFit = fitQuadratic(ttftPoints);
    r.e2eFit = fitQuadratic(e2ePoints);
    // The price's tier starts are where its cost may step; the latency has no such steps.
    std::vector<double> tierStarts;
    if (provider.price)
        for (const auto *tiers : {&provider.price->inputTiers, &provider.price->outputTiers})
            for (const PriceTier &t : *tiers)
                tierStarts.push_back(double(t.start));
    r.costFit = CostCurve::choose(costCurve, false, tierStarts);
    r.latencyCurveFit = CostCurve::choose(ttftCurve, true);
    return r;
}

ContextLimitResult KindAnalysis::contextLimit(const std::vector<StepData> &steps)
{
    ContextLimitResult r;
    // The control probe first: whether the model repeats a fact tells how to read the others.
    for (const StepData &step : steps) {
        if (!step.label.value(QStringLiteral("control")).toBool())
            continue;
        r.controlTokens = qint64(step.label.value(QStringLiteral("prompt_tokens")).toDouble());
        for (const Sample &s : step.samples)
            if (judgeContextProbe(s, std::nullopt).verdict == ProbeVerdict::Fits && s.needleFound)
                r.needleUsable = *s.needleFound;
    }
    bool sawError = false, sawTruncation = false;
    for (const StepData &step : steps) {
        if (step.label.contains(QStringLiteral("skipped"))) {
            r.skipped = step.label.value(QStringLiteral("skipped")).toString();
            continue;
        }
        if (step.label.contains(QStringLiteral("claimed")))
            r.claimed = qint64(step.label.value(QStringLiteral("claimed")).toDouble());
        const qint64 size = qint64(step.label.value(QStringLiteral("prompt_tokens")).toDouble());
        const bool control = step.label.value(QStringLiteral("control")).toBool();
        for (const Sample &s : step.samples) {
            const ProbeJudgement j = judgeContextProbe(s, r.needleUsable);
            ContextLimitProbe p;
            p.promptTokens = size;
            p.outcome = s.outcome;
            p.reportedTokens = s.inputTokens;
            p.needleFound = s.needleFound;
            p.control = control;
            p.fits = j.verdict == ProbeVerdict::Fits;
            p.byNeedle = j.byNeedle;
            // A miss counts as a recall finding only where the model was seen to repeat facts.
            p.recallMiss = j.recallMiss && r.needleUsable == true;
            sawError = sawError || j.verdict == ProbeVerdict::Exceeded;
            sawTruncation = sawTruncation || j.verdict == ProbeVerdict::Truncated;
            if (p.fits)
                r.verified = std::max(r.verified.value_or(0), size);
            if (j.verdict == ProbeVerdict::Exceeded || j.verdict == ProbeVerdict::Truncated)
                r.firstFailure = r.firstFailure ? std::min(*r.firstFailure, size) : size;
            if (p.recallMiss) {
                ++r.recallMisses;
                r.recallLostAt = r.recallLostAt ? std::min(*r.recallLostAt, size) : size;
            }
            r.probeList.push_back(p);
            ++r.probes;
        }
    }
    if (sawError && !sawTruncation)
        r.behaviour = QStringLiteral("error");
    else if (sawTruncation)
        r.behaviour = QStringLiteral("silent_truncation");
    else if (r.verified && r.claimed && *r.verified >= *r.claimed)
        r.behaviour = QStringLiteral("none_up_to_claim");
    if (r.claimed && (r.verified || r.firstFailure)) {
        const double tolerance = 0.01 * double(*r.claimed);
        r.claimMet = r.verified && double(*r.verified) >= double(*r.claimed) - tolerance;
    }
    return r;
}

ConcurrencySweepResult KindAnalysis::concurrencySweep(const std::vector<StepData> &steps)
{
    ConcurrencySweepResult r;
    for (const StepData &step : steps) {
        ConcurrencyLevel l;
        l.concurrency = step.label.value(QStringLiteral("concurrency")).toInt();
        std::vector<double> ttft, e2e;
        std::vector<std::pair<qint64, qint64>> spans;
        qint64 first = 0, last = 0;
        double output = 0, input = 0;
        bool inputReported = false;
        int successes = 0, failures = 0, interrupted = 0;
        for (const Sample &s : step.samples) {
            if (s.warmup)
                continue;
            ++l.attempts;
            const qint64 start = s.startOffsetNs;
            const qint64 end = s.startOffsetNs + s.endNs;
            first = l.attempts == 1 ? start : std::min(first, start);
            last = l.attempts == 1 ? end : std::max(last, end);
            if (!outcomeIsSuccess(s.outcome)) {
                ++failures;
                interrupted += s.outcome == Outcome::StreamCut ? 1 : 0;
                continue;
            }
            ++successes;
            output += double(s.outputTokens.value_or(0));
            input += double(s.inputTokens.value_or(0));
            inputReported = inputReported || s.inputTokens.has_value();
            e2e.push_back(double(s.endNs) / kNsPerMs);
            if (s.firstTokenNs)
                ttft.push_back(double(*s.firstTokenNs) / kNsPerMs);
        }
        l.ttftMs = distributionOf(ttft);
        l.e2eMs = distributionOf(e2e);
        if (l.attempts > 0) {
            l.errorRate = double(failures) / l.attempts;
            l.interruptedRate = double(interrupted) / l.attempts;
        }
        const double seconds = double(last - first) / 1e9;
        if (successes > 0 && seconds > 0) {
            l.outputTokensPerS = output / seconds;
            if (inputReported)
                l.inputTokensPerS = input / seconds;
            l.requestsPerS = successes / seconds;
        }
        r.levels.push_back(std::move(l));
    }
    // Saturated: the lowest level whose throughput is within 10% of the best, provided a higher
    // level was measured and did not do better (otherwise the sweep never reached the plateau).
    double best = 0;
    std::size_t bestAt = 0;
    for (std::size_t i = 0; i < r.levels.size(); ++i) {
        const double t = r.levels[i].outputTokensPerS.value_or(0);
        if (t > best) {
            best = t;
            bestAt = i;
        }
    }
    if (best > 0) {
        for (std::size_t i = 0; i < r.levels.size(); ++i) {
            if (r.levels[i].outputTokensPerS.value_or(0) >= kSaturationShare * best) {
                if (i + 1 < r.levels.size() || bestAt < i)
                    r.saturation = r.levels[i].concurrency;
                break;
            }
        }
    }
    return r;
}

} // namespace ys
