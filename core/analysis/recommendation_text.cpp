#include "analysis/recommendation_text.h"

#include <QLocale>
#include <cmath>

namespace ys {

QString RecommendationText::standing(Standing s)
{
    switch (s) {
    case Standing::Qualifies:
        return tr("Qualifies");
    case Standing::PointEstimate:
        return tr("Only at the point estimate");
    case Standing::Excluded:
        break;
    }
    return tr("Excluded");
}

QString RecommendationText::margin(const RequirementMargin &m)
{
    if (!m.value)
        return tr("not measured");
    const QString value = Recommender::figureText(m.kind, *m.value);
    const QString line = Recommender::figureText(m.kind, m.threshold);
    if (!m.margin)
        return value;
    const double pct = std::abs(*m.margin) * 100;
    QString side;
    if (m.atMost)
        side = *m.margin >= 0 ? tr("%1, %2% under %3") : tr("%1, %2% over %3");
    else
        side = *m.margin >= 0 ? tr("%1, %2% above %3") : tr("%1, %2% below %3");
    const QString text = side.arg(value).arg(pct, 0, 'f', pct < 10 ? 1 : 0).arg(line);
    switch (m.result) {
    case GateResult::Pass:
        return m.interval ? tr("%1 (holds at the 95% interval)").arg(text) : text;
    case GateResult::Inconclusive:
        return tr("%1 (not at the 95% interval)").arg(text);
    case GateResult::Fail:
    case GateResult::NoData:
        break;
    }
    return text;
}

QString RecommendationText::volume(double tokens)
{
    if (tokens >= 1e9)
        return tr("%1B tokens").arg(tokens / 1e9, 0, 'g', 3);
    if (tokens >= 1e6)
        return tr("%1M tokens").arg(tokens / 1e6, 0, 'g', 3);
    if (tokens >= 1e3)
        return tr("%1K tokens").arg(tokens / 1e3, 0, 'g', 3);
    return tr("%1 tokens").arg(tokens, 0, 'f', 0);
}

QString RecommendationText::monthly(double usd)
{
    const QLocale c = QLocale::c();
    if (usd >= 100)
        return tr("$%1").arg(c.toString(usd, 'f', 0));
    return tr("$%1").arg(c.toString(usd, 'f', 2));
}

QString RecommendationText::useCaseLine(const UseCase &u)
{
    QStringList parts;
    parts << (u.monthlyTokens ? tr("%1 a month").arg(volume(*u.monthlyTokens))
                              : tr("no monthly volume stated"));
    parts << (u.peakRps ? tr("peak %1 requests/s").arg(*u.peakRps, 0, 'g', 4)
                        : tr("no peak rate stated"));
    return tr("%1: %2").arg(u.title, parts.join(QStringLiteral(", ")));
}

QString RecommendationText::headline(const Recommendation &rec)
{
    QString out;
    if (rec.choice) {
        const QString with =
            rec.fallbacks.empty()
                ? tr("no provider qualifies as its fallback")
                : (rec.fallbacks.size() == 1
                       ? tr("with %1 as fallback").arg(rec.fallbacks.front())
                       : tr("with %1 as fallbacks, in that order")
                             .arg(QStringList(rec.fallbacks.begin(), rec.fallbacks.end())
                                      .join(QStringLiteral(", "))));
        out = tr("For %1: %2, %3.").arg(rec.useCase.title, *rec.choice, with);
        const ProviderRecommendation *top = rec.provider(*rec.choice);
        if (top && top->standing == Standing::PointEstimate)
            out += QLatin1Char(' ') +
                   tr("It qualifies only at the point estimate: more attempts would settle it.");
    } else {
        out = tr("For %1: no provider qualifies.").arg(rec.useCase.title);
    }
    QStringList left;
    for (const ProviderRecommendation &p : rec.providers)
        if (p.standing == Standing::Excluded)
            left << tr("%1 (%2)").arg(p.name, p.reason);
    if (!left.isEmpty())
        out += QLatin1Char(' ') + tr("Left out: %1.").arg(left.join(QStringLiteral("; ")));
    if (rec.choice && rec.useCase.monthlyTokens) {
        const ProviderRecommendation *top = rec.provider(*rec.choice);
        if (top && top->monthlyUsd)
            out += QLatin1Char(' ') + tr("At %1 a month %2 costs %3.")
                                          .arg(volume(*rec.useCase.monthlyTokens), *rec.choice,
                                               monthly(*top->monthlyUsd));
    }
    return out;
}

} // namespace ys
