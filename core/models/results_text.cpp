#include "models/results_text.h"

#include "models/kind_results_text.h"
#include "models/verdict_sentence.h"
#include "util/number_text.h"

#include <cmath>

namespace ys {

namespace {

// Milliseconds with one decimal, or two below 10 ms where one would hide the differences.
QString ms(const std::optional<double> &v)
{
    if (!v)
        return QStringLiteral("—");
    return fixedNumber(*v, *v < 10.0 ? 2 : 1);
}

} // namespace

QStringList ResultsText::latencyLines(const LatencyResult &r)
{
    const auto pair = [](const Distribution &d) {
        return tr("p50 %1 / p95 %2 ms").arg(ms(d.p50), ms(d.p95));
    };
    QStringList out;
    out << tr("latency: TTFB %1; TPOT %2 (n = %3)")
               .arg(pair(r.ttfbMs), pair(r.tpotMs))
               .arg(r.tpotMs.count);
    out << tr("TTFT cold (new connection) %1 (n = %2); warm (reused connection) %3 (n = %4)")
               .arg(pair(r.coldTtftMs))
               .arg(r.coldTtftMs.count)
               .arg(pair(r.warmTtftMs))
               .arg(r.warmTtftMs.count);
    const QString connect =
        r.connectMs ? tr("connect %1 (n = %2)").arg(pair(*r.connectMs)).arg(r.connectMs->count)
                    : tr("connect — (no new connection)");
    const QString tls = r.tlsMs ? tr("TLS %1 (from the start of connecting)").arg(pair(*r.tlsMs))
                                : tr("TLS — (no TLS handshake)");
    out << connect + QStringLiteral("; ") + tls;
    if (r.e2eFromIntendedMs)
        out << tr("E2E from the intended start %1 (n = %2; open loop: queue delay included, "
                  "the latency gate reads this P95)")
                   .arg(pair(*r.e2eFromIntendedMs))
                   .arg(r.e2eFromIntendedMs->count);
    if (r.reasoning)
        out << reasoningLine(*r.reasoning);
    if (r.toolCalls)
        out << toolCallLine(*r.toolCalls);
    for (qsizetype i = 1; i < out.size(); ++i)
        out[i].prepend(QStringLiteral("  ")); // the kind's details under its first line
    return out;
}

QString ResultsText::reasoningLine(const ReasoningResult &r)
{
    const QString share = r.costShare ? VerdictSentence::share(*r.costShare) : QStringLiteral("—");
    QString line =
        tr("reasoning (%1 of the attempts): first answer token p50 %2 ms; thinking p50 %3 ms; "
           "%4 reasoning tokens on average, %5 of the answers' cost")
            .arg(groupedCount(r.attempts), ms(r.firstAnswerMs.p50), ms(r.thinkingMs.p50),
                 r.reasoningTokensMean ? groupedCount(std::round(*r.reasoningTokensMean))
                                       : QStringLiteral("—"),
                 share);
    if (r.estimated > 0)
        line += tr(" (thinking estimated for %1 attempt(s) whose reasoning was hidden: its tokens "
                   "at the answer's decode rate)")
                    .arg(groupedCount(r.estimated));
    return line;
}

QString ResultsText::toolCallLine(const ToolCallResult &t)
{
    return tr("tool calls (%1 of the attempts): arguments complete p50 %2 ms, p95 %3 ms; "
              "streamed over p50 %4 ms")
        .arg(groupedCount(t.attempts), ms(t.argsCompleteMs.p50), ms(t.argsCompleteMs.p95),
             ms(t.argsStreamMs.p50));
}

QString ResultsText::toolCallSentence(const QString &provider, const ToolCallResult &t)
{
    const auto whole = [](const std::optional<double> &v) {
        return v ? fixedNumber(*v, 0) : QStringLiteral("—");
    };
    return tr("%1's tool calls were ready to run at %2 ms (P50; P95 %3 ms), their arguments "
              "streamed over %4 ms.")
        .arg(provider, whole(t.argsCompleteMs.p50), whole(t.argsCompleteMs.p95),
             whole(t.argsStreamMs.p50));
}

QString ResultsText::reasoningSentence(const QString &provider, const ReasoningResult &r)
{
    const auto whole = [](const std::optional<double> &v) {
        return v ? fixedNumber(*v, 0) : QStringLiteral("—");
    };
    const QString share = r.costShare ? VerdictSentence::share(*r.costShare) : QStringLiteral("—");
    return r.estimated > 0
               ? tr("%1 reasons before it answers: its first answer token comes at %2 ms (P50), "
                    "after about %3 ms of hidden thinking (estimated from its reasoning tokens at "
                    "its answer's decode rate); reasoning is %4 of its answers' cost.")
                     .arg(provider, whole(r.firstAnswerMs.p50), whole(r.thinkingMs.p50), share)
               : tr("%1 reasons before it answers: its first answer token comes at %2 ms (P50), "
                    "after %3 ms of streamed thinking; reasoning is %4 of its answers' cost.")
                     .arg(provider, whole(r.firstAnswerMs.p50), whole(r.thinkingMs.p50), share);
}

QStringList ResultsText::lines(const ScenarioResults &results)
{
    QStringList out;
    if (results.latency)
        out << latencyLines(*results.latency);
    out << KindResultsText::lines(results);
    return out;
}

QStringList resultsTextLines(const ScenarioResults &results)
{
    return ResultsText::lines(results);
}

} // namespace ys
