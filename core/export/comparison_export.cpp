#include "export/comparison_export.h"

#include "analysis/gates.h"

namespace ys {

namespace {

using Kind = DataColumn::Kind;

QVariant value(const std::optional<double> &v)
{
    return v ? QVariant(*v) : QVariant();
}

QVariant value(const std::optional<qint64> &v)
{
    return v ? QVariant(*v) : QVariant();
}

QVariant low(const std::optional<std::pair<double, double>> &ci)
{
    return ci ? QVariant(ci->first) : QVariant();
}

QVariant high(const std::optional<std::pair<double, double>> &ci)
{
    return ci ? QVariant(ci->second) : QVariant();
}

// A figure with its 95% interval: the value and the two ends, in that column order.
void appendWithCi(std::vector<QVariant> &row, const std::optional<double> &v,
                  const std::optional<std::pair<double, double>> &ci)
{
    row.push_back(value(v));
    row.push_back(low(ci));
    row.push_back(high(ci));
}

} // namespace

std::vector<DataColumn> ComparisonExport::columns()
{
    const QString ms = QStringLiteral("ms");
    const QString usd = QStringLiteral("$");
    const QString ciLow = tr("95% CI low");
    const QString ciHigh = tr("95% CI high");
    auto withCi = [&](std::vector<DataColumn> &c, const QString &key, const QString &title,
                      const QString &unit) {
        const QString suffix = unit == ms ? QStringLiteral("_ms") : QString();
        c.push_back({key + suffix, title, unit, Kind::Number});
        c.push_back({key + QStringLiteral("_ci_low") + suffix, title + QLatin1Char(' ') + ciLow,
                     unit, Kind::Number});
        c.push_back({key + QStringLiteral("_ci_high") + suffix, title + QLatin1Char(' ') + ciHigh,
                     unit, Kind::Number});
    };
    std::vector<DataColumn> c{
        {QStringLiteral("provider"), tr("Provider"), {}, Kind::Text},
        {QStringLiteral("model"), tr("Model"), {}, Kind::Text},
        {QStringLiteral("runs"), tr("Runs"), {}, Kind::Integer},
        {QStringLiteral("attempts"), tr("Attempts"), {}, Kind::Integer},
        {QStringLiteral("successes"), tr("Successes"), {}, Kind::Integer},
        {QStringLiteral("success_rate_pct"), tr("Success rate"), QStringLiteral("%"), Kind::Number},
        {QStringLiteral("ttft_p50_ms"), tr("TTFT P50"), ms, Kind::Number},
    };
    withCi(c, QStringLiteral("ttft_p95"), tr("TTFT P95"), ms);
    c.push_back({QStringLiteral("e2e_p50_ms"), tr("E2E P50"), ms, Kind::Number});
    withCi(c, QStringLiteral("e2e_p95"), tr("E2E P95"), ms);
    c.push_back(
        {QStringLiteral("latency_gate_from"), tr("Latency gate measured from"), {}, Kind::Text});
    withCi(c, QStringLiteral("latency_gate_e2e_p95"), tr("Latency gate E2E P95"), ms);
    c.push_back({QStringLiteral("output_tokens_per_s_p50"), tr("Output P50"),
                 QStringLiteral("tokens/s"), Kind::Number});
    c.push_back(
        {QStringLiteral("usd_per_1k_list"), tr("List price per 1K tokens"), usd, Kind::Number});
    withCi(c, QStringLiteral("usd_per_1k_measured"), tr("Measured cost per 1K tokens"), usd);
    c.push_back({QStringLiteral("cost_usd"), tr("Cost of run"), usd, Kind::Number});
    c.push_back({QStringLiteral("cost_partial"),
                 tr("Cost partial (token counts missing)"),
                 {},
                 Kind::Text});
    c.push_back({QStringLiteral("input_tokens"), tr("Input"), tr("tokens"), Kind::Integer});
    c.push_back({QStringLiteral("output_tokens"), tr("Output"), tr("tokens"), Kind::Integer});
    c.push_back({QStringLiteral("context_window_tokens"), tr("Context window"), tr("tokens"),
                 Kind::Integer});
    c.push_back({QStringLiteral("latency_gate"), tr("Latency gate"), {}, Kind::Text});
    c.push_back({QStringLiteral("ttft_gate"), tr("TTFT gate"), {}, Kind::Text});
    c.push_back({QStringLiteral("cost_gate"), tr("Cost gate"), {}, Kind::Text});
    c.push_back({QStringLiteral("context_gate"), tr("Context gate"), {}, Kind::Text});
    c.push_back({QStringLiteral("gates_passed"), tr("Gates passed"), {}, Kind::Integer});
    c.push_back({QStringLiteral("gates_needed"), tr("Gates needed"), {}, Kind::Integer});
    c.push_back({QStringLiteral("verdict"), tr("Requirements"), {}, Kind::Text});
    return c;
}

DataTable ComparisonExport::table(const std::vector<ProviderSummary> &providers,
                                  const Requirements &requirements)
{
    DataTable t;
    t.name = QStringLiteral("comparison");
    t.columns = columns();
    for (const ProviderSummary &s : providers) {
        const GateVerdict v = Gates::evaluate(s, requirements);
        const Distribution &gated = Gates::gatedLatency(s);
        std::vector<QVariant> r{s.name, s.model, s.runs, s.attempts, s.successes};
        r.push_back(s.attempts ? QVariant(100.0 * s.successes / s.attempts) : QVariant());
        r.push_back(value(s.ttftMs.p50));
        appendWithCi(r, s.ttftMs.p95, s.ttftMs.p95Ci);
        r.push_back(value(s.e2eMs.p50));
        appendWithCi(r, s.e2eMs.p95, s.e2eMs.p95Ci);
        r.push_back(Gates::latencyFromIntendedStart(s) ? tr("intended start") : tr("actual start"));
        appendWithCi(r, gated.p95, gated.p95Ci);
        r.push_back(value(s.outputTokensPerSecondP50));
        r.push_back(value(s.usdPer1kBlended));
        appendWithCi(r, s.usdPer1kMeasured, s.usdPer1kMeasuredCi);
        r.push_back(value(s.costUsd));
        r.push_back(s.tokensEstimated ? tr("yes") : tr("no"));
        r.push_back(value(s.inputTokens));
        r.push_back(value(s.outputTokens));
        r.push_back(value(s.contextWindow));
        for (const GateResult g : {v.latency, v.ttft, v.cost, v.context})
            r.push_back(Gates::describe(g));
        r.push_back(v.passed());
        r.push_back(v.minPassed);
        r.push_back(Gates::describe(v.overall()));
        t.rows.push_back(std::move(r));
    }
    return t;
}

} // namespace ys
