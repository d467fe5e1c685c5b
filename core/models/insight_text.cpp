#include "models/insight_text.h"

#include "util/number_text.h"

#include <QLocale>

namespace ys {

namespace {

int decimalsFor(DriftFigure figure)
{
    switch (figure) {
    case DriftFigure::TtftMs:
    case DriftFigure::E2eMs:
        return 1;
    case DriftFigure::OutputTokensPerS:
        return 0;
    case DriftFigure::UsdPer1k:
        return 5;
    default:
        return 0;
    }
}

QString signedNumber(double v, int decimals)
{
    const QString text = fixedNumber(v, decimals);
    return text.startsWith(QLatin1Char('-')) ? text : QLatin1Char('+') + text;
}

QString percent(double fraction)
{
    return signedNumber(fraction * 100.0, 1) + QLatin1Char('%');
}

} // namespace

QString InsightText::figureLabel(DriftFigure figure)
{
    return driftFigureLabel(figure);
}

QString InsightText::value(DriftFigure figure, std::optional<double> v)
{
    if (!v)
        return QStringLiteral("—");
    const QString number = fixedNumber(*v, decimalsFor(figure));
    switch (figure) {
    case DriftFigure::TtftMs:
    case DriftFigure::E2eMs:
        return tr("%1 ms").arg(number);
    case DriftFigure::UsdPer1k:
        return QStringLiteral("$") + number;
    default:
        return number;
    }
}

QString InsightText::before(const DriftEvent &e)
{
    if (e.figure == DriftFigure::Model || e.figure == DriftFigure::Fingerprint)
        return e.beforeValues.join(QStringLiteral(", "));
    return value(e.figure, e.before);
}

QString InsightText::after(const DriftEvent &e)
{
    if (e.figure == DriftFigure::Model || e.figure == DriftFigure::Fingerprint)
        return e.afterValues.join(QStringLiteral(", "));
    return value(e.figure, e.after);
}

QString InsightText::difference(const DriftEvent &e)
{
    if (!e.difference)
        return {};
    const int d = decimalsFor(e.figure);
    QString text = signedNumber(*e.difference, d);
    if (e.ciLow && e.ciHigh)
        text +=
            QStringLiteral(" [%1, %2]").arg(signedNumber(*e.ciLow, d), signedNumber(*e.ciHigh, d));
    return text;
}

QString InsightText::line(const DriftEvent &e)
{
    if (e.figure == DriftFigure::Model || e.figure == DriftFigure::Fingerprint)
        return tr("drift: %1 %2 changed since session %3: %4 → %5")
            .arg(e.provider, figureLabel(e.figure), QString::number(e.fromSession), before(e),
                 after(e));
    return tr("drift: %1 %2 since session %3: %4 → %5 (%6; difference %7, p = %8)")
        .arg(e.provider, figureLabel(e.figure), QString::number(e.fromSession), before(e), after(e),
             e.relative ? percent(*e.relative) : QStringLiteral("—"), difference(e),
             e.adjustedPValue ? QString::number(*e.adjustedPValue, 'g', 2) : QStringLiteral("—"));
}

QString InsightText::line(const TokenReconciliation &r)
{
    QStringList sides;
    if (r.input.flagged && r.input.difference)
        sides << tr("prompt %1 (reported %2, counted %3)")
                     .arg(percent(*r.input.difference), QLocale().toString(r.input.reportedTokens),
                          QLocale().toString(r.input.localTokens));
    if (r.output.flagged && r.output.difference)
        sides << tr("output %1 (reported %2, counted %3)")
                     .arg(percent(*r.output.difference),
                          QLocale().toString(r.output.reportedTokens),
                          QLocale().toString(r.output.localTokens));
    return tr("tokens: %1 reports usage that differs from the exact %2 count by more than 1%: %3")
        .arg(r.provider, encodingName(r.encoding.encoding), sides.join(QStringLiteral("; ")));
}

QStringList InsightText::lines(const SessionSummary &summary)
{
    QStringList out;
    for (const TokenReconciliation &r : summary.reconciliation)
        if (r.flagged())
            out << line(r);
    for (const DriftEvent &e : summary.drift)
        out << line(e);
    return out;
}

} // namespace ys
