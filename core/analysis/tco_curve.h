#pragma once

#include "analysis/tco.h"

#include <QCoreApplication>
#include <optional>
#include <vector>

namespace ys {

// The break-even chart's data: the monthly cost of the API and of self-hosting (Tco::at) against
// the monthly token volume, from 0 to past both the break-even and the volume given, with the
// capacity kink, the break-even and the volume given among the points.
struct TcoCurve {
    std::vector<double> monthlyTokens; // ascending
    std::vector<double> apiUsd;
    std::vector<double> selfUsd;
    std::optional<double> breakEvenTokens; // Tco::at(input, utilisation).breakEvenTokensPerMonth
    std::optional<double> breakEvenUsd;    // the API's (= self-hosting's) cost there
};

// The TCO form's fields, in the order the form shows them.
enum class TcoField {
    GpuUsdPerHour,
    Gpus,
    Utilisation,
    OpsUsdPerMonth,
    TokensPerS,
    ApiUsdPer1m,
    MonthlyTokens
};

struct TcoProblem {
    TcoField field = TcoField::GpuUsdPerHour;
    QString why; // Tco::compute's reason, without the option name
};

class TcoCurves {
    Q_DECLARE_TR_FUNCTIONS(ys::TcoCurves)
public:
    // input must pass Tco::compute. points: evenly spaced samples besides the marked ones.
    static TcoCurve curve(const TcoInput &input, int points = 64);
    // The first field Tco::compute refuses and why; nullopt when the input is valid.
    static std::optional<TcoProblem> problem(const TcoInput &input);
    // The field's command line option, as `tco` and Tco::compute's errors name it.
    static QString optionName(TcoField field);
};

} // namespace ys
