#include "report/report_content.h"

#include "models/contract_text.h"
#include "models/kind_results_text.h"
#include "models/verdict_sentence.h"
#include "models/verdict_text.h"
#include "util/number_text.h"

#include <algorithm>

namespace ys {

namespace {

QString verdictCss(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return QStringLiteral("pass");
    case Verdict::Fail:
        return QStringLiteral("fail");
    case Verdict::Warn:
    case Verdict::Unknown:
        break;
    }
    return QStringLiteral("inconclusive");
}

// Every provider's card of each kind at a glance: a row per provider (cards[i] are provider i's),
// a column per kind any of them ran, each cell its verdict and key figure.
ReportBlock verdictTable(const SessionSummary &summary,
                         const std::vector<std::vector<VerdictCard>> &cards)
{
    QStringList kinds;
    for (const QString &kind : VerdictText::kinds())
        for (const std::vector<VerdictCard> &mine : cards)
            if (std::any_of(mine.begin(), mine.end(),
                            [&](const VerdictCard &c) { return c.kind == kind; }) &&
                !kinds.contains(kind))
                kinds << kind;
    QStringList headers{ReportBuilder::tr("Provider")};
    for (const QString &kind : kinds)
        headers << VerdictText::title(kind);
    ReportBlock t = ReportBlock::tableOf(QStringLiteral("verdicts"), headers);
    for (std::size_t i = 0; i < summary.providers.size(); ++i) {
        const ProviderSummary &p = summary.providers[i];
        const std::vector<VerdictCard> &mine = cards[i];
        if (mine.empty())
            continue;
        std::vector<ReportCell> row{reportcell::text(p.name)};
        for (const QString &kind : kinds) {
            const auto card = std::find_if(mine.begin(), mine.end(),
                                           [&](const VerdictCard &c) { return c.kind == kind; });
            if (card == mine.end()) {
                row.push_back(reportcell::text(QStringLiteral("—")));
                continue;
            }
            ReportCell cell = reportcell::text(
                card->keyFigure.isEmpty()
                    ? card->verdictText
                    : ReportBuilder::tr("%1: %2").arg(card->verdictText, card->keyFigure));
            cell.css = verdictCss(card->verdict);
            row.push_back(cell);
        }
        t.table.rowProviders.push_back(p.name);
        t.table.rows.push_back(std::move(row));
    }
    return t;
}

// A kind's table under its heading, then its paragraphs; nothing when no provider ran the kind.
void appendKind(std::vector<ReportBlock> &out, const QString &heading, ReportBlock table,
                const QStringList &paragraphs)
{
    if (table.table.rows.empty())
        return;
    out.push_back(ReportBlock::heading(heading));
    out.push_back(std::move(table));
    for (const QString &line : paragraphs)
        out.push_back(ReportBlock::paragraph(line));
}

QString levelPath(std::size_t i, const char *member)
{
    return QStringLiteral("results.concurrency_sweep.levels.%1.%2")
        .arg(i)
        .arg(QLatin1StringView(member));
}

QString pointPath(std::size_t i, const char *member)
{
    return QStringLiteral("results.context_sweep.points.%1.%2")
        .arg(i)
        .arg(QLatin1StringView(member));
}

// The concurrency sweep: a row per provider and level, then where each saturates.
void concurrencyBlocks(const SessionSummary &summary, std::vector<ReportBlock> &out)
{
    ReportBlock t =
        ReportBlock::tableOf(QStringLiteral("concurrency_sweep"),
                             {ReportBuilder::tr("Provider"), ReportBuilder::tr("In flight"),
                              ReportBuilder::tr("Output tok/s"), ReportBuilder::tr("Requests/s"),
                              ReportBuilder::tr("TTFT P95 (ms)"), ReportBuilder::tr("E2E P95 (ms)"),
                              ReportBuilder::tr("Errors (%)")});
    QStringList saturation;
    for (const ProviderSummary &p : summary.providers) {
        if (!p.results.concurrencySweep)
            continue;
        const ConcurrencySweepResult &r = *p.results.concurrencySweep;
        for (std::size_t i = 0; i < r.levels.size(); ++i) {
            const ConcurrencyLevel &l = r.levels[i];
            const std::optional<double> errors =
                l.errorRate ? std::optional<double>(*l.errorRate * 100.0) : std::nullopt;
            ReportCell errorCell =
                reportcell::text(errors ? fixedNumber(*errors, 1) : QStringLiteral("—"));
            t.table.rowProviders.push_back(p.name);
            t.table.rows.push_back(
                {reportcell::text(p.name),
                 reportcell::count(levelPath(i, "concurrency"), l.concurrency),
                 reportcell::number(levelPath(i, "output_tokens_per_s"), l.outputTokensPerS, 0),
                 reportcell::number(levelPath(i, "requests_per_s"), l.requestsPerS, 2),
                 reportcell::number(levelPath(i, "ttft_ms.p95"), l.ttftMs.p95, 1),
                 reportcell::number(levelPath(i, "e2e_ms.p95"), l.e2eMs.p95, 1), errorCell});
        }
        saturation << QStringLiteral("%1: %2").arg(p.name, VerdictSentence::saturation(r));
    }
    appendKind(out, ReportBuilder::tr("Concurrency sweep"), std::move(t), saturation);
}

// The context sweep: a row per provider and prompt size, then what the fitted curves say.
void contextBlocks(const SessionSummary &summary, std::vector<ReportBlock> &out)
{
    ReportBlock t =
        ReportBlock::tableOf(QStringLiteral("context_sweep"),
                             {ReportBuilder::tr("Provider"), ReportBuilder::tr("Prompt tokens"),
                              ReportBuilder::tr("TTFT P50 (ms)"), ReportBuilder::tr("E2E P50 (ms)"),
                              ReportBuilder::tr("$ per request"), ReportBuilder::tr("Answered")});
    QStringList curves;
    for (const ProviderSummary &p : summary.providers) {
        if (!p.results.contextSweep)
            continue;
        const ContextSweepResult &r = *p.results.contextSweep;
        for (std::size_t i = 0; i < r.points.size(); ++i) {
            const ContextSweepPoint &pt = r.points[i];
            t.table.rowProviders.push_back(p.name);
            t.table.rows.push_back(
                {reportcell::text(p.name),
                 reportcell::count(pointPath(i, "prompt_tokens"), pt.promptTokens),
                 reportcell::number(pointPath(i, "ttft_ms.p50"), pt.ttftMs.p50, 1),
                 reportcell::number(pointPath(i, "e2e_ms.p50"), pt.e2eMs.p50, 1),
                 reportcell::number(pointPath(i, "cost_usd_per_request"), pt.costUsdPerRequest, 6),
                 reportcell::text(pt.skipped.isEmpty()
                                      ? QStringLiteral("%1/%2").arg(pt.successes).arg(pt.attempts)
                                      : ReportBuilder::tr("skipped: %1").arg(pt.skipped))});
        }
        curves << QStringLiteral("%1: %2 %3")
                      .arg(p.name, VerdictSentence::costCurve(r.costFit),
                           VerdictSentence::ttftCurve(r.latencyCurveFit));
    }
    appendKind(out, ReportBuilder::tr("Context sweep"), std::move(t), curves);
}

// Streaming stability: a row per provider.
void stabilityBlocks(const SessionSummary &summary, std::vector<ReportBlock> &out)
{
    ReportBlock t = ReportBlock::tableOf(
        QStringLiteral("stability"),
        {ReportBuilder::tr("Provider"), ReportBuilder::tr("ITL P50 (ms)"),
         ReportBuilder::tr("ITL P99 (ms)"), ReportBuilder::tr("Longest gap (ms)"),
         ReportBuilder::tr("Stalls"), ReportBuilder::tr("Streams cut"),
         ReportBuilder::tr("Finish reasons")});
    for (const ProviderSummary &p : summary.providers) {
        if (!p.results.stability)
            continue;
        const StabilityResult &r = *p.results.stability;
        const QStringList stalls = KindResultsText::stallParts(r);
        const QStringList finish = KindResultsText::finishParts(r);
        t.table.rowProviders.push_back(p.name);
        t.table.rows.push_back(
            {reportcell::text(p.name),
             reportcell::number(QStringLiteral("results.stability.itl_ms.p50"), r.itlMs.p50, 1),
             reportcell::number(QStringLiteral("results.stability.itl_ms.p99"), r.itlMs.p99, 1),
             reportcell::number(QStringLiteral("results.stability.longest_stall_ms"),
                                r.longestStallMs, 1),
             reportcell::text(stalls.isEmpty() ? QStringLiteral("—")
                                               : stalls.join(QStringLiteral(", "))),
             reportcell::count(QStringLiteral("results.stability.cuts"), r.cuts),
             reportcell::text(finish.isEmpty() ? QStringLiteral("—")
                                               : finish.join(QStringLiteral(", ")))});
    }
    appendKind(out, ReportBuilder::tr("Streaming stability"), std::move(t), {});
}

// Answer contracts: a row per provider and check, then each provider's failed checks (the
// first kContractFailuresListed; show --json lists them all).
void contractBlocks(const SessionSummary &summary, std::vector<ReportBlock> &out)
{
    constexpr int kContractFailuresListed = 20;
    ReportBlock t = ReportBlock::tableOf(QStringLiteral("contracts"),
                                         {ReportBuilder::tr("Provider"), ReportBuilder::tr("Check"),
                                          ReportBuilder::tr("Passed"), ReportBuilder::tr("Checked"),
                                          ReportBuilder::tr("Pass rate (95% CI)")});
    QStringList lines;
    for (const ProviderSummary &p : summary.providers) {
        if (!p.contract)
            continue;
        const ContractSummary &c = *p.contract;
        t.table.rowProviders.push_back(p.name);
        t.table.rows.push_back({reportcell::text(p.name),
                                reportcell::text(ReportBuilder::tr("every check")),
                                reportcell::count(QStringLiteral("contract.passed"), c.passed),
                                reportcell::count(QStringLiteral("contract.answers"), c.answers),
                                reportcell::text(ContractText::rate(c.passRate, c.passRateCi))});
        for (std::size_t i = 0; i < c.perCheck.size(); ++i) {
            const ContractCheckRate &r = c.perCheck[i];
            const QString at = QStringLiteral("contract.checks.%1.").arg(i);
            t.table.rowProviders.push_back(p.name);
            t.table.rows.push_back({reportcell::text(p.name),
                                    reportcell::text(ContractText::checkName(r.check)),
                                    reportcell::count(at + QStringLiteral("passed"), r.passed),
                                    reportcell::count(at + QStringLiteral("checked"), r.checked),
                                    reportcell::text(ContractText::rate(r.rate, r.ci))});
        }
        const int listed = std::min<int>(kContractFailuresListed, int(c.failures.size()));
        for (int i = 0; i < listed; ++i)
            lines << QStringLiteral("%1: %2").arg(
                p.name, ContractText::failure(c.failures[std::size_t(i)]));
        if (listed < int(c.failures.size()))
            lines << ReportBuilder::tr("%1: %n more failed check(s), listed by show --json.",
                                       nullptr, int(c.failures.size()) - listed)
                         .arg(p.name);
    }
    appendKind(out, ReportBuilder::tr("Answer contracts"), std::move(t), lines);
}

// Reasoning: a row per provider that reasoned, its first answer token, thinking and share of cost.
void reasoningBlocks(const SessionSummary &summary, std::vector<ReportBlock> &out)
{
    ReportBlock t = ReportBlock::tableOf(
        QStringLiteral("reasoning"),
        {ReportBuilder::tr("Provider"), ReportBuilder::tr("Attempts"),
         ReportBuilder::tr("TTFT P50 (ms)"), ReportBuilder::tr("First answer token P50 (ms)"),
         ReportBuilder::tr("Thinking P50 (ms)"), ReportBuilder::tr("Reasoning tokens"),
         ReportBuilder::tr("Share of cost")});
    bool estimated = false;
    const QString at = QStringLiteral("results.latency.reasoning.");
    for (const ProviderSummary &p : summary.providers) {
        if (!p.results.latency || !p.results.latency->reasoning)
            continue;
        const ReasoningResult &r = *p.results.latency->reasoning;
        estimated = estimated || r.estimated > 0;
        t.table.rowProviders.push_back(p.name);
        t.table.rows.push_back(
            {reportcell::text(p.name),
             reportcell::count(at + QStringLiteral("attempts"), r.attempts),
             reportcell::number(QStringLiteral("ttft_ms.p50"), p.ttftMs.p50, 1),
             reportcell::number(at + QStringLiteral("first_answer_ms.p50"), r.firstAnswerMs.p50, 1),
             reportcell::text(r.thinkingMs.p50
                                  ? fixedNumber(*r.thinkingMs.p50, 1) +
                                        (r.estimated > 0 ? QStringLiteral(" *") : QString())
                                  : QStringLiteral("—")),
             reportcell::number(at + QStringLiteral("reasoning_tokens_mean"), r.reasoningTokensMean,
                                0),
             reportcell::text(r.costShare ? VerdictSentence::share(*r.costShare)
                                          : QStringLiteral("—"))});
    }
    QStringList notes;
    if (estimated)
        notes << ReportBuilder::tr("* Hidden thinking, estimated: the reasoning tokens at the "
                                   "answer's own decode rate.");
    appendKind(out, ReportBuilder::tr("Reasoning"), std::move(t), notes);
}

// Tool calls: a row per provider whose answers called a tool, when the arguments were complete.
void toolCallBlocks(const SessionSummary &summary, std::vector<ReportBlock> &out)
{
    ReportBlock t = ReportBlock::tableOf(QStringLiteral("tool_calls"),
                                         {ReportBuilder::tr("Provider"), ReportBuilder::tr("Calls"),
                                          ReportBuilder::tr("TTFT P50 (ms)"),
                                          ReportBuilder::tr("Arguments complete P50 (ms)"),
                                          ReportBuilder::tr("Arguments complete P95 (ms)"),
                                          ReportBuilder::tr("Arguments streamed P50 (ms)")});
    const QString at = QStringLiteral("results.latency.tool_calls.");
    for (const ProviderSummary &p : summary.providers) {
        if (!p.results.latency || !p.results.latency->toolCalls)
            continue;
        const ToolCallResult &r = *p.results.latency->toolCalls;
        t.table.rowProviders.push_back(p.name);
        t.table.rows.push_back(
            {reportcell::text(p.name),
             reportcell::count(at + QStringLiteral("attempts"), r.attempts),
             reportcell::number(QStringLiteral("ttft_ms.p50"), p.ttftMs.p50, 1),
             reportcell::number(at + QStringLiteral("args_complete_ms.p50"), r.argsCompleteMs.p50,
                                1),
             reportcell::number(at + QStringLiteral("args_complete_ms.p95"), r.argsCompleteMs.p95,
                                1),
             reportcell::number(at + QStringLiteral("args_stream_ms.p50"), r.argsStreamMs.p50, 1)});
    }
    appendKind(out, ReportBuilder::tr("Tool calls"), std::move(t),
               {ReportBuilder::tr("A client can call the function only once its arguments are "
                                  "complete; their validity against the tool's schema is the "
                                  "contract check tool_arguments.")});
}

} // namespace

ReportSection ReportBuilder::verdicts(const SessionSummary &summary)
{
    ReportSection s{QStringLiteral("verdicts"), tr("Scenario verdicts"), {}};
    std::vector<std::vector<VerdictCard>> cards;
    for (const ProviderSummary &p : summary.providers)
        cards.push_back(VerdictText::cards(p));
    if (std::all_of(cards.begin(), cards.end(), [](const auto &mine) { return mine.empty(); })) {
        s.blocks.push_back(ReportBlock::paragraph(tr("No scenario kind with a verdict ran.")));
    } else {
        s.blocks.push_back(ReportBlock::paragraph(
            tr("Each kind of scenario that ends in a verdict, for each provider that ran it: "
               "pass, fail, or worth a look, with the figure it rests on.")));
        s.blocks.push_back(verdictTable(summary, cards));
        // Per provider, what each verdict stands on, in sentences.
        QStringList without;
        for (std::size_t i = 0; i < summary.providers.size(); ++i) {
            const ProviderSummary &p = summary.providers[i];
            if (cards[i].empty()) {
                without << p.name;
                continue;
            }
            s.blocks.push_back(ReportBlock::heading(p.name));
            for (const VerdictCard &c : cards[i])
                s.blocks.push_back(ReportBlock::paragraph(
                    tr("%1 (%2): %3").arg(c.title, c.verdictText, c.sentence)));
        }
        if (!without.isEmpty())
            s.blocks.push_back(
                ReportBlock::paragraph(tr("No scenario kind with a verdict ran for %1.")
                                           .arg(without.join(QStringLiteral(", ")))));
    }
    contextBlocks(summary, s.blocks);
    concurrencyBlocks(summary, s.blocks);
    stabilityBlocks(summary, s.blocks);
    contractBlocks(summary, s.blocks);
    reasoningBlocks(summary, s.blocks);
    toolCallBlocks(summary, s.blocks);
    return s;
}

} // namespace ys
