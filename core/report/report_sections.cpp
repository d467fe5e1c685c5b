#include "report/report_content.h"

#include "analysis/gates.h"
#include "analysis/scores.h"
#include "domain/calibration_record.h"
#include "domain/session_status.h"
#include "models/figure_text.h"
#include "models/insight_text.h"
#include "models/kind_results_text.h"
#include "models/verdict_text.h"
#include "util/number_text.h"

#include <algorithm>

namespace ys {

namespace {

ReportCell gateCell(const GateVerdict &v, GateKind kind)
{
    const Gate *g = v.gate(kind);
    const QString path = QStringLiteral("gates.checks.%1.verdict").arg(Gates::name(kind));
    ReportCell c = reportcell::shown(path, Gates::describe(g->result), Gates::name(g->result));
    c.css = Gates::name(g->result);
    return c;
}

QString scenarioLine(const Scenario &sc)
{
    const QString load =
        sc.load == QLatin1StringView("open")
            ? ReportBuilder::tr("open loop (at most %1 in flight)").arg(sc.concurrency)
            : ReportBuilder::tr("closed loop, %1 in flight").arg(sc.concurrency);
    const QString title = VerdictText::title(sc.kind);
    const QString name = title == sc.kind ? title : QStringLiteral("%1 (%2)").arg(title, sc.kind);
    QString line = ReportBuilder::tr("%1: requests %2, %3").arg(name).arg(sc.requests).arg(load);
    if (sc.warmup > 0)
        line += ReportBuilder::tr("; warm-up requests left out of the figures: %1").arg(sc.warmup);
    return line;
}

QString calibrationText(const QByteArray &calibration)
{
    const std::optional<CalibrationRecord> record = CalibrationRecord::fromJson(calibration);
    if (!record)
        return ReportBuilder::tr("The client's delivery overhead could not be measured for this "
                                 "session.");
    QStringList parts;
    for (const CalibrationResult &r : record->results)
        parts << ReportBuilder::tr("over %1, %2 events: median %3 ms, P99 %4 ms, maximum %5 ms "
                                   "late")
                     .arg(CalibrationText::transportName(r.transport))
                     .arg(r.events)
                     .arg(fixedNumber(r.medianMs, 3))
                     .arg(fixedNumber(r.p99Ms, 3))
                     .arg(fixedNumber(r.maxMs, 3));
    return ReportBuilder::tr("Before the first run the client measured its own delivery "
                             "overhead against a loopback stream with known send times, through "
                             "each transport the session's attempts use: %1.")
        .arg(parts.join(QStringLiteral("; ")));
}

} // namespace

ReportSection ReportBuilder::method(const SessionSummary &summary,
                                    const std::optional<Suite> &suite)
{
    ReportSection s{QStringLiteral("method"), tr("Method"), {}};
    s.blocks.push_back(ReportBlock::heading(tr("Scenarios")));
    QStringList scenarios;
    if (suite)
        for (const Scenario &sc : suite->scenarios)
            scenarios << scenarioLine(sc);
    if (scenarios.isEmpty())
        scenarios << tr("The session's suite is not stored; the loads below are the runs'.");
    s.blocks.push_back(ReportBlock::list(scenarios));

    s.blocks.push_back(ReportBlock::heading(tr("Loads")));
    ReportBlock t = ReportBlock::tableOf(
        QStringLiteral("loads"), {tr("Provider"), tr("Load"), tr("Concurrency"), tr("Achieved"),
                                  tr("Rate asked (/s)"), tr("Rate achieved (/s)"), tr("Runs")});
    for (const ProviderSummary &p : summary.providers) {
        t.table.rowProviders.push_back(p.name);
        t.table.rows.push_back(
            {reportcell::text(p.name),
             reportcell::shown(QStringLiteral("load_model"),
                               p.loadModel.isEmpty() ? QStringLiteral("—") : p.loadModel,
                               p.loadModel.isEmpty() ? QStringLiteral("null") : p.loadModel),
             reportcell::count(QStringLiteral("concurrency"),
                               p.concurrency > 0 ? std::optional<qint64>(p.concurrency)
                                                 : std::nullopt),
             reportcell::count(QStringLiteral("achieved_concurrency"),
                               p.achievedConcurrency ? std::optional<qint64>(*p.achievedConcurrency)
                                                     : std::nullopt),
             reportcell::number(QStringLiteral("rate_asked_per_s"), p.askedRatePerS, 2),
             reportcell::number(QStringLiteral("rate_achieved_per_s"), p.achievedRatePerS, 2),
             reportcell::count(QStringLiteral("runs"), p.runs)});
    }
    s.blocks.push_back(t);

    s.blocks.push_back(ReportBlock::heading(tr("Statistics")));
    s.blocks.push_back(ReportBlock::paragraph(
        tr("Percentiles: linear interpolation between closest ranks (numpy's default, R type 7). "
           "Timings come from successful attempts (ok, or cut by the requested output limit); "
           "warm-up attempts are left out.")));
    s.blocks.push_back(ReportBlock::paragraph(
        tr("Each P95 carries a distribution-free 95% confidence interval from the order "
           "statistics (binomial); the measured $ per 1K tokens carries a 95% interval by the "
           "delta method. A gate whose interval straddles its threshold is inconclusive.")));
    s.blocks.push_back(ReportBlock::heading(tr("Clock and client overhead")));
    s.blocks.push_back(ReportBlock::paragraph(
        tr("Every time is taken on the monotonic clock, on the network thread that runs the "
           "attempt, from the moment the attempt is handed to the transport.")));
    s.blocks.push_back(ReportBlock::paragraph(calibrationText(summary.info.calibration)));
    return s;
}

ReportSection ReportBuilder::comparison(const SessionSummary &summary)
{
    ReportSection s{QStringLiteral("comparison"), tr("Comparison and gates"), {}};
    const Requirements &req = summary.requirements;
    ReportBlock t =
        ReportBlock::tableOf(QStringLiteral("comparison"),
                             {tr("Provider"), tr("Success"), tr("TTFT P50 (ms)"),
                              tr("E2E P95 (ms)"), tr("E2E P95 95% CI"), tr("Output tok/s P50"),
                              tr("List $/1K tokens"), tr("Spent $/1K tokens"), tr("Context")});
    const GateVerdict none = Gates::evaluate(ProviderSummary{}, req);
    for (const Gate &g : none.gates)
        t.table.headers << Gates::describe(g);
    t.table.headers << tr("Verdict");
    for (std::size_t i = 0; i < summary.providers.size(); ++i) {
        const ProviderSummary &p = summary.providers[i];
        const GateVerdict v = Gates::verdict(summary, i);
        const bool intended = Gates::latencyFromIntendedStart(p);
        const Distribution &e2e = Gates::gatedLatency(p);
        const QString e2ePath = intended ? QStringLiteral("results.latency.e2e_from_intended_ms")
                                         : QStringLiteral("e2e_ms");
        std::vector<ReportCell> row{
            reportcell::text(p.name),
            reportcell::shown(QStringLiteral("successful"), FigureText::successes(p),
                              QString::number(p.successes)),
            reportcell::number(QStringLiteral("ttft_ms.p50"), p.ttftMs.p50, 1),
            reportcell::number(e2ePath + QStringLiteral(".p95"), e2e.p95, 1),
            e2e.p95Ci ? reportcell::text(QStringLiteral("%1 – %2")
                                             .arg(fixedNumber(e2e.p95Ci->first, 1))
                                             .arg(fixedNumber(e2e.p95Ci->second, 1)))
                      : reportcell::text(QStringLiteral("—")),
            reportcell::number(QStringLiteral("output_tokens_per_s.p50"),
                               p.outputTokensPerSecondP50, 0),
            reportcell::number(QStringLiteral("usd_per_1k_tokens"), p.usdPer1kBlended, 5),
            reportcell::number(QStringLiteral("usd_per_1k_measured"), p.usdPer1kMeasured, 5),
            reportcell::shown(
                QStringLiteral("context_window"),
                p.contextWindow ? FigureText::contextWindow(*p.contextWindow) : QStringLiteral("—"),
                p.contextWindow ? QString::number(*p.contextWindow) : QStringLiteral("null"))};
        for (const Gate &g : v.gates)
            row.push_back(gateCell(v, g.kind));
        ReportCell overall =
            reportcell::shown(QStringLiteral("gates.overall"), Gates::describe(v.overall()),
                              Gates::name(v.overall()));
        overall.css = Gates::name(v.overall());
        row.push_back(overall);
        t.table.rowProviders.push_back(p.name);
        t.table.rows.push_back(std::move(row));
    }
    s.blocks.push_back(t);
    s.blocks.push_back(ReportBlock::paragraph(
        tr("Gates: %1. In an open-loop run the end-to-end P95 is read from the intended start "
           "(queue delay included), as the latency gate reads it.")
            .arg(Gates::describe(req).join(QStringLiteral("; ")))));
    return s;
}

ReportSection ReportBuilder::charts(const SessionSummary &summary)
{
    Q_UNUSED(summary);
    ReportSection s{QStringLiteral("charts"), tr("Pareto and context charts"), {}};
    s.blocks.push_back(ReportBlock::heading(tr("Latency against cost (Pareto front)")));
    s.blocks.push_back(ReportBlock::paragraph(
        tr("Each provider's end-to-end P95 against the $ it spent per 1K billed tokens, with "
           "their 95% intervals; the staircase is the Pareto front, the dashed lines the gates.")));
    s.blocks.push_back(ReportBlock::chart(QStringLiteral("pareto")));
    s.blocks.push_back(ReportBlock::heading(tr("Cost and latency against context size")));
    s.blocks.push_back(ReportBlock::paragraph(
        tr("For the providers that ran a context sweep: the cost of one request and its time to "
           "first token as the prompt grows, with the fitted curve.")));
    s.blocks.push_back(ReportBlock::chart(QStringLiteral("context_cost")));
    s.blocks.push_back(ReportBlock::chart(QStringLiteral("context_latency")));
    return s;
}

ReportSection ReportBuilder::shortlist(const SessionSummary &summary)
{
    ReportSection s{QStringLiteral("shortlist"), tr("Shortlist and scores"), {}};
    QString error;
    const auto table = Scores::ofSession(summary, Scores::defaultCriteria(), &error);
    if (!table) {
        s.blocks.push_back(ReportBlock::paragraph(error));
        return s;
    }
    QStringList weights;
    for (const ScoreCriterion &c : table->criteria)
        weights << QStringLiteral("%1 %2").arg(c.name).arg(c.weight);
    s.blocks.push_back(ReportBlock::paragraph(
        tr("Every figure scaled to [0, 1] across the providers (1 the best) and fused by a "
           "weighted mean; weights: %1. The Gates column says whether each provider qualifies.")
            .arg(weights.join(QStringLiteral(", ")))));
    std::vector<std::size_t> order(table->rows.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const auto &ra = table->rows[a].rank;
        const auto &rb = table->rows[b].rank;
        return ra && (!rb || *ra < *rb);
    });
    ReportBlock t = ReportBlock::tableOf(QStringLiteral("shortlist"),
                                         {tr("Rank"), tr("Provider"), tr("Score"), tr("Gates")});
    for (const std::size_t i : order) {
        const ScoreRow &r = table->rows[i];
        const GateResult overall = Gates::verdict(summary, i).overall();
        ReportCell rank = reportcell::count(QStringLiteral("rank"),
                                            r.rank ? std::optional<qint64>(*r.rank) : std::nullopt);
        ReportCell score = reportcell::number(QStringLiteral("score"), r.score, 3);
        rank.scope = score.scope = QStringLiteral("score");
        ReportCell gate = reportcell::shown(QStringLiteral("gates.overall"),
                                            Gates::describe(overall), Gates::name(overall));
        gate.css = Gates::name(overall);
        t.table.rowProviders.push_back(r.name);
        t.table.rows.push_back({rank, reportcell::text(r.name), score, gate});
    }
    s.blocks.push_back(t);
    if (table->topStability)
        s.blocks.push_back(ReportBlock::paragraph(
            tr("The top provider stays on top in %1% of 1,000 draws of weights each moved by up "
               "to ±50%.")
                .arg(fixedNumber(*table->topStability * 100.0, 1))));
    return s;
}

} // namespace ys
