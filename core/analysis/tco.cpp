#include "analysis/tco.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

QString fieldError(const char *option, const QString &why)
{
    return Tco::tr("--%1: %2").arg(QLatin1StringView(option), why);
}

// The hidden costs' fields, each refused by its command line option.
bool validHidden(const TcoInput &in, QString *error)
{
    if (in.redundancy < 0) {
        *error =
            fieldError("redundancy",
                       Tco::tr("%1 is not a count of deployments (0 or more)").arg(in.redundancy));
        return false;
    }
    for (const TcoFineTune &f : in.fineTunes) {
        QString why;
        if (f.kind != QLatin1StringView("lora") && f.kind != QLatin1StringView("full"))
            why = Tco::tr("\"%1\" is not a kind of fine-tuning (lora or full)").arg(f.kind);
        else if (!(std::isfinite(f.gpuHours) && f.gpuHours > 0.0))
            why = Tco::tr("%1 is not a number of GPU-hours above 0").arg(f.gpuHours);
        else if (!(std::isfinite(f.runsPerYear) && f.runsPerYear > 0.0))
            why = Tco::tr("%1 is not a number of runs a year above 0").arg(f.runsPerYear);
        else if (f.gpuUsdPerHour && !(std::isfinite(*f.gpuUsdPerHour) && *f.gpuUsdPerHour > 0.0))
            why = Tco::tr("%1 is not a GPU price above 0").arg(*f.gpuUsdPerHour);
        if (!why.isEmpty()) {
            *error = fieldError("finetune", why);
            return false;
        }
    }
    return true;
}

} // namespace

double Tco::redundancyUsdPerMonth(const TcoInput &in)
{
    return in.redundancy * in.gpus * in.gpuUsdPerHour * kHoursPerMonth;
}

double Tco::fineTuneUsdPerMonth(const TcoInput &in, const TcoFineTune &f)
{
    return f.gpuHours * f.gpuUsdPerHour.value_or(in.gpuUsdPerHour) * f.runsPerYear / 12.0;
}

double Tco::fineTuneUsdPerMonth(const TcoInput &in)
{
    double sum = 0.0;
    for (const TcoFineTune &f : in.fineTunes)
        sum += fineTuneUsdPerMonth(in, f);
    return sum;
}

TcoPoint Tco::at(const TcoInput &in, double utilisation)
{
    TcoPoint p;
    p.utilisation = utilisation;
    const double gpuPerMonth = in.gpuUsdPerHour * in.gpus * kHoursPerMonth;
    p.capacityTokensPerMonth = in.tokensPerS * utilisation * 3600.0 * kHoursPerMonth;
    // A deployment serves tokensPerS × utilisation per paid second.
    const double gpuPerToken = in.gpuUsdPerHour * in.gpus / (3600.0 * in.tokensPerS * utilisation);
    p.gpuUsdPer1m = gpuPerToken * 1e6;
    // One deployment runs all month; past its capacity more are added for the hours needed.
    // Operations, standby deployments and fine-tuning are fixed a month, whatever the volume.
    const double fixed = in.opsUsdPerMonth + redundancyUsdPerMonth(in) + fineTuneUsdPerMonth(in);
    p.selfUsdPerMonth = fixed + std::max(gpuPerMonth, in.monthlyTokens * gpuPerToken);
    if (in.monthlyTokens > 0)
        p.selfUsdPer1m = p.selfUsdPerMonth / in.monthlyTokens * 1e6;
    p.deployments = in.monthlyTokens / p.capacityTokensPerMonth;
    // Break-even: F + max(G, V·g) = V·p with F the fixed costs. Within one deployment's capacity
    // V = (F + G) / p; beyond it, V = F / (p − g), which exists only when the API costs more per
    // token than the GPU time.
    const double api = in.apiUsdPer1m / 1e6;
    const double withinOne = (fixed + gpuPerMonth) / api;
    if (withinOne <= p.capacityTokensPerMonth)
        p.breakEvenTokensPerMonth = withinOne;
    else if (api > gpuPerToken)
        p.breakEvenTokensPerMonth = fixed / (api - gpuPerToken);
    return p;
}

std::optional<TcoReport> Tco::compute(const TcoInput &in, QString *error)
{
    const auto positive = [](double v) {
        return std::isfinite(v) && v > 0.0;
    };
    if (!positive(in.gpuUsdPerHour)) {
        *error =
            fieldError("gpu-usd-per-hour", tr("%1 is not a price above 0").arg(in.gpuUsdPerHour));
        return std::nullopt;
    }
    if (in.gpus < 1) {
        *error = fieldError("gpus", tr("%1 is not a count of GPUs (1 or more)").arg(in.gpus));
        return std::nullopt;
    }
    if (!(std::isfinite(in.utilisation) && in.utilisation > 0.0 && in.utilisation <= 1.0)) {
        *error = fieldError("utilisation",
                            tr("%1 is outside (0, 1]; write 0.6 for 60%").arg(in.utilisation));
        return std::nullopt;
    }
    if (!(std::isfinite(in.opsUsdPerMonth) && in.opsUsdPerMonth >= 0.0)) {
        *error = fieldError("ops-usd-per-month",
                            tr("%1 is not an amount of 0 or more").arg(in.opsUsdPerMonth));
        return std::nullopt;
    }
    if (!positive(in.tokensPerS)) {
        *error =
            fieldError("tokens-per-s", tr("%1 is not a throughput above 0").arg(in.tokensPerS));
        return std::nullopt;
    }
    if (!positive(in.apiUsdPer1m)) {
        *error = fieldError("api-usd-per-1m", tr("%1 is not a price above 0").arg(in.apiUsdPer1m));
        return std::nullopt;
    }
    if (!(std::isfinite(in.monthlyTokens) && in.monthlyTokens >= 0.0)) {
        *error = fieldError("monthly-tokens",
                            tr("%1 is not a token count of 0 or more").arg(in.monthlyTokens));
        return std::nullopt;
    }
    if (!validHidden(in, error))
        return std::nullopt;
    TcoReport r;
    r.input = in;
    r.redundancyUsdPerMonth = redundancyUsdPerMonth(in);
    for (const TcoFineTune &f : in.fineTunes)
        r.fineTuneUsdPerMonth.push_back(fineTuneUsdPerMonth(in, f));
    r.fineTuneTotalUsdPerMonth = fineTuneUsdPerMonth(in);
    r.sensitivity = sensitivity(in);
    r.at = at(in, in.utilisation);
    r.apiUsdPerMonth = in.monthlyTokens * in.apiUsdPer1m / 1e6;
    std::vector<double> levels{0.1, 0.25, 0.5, 0.75, 1.0};
    if (std::none_of(levels.begin(), levels.end(),
                     [&](double u) { return std::abs(u - in.utilisation) < 1e-9; }))
        levels.push_back(in.utilisation);
    std::sort(levels.begin(), levels.end());
    for (double u : levels)
        r.byUtilisation.push_back(at(in, u));
    return r;
}

std::optional<SweepThroughput> Tco::sweepThroughput(const ProviderSummary &p, QString *error)
{
    if (!p.results.concurrencySweep) {
        *error = tr("%1 ran no concurrency sweep in this session").arg(p.name);
        return std::nullopt;
    }
    const ConcurrencyLevel *best = nullptr;
    for (const ConcurrencyLevel &l : p.results.concurrencySweep->levels) {
        if (!l.outputTokensPerS || l.attempts == 0 ||
            l.errorRate.value_or(0.0) > kSustainedErrorRate)
            continue;
        if (!best || *l.outputTokensPerS > *best->outputTokensPerS)
            best = &l;
    }
    if (!best) {
        *error = tr("%1's concurrency sweep has no step with a measured output rate and at most "
                    "%2% failed attempts")
                     .arg(p.name)
                     .arg(kSustainedErrorRate * 100);
        return std::nullopt;
    }
    if (!best->inputTokensPerS) {
        *error = tr("%1's concurrency sweep step at concurrency %2 has no reported prompt tokens, "
                    "so its throughput in input plus output tokens is unknown")
                     .arg(p.name)
                     .arg(best->concurrency);
        return std::nullopt;
    }
    SweepThroughput t;
    t.concurrency = best->concurrency;
    t.outputTokensPerS = *best->outputTokensPerS;
    t.inputTokensPerS = *best->inputTokensPerS;
    t.tokensPerS = t.outputTokensPerS + t.inputTokensPerS;
    if (t.outputTokensPerS > 0)
        t.allTokensPerOutput = t.tokensPerS / t.outputTokensPerS;
    return t;
}

std::optional<double> Tco::measuredUsdPer1m(const ProviderSummary &p)
{
    const qint64 tokens = p.inputTokens.value_or(0) + p.outputTokens.value_or(0);
    if (!p.costUsd || tokens <= 0)
        return std::nullopt;
    return *p.costUsd / double(tokens) * 1e6;
}

QByteArray Tco::json(const TcoReport &r)
{
    using nlohmann::json;
    const auto orNull = [](const std::optional<double> &v) {
        return v ? json(*v) : json(nullptr);
    };
    const auto point = [&](const TcoPoint &p) {
        return json{{"utilisation", p.utilisation},
                    {"capacity_tokens_per_month", p.capacityTokensPerMonth},
                    {"gpu_usd_per_1m", p.gpuUsdPer1m},
                    {"self_usd_per_month", p.selfUsdPerMonth},
                    {"self_usd_per_1m", orNull(p.selfUsdPer1m)},
                    {"deployments", p.deployments},
                    {"break_even_tokens_per_month", orNull(p.breakEvenTokensPerMonth)}};
    };
    json table = json::array();
    for (const TcoPoint &p : r.byUtilisation)
        table.push_back(point(p));
    const TcoInput &in = r.input;
    json fineTunes = json::array();
    for (std::size_t i = 0; i < in.fineTunes.size(); ++i) {
        const TcoFineTune &f = in.fineTunes[i];
        fineTunes.push_back({{"kind", f.kind.toStdString()},
                             {"gpu_hours", f.gpuHours},
                             {"runs_per_year", f.runsPerYear},
                             {"gpu_usd_per_hour", f.gpuUsdPerHour.value_or(in.gpuUsdPerHour)},
                             {"gpu_price_source", f.gpuUsdPerHour ? "given" : "deployment"},
                             {"usd_per_month", r.fineTuneUsdPerMonth[i]}});
    }
    const json hidden{
        {"redundancy", in.redundancy},
        {"redundancy_usd_per_month", r.redundancyUsdPerMonth},
        {"fine_tunes", fineTunes},
        {"fine_tune_usd_per_month", r.fineTuneTotalUsdPerMonth},
        {"total_usd_per_month", r.redundancyUsdPerMonth + r.fineTuneTotalUsdPerMonth}};
    json tornado = json::array();
    for (const TcoSensitivity &s : r.sensitivity)
        tornado.push_back({{"input", s.key.toStdString()},
                           {"base", s.base},
                           {"low", s.low},
                           {"high", s.high},
                           {"break_even_low", orNull(s.breakEvenLow)},
                           {"break_even_high", orNull(s.breakEvenHigh)},
                           {"swing_tokens_per_month", orNull(s.swing)},
                           {"unbounded", s.unbounded()}});
    const json doc{{"input",
                    {{"gpu_usd_per_hour", in.gpuUsdPerHour},
                     {"gpus", in.gpus},
                     {"utilisation", in.utilisation},
                     {"ops_usd_per_month", in.opsUsdPerMonth},
                     {"tokens_per_s", in.tokensPerS},
                     {"throughput_source", in.throughputSource.toStdString()},
                     {"api_usd_per_1m", in.apiUsdPer1m},
                     {"api_price_source", in.apiPriceSource.toStdString()},
                     {"monthly_tokens", in.monthlyTokens},
                     {"hours_per_month", kHoursPerMonth}}},
                   {"self_hosted", point(r.at)},
                   {"api", {{"usd_per_month", r.apiUsdPerMonth}, {"usd_per_1m", in.apiUsdPer1m}}},
                   {"cheaper", r.selfCheaper() ? "self_hosted" : "api"},
                   {"by_utilisation", table},
                   {"hidden_costs", hidden},
                   {"sensitivity", tornado}};
    return QByteArray::fromStdString(doc.dump(2));
}

} // namespace ys
