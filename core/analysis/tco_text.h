#pragma once

#include "analysis/tco.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>

namespace ys {

// The words of a TCO report's hidden costs and sensitivity table, shared by `yardstick-cli tco`
// and the TCO page so that both read alike (docs/measurements.md, "Hidden costs" and
// "Sensitivity").
class TcoText {
    Q_DECLARE_TR_FUNCTIONS(ys::TcoText)
public:
    // "Standby deployments: …", one "Fine-tuning (…)" line per entry, "Hidden costs: …".
    static QStringList hiddenCosts(const TcoReport &report);
    // The sensitivity table's heading.
    static QString sensitivityTitle();
    // A break-even volume with thousands separators, or "never".
    static QString breakEven(const std::optional<double> &tokensPerMonth);
    // The break-even's move, or "unbounded" when it exists at one end only.
    static QString move(const TcoSensitivity &row);
    // An input's value at either end, as the table shows it.
    static QString value(double v);
};

} // namespace ys
