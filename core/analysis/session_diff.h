#pragma once

#include "analysis/run_summary.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace ys {

// Two sessions, or two runs, compared provider by provider: each figure before and after, the
// change after − before with its 95% interval and a p-value. TTFT and E2E use the comparison
// table's test (analysis/comparisons.h: Hodges–Lehmann shift, Mann–Whitney U, Holm over the
// pair's two timings), the same for the P50 and the P95 row of a timing; the success rate a
// two-proportion test, the measured $ per 1K its delta-method intervals. Definitions in
// docs/measurements.md ("Session differences").

enum class DiffFigure { TtftP50, TtftP95, E2eP50, E2eP95, SuccessRate, UsdPer1kMeasured };
inline constexpr int kDiffFigureCount = 6;
QString diffFigureName(DiffFigure figure); // "ttft_p50_ms", ..., "success_rate", "usd_per_1k"

struct DiffRow {
    QString provider; // "a → b" when two single runs of differently named providers are paired
    DiffFigure figure = DiffFigure::TtftP50;
    std::optional<double> before;
    std::optional<double> after;
    std::optional<double> change; // after − before
    // Latency rows: the Hodges–Lehmann shift after − before (of the whole timing) and its
    // interval; the others: the interval of the change.
    std::optional<double> shift;
    std::optional<double> ciLow;
    std::optional<double> ciHigh;
    std::optional<double> pValue; // latency rows: Holm-adjusted as compareProviders() does
    // The same test's p-value before any correction (the latency rows' Mann–Whitney p-value
    // before Holm over the pair's two timings; equal to pValue on the other rows), for a caller
    // that corrects over a family of its own (analysis/regression_gate.h).
    std::optional<double> rawPValue;
    bool significant(double alpha = 0.05) const { return pValue && *pValue < alpha; }
};

struct SessionDiff {
    std::vector<DiffRow> rows; // per provider (in the after side's order), figures in enum order
    QStringList onlyBefore;    // providers with no match on the other side
    QStringList onlyAfter;
};

// Providers matched by name; when each side holds exactly one provider they are paired whatever
// their names (a run against another run).
SessionDiff diffProviders(const std::vector<ProviderSummary> &before,
                          const std::vector<ProviderSummary> &after);

// The rows of one matched pair.
std::vector<DiffRow> diffPair(const ProviderSummary &before, const ProviderSummary &after,
                              const QString &label);

} // namespace ys
