#include "models/contract_text.h"

#include "models/verdict_sentence.h"
#include "util/number_text.h"

namespace ys {

QString ContractText::rate(const std::optional<double> &rate,
                           const std::optional<std::pair<double, double>> &ci)
{
    if (!rate)
        return QStringLiteral("—");
    if (!ci)
        return VerdictSentence::share(*rate);
    return tr("%1 (95% CI %2–%3)")
        .arg(VerdictSentence::share(*rate), VerdictSentence::share(ci->first),
             VerdictSentence::share(ci->second));
}

QString ContractText::headline(const ContractSummary &c)
{
    return tr("%1 of %2 answers passed every check: %3")
        .arg(groupedCount(c.passed), groupedCount(c.answers), rate(c.passRate, c.passRateCi));
}

QString ContractText::checkName(const QString &check)
{
    if (check == QLatin1StringView("json"))
        return tr("valid JSON");
    if (check == QLatin1StringView("schema"))
        return tr("JSON Schema");
    if (check == QLatin1StringView("regex"))
        return tr("regular expression");
    if (check == QLatin1StringView("max_chars"))
        return tr("maximum length");
    if (check == QLatin1StringView("golden"))
        return tr("golden answer");
    if (check == QLatin1StringView("tool_arguments"))
        return tr("tool arguments");
    return check;
}

QString ContractText::failure(const ContractFailure &f)
{
    QString what = checkName(f.check);
    if (f.check == QLatin1StringView("schema") ||
        (f.check == QLatin1StringView("tool_arguments") && !f.path.isEmpty()))
        what = tr("%1 at %2").arg(what, f.path.isEmpty() ? QStringLiteral("/") : f.path);
    QString line = tr("request %1: %2: %3").arg(f.requestIndex).arg(what, f.detail);
    if (!f.prompt.isEmpty())
        line += tr(" (prompt: %1)").arg(f.prompt);
    return line;
}

QStringList ContractText::lines(const ContractSummary &c, int failures)
{
    QStringList out{tr("Contract: %1").arg(headline(c))};
    for (const ContractCheckRate &r : c.perCheck)
        out << tr("  %1: %2 of %3, %4")
                   .arg(checkName(r.check), groupedCount(r.passed), groupedCount(r.checked),
                        rate(r.rate, r.ci));
    const int shown = std::min<int>(failures, int(c.failures.size()));
    for (int i = 0; i < shown; ++i)
        out << QStringLiteral("  ") + failure(c.failures[std::size_t(i)]);
    if (shown < int(c.failures.size()))
        out << tr("  and %n more failure(s)", nullptr, int(c.failures.size()) - shown);
    return out;
}

} // namespace ys
