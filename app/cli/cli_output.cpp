#include "cli/cli_output.h"

#include <cmath>

namespace ys::cli {

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

int fail(int code, const QString &message)
{
    QTextStream(stderr) << message << '\n';
    return code;
}

std::optional<double> optionNumber(const QString &text, bool allowSuffix)
{
    QString s = text.trimmed();
    double scale = 1.0;
    if (s.endsWith(QLatin1Char('%'))) {
        scale = 0.01;
        s.chop(1);
    } else if (allowSuffix && !s.isEmpty()) {
        const QChar last = s.back().toUpper();
        const double by = last == QLatin1Char('K')   ? 1e3
                          : last == QLatin1Char('M') ? 1e6
                          : last == QLatin1Char('B') ? 1e9
                                                     : 1.0;
        if (by != 1.0) {
            scale = by;
            s.chop(1);
        }
    }
    bool ok = false;
    const double v = s.toDouble(&ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v * scale;
}

} // namespace ys::cli
