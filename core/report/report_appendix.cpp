#include "report/report_content.h"

#include "analysis/price_source_json.h"
#include "domain/calibration_record.h"
#include "models/figure_text.h"
#include "models/insight_text.h"
#include "models/results_text.h"

namespace ys {

namespace {

ReportCell figureRow(const QString &path, const std::optional<double> &v, int decimals)
{
    return reportcell::number(path, v, decimals);
}

// The caveats that hang on one provider's figures.
QStringList providerCaveats(const ProviderSummary &p, const SessionSummary &summary)
{
    QStringList out;
    if (p.tokensEstimated)
        out << ReportBuilder::tr("%1: some attempts reported no token usage, so its token counts "
                                 "and cost are partly estimated.")
                   .arg(p.name);
    for (const TokenReconciliation &r : summary.reconciliation)
        if (r.provider == p.name && r.encoding.estimated)
            out << ReportBuilder::tr("%1: local token counts use a proxy encoding (%2 family); "
                                     "the provider's reported usage is the figure of record.")
                       .arg(p.name, r.encoding.family);
    if (p.results.contextLimit &&
        p.results.contextLimit->behaviour == QLatin1StringView("silent_truncation"))
        out << ReportBuilder::tr("%1 silently truncates prompts past its limit instead of "
                                 "refusing them (verified limit %2 tokens).")
                   .arg(p.name, p.results.contextLimit->verified
                                    ? FigureText::contextWindow(*p.results.contextLimit->verified)
                                    : QStringLiteral("—"));
    if (p.achievedConcurrency && p.concurrency > 0 && *p.achievedConcurrency < p.concurrency)
        out << ReportBuilder::tr("%1's run reached %2 attempts in flight of the %3 it asked for: "
                                 "its figures are for a lighter load.")
                   .arg(p.name)
                   .arg(*p.achievedConcurrency)
                   .arg(p.concurrency);
    if (p.servedByFallback > 0)
        out << ReportBuilder::tr("%1: attempts served by a fallback provider, left out of its "
                                 "figures: %2.")
                   .arg(p.name)
                   .arg(p.servedByFallback);
    return out;
}

QString calibrationCaveat(const QByteArray &calibration)
{
    const std::optional<CalibrationRecord> record = CalibrationRecord::fromJson(calibration);
    if (!record)
        return ReportBuilder::tr("The client's overhead was not measured: the timings' precision "
                                 "is unknown.");
    QStringList high;
    for (const CalibrationResult &r : record->results)
        if (r.large())
            high << CalibrationText::transportName(r.transport);
    if (!high.isEmpty())
        return ReportBuilder::tr("The client's own delivery overhead was high (median above 1 ms "
                                 "or P99 above 5 ms) over %1: the timings are less precise than "
                                 "usual.")
            .arg(high.join(QStringLiteral(", ")));
    return {};
}

ReportBlock figuresTable(const ProviderSummary &p)
{
    ReportBlock t =
        ReportBlock::tableOf(QStringLiteral("figures"),
                             {ReportBuilder::tr("Figure"), ReportBuilder::tr("Value")}, p.name);
    const auto row = [&t](const QString &name, const ReportCell &cell) {
        t.table.rows.push_back({reportcell::text(name), cell});
    };
    const auto distribution = [&row](const QString &label, const QString &path,
                                     const Distribution &d) {
        row(ReportBuilder::tr("%1 P50 (ms)").arg(label),
            figureRow(path + QStringLiteral(".p50"), d.p50, 1));
        row(ReportBuilder::tr("%1 P95 (ms)").arg(label),
            figureRow(path + QStringLiteral(".p95"), d.p95, 1));
        row(ReportBuilder::tr("%1 P99 (ms)").arg(label),
            figureRow(path + QStringLiteral(".p99"), d.p99, 1));
    };
    row(ReportBuilder::tr("Model"), reportcell::shown(QStringLiteral("model"), p.model, p.model));
    row(ReportBuilder::tr("Dialect"),
        reportcell::shown(QStringLiteral("dialect"), p.dialect, p.dialect));
    row(ReportBuilder::tr("Attempts"), reportcell::count(QStringLiteral("attempts"), p.attempts));
    row(ReportBuilder::tr("Successful"),
        reportcell::count(QStringLiteral("successful"), p.successes));
    distribution(ReportBuilder::tr("TTFT"), QStringLiteral("ttft_ms"), p.ttftMs);
    distribution(ReportBuilder::tr("E2E"), QStringLiteral("e2e_ms"), p.e2eMs);
    row(ReportBuilder::tr("ITL mean (ms)"),
        figureRow(QStringLiteral("itl_ms.mean"), p.itlMeanMs, 2));
    row(ReportBuilder::tr("ITL P99 (ms)"), figureRow(QStringLiteral("itl_ms.p99"), p.itlP99Ms, 2));
    row(ReportBuilder::tr("Output tok/s P50"),
        figureRow(QStringLiteral("output_tokens_per_s.p50"), p.outputTokensPerSecondP50, 1));
    row(ReportBuilder::tr("Input tokens"),
        reportcell::count(QStringLiteral("input_tokens"), p.inputTokens));
    row(ReportBuilder::tr("Output tokens"),
        reportcell::count(QStringLiteral("output_tokens"), p.outputTokens));
    row(ReportBuilder::tr("Cached tokens"),
        reportcell::count(QStringLiteral("cached_tokens"), p.cachedTokens));
    row(ReportBuilder::tr("Billed tokens"),
        reportcell::count(QStringLiteral("billed_tokens"), p.billedTokens));
    row(ReportBuilder::tr("Cost ($)"), figureRow(QStringLiteral("cost_usd"), p.costUsd, 6));
    row(ReportBuilder::tr("List $/1K tokens"),
        figureRow(QStringLiteral("usd_per_1k_tokens"), p.usdPer1kBlended, 6));
    row(ReportBuilder::tr("Spent $/1K tokens"),
        figureRow(QStringLiteral("usd_per_1k_measured"), p.usdPer1kMeasured, 6));
    row(ReportBuilder::tr("Spent on answers ($)"),
        figureRow(QStringLiteral("cost_breakdown_usd.answered"), p.costBreakdown.answeredUsd, 6));
    row(ReportBuilder::tr("Spent on retried attempts ($)"),
        figureRow(QStringLiteral("cost_breakdown_usd.retried"), p.costBreakdown.retriedUsd, 6));
    row(ReportBuilder::tr("Spent on failures ($)"),
        figureRow(QStringLiteral("cost_breakdown_usd.failed"), p.costBreakdown.failedUsd, 6));
    row(ReportBuilder::tr("Spent on cut answers ($)"),
        figureRow(QStringLiteral("cost_breakdown_usd.truncated"), p.costBreakdown.truncatedUsd, 6));
    row(ReportBuilder::tr("Context window"),
        reportcell::shown(
            QStringLiteral("context_window"),
            p.contextWindow ? FigureText::contextWindow(*p.contextWindow) : QStringLiteral("—"),
            p.contextWindow ? QString::number(*p.contextWindow) : QStringLiteral("null")));
    return t;
}

ReportBlock outcomesTable(const ProviderSummary &p)
{
    ReportBlock t =
        ReportBlock::tableOf(QStringLiteral("outcomes"),
                             {ReportBuilder::tr("Outcome"), ReportBuilder::tr("Attempts")}, p.name);
    for (int i = 0; i < kOutcomeCount; ++i) {
        const int n = p.outcomes[std::size_t(i)];
        if (n == 0)
            continue;
        t.table.rows.push_back(
            {reportcell::text(OutcomeText::display(Outcome(i))),
             reportcell::count(QStringLiteral("outcomes.%1").arg(outcomeName(Outcome(i))), n)});
    }
    return t;
}

} // namespace

ReportSection ReportBuilder::caveats(const SessionSummary &summary)
{
    ReportSection s{QStringLiteral("caveats"), tr("Caveats"), {}};
    QStringList items;
    if (const QString c = calibrationCaveat(summary.info.calibration); !c.isEmpty())
        items << c;
    for (const ProviderSummary &p : summary.providers)
        items << providerCaveats(p, summary);
    items << InsightText::lines(summary); // token reconciliation and drift
    if (summary.drift.empty())
        items << tr("No drift against earlier sessions of the same providers was found.");
    s.blocks.push_back(ReportBlock::list(items));
    return s;
}

ReportSection ReportBuilder::appendix(const SessionSummary &summary)
{
    ReportSection s{QStringLiteral("appendix"), tr("Appendix: the providers"), {}};
    for (const ProviderSummary &p : summary.providers) {
        s.blocks.push_back(ReportBlock::heading(p.name));
        s.blocks.push_back(figuresTable(p));
        s.blocks.push_back(outcomesTable(p));
        if (p.successes < p.attempts)
            s.blocks.push_back(
                ReportBlock::paragraph(tr("Outcomes: %1").arg(FigureText::outcomeBreakdown(p))));
        // The line says "price:" itself, as show's text does.
        s.blocks.push_back(ReportBlock::paragraph(PriceSourceText::line(p.price)));
        if (const QStringList scenarios = FigureText::latencyScenarios(p); !scenarios.isEmpty())
            s.blocks.push_back(ReportBlock::list(scenarios));
        const QStringList results = ResultsText::lines(p.results);
        if (!results.isEmpty())
            s.blocks.push_back(ReportBlock::list(results));
    }
    return s;
}

} // namespace ys
