#pragma once

// A figure as a surface prints it against the value show --json holds: the numbers in a text
// ("37.3", "$0.00280", "-$0.000015", "−288", "2,947", "1.392e-05") with the precision each is
// printed at, and whether one shows a value at that precision.
#include <QRegularExpression>
#include <QString>
#include <cmath>
#include <optional>
#include <vector>

namespace ys::test {

struct PrintedNumber {
    double value = 0;
    double half = 0; // half the last printed digit: how far the rounding may have moved it
    QString text;
};

// Every number in the text, in order. A dollar sign may sit between the sign and the digits;
// "−" (U+2212) is a minus; commas group thousands only between groups of three digits.
inline std::vector<PrintedNumber> printedNumbers(const QString &text)
{
    static const QRegularExpression re(QStringLiteral(
        "([-−+]?)\\$?(\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.(\\d+))?(?:e([-+]?\\d+))?(?![\\d])"));
    std::vector<PrintedNumber> out;
    auto it = re.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        QString digits = m.captured(2).remove(QLatin1Char(','));
        if (m.capturedLength(3))
            digits += QLatin1Char('.') + m.captured(3);
        const int exponent = m.capturedLength(4) ? m.captured(4).toInt() : 0;
        double v = digits.toDouble() * std::pow(10.0, exponent);
        if (m.captured(1) == QStringLiteral("-") || m.captured(1) == QStringLiteral("−"))
            v = -v;
        const double half = 0.5 * std::pow(10.0, exponent - int(m.capturedLength(3)));
        out.push_back({v, half, m.captured(0)});
    }
    return out;
}

// The first (or, with last, the last) number of the text; none when it has none.
inline std::optional<PrintedNumber> printedNumber(const QString &text, bool last = false)
{
    const auto all = printedNumbers(text);
    if (all.empty())
        return std::nullopt;
    return last ? all.back() : all.front();
}

// Whether a number printed as scale × value shows value at its precision (a share printed as a
// percentage: scale 100; a context window printed in thousands, "128K": scale 0.001).
inline bool showsValue(const PrintedNumber &shown, double value, double scale = 1)
{
    const double tolerance = shown.half / std::abs(scale) + 1e-9 * std::max(1.0, std::abs(value));
    return std::abs(shown.value / scale - value) <= tolerance;
}

} // namespace ys::test
