#include "cli/cli_chunking.h"

#include "analysis/chunking.h"
#include "analysis/chunking_json.h"
#include "cli/cli_output.h"
#include "cli/cli_session.h"
#include "util/number_text.h"

namespace ys {

namespace {

using cli::fail;
using cli::out;

struct ChunkingOption {
    const char *name;
    qint64 ChunkingPlan::*member;
    bool required;
};
constexpr ChunkingOption kChunkingOptions[] = {
    {"document-tokens", &ChunkingPlan::documentTokens, true},
    {"chunk-tokens", &ChunkingPlan::chunkTokens, true},
    {"overlap-tokens", &ChunkingPlan::overlapTokens, false},
    {"instruction-tokens", &ChunkingPlan::instructionTokens, false},
    {"summary-tokens", &ChunkingPlan::summaryTokens, false},
};

// The plan the options give; nullopt with *error naming the option that is wrong.
std::optional<ChunkingPlan> planOf(const QCommandLineParser &parser, QString *error)
{
    ChunkingPlan plan;
    for (const ChunkingOption &o : kChunkingOptions) {
        const QString name = QString::fromLatin1(o.name);
        if (!parser.isSet(name)) {
            if (!o.required)
                continue;
            *error = CliChunking::tr("chunking needs --%1 (see --help)").arg(name);
            return std::nullopt;
        }
        bool ok = false;
        plan.*o.member = parser.value(name).toLongLong(&ok);
        if (!ok) {
            *error = CliChunking::tr("--%1: \"%2\" is not a whole number of tokens")
                         .arg(name, parser.value(name));
            return std::nullopt;
        }
    }
    if (parser.isSet(QStringLiteral("parallel"))) {
        bool ok = false;
        plan.parallel = parser.value(QStringLiteral("parallel")).toInt(&ok);
        if (!ok) {
            *error = CliChunking::tr("--parallel: \"%1\" is not a whole number")
                         .arg(parser.value(QStringLiteral("parallel")));
            return std::nullopt;
        }
    }
    if (const QString problem = Chunking::problem(plan); !problem.isEmpty()) {
        *error = CliChunking::tr("chunking: %1").arg(problem);
        return std::nullopt;
    }
    return plan;
}

void printArithmetic(const ChunkingPlan &p, const ChunkingArithmetic &a)
{
    out() << CliChunking::tr("A document of %1 tokens in chunks of %2 overlapping by %3: %4 "
                             "chunk(s), the last of %5 tokens; %6 tokens sent in chunks, %7% "
                             "redundancy")
                 .arg(groupedCount(p.documentTokens), groupedCount(p.chunkTokens),
                      groupedCount(p.overlapTokens), groupedCount(a.chunks),
                      groupedCount(a.lastChunkTokens), groupedCount(a.chunkedTokens),
                      fixedNumber(a.redundancy * 100, 2))
          << '\n';
    out() << CliChunking::tr("  %1 call(s) in %2 round(s) of at most %3: %4 input tokens (%5 "
                             "in the map calls, %6 in the reduce call) and %7 output tokens; one "
                             "call with the whole document: %8 input tokens")
                 .arg(groupedCount(a.calls), groupedCount(a.rounds), groupedCount(p.parallel),
                      groupedCount(a.inputTokens), groupedCount(a.mapInputTokens),
                      groupedCount(a.reduceInputTokens), groupedCount(a.outputTokens),
                      groupedCount(a.wholeInputTokens))
          << '\n';
}

void printEstimates(const std::vector<ChunkingEstimate> &estimates)
{
    if (estimates.empty()) {
        out() << CliChunking::tr("No provider of the session ran a context sweep: nothing to "
                                 "estimate the calls from.")
              << '\n';
        return;
    }
    out() << CliChunking::tr("From each provider's context sweep (* past the largest prompt "
                             "it swept; — does not fit its window or has no curve):")
          << '\n';
    const auto ms = [](const std::optional<double> &v) {
        return v ? fixedNumber(*v, 0) : QStringLiteral("—");
    };
    for (const ChunkingEstimate &e : estimates)
        out() << CliChunking::tr("  %1 (window %2): chunked %3, %4 ms; whole %5, %6 ms%7")
                     .arg(e.provider,
                          e.window ? groupedCount(double(*e.window)) : QStringLiteral("—"),
                          usdAmount(e.chunkedCostUsd, 4), ms(e.chunkedLatencyMs),
                          usdAmount(e.wholeCostUsd, 4), ms(e.wholeLatencyMs),
                          e.extrapolated ? QStringLiteral(" *") : QString())
              << '\n';
}

int chunking(const QCommandLineParser &parser)
{
    QString error;
    const auto plan = planOf(parser, &error);
    if (!plan)
        return fail(2, error);
    const ChunkingArithmetic a = Chunking::arithmetic(*plan);
    std::vector<ChunkingEstimate> estimates;
    if (parser.isSet(QStringLiteral("db"))) {
        int code = 0;
        const auto summary = cli::CliSession::summary(parser, &code, &error);
        if (!summary)
            return fail(code, error);
        estimates = Chunking::estimates(*plan, *summary);
    }
    if (parser.isSet(QStringLiteral("json"))) {
        out() << QString::fromUtf8(chunkingJson(*plan, a, estimates)) << '\n';
    } else {
        printArithmetic(*plan, a);
        if (parser.isSet(QStringLiteral("db")))
            printEstimates(estimates);
    }
    out().flush();
    return 0;
}

} // namespace

void CliChunking::addOptions(QCommandLineParser &parser)
{
    const auto opt = [&](const char *name, const QString &help) {
        parser.addOption(QCommandLineOption(QString::fromLatin1(name), help, QStringLiteral("n")));
    };
    opt("document-tokens", tr("chunking: the document's tokens."));
    opt("chunk-tokens", tr("chunking: the tokens of one chunk."));
    opt("overlap-tokens", tr("chunking: the tokens neighbouring chunks share (default 0)."));
    opt("instruction-tokens", tr("chunking: the instruction sent with every call (default 0)."));
    opt("summary-tokens", tr("chunking: the summary each call answers with (default 0)."));
    opt("parallel", tr("chunking: the map calls made at a time (default 1)."));
}

std::optional<int> CliChunking::run(const QString &command, const QCommandLineParser &parser)
{
    if (command != QLatin1StringView("chunking"))
        return std::nullopt;
    return chunking(parser);
}

} // namespace ys
