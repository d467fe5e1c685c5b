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

QString FigureText::latencyScenario(const LatencyScenarioSummary &l, int count)
{
    const QString load = l.loadModel == QLatin1StringView("open") && l.ratePerS
                             ? tr("open loop at %1/s").arg(fixedNumber(*l.ratePerS, 2))
                             : tr("closed loop at %1").arg(l.concurrency);
    const auto ms = [](const std::optional<double> &v) {
        return v ? tr("%1 ms").arg(fixedNumber(*v, 1)) : QStringLiteral("—");
    };
    const QString prompts =
        l.promptTokens ? tr("%1 prompt tokens").arg(*l.promptTokens) : tr("prompts of varied size");
    QString line = tr("latency scenario %1 of %2 (%3, %4): %5/%6 ok, TTFT p50 %7, E2E p95 %8, "
                      "%9 tok/s")
                       .arg(l.index)
                       .arg(count)
                       .arg(prompts, load)
                       .arg(l.successes)
                       .arg(l.attempts)
                       .arg(ms(l.ttftMs.p50), ms(l.e2eMs.p95),
                            l.outputTokensPerSecondP50 ? fixedNumber(*l.outputTokensPerSecondP50, 0)
                                                       : QStringLiteral("—"));
    if (l.usdPer1kMeasured)
        line += tr(", $%1 per 1K").arg(fixedNumber(*l.usdPer1kMeasured, 5));
    if (l.headline)
        line += tr(" (the provider's figures and gates are this scenario's)");
    return line;
}

QStringList FigureText::latencyScenarios(const ProviderSummary &summary)
{
    QStringList out;
    for (const LatencyScenarioSummary &l : summary.latencyScenarios)
        out << latencyScenario(l, int(summary.latencyScenarios.size()));
    return out;
}

} // namespace ys
