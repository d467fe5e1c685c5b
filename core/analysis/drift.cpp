#include "analysis/drift.h"

#include "analysis/percentile.h"
#include "analysis/significance.h"
#include "util/enum_names.h"
#include "util/units.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace ys {

namespace {

QStringList sortedSet(const std::set<QString> &values)
{
    QStringList out;
    for (const QString &v : values)
        out << v;
    return out;
}

// A numeric comparison waiting for the Holm correction of its table.
struct Pending {
    DriftEvent event;
    Comparison comparison;
    double threshold = 0;
};

void compareFigure(DriftFigure figure, const DriftPoint &from, const DriftPoint &to,
                   const DriftSettings &settings, std::vector<Pending> &table)
{
    const std::vector<double> *before = nullptr;
    const std::vector<double> *after = nullptr;
    switch (figure) {
    case DriftFigure::TtftMs:
        before = &from.ttftMs;
        after = &to.ttftMs;
        break;
    case DriftFigure::E2eMs:
        before = &from.e2eMs;
        after = &to.e2eMs;
        break;
    case DriftFigure::OutputTokensPerS:
        before = &from.outputTokensPerS;
        after = &to.outputTokensPerS;
        break;
    case DriftFigure::UsdPer1k:
        before = &from.usdPer1k;
        after = &to.usdPer1k;
        break;
    default:
        return;
    }
    if (int(before->size()) < settings.minAttempts || int(after->size()) < settings.minAttempts)
        return;
    const auto c = compareSamples(*after, *before);
    if (!c)
        return;
    Pending p;
    p.event.provider = to.provider;
    p.event.model = to.model;
    p.event.figure = figure;
    p.event.fromSession = from.sessionId;
    p.event.toSession = to.sessionId;
    if (figure == DriftFigure::UsdPer1k) {
        // What was paid per 1K billed tokens, as the summary measures it.
        if (from.billedTokens <= 0 || to.billedTokens <= 0)
            return;
        p.event.before = from.spentUsd / double(from.billedTokens) * 1000.0;
        p.event.after = to.spentUsd / double(to.billedTokens) * 1000.0;
        p.threshold = settings.priceThreshold;
    } else {
        p.event.before = percentile(*before, 50);
        p.event.after = percentile(*after, 50);
        p.threshold = settings.latencyThreshold;
    }
    if (p.event.before && *p.event.before != 0.0)
        p.event.relative = (*p.event.after - *p.event.before) / *p.event.before;
    p.event.difference = c->difference;
    p.event.ciLow = c->ciLow;
    p.event.ciHigh = c->ciHigh;
    p.event.pValue = c->pValue;
    p.comparison = *c;
    table.push_back(std::move(p));
}

void compareSets(DriftFigure figure, const QStringList &before, const QStringList &after,
                 const DriftPoint &from, const DriftPoint &to, std::vector<DriftEvent> &out)
{
    // A provider that reports nothing says nothing about a change.
    if (before.isEmpty() || after.isEmpty() || before == after)
        return;
    DriftEvent e;
    e.provider = to.provider;
    e.model = to.model;
    e.figure = figure;
    e.fromSession = from.sessionId;
    e.toSession = to.sessionId;
    e.beforeValues = before;
    e.afterValues = after;
    out.push_back(std::move(e));
}

constexpr EnumName<DriftFigure> kDriftFigureNames[] = {
    {DriftFigure::TtftMs, "ttft_ms"},
    {DriftFigure::E2eMs, "e2e_ms"},
    {DriftFigure::OutputTokensPerS, "output_tokens_per_s"},
    {DriftFigure::UsdPer1k, "usd_per_1k_measured"},
    {DriftFigure::Model, "model_reported"},
    {DriftFigure::Fingerprint, "system_fingerprint"}};

} // namespace

QString driftFigureLabel(DriftFigure figure)
{
    // Worded where the drift table first named them (models/insight_text.cpp), in its context.
    const auto label = [](const char *text) {
        return QCoreApplication::translate("ys::InsightText", text);
    };
    switch (figure) {
    case DriftFigure::TtftMs:
        return label("TTFT p50");
    case DriftFigure::E2eMs:
        return label("E2E p50");
    case DriftFigure::OutputTokensPerS:
        return label("output tok/s p50");
    case DriftFigure::UsdPer1k:
        return label("measured $/1K");
    case DriftFigure::Model:
        return label("reported model");
    case DriftFigure::Fingerprint:
        return label("system fingerprint");
    }
    return {};
}

QString driftFigureName(DriftFigure figure)
{
    return nameIn(kDriftFigureNames, figure);
}

std::optional<qint64> measuredPriceTokens(const Sample &attempt)
{
    if (!attempt.costUsd || !attempt.inputTokens || !attempt.outputTokens)
        return std::nullopt;
    return *attempt.inputTokens + *attempt.outputTokens;
}

DriftPoint driftPointOf(const std::vector<Sample> &samples)
{
    DriftPoint p;
    std::set<QString> models;
    std::set<QString> fingerprints;
    for (const Sample &x : samples) {
        if (x.warmup || !x.servedBy.isEmpty())
            continue;
        // The same definitions as the session summary's (analysis/run_summary.cpp): the price
        // over every attempt with a cost and both token counts, the rest over the successes.
        if (const auto billed = measuredPriceTokens(x)) {
            if (*billed > 0)
                p.usdPer1k.push_back(*x.costUsd / double(*billed) * 1000.0);
            p.spentUsd += *x.costUsd;
            p.billedTokens += *billed;
        }
        if (!outcomeIsSuccess(x.outcome))
            continue;
        p.e2eMs.push_back(double(x.endNs) / kNsPerMs);
        if (x.firstTokenNs)
            p.ttftMs.push_back(double(*x.firstTokenNs) / kNsPerMs);
        if (x.outputTokens && *x.outputTokens > 1 && x.firstTokenNs && x.endNs > *x.firstTokenNs)
            p.outputTokensPerS.push_back(double(*x.outputTokens - 1) /
                                         (double(x.endNs - *x.firstTokenNs) / 1e9));
        if (!x.modelReported.isEmpty())
            models.insert(x.modelReported);
        if (!x.systemFingerprint.isEmpty())
            fingerprints.insert(x.systemFingerprint);
    }
    p.modelsReported = sortedSet(models);
    p.fingerprints = sortedSet(fingerprints);
    return p;
}

std::vector<DriftEvent> findDrift(std::vector<DriftPoint> points, const DriftSettings &settings,
                                  std::optional<qint64> toSession)
{
    std::stable_sort(points.begin(), points.end(), [](const DriftPoint &a, const DriftPoint &b) {
        return std::tie(a.provider, a.model, a.startedAt, a.sessionId) <
               std::tie(b.provider, b.model, b.startedAt, b.sessionId);
    });
    std::map<qint64, std::vector<Pending>> tables; // by the later session
    std::vector<DriftEvent> events;
    for (std::size_t i = 1; i < points.size(); ++i) {
        const DriftPoint &from = points[i - 1];
        const DriftPoint &to = points[i];
        if (from.provider != to.provider || from.model != to.model ||
            from.sessionId == to.sessionId)
            continue;
        if (toSession && to.sessionId != *toSession)
            continue;
        std::vector<Pending> &table = tables[to.sessionId];
        for (DriftFigure f : {DriftFigure::TtftMs, DriftFigure::E2eMs,
                              DriftFigure::OutputTokensPerS, DriftFigure::UsdPer1k})
            compareFigure(f, from, to, settings, table);
        compareSets(DriftFigure::Model, from.modelsReported, to.modelsReported, from, to, events);
        compareSets(DriftFigure::Fingerprint, from.fingerprints, to.fingerprints, from, to, events);
    }
    for (auto &[session, table] : tables) {
        std::vector<Comparison> comparisons;
        for (const Pending &p : table)
            comparisons.push_back(p.comparison);
        holmAdjust(comparisons);
        for (std::size_t i = 0; i < table.size(); ++i) {
            DriftEvent e = table[i].event;
            e.adjustedPValue = comparisons[i].adjustedPValue;
            const bool significant = *e.adjustedPValue < settings.alpha;
            const bool large = e.relative && std::abs(*e.relative) >= table[i].threshold;
            if (significant && large)
                events.push_back(std::move(e));
        }
    }
    std::stable_sort(events.begin(), events.end(), [](const DriftEvent &a, const DriftEvent &b) {
        return std::tie(a.toSession, a.provider, a.model, a.figure) <
               std::tie(b.toSession, b.provider, b.model, b.figure);
    });
    return events;
}

} // namespace ys
