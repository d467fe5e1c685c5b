#include "analysis/recommendation.h"

#include "analysis/drift.h"
#include "analysis/gates.h"
#include "analysis/scores.h"
#include "analysis/tco.h"
#include "util/number_text.h"

#include <algorithm>
#include <cmath>

namespace ys {

QString Recommender::figureText(GateKind kind, double v)
{
    switch (kind) {
    case GateKind::Latency:
    case GateKind::Ttft:
        return Recommender::tr("%1 ms").arg(v, 0, 'f', 0);
    case GateKind::Cost:
        return Recommender::tr("$%1 per 1K").arg(v, 0, 'g', 3);
    case GateKind::Context:
        return Recommender::tr("%1 tokens").arg(groupedCount(v));
    case GateKind::Contract:
        return Recommender::tr("%1%").arg(v * 100, 0, 'g', 4);
    }
    return QString::number(v);
}

namespace {

QString figureText(GateKind kind, double v)
{
    return Recommender::figureText(kind, v);
}

QString gateFigureName(GateKind kind)
{
    switch (kind) {
    case GateKind::Latency:
        return Recommender::tr("E2E P95");
    case GateKind::Ttft:
        return Recommender::tr("TTFT P95");
    case GateKind::Cost:
        return Recommender::tr("cost");
    case GateKind::Context:
        return Recommender::tr("context");
    case GateKind::Contract:
        return Recommender::tr("contract pass rate");
    }
    return {};
}

QString intervalText(const RequirementMargin &m)
{
    if (!m.interval)
        return {};
    return Recommender::tr("%1 – %2").arg(
        figureText(m.kind, std::min(m.interval->first, m.interval->second)),
        figureText(m.kind, std::max(m.interval->first, m.interval->second)));
}

bool passesAtPoint(const RequirementMargin &m)
{
    return m.margin && *m.margin >= -1e-9;
}

RequirementMargin marginOf(const Gate &g)
{
    RequirementMargin m;
    m.kind = g.kind;
    m.requirement = Gates::describe(g);
    m.result = g.result;
    m.value = g.value;
    m.interval = g.interval;
    m.threshold = g.threshold;
    m.atMost = g.atMost;
    if (!g.value || !(g.threshold > 0))
        return m;
    const auto headroom = [&g](double x) {
        return g.atMost ? (g.threshold - x) / g.threshold : (x - g.threshold) / g.threshold;
    };
    m.margin = headroom(*g.value);
    if (g.interval) {
        const double lo = std::min(g.interval->first, g.interval->second);
        const double hi = std::max(g.interval->first, g.interval->second);
        m.marginAtInterval = headroom(g.atMost ? hi : lo);
    } else {
        m.marginAtInterval = m.margin;
    }
    return m;
}

// The first reason a provider the verdict does not qualify is left out.
void explainExclusion(ProviderRecommendation &r)
{
    for (const RequirementMargin &m : r.margins) {
        if (m.result != GateResult::Fail)
            continue;
        r.exclusion = ExclusionKind::GateFailed;
        r.exclusionGate = m.kind;
        r.reason = m.interval ? Recommender::tr("%1 fails %2, at its whole 95% interval too "
                                                "(%3)")
                                    .arg(figureText(m.kind, m.value.value_or(0)), m.requirement,
                                         intervalText(m))
                              : Recommender::tr("%1 fails %2")
                                    .arg(figureText(m.kind, m.value.value_or(0)), m.requirement);
        return;
    }
    for (const RequirementMargin &m : r.margins) {
        if (m.result != GateResult::Inconclusive || passesAtPoint(m))
            continue;
        r.exclusion = ExclusionKind::GateFailed;
        r.exclusionGate = m.kind;
        r.reason =
            Recommender::tr("%1 fails %2 at the point estimate (95% interval %3)")
                .arg(figureText(m.kind, m.value.value_or(0)), m.requirement, intervalText(m));
        return;
    }
    r.exclusion = ExclusionKind::NoData;
    for (const RequirementMargin &m : r.margins) {
        if (m.result == GateResult::NoData) {
            r.exclusionGate = m.kind;
            r.reason = Recommender::tr("nothing measured for %1").arg(m.requirement);
            return;
        }
    }
    r.reason = Recommender::tr("nothing measured to decide on");
}

void addRateLimit(ProviderRecommendation &r, const ProviderSummary &p, const UseCase &useCase)
{
    const std::optional<RateLimitResult> &rl = p.results.rateLimit;
    if (rl && rl->first429Rps)
        r.rateLimitRps = rl->first429Rps;
    if (!useCase.peakRps)
        return;
    const double peak = *useCase.peakRps;
    if (r.rateLimitRps && *r.rateLimitRps < peak) {
        if (r.standing != Standing::Excluded) {
            r.standing = Standing::Excluded;
            r.exclusion = ExclusionKind::RateLimited;
            r.reason = Recommender::tr("rate-limited at %1 requests/s, below the stated peak of "
                                       "%2 requests/s")
                           .arg(*r.rateLimitRps, 0, 'g', 3)
                           .arg(peak, 0, 'g', 3);
        }
        return;
    }
    if (r.rateLimitRps && *r.rateLimitRps < 1.5 * peak) {
        r.risks.push_back({RiskKind::RateLimitClose,
                           Recommender::tr("the first 429 came at %1 requests/s, less than 1.5 × "
                                           "the stated peak of %2")
                               .arg(*r.rateLimitRps, 0, 'g', 3)
                               .arg(peak, 0, 'g', 3)});
    } else if (!r.rateLimitRps) {
        const QString why =
            rl && rl->maxRpsTried && *rl->maxRpsTried < peak
                ? Recommender::tr("the rate-limit ramp stopped at %1 requests/s without a 429, "
                                  "below the stated peak of %2")
                      .arg(*rl->maxRpsTried, 0, 'g', 3)
                      .arg(peak, 0, 'g', 3)
                : (rl ? QString()
                      : Recommender::tr("no rate-limit ramp was measured: the stated peak of %1 "
                                        "requests/s is unproven")
                            .arg(peak, 0, 'g', 3));
        if (!why.isEmpty())
            r.risks.push_back({RiskKind::RateLimitUnproven, why});
    }
}

void addRisks(ProviderRecommendation &r, const ProviderSummary &p, const SessionSummary &s)
{
    for (const RequirementMargin &m : r.margins)
        if (m.result == GateResult::Inconclusive && passesAtPoint(m))
            r.risks.push_back(
                {RiskKind::PointEstimate,
                 Recommender::tr("%1 %2 holds only at the point estimate (95% interval %3)")
                     .arg(gateFigureName(m.kind), figureText(m.kind, *m.value), intervalText(m))});
    for (const RequirementMargin &m : r.margins)
        if (m.kind == GateKind::Context && m.value && *m.value >= m.threshold &&
            *m.value < 1.1 * m.threshold)
            r.risks.push_back({RiskKind::ContextClose,
                               Recommender::tr("its window of %1 tokens is within 10% of the "
                                               "%2 tokens needed")
                                   .arg(groupedCount(*m.value), groupedCount(m.threshold))});
    for (const DriftEvent &d : s.drift) {
        if (d.provider != p.name)
            continue;
        const QString change = d.relative
                                   ? Recommender::tr("moved %1%2%")
                                         .arg(*d.relative >= 0 ? QStringLiteral("+") : QString())
                                         .arg(*d.relative * 100, 0, 'f', 0)
                                   : Recommender::tr("changed");
        r.risks.push_back({RiskKind::Drift, Recommender::tr("%1 %2 since session %3")
                                                .arg(driftFigureLabel(d.figure), change)
                                                .arg(d.fromSession)});
    }
    if (r.measuredAttempts < Recommender::kMinAttempts)
        r.risks.push_back({RiskKind::FewAttempts,
                           Recommender::tr("%1 measured attempts, fewer than the %2 a verdict on "
                                           "a P95 needs")
                               .arg(r.measuredAttempts)
                               .arg(Recommender::kMinAttempts)});
}

ProviderRecommendation recommendOne(const SessionSummary &s, std::size_t i, const UseCase &useCase)
{
    const ProviderSummary &p = s.providers[i];
    const GateVerdict v = Gates::verdict(s, i);
    ProviderRecommendation r;
    r.name = p.name;
    r.measuredAttempts = p.attempts;
    for (const Gate &g : v.gates)
        r.margins.push_back(marginOf(g));
    const GateResult overall = v.overall();
    const int pointPasses = int(std::count_if(r.margins.begin(), r.margins.end(), passesAtPoint));
    if (overall == GateResult::Pass)
        r.standing = Standing::Qualifies;
    else if (overall == GateResult::Inconclusive && pointPasses >= v.minPassed)
        r.standing = Standing::PointEstimate;
    else
        explainExclusion(r);
    r.usdPer1m = Tco::measuredUsdPer1m(p);
    if (r.usdPer1m && useCase.monthlyTokens)
        r.monthlyUsd = *r.usdPer1m * *useCase.monthlyTokens / 1e6;
    addRateLimit(r, p, useCase);
    addRisks(r, p, s);
    return r;
}

// The qualifying providers' weighted scores, among themselves.
void score(std::vector<ProviderRecommendation> &rows, const SessionSummary &s,
           const UseCase &useCase)
{
    QString error;
    auto criteria = Scores::criteria(useCase.weights, &error);
    if (!criteria)
        criteria = Scores::defaultCriteria();
    std::vector<QString> names;
    std::vector<std::vector<double>> values;
    std::vector<std::size_t> rowOf;
    for (std::size_t k = 0; k < rows.size(); ++k) {
        if (rows[k].standing == Standing::Excluded)
            continue;
        const auto it =
            std::find_if(s.providers.begin(), s.providers.end(),
                         [&](const ProviderSummary &p) { return p.name == rows[k].name; });
        std::vector<double> row;
        for (const ScoreCriterion &c : *criteria)
            row.push_back(Scores::figureOf(*it, c.name).value_or(std::nan("")));
        names.push_back(rows[k].name);
        values.push_back(std::move(row));
        rowOf.push_back(k);
    }
    if (names.empty())
        return;
    const auto table = Scores::score(*criteria, names, values, &error);
    if (!table)
        return;
    for (std::size_t k = 0; k < rowOf.size(); ++k)
        rows[rowOf[k]].score = table->rows[k].score;
}

} // namespace

const ProviderRecommendation *Recommendation::provider(const QString &name) const
{
    for (const ProviderRecommendation &p : providers)
        if (p.name == name)
            return &p;
    return nullptr;
}

SessionSummary Recommender::judged(SessionSummary summary, const UseCase &useCase)
{
    summary.requirements = useCase.requirements;
    Gates::judge(summary);
    return summary;
}

UseCase Recommender::useCaseOf(const SessionSummary &summary)
{
    // The requirements in force are the summary's (the suite's, or those a requirements file
    // put in their place), so that the advice and the verdicts beside it agree.
    std::optional<UseCase> u;
    if (summary.suite && summary.suite->useCase)
        u = summary.suite->useCase;
    else
        u = UseCase::bundled(summary.requirements.preset);
    if (!u)
        u = UseCase::bundled(QStringLiteral("realtime_support"));
    u->requirements = summary.requirements;
    return *u;
}

QString Recommender::problem(const UseCase &useCase)
{
    QString error;
    if (!Scores::criteria(useCase.weights, &error))
        return tr("use case \"%1\": %2").arg(useCase.id, error);
    return {};
}

Recommendation Recommender::recommend(const SessionSummary &summary, const UseCase &useCase)
{
    const bool asJudged = summary.requirements == useCase.requirements &&
                          summary.verdicts.size() == summary.providers.size();
    const SessionSummary own = asJudged ? SessionSummary{} : judged(summary, useCase);
    const SessionSummary &s = asJudged ? summary : own;
    Recommendation rec;
    rec.useCase = useCase;
    for (std::size_t i = 0; i < s.providers.size(); ++i)
        rec.providers.push_back(recommendOne(s, i, useCase));
    score(rec.providers, s, useCase);
    const auto tier = [](const ProviderRecommendation &r) {
        return int(r.standing);
    };
    std::stable_sort(rec.providers.begin(), rec.providers.end(),
                     [&](const ProviderRecommendation &a, const ProviderRecommendation &b) {
                         if (tier(a) != tier(b))
                             return tier(a) < tier(b);
                         if (a.standing == Standing::Excluded)
                             return false;
                         return a.score.value_or(-1) > b.score.value_or(-1);
                     });
    int rank = 0;
    for (ProviderRecommendation &r : rec.providers) {
        if (r.standing == Standing::Excluded)
            continue;
        r.rank = ++rank;
        if (!rec.choice)
            rec.choice = r.name;
        else
            rec.fallbacks.push_back(r.name);
    }
    if (useCase.document) {
        const DocumentAsk &d = *useCase.document;
        ChunkingPlan plan{d.documentTokens,    d.chunkTokens,   d.overlapTokens,
                          d.instructionTokens, d.summaryTokens, d.parallel};
        if (Chunking::problem(plan).isEmpty()) {
            rec.chunkingPlan = plan;
            rec.chunking = Chunking::estimates(plan, s);
        }
    }
    return rec;
}

QString Recommender::name(Standing standing)
{
    switch (standing) {
    case Standing::Qualifies:
        return QStringLiteral("qualifies");
    case Standing::PointEstimate:
        return QStringLiteral("point_estimate");
    case Standing::Excluded:
        break;
    }
    return QStringLiteral("excluded");
}

QString Recommender::name(RiskKind kind)
{
    switch (kind) {
    case RiskKind::PointEstimate:
        return QStringLiteral("point_estimate");
    case RiskKind::RateLimitUnproven:
        return QStringLiteral("rate_limit_unproven");
    case RiskKind::RateLimitClose:
        return QStringLiteral("rate_limit_close");
    case RiskKind::ContextClose:
        return QStringLiteral("context_close");
    case RiskKind::Drift:
        return QStringLiteral("drift");
    case RiskKind::FewAttempts:
        break;
    }
    return QStringLiteral("few_attempts");
}

QString Recommender::name(ExclusionKind kind)
{
    switch (kind) {
    case ExclusionKind::None:
        return {};
    case ExclusionKind::GateFailed:
        return QStringLiteral("gate_failed");
    case ExclusionKind::NoData:
        return QStringLiteral("no_data");
    case ExclusionKind::RateLimited:
        break;
    }
    return QStringLiteral("rate_limited");
}

} // namespace ys
