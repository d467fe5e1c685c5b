#include "models/context_plot.h"

#include "analysis/cost_curve.h"
#include "models/kind_results_text.h"
#include "util/index_of.h"
#include "util/number_text.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace ys {

namespace {

constexpr int kCurveSamples = 60; // per stretch: smooth enough, and a handful of points to draw

// The point's mean (or median) give or take 1.96 standard errors, when its attempts scatter about
// the curve as all the sweep's attempts do (the fit's relative residual spread s).
std::optional<std::pair<double, double>> intervalOf(double value, int n, const CostCurveFit &fit)
{
    if (!fit.ok() || n < 1)
        return std::nullopt;
    const double half = 1.96 * fit.relativeResidualSd * std::abs(value) / std::sqrt(double(n));
    return std::make_pair(value - half, value + half);
}

template <typename F> std::vector<QPointF> sampled(double from, double to, F &&f)
{
    std::vector<QPointF> out;
    if (!(to > from))
        return out;
    for (int i = 0; i <= kCurveSamples; ++i) {
        const double w = from + (to - from) * i / kCurveSamples;
        const double y = f(w);
        if (std::isfinite(y))
            out.emplace_back(w, y);
    }
    return out;
}

// The fitted curve from `from` to `to`: sampled for the power law; a line's ends for each piece of
// a linear curve, so that a tiered curve steps straight up at a tier's start.
std::vector<QPointF> curvePoints(const CostCurveFit &fit, double from, double to)
{
    if (fit.form == CurveForm::PowerLog || fit.segments.empty())
        return sampled(from, to, [&fit](double w) { return fit.value(w); });
    std::vector<QPointF> out;
    if (!(to > from))
        return out;
    for (const CurveSegment &seg : fit.segments) {
        const double lo = std::max(from, seg.from), hi = std::min(to, seg.to);
        if (!(hi > lo) && !(hi == lo && lo == from))
            continue;
        out.emplace_back(lo, seg.c + seg.b * lo);
        out.emplace_back(hi, seg.c + seg.b * hi);
    }
    return out;
}

// The list price of one request of w prompt tokens and `output` output tokens, through each tier
// start: a tier's rate applies to the whole prompt, so the cost jumps there.
std::vector<QPointF> listPriceSteps(const Price &price, double from, double to, double output)
{
    std::set<long long> starts;
    for (const auto *tiers : {&price.inputTiers, &price.outputTiers}) {
        for (const PriceTier &t : *tiers) {
            if (double(t.start) > from && double(t.start) < to)
                starts.insert(t.start);
        }
    }
    const auto costAt = [&](long long w) {
        return price.cost(w, (long long)std::llround(output));
    };
    std::vector<QPointF> out;
    out.emplace_back(from, costAt((long long)std::llround(from)));
    for (long long s : starts) {
        out.emplace_back(double(s), costAt(s));
        out.emplace_back(double(s), costAt(s + 1));
    }
    out.emplace_back(to, costAt((long long)std::llround(to)));
    return out;
}

} // namespace

ContextPlotData ContextPlot::of(const SessionSummary &summary, ContextPane pane)
{
    ContextPlotData d;
    d.pane = pane;
    d.valueTitle = name(pane);
    d.markers = {{CostCurve::kW128k, tr("128K")}, {CostCurve::kW200k, tr("200K")}};
    double end = CostCurve::kW200k;
    for (const ProviderSummary &s : summary.providers) {
        if (!s.results.contextSweep)
            continue;
        for (const ContextSweepPoint &p : s.results.contextSweep->points)
            end = std::max(end, double(p.promptTokens));
        if (s.results.contextLimit && s.results.contextLimit->verified)
            end = std::max(end, double(*s.results.contextLimit->verified));
    }
    d.promptEnd = end * 1.05;

    for (const ProviderSummary &s : summary.providers) {
        if (!s.results.contextSweep)
            continue;
        const ContextSweepResult &r = *s.results.contextSweep;
        const CostCurveFit &fit = pane == ContextPane::Cost ? r.costFit : r.latencyCurveFit;
        ContextPlotProvider p;
        p.provider = s.name;
        if (s.results.contextLimit)
            p.verifiedLimit = s.results.contextLimit->verified;
        double outputSum = 0;
        int outputCount = 0;
        for (const ContextSweepPoint &sp : r.points) {
            if (sp.outputTokensMean) {
                outputSum += *sp.outputTokensMean;
                ++outputCount;
            }
            const std::optional<double> v =
                pane == ContextPane::Cost ? sp.costUsdPerRequest : sp.ttftMs.p50;
            if (!sp.skipped.isEmpty() || !v)
                continue;
            const int n = pane == ContextPane::Cost ? sp.attempts : sp.successes;
            p.points.push_back({double(sp.promptTokens), *v, intervalOf(*v, n, fit), n});
        }
        std::sort(p.points.begin(), p.points.end(),
                  [](const ContextPlotPoint &a, const ContextPlotPoint &b) {
                      return a.promptTokens < b.promptTokens;
                  });

        if (fit.ok()) {
            p.fitted = curvePoints(fit, fit.wMin, fit.wMax);
            p.extrapolated = curvePoints(fit, fit.wMax, d.promptEnd);
            p.fitText =
                fit.r2 ? tr("%1, R² %2")
                             .arg(KindResultsText::curveForm(fit.form), fixedNumber(*fit.r2, 3))
                       : KindResultsText::curveForm(fit.form);
        } else if (pane == ContextPane::Latency && r.latencyFit && !p.points.empty()) {
            // The quadratic of the medians, drawn only where it was measured.
            const CurveFit &q = *r.latencyFit;
            p.fitted = sampled(p.points.front().promptTokens, p.points.back().promptTokens,
                               [&q](double w) { return q.predict(w); });
            p.fitText = q.r2 ? tr("quadratic, R² %1").arg(fixedNumber(*q.r2, 3)) : tr("quadratic");
        } else {
            p.fitText = tr("no curve: %1").arg(curveFitFailureName(fit.failure));
        }
        if (pane == ContextPane::Cost && s.price && !p.points.empty()) {
            const double output = outputCount > 0 ? outputSum / outputCount : 0.0;
            p.listPrice =
                listPriceSteps(*s.price, p.points.front().promptTokens, d.promptEnd, output);
        }
        d.providers.push_back(std::move(p));
    }
    return d;
}

std::pair<double, double> ContextPlotData::valueRange() const
{
    bool any = false;
    double lo = 0, hi = 0;
    const auto take = [&](double v) {
        lo = any ? std::min(lo, v) : v;
        hi = any ? std::max(hi, v) : v;
        any = true;
    };
    for (const ContextPlotProvider &p : providers) {
        for (const ContextPlotPoint &pt : p.points) {
            take(pt.value);
            if (pt.ci) {
                take(pt.ci->first);
                take(pt.ci->second);
            }
        }
        for (const auto *line : {&p.fitted, &p.extrapolated, &p.listPrice}) {
            for (const QPointF &q : *line)
                take(q.y());
        }
    }
    return {lo, hi};
}

int ContextPlotData::indexOf(const QString &provider) const
{
    return ys::indexOf(providers, provider, &ContextPlotProvider::provider);
}

QString ContextPlot::name(ContextPane pane)
{
    return pane == ContextPane::Cost ? tr("Cost per request ($)") : tr("Median TTFT (ms)");
}

QString ContextPlot::details(const ContextPlotData &plot, int provider, int point)
{
    if (provider < 0 || provider >= int(plot.providers.size()))
        return {};
    const ContextPlotProvider &p = plot.providers[std::size_t(provider)];
    if (point < 0 || point >= int(p.points.size()))
        return {};
    const ContextPlotPoint &pt = p.points[std::size_t(point)];
    const int decimals = plot.pane == ContextPane::Cost ? 5 : 1;
    const auto number = [decimals](double v) {
        return fixedNumber(v, decimals);
    };
    QString figure = number(pt.value);
    if (pt.ci)
        figure += QStringLiteral(" [%1, %2]").arg(number(pt.ci->first), number(pt.ci->second));
    QStringList lines;
    lines << p.provider;
    lines << tr("Prompt: %1 tokens").arg(qint64(pt.promptTokens));
    lines << tr("%1: %2").arg(plot.valueTitle, figure);
    lines << tr("Attempts: %1").arg(pt.attempts);
    if (!p.fitText.isEmpty())
        lines << tr("Curve: %1").arg(p.fitText);
    return lines.join(QLatin1Char('\n'));
}

} // namespace ys
