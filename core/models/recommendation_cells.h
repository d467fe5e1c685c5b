#pragma once

#include "analysis/recommendation.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace ys {

// What the Recommendation page shows beyond the recommendation's own words
// (analysis/recommendation_text.h, the same on every surface): the heading of a requirement's
// column, a margin's interval for its tooltip, the risks one line each, and a chunking plan's
// arithmetic. Only formatting: every figure is the core's.
class RecommendationCells {
    Q_DECLARE_TR_FUNCTIONS(ys::RecommendationCells)
public:
    // The requirement a column checks, as its heading: "E2E P95 ≤ 380 ms" (analysis/gates.h).
    static QString requirement(const RequirementMargin &margin, CostBasis basis);
    // Whether the margin holds at the 95% interval, with the interval, for the cell's tooltip.
    static QString marginDetail(const RequirementMargin &margin);
    // Whether the margin holds at the point estimate only (its 95% interval reaches the line).
    static bool pointOnly(const RequirementMargin &margin);
    // The risks of each provider that has any, a line per provider: "A: <risk>; <risk>".
    static QStringList riskLines(const Recommendation &r);
    // The plan's arithmetic in two sentences (chunks and tokens; calls, rounds and the whole
    // call), the figures of analysis/chunking.h's ChunkingArithmetic.
    static QString arithmetic(const ChunkingPlan &plan, const ChunkingArithmetic &a);
};

} // namespace ys
