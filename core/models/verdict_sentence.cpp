#include "models/verdict_sentence.h"

#include "util/number_text.h"

#include <cmath>

namespace ys {

namespace {

QString ms(double v)
{
    return QStringLiteral("%1 ms").arg(fixedNumber(v, 0));
}

QString tokens(qint64 n)
{
    return groupedCount(double(n));
}

// What the ratio at 200K against 128K adds to a curve's sentence, and whether it is extrapolated.
QString growth(const CostCurveFit &f, bool cost)
{
    const QString ratio = fixedNumber(f.ratio200kTo128k.value, 2);
    QString out =
        cost ? VerdictSentence::tr(" A 200K prompt costs %1 times what a 128K one does").arg(ratio)
             : VerdictSentence::tr(" A 200K prompt waits %1 times as long for its first token as "
                                   "a 128K one")
                   .arg(ratio);
    out += f.extrapolated ? VerdictSentence::tr(" (extrapolated past the sweep).")
                          : VerdictSentence::tr(".");
    return out;
}

} // namespace

QString VerdictSentence::share(double share)
{
    return QStringLiteral("%1%").arg(fixedNumber(share * 100.0, 1));
}

QString VerdictSentence::contextLimit(const ContextLimitResult &r)
{
    if (!r.skipped.isEmpty())
        return tr("Not probed: %1.").arg(r.skipped);
    QString out;
    if (r.behaviour == QLatin1StringView("silent_truncation"))
        out = tr("Cuts prompts past %1 tokens without an error, and answers as if it had read "
                 "them.")
                  .arg(tokens(r.verified.value_or(0)));
    else if (r.claimMet && *r.claimMet)
        out = tr("Takes %1 tokens whole, the window it claims (%n probe(s)).", nullptr, r.probes)
                  .arg(tokens(r.verified.value_or(r.claimed.value_or(0))));
    else if (r.claimMet && r.claimed)
        out = tr("Claims %1 tokens but takes %2 whole; the first prompt refused had %3.")
                  .arg(tokens(*r.claimed), tokens(r.verified.value_or(0)),
                       r.firstFailure ? tokens(*r.firstFailure) : QStringLiteral("—"));
    else
        out = r.verified ? tr("Takes %1 tokens whole; no claim to check it against.")
                               .arg(tokens(*r.verified))
                         : tr("Undecided: no prompt size was shown to fit.");
    if (r.needleUsable == false)
        out += tr(" The model does not repeat the planted fact, so the window was judged from "
                  "errors and the prompt tokens it reported.");
    if (r.recallLostAt)
        out += tr(" From %1 tokens it no longer repeats the fact: a finding on its recall, not on "
                  "its window.")
                   .arg(tokens(*r.recallLostAt));
    return out;
}

QString VerdictSentence::cache(const CacheResult &r)
{
    if (!r.detected)
        return tr("Undecided: too few cold and warm pairs answered.");
    QString out;
    if (*r.detected)
        out = r.coldTtftMs && r.warmTtftMs
                  ? tr("A repeated prefix is served from a cache: time to first token goes "
                       "from %1 cold to %2 warm.")
                        .arg(ms(*r.coldTtftMs), ms(*r.warmTtftMs))
                  : tr("A repeated prefix is served from a cache.");
    else
        out = r.coldTtftMs && r.warmTtftMs
                  ? tr("No prefix cache seen: time to first token %1 cold, %2 warm.")
                        .arg(ms(*r.coldTtftMs), ms(*r.warmTtftMs))
                  : tr("No prefix cache seen.");
    if (r.cachedTokenShare && *r.cachedTokenShare > 0)
        out +=
            tr(" The provider reports %1 of the prompt as cached").arg(share(*r.cachedTokenShare));
    else
        return out;
    if (r.savingUsdPerRequest && *r.savingUsdPerRequest > 0)
        out += tr(", saving %1 per request.").arg(usdAmount(*r.savingUsdPerRequest, 6));
    else
        out += tr(", with no saving on its prices.");
    return out;
}

QString VerdictSentence::determinism(const DeterminismResult &r)
{
    if (!r.identicalShare)
        return tr("Undecided: no prompt was answered twice.");
    return tr("At temperature 0, %1 of %2 answers to %3 prompts are identical (%4 distinct "
              "answers).")
        .arg(share(*r.identicalShare))
        .arg(r.answers)
        .arg(r.prompts)
        .arg(r.distinctAnswers);
}

QString VerdictSentence::multiTurn(const MultiTurnResult &r)
{
    if (r.neverRecalled)
        return tr("The model never repeated the fact, so recall cannot tell when the history "
                  "lost it.");
    QString out;
    const int turns = int(r.recallByTurn.size());
    const std::optional<double> last = turns ? r.recallByTurn.back() : std::nullopt;
    if (r.recallLostAtTurn)
        out = tr("Loses the fact told in the first turn at turn %1").arg(*r.recallLostAtTurn);
    else
        out = tr("Keeps the fact told in the first turn through turn %1").arg(turns);
    out += last ? tr(" (recall %1 at the last turn).").arg(share(*last)) : tr(".");
    if (r.truncatedFromTurn)
        out += tr(" From turn %1 the provider cuts the history without an error.")
                   .arg(*r.truncatedFromTurn);
    if (r.failingFromTurn)
        out += tr(" From turn %1 most requests fail.").arg(*r.failingFromTurn);
    return out;
}

QString VerdictSentence::rateLimit(const RateLimitResult &r)
{
    if (r.requests == 0)
        return tr("Undecided: no request was sent.");
    QString out;
    if (r.first429Rps)
        out = tr("Refuses requests (429) from %1 req/s: %2 of %3 limited.")
                  .arg(fixedNumber(*r.first429Rps, 2))
                  .arg(r.rateLimited)
                  .arg(r.requests);
    else
        out = tr("No request refused (429) up to %1 req/s, %2 requests sent.")
                  .arg(fixedNumber(r.maxRpsTried.value_or(0), 2))
                  .arg(r.requests);
    if (r.requestsPerMin)
        out += tr(" Measured limit: %1 requests a minute.").arg(fixedNumber(*r.requestsPerMin, 0));
    return out;
}

QString VerdictSentence::strategy(const QString &name)
{
    if (name == QLatin1StringView("none"))
        return tr("no retry");
    if (name == QLatin1StringView("retry"))
        return tr("retries");
    if (name == QLatin1StringView("breaker_fallback"))
        return tr("a breaker and fallbacks");
    return name;
}

QString VerdictSentence::resilience(const ResilienceResult &r)
{
    QStringList parts;
    for (const ResilienceStrategy &s : r.strategies) {
        if (!s.sloAttainment)
            continue;
        QString part = tr("%1 with %2").arg(share(*s.sloAttainment), strategy(s.name));
        if (s.p95Ms)
            part += tr(" (P95 %1)").arg(ms(*s.p95Ms));
        parts << part;
    }
    if (parts.isEmpty())
        return tr("Undecided: no request was answered.");
    return tr("Answers within the %1 ms objective: %2.")
        .arg(r.sloMs)
        .arg(parts.join(QStringLiteral("; ")));
}

QString VerdictSentence::saturation(const ConcurrencySweepResult &r)
{
    if (r.levels.empty())
        return tr("No level of the sweep was run.");
    if (r.saturation)
        return tr("Throughput stops growing at %1 requests in flight: past it, more load only "
                  "waits longer.")
            .arg(*r.saturation);
    return tr("Throughput still grows at %1 requests in flight, the most the sweep tried.")
        .arg(r.levels.back().concurrency);
}

QString VerdictSentence::curveFailure(CurveFitFailure f)
{
    switch (f) {
    case CurveFitFailure::TooFewPoints:
        return tr("too few attempts or prompt sizes");
    case CurveFitFailure::NonPositive:
        return tr("a value or prompt size is not positive");
    case CurveFitFailure::NoConvergence:
        return tr("the solver did not converge");
    case CurveFitFailure::Singular:
        return tr("its parameters cannot be told apart");
    case CurveFitFailure::None:
        break;
    }
    return {};
}

QString VerdictSentence::costCurve(const CostCurveFit &f)
{
    if (!f.ok())
        return tr("The cost curve could not be fitted: %1.").arg(curveFailure(f.failure));
    return tr("Each further 10K prompt tokens cost %1 at 128K and %2 at 200K (R² %3).")
               .arg(usdAmount(f.marginalAt128k.value, 6), usdAmount(f.marginalAt200k.value, 6),
                    fixedNumber(f.r2.value_or(0), 3)) +
           growth(f, true);
}

QString VerdictSentence::ttftCurve(const CostCurveFit &f)
{
    if (!f.ok())
        return tr("The time-to-first-token curve could not be fitted: %1.")
            .arg(curveFailure(f.failure));
    return tr("Each further 10K prompt tokens add %1 to the time to first token at 128K and %2 at "
              "200K (R² %3).")
               .arg(ms(f.marginalAt128k.value), ms(f.marginalAt200k.value),
                    fixedNumber(f.r2.value_or(0), 3)) +
           growth(f, false);
}

} // namespace ys
