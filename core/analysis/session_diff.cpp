#include "analysis/session_diff.h"

#include "analysis/comparisons.h"
#include "util/enum_names.h"

#include <algorithm>
#include <cmath>

namespace ys {

namespace {

constexpr double kZ95 = 1.959963984540054;

double twoSidedP(double z)
{
    return std::erfc(std::abs(z) / std::sqrt(2.0));
}

std::optional<double> minus(std::optional<double> a, std::optional<double> b)
{
    if (a && b)
        return *a - *b;
    return std::nullopt;
}

void latencyRows(std::vector<DiffRow> &out, const QString &label, const Distribution &before,
                 const Distribution &after, DiffFigure p50, DiffFigure p95,
                 const std::optional<PairComparison> &cmp)
{
    for (const DiffFigure figure : {p50, p95}) {
        DiffRow row;
        row.provider = label;
        row.figure = figure;
        row.before = figure == p50 ? before.p50 : before.p95;
        row.after = figure == p50 ? after.p50 : after.p95;
        row.change = minus(row.after, row.before);
        if (cmp) {
            row.shift = cmp->result.difference;
            row.ciLow = cmp->result.ciLow;
            row.ciHigh = cmp->result.ciHigh;
            row.pValue = cmp->result.adjustedPValue;
            row.rawPValue = cmp->result.pValue;
        }
        out.push_back(std::move(row));
    }
}

// The difference of two proportions: Agresti–Caffo's interval (one success and one failure
// added to each side) and the pooled two-proportion z test.
DiffRow successRow(const QString &label, const ProviderSummary &before,
                   const ProviderSummary &after)
{
    DiffRow row;
    row.provider = label;
    row.figure = DiffFigure::SuccessRate;
    const double n1 = before.attempts, n2 = after.attempts;
    if (n1 > 0)
        row.before = before.successes / n1;
    if (n2 > 0)
        row.after = after.successes / n2;
    row.change = minus(row.after, row.before);
    if (n1 <= 0 || n2 <= 0)
        return row;
    const double a1 = (before.successes + 1) / (n1 + 2), a2 = (after.successes + 1) / (n2 + 2);
    const double se = std::sqrt(a1 * (1 - a1) / (n1 + 2) + a2 * (1 - a2) / (n2 + 2));
    row.ciLow = a2 - a1 - kZ95 * se;
    row.ciHigh = a2 - a1 + kZ95 * se;
    const double pooled = (before.successes + after.successes) / (n1 + n2);
    const double pooledSe = std::sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
    row.pValue = pooledSe > 0 ? twoSidedP(*row.change / pooledSe) : 1.0;
    row.rawPValue = row.pValue;
    return row;
}

// The measured $ per 1K: each side's 95% interval gives its standard error (half-width / z);
// the change's interval and p-value follow from their root sum of squares.
DiffRow costRow(const QString &label, const ProviderSummary &before, const ProviderSummary &after)
{
    DiffRow row;
    row.provider = label;
    row.figure = DiffFigure::UsdPer1kMeasured;
    row.before = before.usdPer1kMeasured;
    row.after = after.usdPer1kMeasured;
    row.change = minus(row.after, row.before);
    if (!row.change || !before.usdPer1kMeasuredCi || !after.usdPer1kMeasuredCi)
        return row;
    const auto seOf = [](const std::pair<double, double> &ci) {
        return (ci.second - ci.first) / (2 * kZ95);
    };
    const double se = std::hypot(seOf(*before.usdPer1kMeasuredCi), seOf(*after.usdPer1kMeasuredCi));
    row.ciLow = *row.change - kZ95 * se;
    row.ciHigh = *row.change + kZ95 * se;
    row.pValue = se > 0 ? twoSidedP(*row.change / se) : (*row.change == 0 ? 1.0 : 0.0);
    row.rawPValue = row.pValue;
    return row;
}

constexpr EnumName<DiffFigure> kDiffFigureNames[] = {
    {DiffFigure::TtftP50, "ttft_p50_ms"},
    {DiffFigure::TtftP95, "ttft_p95_ms"},
    {DiffFigure::E2eP50, "e2e_p50_ms"},
    {DiffFigure::E2eP95, "e2e_p95_ms"},
    {DiffFigure::SuccessRate, "success_rate"},
    {DiffFigure::UsdPer1kMeasured, "usd_per_1k_measured"}};

} // namespace

QString diffFigureName(DiffFigure figure)
{
    return nameIn(kDiffFigureNames, figure);
}

std::vector<DiffRow> diffPair(const ProviderSummary &before, const ProviderSummary &after,
                              const QString &label)
{
    std::optional<PairComparison> e2e, ttft;
    for (const PairComparison &c : compareProviders(after, before))
        (c.figure == ComparedFigure::E2e ? e2e : ttft) = c;
    std::vector<DiffRow> rows;
    latencyRows(rows, label, before.ttftMs, after.ttftMs, DiffFigure::TtftP50, DiffFigure::TtftP95,
                ttft);
    latencyRows(rows, label, before.e2eMs, after.e2eMs, DiffFigure::E2eP50, DiffFigure::E2eP95,
                e2e);
    rows.push_back(successRow(label, before, after));
    rows.push_back(costRow(label, before, after));
    return rows;
}

SessionDiff diffProviders(const std::vector<ProviderSummary> &before,
                          const std::vector<ProviderSummary> &after)
{
    SessionDiff diff;
    if (before.size() == 1 && after.size() == 1) {
        const ProviderSummary &b = before.front(), &a = after.front();
        const QString label =
            a.name == b.name ? a.name : QStringLiteral("%1 → %2").arg(b.name, a.name);
        diff.rows = diffPair(b, a, label);
        return diff;
    }
    for (const ProviderSummary &a : after) {
        const ProviderSummary *match = nullptr;
        for (const ProviderSummary &b : before)
            if (b.name == a.name)
                match = &b;
        if (!match) {
            diff.onlyAfter << a.name;
            continue;
        }
        for (DiffRow &row : diffPair(*match, a, a.name))
            diff.rows.push_back(std::move(row));
    }
    for (const ProviderSummary &b : before) {
        const bool matched = std::any_of(
            after.begin(), after.end(), [&](const ProviderSummary &a) { return a.name == b.name; });
        if (!matched)
            diff.onlyBefore << b.name;
    }
    return diff;
}

} // namespace ys
