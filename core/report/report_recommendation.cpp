#include "report/report_content.h"

#include "analysis/gates.h"
#include "analysis/recommendation.h"
#include "analysis/recommendation_text.h"
#include "util/number_text.h"

namespace ys {

namespace {

// The requirements every provider's margins are held to, in gate order (the first provider's:
// every provider is judged against the same ones).
std::vector<GateKind> gateKindsOf(const Recommendation &rec)
{
    std::vector<GateKind> kinds;
    if (!rec.providers.empty())
        for (const RequirementMargin &m : rec.providers.front().margins)
            kinds.push_back(m.kind);
    return kinds;
}

ReportBlock rankingTable(const Recommendation &rec)
{
    QStringList headers{ReportBuilder::tr("Rank"), ReportBuilder::tr("Provider"),
                        ReportBuilder::tr("Standing")};
    const std::vector<GateKind> kinds = gateKindsOf(rec);
    if (!rec.providers.empty())
        for (const RequirementMargin &m : rec.providers.front().margins)
            headers << m.requirement;
    headers << ReportBuilder::tr("Monthly cost") << ReportBuilder::tr("Left out because");
    ReportBlock t = ReportBlock::tableOf(QStringLiteral("recommendation"), headers);
    for (std::size_t i = 0; i < rec.providers.size(); ++i) {
        const ProviderRecommendation &p = rec.providers[i];
        // Figure cells name their member within show --json's recommendation.providers[].
        const auto inRecommendation = [](ReportCell c) {
            c.scope = QStringLiteral("recommendation");
            return c;
        };
        std::vector<ReportCell> row;
        row.push_back(p.rank ? inRecommendation(reportcell::shown(QStringLiteral("rank"),
                                                                  QString::number(*p.rank),
                                                                  QString::number(*p.rank)))
                             : reportcell::text(QStringLiteral("—")));
        row.push_back(reportcell::text(p.name));
        ReportCell standing = inRecommendation(
            reportcell::shown(QStringLiteral("standing"), RecommendationText::standing(p.standing),
                              Recommender::name(p.standing)));
        standing.css = p.standing == Standing::Qualifies
                           ? QStringLiteral("pass")
                           : (p.standing == Standing::PointEstimate ? QStringLiteral("inconclusive")
                                                                    : QStringLiteral("fail"));
        row.push_back(standing);
        for (std::size_t k = 0; k < kinds.size(); ++k) {
            if (k >= p.margins.size()) {
                row.push_back(reportcell::text(QStringLiteral("—")));
                continue;
            }
            ReportCell c = reportcell::text(RecommendationText::margin(p.margins[k]));
            c.css = Gates::name(p.margins[k].result);
            row.push_back(c);
        }
        row.push_back(p.monthlyUsd ? inRecommendation(reportcell::shown(
                                         QStringLiteral("monthly_usd"),
                                         RecommendationText::monthly(*p.monthlyUsd),
                                         reportcell::json(*p.monthlyUsd)))
                                   : reportcell::text(QStringLiteral("—")));
        row.push_back(reportcell::text(p.reason.isEmpty() ? QStringLiteral("—") : p.reason));
        t.table.rowProviders.push_back(p.name);
        t.table.rows.push_back(std::move(row));
    }
    return t;
}

ReportBlock chunkingTable(const Recommendation &rec)
{
    ReportBlock t = ReportBlock::tableOf(
        QStringLiteral("chunking"),
        {ReportBuilder::tr("Provider"), ReportBuilder::tr("Window"),
         ReportBuilder::tr("Chunked cost"), ReportBuilder::tr("Chunked latency (ms)"),
         ReportBuilder::tr("Whole cost"), ReportBuilder::tr("Whole latency (ms)")});
    const auto ms = [](const std::optional<double> &v) {
        return reportcell::text(v ? fixedNumber(*v, 0) : QStringLiteral("—"));
    };
    for (const ChunkingEstimate &e : rec.chunking) {
        t.table.rowProviders.push_back(e.provider);
        t.table.rows.push_back(
            {reportcell::text(e.provider),
             reportcell::text(e.window ? groupedCount(double(*e.window)) : QStringLiteral("—")),
             reportcell::text(usdAmount(e.chunkedCostUsd, 4)), ms(e.chunkedLatencyMs),
             reportcell::text(usdAmount(e.wholeCostUsd, 4)), ms(e.wholeLatencyMs)});
    }
    return t;
}

} // namespace

ReportSection ReportBuilder::recommendation(const SessionSummary &summary)
{
    const Recommendation rec = Recommender::recommend(summary, Recommender::useCaseOf(summary));
    ReportSection s{QStringLiteral("recommendation"), tr("Recommendation"), {}};
    s.blocks.push_back(ReportBlock::paragraph(RecommendationText::headline(rec)));
    s.blocks.push_back(ReportBlock::paragraph(RecommendationText::useCaseLine(rec.useCase)));
    s.blocks.push_back(rankingTable(rec));
    QStringList risks;
    for (const ProviderRecommendation &p : rec.providers)
        if (p.standing != Standing::Excluded)
            for (const Risk &r : p.risks)
                risks << tr("%1: %2").arg(p.name, r.text);
    if (!risks.isEmpty()) {
        s.blocks.push_back(ReportBlock::heading(tr("Risks that remain")));
        s.blocks.push_back(ReportBlock::list(risks));
    }
    if (rec.chunkingPlan) {
        const ChunkingArithmetic a = Chunking::arithmetic(*rec.chunkingPlan);
        s.blocks.push_back(ReportBlock::heading(tr("Long documents")));
        s.blocks.push_back(ReportBlock::paragraph(
            tr("A document of %1 tokens in chunks of %2 overlapping by %3: %4 chunk(s), %5% of "
               "the document sent more than once; %6 call(s) against one call with the whole "
               "document.")
                .arg(groupedCount(double(rec.chunkingPlan->documentTokens)),
                     groupedCount(double(rec.chunkingPlan->chunkTokens)),
                     groupedCount(double(rec.chunkingPlan->overlapTokens)),
                     groupedCount(double(a.chunks)), fixedNumber(a.redundancy * 100, 2),
                     groupedCount(double(a.calls)))));
        s.blocks.push_back(chunkingTable(rec));
    }
    return s;
}

} // namespace ys
