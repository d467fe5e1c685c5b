#include "models/recommendation_cells.h"

#include "analysis/gates.h"
#include "util/number_text.h"

namespace ys {

QString RecommendationCells::requirement(const RequirementMargin &m, CostBasis basis)
{
    Gate g;
    g.kind = m.kind;
    g.threshold = m.threshold;
    g.atMost = m.atMost;
    if (m.kind == GateKind::Cost)
        g.source = basis == CostBasis::List ? QStringLiteral("list") : QStringLiteral("measured");
    return Gates::describe(g);
}

bool RecommendationCells::pointOnly(const RequirementMargin &m)
{
    return m.margin && *m.margin > 0 && m.result != GateResult::Pass;
}

QString RecommendationCells::marginDetail(const RequirementMargin &m)
{
    const QString line = Recommender::figureText(m.kind, m.threshold);
    if (!m.value)
        return tr("Not measured: nothing to check against %1.").arg(line);
    const QString interval = m.interval
                                 ? tr("95% interval %1 to %2")
                                       .arg(Recommender::figureText(m.kind, m.interval->first),
                                            Recommender::figureText(m.kind, m.interval->second))
                                 : tr("no interval");
    switch (m.result) {
    case GateResult::Pass:
        return tr("Holds at the 95% interval (%1).").arg(interval);
    case GateResult::Fail:
        return tr("Fails, at the 95% interval too (%1).").arg(interval);
    case GateResult::Inconclusive:
        return pointOnly(m) ? tr("Holds at the point estimate only: the %1 reaches past %2.")
                                  .arg(interval, line)
                            : tr("Fails at the point estimate; the %1 reaches back past %2.")
                                  .arg(interval, line);
    case GateResult::NoData:
        break;
    }
    return tr("Not decided (%1).").arg(interval);
}

QStringList RecommendationCells::riskLines(const Recommendation &r)
{
    QStringList out;
    for (const ProviderRecommendation &p : r.providers) {
        QStringList risks;
        for (const Risk &risk : p.risks)
            risks << risk.text;
        if (!risks.isEmpty())
            out << tr("%1: %2").arg(p.name, risks.join(QStringLiteral("; ")));
    }
    return out;
}

QString RecommendationCells::arithmetic(const ChunkingPlan &p, const ChunkingArithmetic &a)
{
    const QString chunks =
        tr("A document of %1 tokens in chunks of %2 overlapping by %3: %4 chunk(s), the last of "
           "%5 tokens; %6 tokens sent in chunks, %7% of the document sent twice.")
            .arg(groupedCount(double(p.documentTokens)), groupedCount(double(p.chunkTokens)),
                 groupedCount(double(p.overlapTokens)), groupedCount(double(a.chunks)),
                 groupedCount(double(a.lastChunkTokens)), groupedCount(double(a.chunkedTokens)),
                 fixedNumber(a.redundancy * 100.0, 2));
    const QString calls =
        tr("%1 call(s) in %2 round(s) of at most %3: %4 input tokens (%5 in the map calls, %6 in "
           "the reduce call) and %7 output tokens. One call with the whole document: %8 input "
           "tokens.")
            .arg(groupedCount(double(a.calls)), groupedCount(double(a.rounds)),
                 groupedCount(double(p.parallel)), groupedCount(double(a.inputTokens)),
                 groupedCount(double(a.mapInputTokens)), groupedCount(double(a.reduceInputTokens)),
                 groupedCount(double(a.outputTokens)), groupedCount(double(a.wholeInputTokens)));
    return chunks + QLatin1Char('\n') + calls;
}

} // namespace ys
