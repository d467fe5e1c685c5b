#include "models/figure_text.h"

#include "util/number_text.h"

#include <algorithm>
#include <vector>

namespace ys {

QString FigureText::contextWindow(qint64 tokens)
{
    if (tokens < 1000)
        return QString::number(tokens);
    return tr("%1K").arg(fixedNumber(double(tokens) / 1000.0, 0));
}

QString FigureText::successes(const ProviderSummary &summary)
{
    return QStringLiteral("%1/%2").arg(summary.successes).arg(summary.attempts);
}

QString FigureText::outcomeBreakdown(const ProviderSummary &summary)
{
    std::vector<std::pair<int, Outcome>> seen;
    for (int i = 0; i < kOutcomeCount; ++i) {
        if (const int n = summary.outcomes[std::size_t(i)]; n > 0)
            seen.emplace_back(n, Outcome(i));
    }
    std::stable_sort(seen.begin(), seen.end(),
                     [](const auto &a, const auto &b) { return a.first > b.first; });
    QStringList parts;
    for (const auto &[count, outcome] : seen)
        parts << tr("%1 %2").arg(OutcomeText::display(outcome)).arg(count);
    return parts.join(QStringLiteral(", "));
}

} // namespace ys
