#include "models/verdict_text.h"

#include "domain/scenario_kinds.h"
#include "models/kind_results_text.h"
#include "models/verdict_sentence.h"
#include "util/number_text.h"

#include <algorithm>
#include <cmath>

namespace ys {

namespace {

QString verdictWord(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return VerdictText::tr("pass");
    case Verdict::Warn:
        return VerdictText::tr("warn");
    case Verdict::Fail:
        return VerdictText::tr("fail");
    case Verdict::Unknown:
        break;
    }
    return VerdictText::tr("inconclusive");
}

// The kind's block of text alone, from the command line's formatter.
template <typename T>
QStringList detailsOf(std::optional<T> ScenarioResults::*member, const ScenarioResults &all)
{
    ScenarioResults one;
    one.*member = all.*member;
    return KindResultsText::lines(one);
}

void judgeContextLimit(const ContextLimitResult &r, VerdictCard &c)
{
    if (r.verified)
        c.keyFigure = VerdictText::tr("%L1 tokens verified").arg(*r.verified);
    if (r.behaviour == QLatin1StringView("silent_truncation") || (r.claimMet && !*r.claimMet))
        c.verdict = Verdict::Fail;
    else if (r.claimMet && *r.claimMet)
        c.verdict = Verdict::Pass;
}

void judgeCache(const CacheResult &r, VerdictCard &c)
{
    if (r.ttftDropMs) {
        // A negative drop is a warm request that was slower.
        const double drop = *r.ttftDropMs;
        c.keyFigure = VerdictText::tr("TTFT %1%2 ms when warm")
                          .arg(drop >= 0 ? QStringLiteral("−") : QStringLiteral("+"))
                          .arg(fixedNumber(std::abs(drop), 0));
    } else if (r.cachedTokenShare)
        c.keyFigure = VerdictText::tr("%1 of the prompt cached")
                          .arg(VerdictSentence::share(*r.cachedTokenShare));
    if (r.detected)
        c.verdict = *r.detected ? Verdict::Pass : Verdict::Warn;
}

void judgeDeterminism(const DeterminismResult &r, VerdictCard &c)
{
    if (!r.identicalShare)
        return;
    c.keyFigure = VerdictText::tr("%1 identical").arg(VerdictSentence::share(*r.identicalShare));
    c.verdict = *r.identicalShare >= 0.99  ? Verdict::Pass
                : *r.identicalShare >= 0.5 ? Verdict::Warn
                                           : Verdict::Fail;
}

void judgeMultiTurn(const MultiTurnResult &r, VerdictCard &c)
{
    if (r.recallByTurn.empty())
        return;
    if (const auto &last = r.recallByTurn.back())
        c.keyFigure = VerdictText::tr("recall %1 at turn %2")
                          .arg(VerdictSentence::share(*last))
                          .arg(r.recallByTurn.size());
    if (r.recallLostAtTurn)
        c.verdict = Verdict::Fail;
    else if (r.failingFromTurn)
        c.verdict = Verdict::Warn;
    else if (std::any_of(r.recallByTurn.begin(), r.recallByTurn.end(),
                         [](const auto &v) { return v.has_value(); }))
        c.verdict = Verdict::Pass;
}

void judgeRateLimit(const RateLimitResult &r, VerdictCard &c)
{
    if (r.requests == 0)
        return;
    if (r.first429Rps)
        c.keyFigure = VerdictText::tr("first 429 at %1 req/s").arg(fixedNumber(*r.first429Rps, 2));
    else if (r.maxRpsTried)
        c.keyFigure = VerdictText::tr("no 429 up to %1 req/s").arg(fixedNumber(*r.maxRpsTried, 2));
    c.verdict = r.rateLimited == 0 ? Verdict::Pass : Verdict::Warn;
}

void judgeResilience(const ResilienceResult &r, VerdictCard &c)
{
    const ResilienceStrategy *best = nullptr;
    for (const ResilienceStrategy &s : r.strategies) {
        if (s.sloAttainment && (!best || *s.sloAttainment > *best->sloAttainment))
            best = &s;
    }
    if (!best)
        return;
    c.keyFigure = VerdictText::tr("SLO met %1 with %2")
                      .arg(VerdictSentence::share(*best->sloAttainment),
                           VerdictSentence::strategy(best->name));
    c.verdict = *best->sloAttainment >= 0.99  ? Verdict::Pass
                : *best->sloAttainment >= 0.9 ? Verdict::Warn
                                              : Verdict::Fail;
}

} // namespace

QStringList VerdictText::kinds()
{
    return {QStringLiteral("context_limit"), QStringLiteral("cache"),
            QStringLiteral("determinism"),   QStringLiteral("multi_turn"),
            QStringLiteral("rate_limit"),    QStringLiteral("resilience")};
}

QString VerdictText::title(const QString &kind)
{
    return scenariokinds::title(kind);
}

std::vector<VerdictCard> VerdictText::cards(const ProviderSummary &provider)
{
    std::vector<VerdictCard> out;
    const ScenarioResults &r = provider.results;
    auto add = [&](const QString &kind, auto member, auto judge, auto sentence) {
        if (!(r.*member))
            return;
        VerdictCard c;
        c.provider = provider.name;
        c.kind = kind;
        c.title = title(kind);
        judge(*(r.*member), c);
        c.verdictText = verdictWord(c.verdict);
        c.sentence = sentence(*(r.*member));
        c.details = detailsOf(member, r);
        out.push_back(std::move(c));
    };
    add(QStringLiteral("context_limit"), &ScenarioResults::contextLimit, judgeContextLimit,
        VerdictSentence::contextLimit);
    add(QStringLiteral("cache"), &ScenarioResults::cache, judgeCache, VerdictSentence::cache);
    add(QStringLiteral("determinism"), &ScenarioResults::determinism, judgeDeterminism,
        VerdictSentence::determinism);
    add(QStringLiteral("multi_turn"), &ScenarioResults::multiTurn, judgeMultiTurn,
        VerdictSentence::multiTurn);
    add(QStringLiteral("rate_limit"), &ScenarioResults::rateLimit, judgeRateLimit,
        VerdictSentence::rateLimit);
    add(QStringLiteral("resilience"), &ScenarioResults::resilience, judgeResilience,
        VerdictSentence::resilience);
    return out;
}

std::vector<VerdictCard> VerdictText::cards(const SessionSummary &summary)
{
    std::vector<VerdictCard> out;
    for (const ProviderSummary &p : summary.providers) {
        std::vector<VerdictCard> mine = cards(p);
        std::move(mine.begin(), mine.end(), std::back_inserter(out));
    }
    return out;
}

} // namespace ys
