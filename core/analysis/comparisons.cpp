#include "analysis/comparisons.h"

#include <cmath>
#include <random>

namespace ys {

namespace {

// A seeded random subsample of at most kMaxComparedValues (a partial Fisher–Yates shuffle), so
// the same data always gives the same comparison.
bool thin(std::vector<double> &values)
{
    if (values.size() <= std::size_t(kMaxComparedValues))
        return false;
    std::mt19937_64 rng(0x5eed);
    for (std::size_t i = 0; i < std::size_t(kMaxComparedValues); ++i) {
        std::uniform_int_distribution<std::size_t> pick(i, values.size() - 1);
        std::swap(values[i], values[pick(rng)]);
    }
    values.resize(std::size_t(kMaxComparedValues));
    return true;
}

void compareInto(std::vector<PairComparison> &out, const ProviderSummary &a,
                 const ProviderSummary &b, ComparedFigure figure)
{
    std::vector<double> x = comparedValues(a, figure);
    std::vector<double> y = comparedValues(b, figure);
    const bool thinned = thin(x) | thin(y);
    if (const auto cmp = compareSamples(x, y))
        out.push_back({a.name, b.name, figure, *cmp, thinned});
}

void holm(std::vector<PairComparison> &table)
{
    std::vector<double> p;
    p.reserve(table.size());
    for (const PairComparison &c : table)
        p.push_back(c.result.pValue);
    const std::vector<double> adjusted = holmAdjust(p);
    for (std::size_t i = 0; i < table.size(); ++i)
        table[i].result.adjustedPValue = adjusted[i];
}

} // namespace

QString comparedFigureName(ComparedFigure figure)
{
    return figure == ComparedFigure::E2e ? QStringLiteral("e2e_ms") : QStringLiteral("ttft_ms");
}

std::vector<double> comparedValues(const ProviderSummary &p, ComparedFigure figure)
{
    std::vector<double> v;
    for (const AttemptTiming &t : p.timings) {
        const double x = figure == ComparedFigure::E2e ? t.e2eMs : t.ttftMs;
        if (t.success && !std::isnan(x))
            v.push_back(x);
    }
    return v;
}

std::vector<PairComparison> compareProviders(const ProviderSummary &a, const ProviderSummary &b)
{
    std::vector<PairComparison> out;
    compareInto(out, a, b, ComparedFigure::E2e);
    compareInto(out, a, b, ComparedFigure::Ttft);
    holm(out);
    return out;
}

std::vector<PairComparison> comparisonTable(const SessionSummary &summary)
{
    std::vector<PairComparison> out;
    const auto &ps = summary.providers;
    for (std::size_t i = 0; i < ps.size(); ++i) {
        for (std::size_t j = i + 1; j < ps.size(); ++j) {
            compareInto(out, ps[i], ps[j], ComparedFigure::E2e);
            compareInto(out, ps[i], ps[j], ComparedFigure::Ttft);
        }
    }
    holm(out);
    return out;
}

} // namespace ys
