#include "workbench/tco_form.h"

#include "analysis/run_summary.h"
#include "analysis/tco_text.h"

#include <QLocale>
#include <cmath>
#include <utility>

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

TcoForm::Hidden TcoForm::hiddenDefaults()
{
    Hidden h;
    h.texts = {QStringLiteral("0"), QString(), QStringLiteral("1"), QString()};
    return h;
}

QString TcoForm::fieldLabel(TcoHiddenField field)
{
    switch (field) {
    case TcoHiddenField::Redundancy:
        return tr("Standby deployments");
    case TcoHiddenField::FineTuneGpuHours:
        return tr("Fine-tuning GPU-hours per run");
    case TcoHiddenField::FineTuneRunsPerYear:
        return tr("Fine-tuning runs a year");
    case TcoHiddenField::FineTuneGpuUsd:
        return tr("Fine-tuning GPU price per hour ($)");
    }
    return {};
}

QString TcoForm::objectName(TcoHiddenField field)
{
    switch (field) {
    case TcoHiddenField::Redundancy:
        return QStringLiteral("tco_redundancy");
    case TcoHiddenField::FineTuneGpuHours:
        return QStringLiteral("tco_finetune_gpu_hours");
    case TcoHiddenField::FineTuneRunsPerYear:
        return QStringLiteral("tco_finetune_runs");
    case TcoHiddenField::FineTuneGpuUsd:
        return QStringLiteral("tco_finetune_gpu_usd");
    }
    return {};
}

namespace {

// The hidden costs read into in; else the field refused and why.
std::optional<std::pair<TcoHiddenField, QString>> readHidden(const TcoForm::Hidden &hidden,
                                                             TcoInput *in)
{
    using F = TcoHiddenField;
    const auto text = [&hidden](F f) {
        return hidden.texts[std::size_t(f)].trimmed();
    };
    const auto notNumber = [&text](F f) {
        return std::make_pair(f, TcoForm::tr("\"%1\" is not a number").arg(text(f)));
    };
    const auto standby = tcoNumber(text(F::Redundancy));
    if (!standby)
        return notNumber(F::Redundancy);
    if (*standby < 0 || *standby != std::floor(*standby) || *standby > 1e6)
        return std::make_pair(
            F::Redundancy,
            TcoForm::tr("%1 is not a whole number of 0 or more").arg(tcoText(*standby)));
    in->redundancy = int(*standby);
    if (text(F::FineTuneGpuHours).isEmpty())
        return std::nullopt; // no fine-tuning
    TcoFineTune f;
    f.kind = hidden.fullFineTune ? QStringLiteral("full") : QStringLiteral("lora");
    const auto hours = tcoNumber(text(F::FineTuneGpuHours));
    if (!hours)
        return notNumber(F::FineTuneGpuHours);
    if (!(std::isfinite(*hours) && *hours > 0))
        return std::make_pair(F::FineTuneGpuHours,
                              TcoForm::tr("%1 is not above 0").arg(tcoText(*hours)));
    f.gpuHours = *hours;
    const auto runs = tcoNumber(text(F::FineTuneRunsPerYear));
    if (!runs)
        return notNumber(F::FineTuneRunsPerYear);
    if (!(std::isfinite(*runs) && *runs > 0))
        return std::make_pair(F::FineTuneRunsPerYear,
                              TcoForm::tr("%1 is not above 0").arg(tcoText(*runs)));
    f.runsPerYear = *runs;
    if (!text(F::FineTuneGpuUsd).isEmpty()) {
        const auto usd = tcoNumber(text(F::FineTuneGpuUsd));
        if (!usd)
            return notNumber(F::FineTuneGpuUsd);
        if (!(std::isfinite(*usd) && *usd > 0))
            return std::make_pair(F::FineTuneGpuUsd,
                                  TcoForm::tr("%1 is not above 0").arg(tcoText(*usd)));
        f.gpuUsdPerHour = *usd;
    }
    in->fineTunes.push_back(f);
    return std::nullopt;
}

} // namespace

QString TcoForm::sensitivityTitle()
{
    return TcoText::sensitivityTitle();
}

TcoForm::Result TcoForm::evaluate(const Texts &texts)
{
    return evaluate(texts, hiddenDefaults());
}

TcoForm::Result TcoForm::evaluate(const Texts &texts, const Hidden &hidden)
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
    if (const auto bad = readHidden(hidden, &in)) {
        r.refusedHidden = bad->first;
        r.message = tr("%1: %2").arg(fieldLabel(bad->first), bad->second);
        return r;
    }
    QString error;
    r.report = Tco::compute(in, &error);
    if (!r.report) { // problem() found none, so this does not happen; say so if it does
        r.message = error;
        return r;
    }
    r.input = in;
    r.curve = TcoCurves::curve(in);
    const TcoReport &report = *r.report;
    r.hiddenCosts = TcoText::hiddenCosts(report);
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
