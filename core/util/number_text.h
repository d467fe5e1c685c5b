#pragma once

#include <QLocale>
#include <QString>
#include <optional>

namespace ys {

// Fixed-point text of a figure with `decimals` places that never reads "-0": a value that rounds
// to zero at that precision is printed without a sign ("0.000000", not "-0.000000"); any other
// keeps its sign. Every text output (tables, tooltips, the command line, the report) prints its
// figures through these.
QString fixedNumber(double v, int decimals);
// The same in a locale's digits and separators.
QString fixedNumber(const QLocale &locale, double v, int decimals);
// A dollar amount: "$0.0011", "-$0.0011", and "$0.0000" for what rounds to zero.
QString usdAmount(double v, int decimals);
// The same, or "—" where there is no amount.
QString usdAmount(const std::optional<double> &v, int decimals);
// A whole count with thousands separators, as the C locale writes them: "2,000,000,000".
QString groupedCount(double v);
// The sign dropped from a number's text when none of its digits is non-zero ("-0.00" → "0.00").
QString withoutNegativeZero(QString text);

} // namespace ys
