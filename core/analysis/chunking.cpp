#include "analysis/chunking.h"

#include <algorithm>

namespace ys {

namespace {

qint64 ceilDiv(qint64 a, qint64 b)
{
    return (a + b - 1) / b;
}

// The window a prompt must fit: the largest prompt the provider verifiably took whole, else
// the limit it claims, else the one configured for it.
std::optional<qint64> windowOf(const ProviderSummary &p)
{
    if (const auto &limit = p.results.contextLimit) {
        if (limit->verified)
            return limit->verified;
        if (limit->claimed)
            return limit->claimed;
    }
    return p.contextWindow;
}

// The largest prompt the sweep sent and had answered.
double sweptUpTo(const ContextSweepResult &sweep)
{
    double most = 0;
    for (const ContextSweepPoint &point : sweep.points)
        if (point.successes > 0)
            most = std::max(most, double(point.promptTokens));
    return most;
}

} // namespace

QString Chunking::problem(const ChunkingPlan &plan)
{
    const std::optional<ChunkingProblem> p = problemOf(plan);
    return p ? p->message : QString();
}

std::optional<ChunkingProblem> Chunking::problemOf(const ChunkingPlan &plan)
{
    using F = ChunkingField;
    if (plan.documentTokens < 1)
        return ChunkingProblem{F::DocumentTokens, tr("the document must have at least 1 token")};
    if (plan.chunkTokens < 1)
        return ChunkingProblem{F::ChunkTokens, tr("a chunk must have at least 1 token")};
    if (plan.overlapTokens < 0 || plan.overlapTokens >= plan.chunkTokens)
        return ChunkingProblem{
            F::OverlapTokens,
            tr("the overlap must be at least 0 and below the chunk size (%1 tokens)")
                .arg(plan.chunkTokens)};
    const QString negative = tr("the instruction and the summary cannot have fewer than 0 tokens");
    if (plan.instructionTokens < 0)
        return ChunkingProblem{F::InstructionTokens, negative};
    if (plan.summaryTokens < 0)
        return ChunkingProblem{F::SummaryTokens, negative};
    if (plan.parallel < 1)
        return ChunkingProblem{F::Parallel, tr("at least 1 call must run at a time")};
    return std::nullopt;
}

ChunkingArithmetic Chunking::arithmetic(const ChunkingPlan &plan)
{
    ChunkingArithmetic a;
    const qint64 d = plan.documentTokens;
    const qint64 c = plan.chunkTokens;
    const qint64 stride = c - plan.overlapTokens;
    a.chunks = d <= c ? 1 : 1 + ceilDiv(d - c, stride);
    a.lastChunkTokens = d - (a.chunks - 1) * stride;
    a.chunkedTokens = (a.chunks - 1) * c + a.lastChunkTokens;
    a.redundancy = double(a.chunkedTokens) / double(d) - 1.0;
    a.mapInputTokens = a.chunkedTokens + a.chunks * plan.instructionTokens;
    const bool reduce = a.chunks > 1;
    a.reduceInputTokens = reduce ? a.chunks * plan.summaryTokens + plan.instructionTokens : 0;
    a.inputTokens = a.mapInputTokens + a.reduceInputTokens;
    a.outputTokens = (a.chunks + (reduce ? 1 : 0)) * plan.summaryTokens;
    a.calls = a.chunks + (reduce ? 1 : 0);
    a.rounds = ceilDiv(a.chunks, plan.parallel);
    a.wholeInputTokens = d + plan.instructionTokens;
    return a;
}

std::vector<ChunkingEstimate> Chunking::estimates(const ChunkingPlan &plan,
                                                  const SessionSummary &summary)
{
    const ChunkingArithmetic a = arithmetic(plan);
    const qint64 k = plan.instructionTokens;
    // The map calls: every chunk but the last is chunkTokens long.
    const qint64 fullCall = (a.chunks > 1 ? plan.chunkTokens : a.lastChunkTokens) + k;
    const qint64 lastCall = a.lastChunkTokens + k;
    const qint64 largest = std::max(fullCall, a.reduceInputTokens);
    std::vector<ChunkingEstimate> out;
    for (const ProviderSummary &p : summary.providers) {
        const auto &sweep = p.results.contextSweep;
        if (!sweep)
            continue;
        ChunkingEstimate e;
        e.provider = p.name;
        e.window = windowOf(p);
        e.chunkFits = !e.window || largest <= *e.window;
        e.wholeFits = !e.window || a.wholeInputTokens <= *e.window;
        const double upTo = sweptUpTo(*sweep);
        if (sweep->costFit.ok()) {
            const CostCurveFit &cost = sweep->costFit;
            if (e.chunkFits)
                e.chunkedCostUsd = double(a.chunks - 1) * cost.value(double(fullCall)) +
                                   cost.value(double(lastCall)) +
                                   (a.chunks > 1 ? cost.value(double(a.reduceInputTokens)) : 0.0);
            if (e.wholeFits)
                e.wholeCostUsd = cost.value(double(a.wholeInputTokens));
        }
        if (sweep->e2eFit) {
            const CurveFit &e2e = *sweep->e2eFit;
            if (e.chunkFits)
                e.chunkedLatencyMs =
                    double(a.rounds) * e2e.predict(double(fullCall)) +
                    (a.chunks > 1 ? e2e.predict(double(a.reduceInputTokens)) : 0.0);
            if (e.wholeFits)
                e.wholeLatencyMs = e2e.predict(double(a.wholeInputTokens));
        }
        e.extrapolated = (e.chunkFits && double(largest) > upTo) ||
                         (e.wholeFits && double(a.wholeInputTokens) > upTo);
        out.push_back(std::move(e));
    }
    return out;
}

} // namespace ys
