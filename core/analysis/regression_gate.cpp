#include "analysis/regression_gate.h"

#include "analysis/significance.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace ys {

namespace {

// The test a row reads: both rows of a timing (P50 and P95) share the timing's Mann–Whitney
// test, so they are one hypothesis of the family, not two.
int regressionTestOf(DiffFigure figure)
{
    switch (figure) {
    case DiffFigure::TtftP50:
    case DiffFigure::TtftP95:
        return 0;
    case DiffFigure::E2eP50:
    case DiffFigure::E2eP95:
        return 1;
    case DiffFigure::SuccessRate:
        return 2;
    case DiffFigure::UsdPer1kMeasured:
        return 3;
    }
    return 4;
}

bool isTiming(DiffFigure figure)
{
    return regressionTestOf(figure) <= 1;
}

// Whether the row moved the way that makes it worse. A timing's percentile must rise and so must
// the Hodges–Lehmann shift of the whole timing: the test is of the shift, so a P95 that rose
// while the timing as a whole fell is not a significant worsening.
bool movedWorse(const DiffRow &row)
{
    if (!row.change)
        return false;
    const double sign = higherIsWorse(row.figure) ? 1.0 : -1.0;
    if (sign * *row.change <= 0)
        return false;
    if (isTiming(row.figure) && row.shift)
        return *row.shift > 0;
    return true;
}

// The success rate's size is the drop in absolute terms; the others' the rise relative to
// before (any rise from 0 is beyond every tolerance).
bool beyond(const DiffRow &row, std::optional<double> relative, double tolerance)
{
    if (!row.change || !row.before)
        return false;
    if (row.figure == DiffFigure::SuccessRate)
        return -*row.change > tolerance;
    if (relative)
        return std::abs(*relative) > tolerance;
    return *row.change != 0;
}

} // namespace

bool regressionToleranceInRange(double tolerance)
{
    return std::isfinite(tolerance) && tolerance >= 0 && tolerance < 1;
}

bool regressionAlphaInRange(double alpha)
{
    return std::isfinite(alpha) && alpha > 0 && alpha <= 0.5;
}

bool higherIsWorse(DiffFigure figure)
{
    return figure != DiffFigure::SuccessRate;
}

bool RegressionGate::regressed() const
{
    return std::any_of(checks.begin(), checks.end(),
                       [](const RegressionCheck &c) { return c.regression; });
}

std::vector<const RegressionCheck *> RegressionGate::regressions() const
{
    std::vector<const RegressionCheck *> out;
    for (const RegressionCheck &c : checks)
        if (c.regression)
            out.push_back(&c);
    return out;
}

RegressionGate judgeRegressions(const SessionDiff &diff, const RegressionGateOptions &options)
{
    RegressionGate gate;
    gate.options = options;
    gate.onlyInBaseline = diff.onlyBefore;
    gate.onlyInSession = diff.onlyAfter;

    // The family: one p-value per provider and test, before any correction.
    std::map<std::pair<QString, int>, std::size_t> testIndex;
    std::vector<double> raw;
    for (const DiffRow &row : diff.rows) {
        const auto p = row.rawPValue ? row.rawPValue : row.pValue;
        const auto key = std::make_pair(row.provider, regressionTestOf(row.figure));
        if (!p || testIndex.count(key))
            continue;
        testIndex.emplace(key, raw.size());
        raw.push_back(std::clamp(*p, 0.0, 1.0));
    }
    const std::vector<double> adjusted = holmAdjust(raw);
    gate.tests = int(raw.size());

    for (const DiffRow &row : diff.rows) {
        RegressionCheck c;
        c.row = row;
        if (row.change && row.before && *row.before != 0)
            c.relativeChange = *row.change / *row.before;
        if (const auto it = testIndex.find({row.provider, regressionTestOf(row.figure)});
            it != testIndex.end())
            c.pValue = adjusted[it->second];
        c.worse = movedWorse(row);
        c.significant = c.pValue && *c.pValue < options.alpha;
        c.beyondTolerance = beyond(row, c.relativeChange, options.tolerance);
        c.regression = c.worse && c.significant && c.beyondTolerance;
        gate.checks.push_back(std::move(c));
    }
    return gate;
}

RegressionGate judgeRegressions(const std::vector<ProviderSummary> &baseline,
                                const std::vector<ProviderSummary> &session,
                                const RegressionGateOptions &options)
{
    return judgeRegressions(diffProviders(baseline, session), options);
}

} // namespace ys
