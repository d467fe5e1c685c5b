#pragma once

#include "analysis/run_summary.h"
#include "analysis/significance.h"

#include <QString>
#include <vector>

namespace ys {

// The comparison table: every pair of providers of a session (or two runs) compared on the
// end-to-end latency and the TTFT of their successful attempts, with the Hodges–Lehmann shift,
// its 95% interval and the Mann–Whitney p-value, Holm-corrected across the whole table.
// Definitions in docs/measurements.md ("Comparison table").

enum class ComparedFigure { E2e, Ttft };
QString comparedFigureName(ComparedFigure figure); // "e2e_ms", "ttft_ms"

struct PairComparison {
    QString a; // x: the difference is a − b
    QString b;
    ComparedFigure figure = ComparedFigure::E2e;
    Comparison result;
    bool subsampled = false; // a side had more values than kMaxComparedValues
};

// Above this many values a side is compared on a seeded random subsample of this size: the
// Hodges–Lehmann interval holds every pairwise difference in memory.
inline constexpr int kMaxComparedValues = 2000;

// The values a figure is compared on: the successful attempts' times, in run order.
std::vector<double> comparedValues(const ProviderSummary &p, ComparedFigure figure);

// Both figures of a against b; a pair with an empty side is left out. Holm-corrected across
// what is returned.
std::vector<PairComparison> compareProviders(const ProviderSummary &a, const ProviderSummary &b);

// Every pair (i < j, in session order), both figures, Holm-corrected across the table.
std::vector<PairComparison> comparisonTable(const SessionSummary &summary);

} // namespace ys
