#include "workbench/tco_form.h"

#include "analysis/run_summary.h"

#include <QLocale>
#include <cmath>

namespace ys {

namespace {

// Numbers as the analyst's locale writes them, or as C does.
std::optional<double> tcoNumber(const QString &text)
{
    bool ok = false;
    double v = QLocale().toDouble(text.trimmed(), &ok);
    if (!ok)
        v = text.trimmed().toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

QString tcoText(double v)
{
    return QString::number(v, 'g', 12);
}

} // namespace

TcoForm::Texts TcoForm::defaults()
{
    const double values[kFields] = {2.5, 1, 0.6, 2000, 2500, 1.0, 5e8};
    Texts texts;
    for (int i = 0; i < kFields; ++i)
        texts[std::size_t(i)] = tcoText(values[i]);
    return texts;
}

QString TcoForm::fieldLabel(TcoField field)
{
    switch (field) {
    case TcoField::GpuUsdPerHour:
        return tr("GPU price per hour ($)");
    case TcoField::Gpus:
        return tr("GPUs per deployment");
    case TcoField::Utilisation:
        return tr("Utilisation (0–1]");
    case TcoField::OpsUsdPerMonth:
        return tr("Operations per month ($)");
    case TcoField::TokensPerS:
        return tr("Throughput (tokens/s)");
    case TcoField::ApiUsdPer1m:
        return tr("API price per 1M tokens ($)");
    case TcoField::MonthlyTokens:
        return tr("Tokens per month");
    }
    return {};
}

QString TcoForm::objectName(TcoField field)
{
    return QStringLiteral("tco_%1").arg(TcoCurves::optionName(field));
}

TcoForm::Result TcoForm::evaluate(const Texts &texts)
{
    Result r;
    const auto refuse = [&r](TcoField f, const QString &why) {
        r.refused = f;
        r.message = tr("%1: %2").arg(fieldLabel(f), why);
        return r;
    };
    double values[kFields] = {};
    for (int i = 0; i < kFields; ++i) {
        const QString &text = texts[std::size_t(i)];
        const auto v = tcoNumber(text);
        if (!v)
            return refuse(TcoField(i), tr("\"%1\" is not a number").arg(text));
        values[i] = *v;
    }
    const double gpus = values[int(TcoField::Gpus)];
    if (gpus != std::floor(gpus) || std::abs(gpus) > 1e6)
        return refuse(TcoField::Gpus, tr("%1 is not a whole number").arg(tcoText(gpus)));
    TcoInput in;
    in.gpuUsdPerHour = values[int(TcoField::GpuUsdPerHour)];
    in.gpus = int(gpus);
    in.utilisation = values[int(TcoField::Utilisation)];
    in.opsUsdPerMonth = values[int(TcoField::OpsUsdPerMonth)];
    in.tokensPerS = values[int(TcoField::TokensPerS)];
    in.apiUsdPer1m = values[int(TcoField::ApiUsdPer1m)];
    in.monthlyTokens = values[int(TcoField::MonthlyTokens)];
    in.throughputSource = tr("given");
    in.apiPriceSource = tr("given");
    if (const auto problem = TcoCurves::problem(in))
        return refuse(problem->field, problem->why);
    QString error;
    r.report = Tco::compute(in, &error);
    if (!r.report) { // problem() found none, so this does not happen; say so if it does
        r.message = error;
        return r;
    }
    r.input = in;
    r.curve = TcoCurves::curve(in);
    const TcoReport &report = *r.report;
    const QString breakEven = report.at.breakEvenTokensPerMonth
                                  ? tr("Break-even at %L1M tokens a month.")
                                        .arg(*report.at.breakEvenTokensPerMonth / 1e6, 0, 'f', 1)
                                  : tr("Self-hosting never pays off at this utilisation.");
    r.summary =
        tr("At %L1M tokens a month: API $%L2, self-hosted $%L3 (%4). %5")
            .arg(in.monthlyTokens / 1e6, 0, 'f', 1)
            .arg(report.apiUsdPerMonth, 0, 'f', 0)
            .arg(report.at.selfUsdPerMonth, 0, 'f', 0)
            .arg(report.selfCheaper() ? tr("self-hosting is cheaper") : tr("the API is cheaper"))
            .arg(breakEven);
    return r;
}

TcoForm::Measured TcoForm::measured(const SessionSummary *summary, const QString &priceProvider,
                                    const QString &throughputProvider)
{
    Measured m;
    const auto find = [summary](const QString &name) -> const ProviderSummary * {
        if (summary)
            for (const ProviderSummary &s : summary->providers)
                if (s.name == name)
                    return &s;
        return nullptr;
    };
    const ProviderSummary *price = find(priceProvider);
    const ProviderSummary *throughput = find(throughputProvider);
    if (!price && !throughput) {
        m.notes << tr("Select a session, then the providers to take the price and the "
                      "throughput from.");
        return m;
    }
    if (!price)
        m.notes << tr("Choose the provider to take the API price from.");
    else if (const auto usd = Tco::measuredUsdPer1m(*price))
        m.apiUsdPer1m = tcoText(*usd);
    else
        m.notes << tr("%1 has no measured cost.").arg(priceProvider);
    QString error;
    if (!throughput)
        m.notes << tr("Choose the provider to take the throughput from.");
    else if (const auto rate = Tco::sweepThroughput(*throughput, &error))
        m.tokensPerS = tcoText(rate->tokensPerS);
    else
        m.notes << error;
    return m;
}

QStringList TcoForm::priceProviders(const SessionSummary *summary)
{
    QStringList out;
    if (summary)
        for (const ProviderSummary &s : summary->providers)
            if (Tco::measuredUsdPer1m(s))
                out << s.name;
    return out;
}

QStringList TcoForm::throughputProviders(const SessionSummary *summary)
{
    QStringList out;
    if (summary)
        for (const ProviderSummary &s : summary->providers)
            if (s.results.concurrencySweep)
                out << s.name;
    return out;
}

} // namespace ys
