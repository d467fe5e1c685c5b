#include "models/kind_results_text.h"

#include "models/verdict_sentence.h"
#include "util/number_text.h"

#include <cmath>

namespace ys {

namespace {

QString msText(const std::optional<double> &v)
{
    return v ? QStringLiteral("%1 ms").arg(fixedNumber(*v, 1)) : QStringLiteral("—");
}

QString fixedText(const std::optional<double> &v, int decimals = 1)
{
    return v ? fixedNumber(*v, decimals) : QStringLiteral("—");
}

QString pct(const std::optional<double> &v)
{
    return v ? QStringLiteral("%1%").arg(fixedNumber(*v * 100.0, 1)) : QStringLiteral("—");
}

QString usd(const std::optional<double> &v)
{
    return v ? usdAmount(*v, 6) : QStringLiteral("—");
}

template <typename T> QString optText(const std::optional<T> &v)
{
    return v ? QString::number(*v) : QStringLiteral("—");
}

QString sci(double v)
{
    return QString::number(v, 'g', 4);
}

// The context cost curve in two lines: its form and parameters, then what it says at 128K and
// 200K.
void costCurve(const QString &what, const CostCurveFit &f, QString (*money)(double),
               QStringList &out)
{
    if (!f.ok()) {
        out << KindResultsText::tr("  %1 curve: no fit, %2")
                   .arg(what, VerdictSentence::curveFailure(f.failure));
        return;
    }
    QString line;
    if (f.form == CurveForm::PowerLog) {
        line = KindResultsText::tr("  %1 curve, %2, a·w^α·log2(1+β·w): a %3 ± %4, α %5 ± %6, "
                                   "β %7 ± %8")
                   .arg(what, KindResultsText::curveForm(f.form), sci(f.params.a), sci(f.se.a))
                   .arg(fixedNumber(f.params.alpha, 3))
                   .arg(fixedNumber(f.se.alpha, 3))
                   .arg(sci(f.params.beta), sci(f.se.beta));
        if (f.intercept)
            line += KindResultsText::tr(", + c %1 ± %2").arg(money(f.params.c), money(f.se.c));
    } else {
        QStringList pieces;
        for (const CurveSegment &seg : f.segments) {
            // b per 1K tokens, so a dollar slope reads as the price does.
            const QString piece =
                KindResultsText::tr("c %1 ± %2, b %3 ± %4 per 1K tokens")
                    .arg(money(seg.c), money(seg.seC), money(seg.b * 1000), money(seg.seB * 1000));
            pieces
                << (f.segments.size() == 1 ? piece
                    : std::isfinite(seg.to)
                        ? KindResultsText::tr("up to %L1: %2").arg(seg.to, 0, 'f', 0).arg(piece)
                        : KindResultsText::tr("past %L1: %2").arg(seg.from, 0, 'f', 0).arg(piece));
        }
        line =
            KindResultsText::tr("  %1 curve, %2, c + b·w: %3")
                .arg(what, KindResultsText::curveForm(f.form), pieces.join(QStringLiteral("; ")));
    }
    line += KindResultsText::tr(", R² %1").arg(fixedText(f.r2, 4));
    if (f.candidates.size() > 1) {
        QStringList others;
        for (const auto &[form, aicc] : f.candidates)
            if (form != f.form)
                others << KindResultsText::curveForm(form);
        line +=
            KindResultsText::tr(" (chosen by AICc over %1)").arg(others.join(QStringLiteral(", ")));
    }
    if (f.form == CurveForm::PowerLog && !f.betaCrossesOne)
        line += KindResultsText::tr(
            " (β·w never crosses 1 in the sweep: a and β are poorly identified)");
    out << line;
    out << KindResultsText::tr(
               "    +10K tokens at 128K %1 ± %2, at 200K %3 ± %4; C(200K)/C(128K) %5 ± %6%7")
               .arg(money(f.marginalAt128k.value), money(f.marginalAt128k.se),
                    money(f.marginalAt200k.value), money(f.marginalAt200k.se))
               .arg(fixedNumber(f.ratio200kTo128k.value, 3))
               .arg(fixedNumber(f.ratio200kTo128k.se, 3))
               .arg(f.extrapolated ? KindResultsText::tr(" (extrapolated past the sweep)")
                                   : QString());
}

QString usdFigure(double v)
{
    return QStringLiteral("$%1").arg(sci(v));
}

QString msFigure(double v)
{
    return QStringLiteral("%1 ms").arg(fixedNumber(v, 1));
}

void contextSweep(const ContextSweepResult &r, QStringList &out)
{
    QString fit = KindResultsText::tr("no fit");
    if (r.latencyFit)
        fit = KindResultsText::tr("TTFT fit %1, R² %2")
                  .arg(r.latencyFit->model, fixedText(r.latencyFit->r2, 3));
    out << KindResultsText::tr("context sweep: %n point(s); %1", nullptr, int(r.points.size()))
               .arg(fit);
    for (const ContextSweepPoint &p : r.points) {
        if (!p.skipped.isEmpty()) {
            out << KindResultsText::tr("  %1 tokens: skipped, %2")
                       .arg(p.promptTokens)
                       .arg(p.skipped);
            continue;
        }
        QString line =
            KindResultsText::tr("  %1 tokens: TTFT p50 %2, E2E p50 %3, %4 per request, %5/%6 ok")
                .arg(p.promptTokens)
                .arg(msText(p.ttftMs.p50), msText(p.e2eMs.p50), usd(p.costUsdPerRequest))
                .arg(p.successes)
                .arg(p.attempts);
        if (p.needleRecall)
            line += KindResultsText::tr(", recall %1").arg(pct(p.needleRecall));
        out << line;
    }
    costCurve(KindResultsText::tr("cost"), r.costFit, usdFigure, out);
    costCurve(KindResultsText::tr("TTFT"), r.latencyCurveFit, msFigure, out);
}

QString behaviourText(const QString &b)
{
    if (b == QLatin1StringView("error"))
        return KindResultsText::tr("an error past the limit");
    if (b == QLatin1StringView("silent_truncation"))
        return KindResultsText::tr("SILENT TRUNCATION past the limit");
    if (b == QLatin1StringView("none_up_to_claim"))
        return KindResultsText::tr("no limit up to the claim");
    return KindResultsText::tr("undecided");
}

void contextLimit(const ContextLimitResult &r, QStringList &out)
{
    if (!r.skipped.isEmpty()) {
        out << KindResultsText::tr("context limit: not probed, %1").arg(r.skipped);
        return;
    }
    QString claim = KindResultsText::tr("claim unverified");
    if (r.claimMet)
        claim =
            *r.claimMet ? KindResultsText::tr("claim met") : KindResultsText::tr("CLAIM NOT MET");
    out << KindResultsText::tr(
               "context limit: verified %1 of %2 claimed (%3), first failure %4, %5; %n "
               "probe(s)",
               nullptr, r.probes)
               .arg(optText(r.verified), optText(r.claimed), claim, optText(r.firstFailure),
                    behaviourText(r.behaviour));
    if (r.needleUsable == false)
        out << KindResultsText::tr("  the model did not repeat the planted fact even at %1 "
                                   "tokens, so the fact was not used: the window was judged "
                                   "from errors and the prompt tokens the provider reported")
                   .arg(optText(r.controlTokens));
    if (r.recallLostAt)
        out << KindResultsText::tr("  recall: the fact was not repeated in %n prompt(s) taken "
                                   "whole, from %1 tokens (it was at %2): a finding on the "
                                   "model's recall, not on its window",
                                   nullptr, r.recallMisses)
                   .arg(optText(r.recallLostAt), optText(r.controlTokens));
}

void concurrency(const ConcurrencySweepResult &r, QStringList &out)
{
    out << KindResultsText::tr("concurrency sweep: saturation at %1")
               .arg(r.saturation ? QString::number(*r.saturation)
                                 : KindResultsText::tr("none within the levels"));
    for (const ConcurrencyLevel &l : r.levels)
        out << KindResultsText::tr(
                   "  %1 in flight: %2 output tok/s, %3 req/s, TTFT p95 %4, E2E p95 %5, "
                   "errors %6")
                   .arg(l.concurrency)
                   .arg(fixedText(l.outputTokensPerS, 0), fixedText(l.requestsPerS, 2),
                        msText(l.ttftMs.p95), msText(l.e2eMs.p95), pct(l.errorRate));
}

void stability(const StabilityResult &r, QStringList &out)
{
    const QStringList stalls = KindResultsText::stallParts(r);
    const QStringList finish = KindResultsText::finishParts(r);
    out << KindResultsText::tr(
               "stability: ITL p50 %1, p99 %2, longest gap %3; stalls %4; %5 cut; finish %6")
               .arg(msText(r.itlMs.p50), msText(r.itlMs.p99), msText(r.longestStallMs),
                    stalls.join(QStringLiteral(", ")))
               .arg(r.cuts)
               .arg(finish.isEmpty() ? QStringLiteral("—") : finish.join(QStringLiteral(", ")));
}

void multiTurn(const MultiTurnResult &r, QStringList &out)
{
    QStringList recall;
    for (const auto &v : r.recallByTurn)
        recall << (v ? fixedNumber(*v * 100.0, 0) : QStringLiteral("—"));
    QString lost = KindResultsText::tr("the fact is never lost");
    if (r.recallLostAtTurn)
        lost = KindResultsText::tr("the fact is lost at turn %1").arg(*r.recallLostAtTurn);
    else if (r.neverRecalled)
        lost = KindResultsText::tr("the model never repeated the fact, so recall cannot tell "
                                   "when the history lost it");
    out << KindResultsText::tr("multi-turn: recall by turn (%) %1; %2")
               .arg(recall.join(QLatin1Char(' ')), lost);
    if (r.truncatedFromTurn)
        out << KindResultsText::tr("  the provider cut the prompt without an error from turn %1 "
                                   "on: the early turns were dropped")
                   .arg(*r.truncatedFromTurn);
    if (r.failingFromTurn)
        out << KindResultsText::tr(
                   "  requests fail from turn %1 on (the history no longer fits, or the "
                   "provider refused it)")
                   .arg(*r.failingFromTurn);
    if (!r.ttftByTurnMs.empty())
        out << KindResultsText::tr("  TTFT turn 1 %1, last turn %2; cost turn 1 %3, last turn %4")
                   .arg(msText(r.ttftByTurnMs.front()), msText(r.ttftByTurnMs.back()),
                        usd(r.costByTurnUsd.front()), usd(r.costByTurnUsd.back()));
}

void cache(const CacheResult &r, QStringList &out)
{
    QString verdict = KindResultsText::tr("undecided");
    if (r.detected)
        verdict = *r.detected ? KindResultsText::tr("prefix cache detected")
                              : KindResultsText::tr("no prefix cache");
    out << KindResultsText::tr(
               "cache: %1; TTFT cold %2, warm %3 (drop %4); cached share %5; saving %6 per "
               "request")
               .arg(verdict, msText(r.coldTtftMs), msText(r.warmTtftMs), msText(r.ttftDropMs),
                    pct(r.cachedTokenShare), usd(r.savingUsdPerRequest));
}

void resilience(const ResilienceResult &r, QStringList &out)
{
    out << KindResultsText::tr("resilience (SLO %1 ms):").arg(r.sloMs);
    for (const ResilienceStrategy &s : r.strategies)
        out << KindResultsText::tr("  %1: SLO met %2, P95 %3, retries cost %4, fallback %5")
                   .arg(s.name, pct(s.sloAttainment), msText(s.p95Ms), usd(s.retryCostUsd),
                        pct(s.fallbackShare));
}

void rateLimit(const RateLimitResult &r, QStringList &out)
{
    QStringList headers;
    for (const auto &[name, value] : r.headers)
        headers << QStringLiteral("%1=%2").arg(name, value);
    out << KindResultsText::tr(
               "rate limit: %1 requests/min, %2 tokens/min measured; first 429 at %3 req/s "
               "(%4 of %5 requests limited)")
               .arg(fixedText(r.requestsPerMin), fixedText(r.tokensPerMin, 0),
                    fixedText(r.first429Rps, 2))
               .arg(r.rateLimited)
               .arg(r.requests);
    if (!headers.isEmpty())
        out << KindResultsText::tr("  headers: %1").arg(headers.join(QStringLiteral(", ")));
}

void determinism(const DeterminismResult &r, QStringList &out)
{
    out << KindResultsText::tr(
               "determinism: %1 identical at temperature 0 (%2 distinct answers to %3 "
               "prompts, %4 answers)")
               .arg(pct(r.identicalShare))
               .arg(r.distinctAnswers)
               .arg(r.prompts)
               .arg(r.answers);
}

} // namespace

QStringList KindResultsText::lines(const ScenarioResults &r)
{
    QStringList out;
    if (r.contextSweep)
        contextSweep(*r.contextSweep, out);
    if (r.contextLimit)
        contextLimit(*r.contextLimit, out);
    if (r.concurrencySweep)
        concurrency(*r.concurrencySweep, out);
    if (r.stability)
        stability(*r.stability, out);
    if (r.multiTurn)
        multiTurn(*r.multiTurn, out);
    if (r.cache)
        cache(*r.cache, out);
    if (r.resilience)
        resilience(*r.resilience, out);
    if (r.rateLimit)
        rateLimit(*r.rateLimit, out);
    if (r.determinism)
        determinism(*r.determinism, out);
    return out;
}

QString KindResultsText::curveForm(CurveForm form)
{
    switch (form) {
    case CurveForm::PowerLog:
        return tr("power law with log term");
    case CurveForm::Linear:
        return tr("linear");
    case CurveForm::TieredLinear:
        return tr("tiered linear");
    }
    return {};
}

QStringList KindResultsText::stallParts(const StabilityResult &r)
{
    QStringList out;
    for (const auto &[threshold, n] : r.stalls)
        out << tr("%1 ≥ %2 ms").arg(n).arg(threshold);
    return out;
}

QStringList KindResultsText::finishParts(const StabilityResult &r)
{
    QStringList out;
    for (const auto &[reason, n] : r.finishReasons)
        out << QStringLiteral("%1 %2").arg(reason).arg(n);
    return out;
}

} // namespace ys
