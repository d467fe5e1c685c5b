#include "analysis/tco_curve.h"

#include "util/enum_names.h"

#include <algorithm>
#include <cmath>

namespace ys {

namespace {

constexpr EnumName<TcoField> kTcoOptionNames[] = {
    {TcoField::GpuUsdPerHour, "gpu-usd-per-hour"}, {TcoField::Gpus, "gpus"},
    {TcoField::Utilisation, "utilisation"},        {TcoField::OpsUsdPerMonth, "ops-usd-per-month"},
    {TcoField::TokensPerS, "tokens-per-s"},        {TcoField::ApiUsdPer1m, "api-usd-per-1m"},
    {TcoField::MonthlyTokens, "monthly-tokens"}};

} // namespace

QString TcoCurves::optionName(TcoField field)
{
    return nameIn(kTcoOptionNames, field);
}

std::optional<TcoProblem> TcoCurves::problem(const TcoInput &input)
{
    QString error;
    if (Tco::compute(input, &error))
        return std::nullopt;
    // Tco::compute names the field as its option: "--gpus: why".
    for (int f = 0; f <= int(TcoField::MonthlyTokens); ++f) {
        const QString prefix = QStringLiteral("--%1: ").arg(optionName(TcoField(f)));
        if (error.startsWith(prefix))
            return TcoProblem{TcoField(f), error.mid(prefix.size())};
    }
    return TcoProblem{TcoField::GpuUsdPerHour, error};
}

TcoCurve TcoCurves::curve(const TcoInput &input, int points)
{
    TcoCurve c;
    const TcoPoint at = Tco::at(input, input.utilisation);
    c.breakEvenTokens = at.breakEvenTokensPerMonth;
    // Far enough right to show the break-even, the volume given and the capacity kink.
    double right = std::max({input.monthlyTokens, c.breakEvenTokens.value_or(0.0),
                             at.capacityTokensPerMonth}) *
                   1.5;
    if (!(right > 0))
        right = 1e9;
    std::vector<double> xs;
    const int n = std::max(points, 2);
    for (int i = 0; i < n; ++i)
        xs.push_back(right * i / (n - 1));
    xs.push_back(at.capacityTokensPerMonth);
    xs.push_back(input.monthlyTokens);
    if (c.breakEvenTokens)
        xs.push_back(*c.breakEvenTokens);
    std::sort(xs.begin(), xs.end());
    xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
    TcoInput at_v = input;
    for (double v : xs) {
        at_v.monthlyTokens = v;
        c.monthlyTokens.push_back(v);
        c.apiUsd.push_back(v * input.apiUsdPer1m / 1e6);
        c.selfUsd.push_back(Tco::at(at_v, input.utilisation).selfUsdPerMonth);
    }
    if (c.breakEvenTokens)
        c.breakEvenUsd = *c.breakEvenTokens * input.apiUsdPer1m / 1e6;
    return c;
}

} // namespace ys
