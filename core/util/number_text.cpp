#include "util/number_text.h"

#include <cmath>

namespace ys {

namespace {

bool hasNonZeroDigit(const QString &text)
{
    for (const QChar c : text) {
        if (c.isDigit() && c.digitValue() != 0)
            return true;
    }
    return false;
}

} // namespace

QString withoutNegativeZero(QString text)
{
    if (text.startsWith(QLatin1Char('-')) && !hasNonZeroDigit(text))
        return text.mid(1);
    return text;
}

QString fixedNumber(double v, int decimals)
{
    return withoutNegativeZero(QString::number(v, 'f', decimals));
}

QString fixedNumber(const QLocale &locale, double v, int decimals)
{
    const QString text = locale.toString(v, 'f', decimals);
    // The locale's minus sign, which need not be '-'.
    const QString minus = locale.negativeSign();
    if (!minus.isEmpty() && text.startsWith(minus) && !hasNonZeroDigit(text))
        return text.mid(minus.size());
    return text;
}

QString usdAmount(double v, int decimals)
{
    const QString digits = QString::number(std::abs(v), 'f', decimals);
    const bool negative = v < 0 && hasNonZeroDigit(digits);
    return (negative ? QStringLiteral("-$") : QStringLiteral("$")) + digits;
}

QString usdAmount(const std::optional<double> &v, int decimals)
{
    return v ? usdAmount(*v, decimals) : QStringLiteral("—");
}

QString groupedCount(double v)
{
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions);
    return fixedNumber(c, v, 0);
}

} // namespace ys
