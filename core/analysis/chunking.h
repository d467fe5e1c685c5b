#pragma once

#include "analysis/run_summary.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

// A long document summarised in chunks (docs/measurements.md, "Chunking a long document"): the
// document's tokens cut into windows of chunkTokens that overlap by overlapTokens, each sent with
// an instruction of instructionTokens and answered by a summary of summaryTokens; with more than
// one chunk, one more call joins the summaries (map-reduce), parallel map calls at a time.
struct ChunkingPlan {
    qint64 documentTokens = 0;
    qint64 chunkTokens = 0;
    qint64 overlapTokens = 0;
    qint64 instructionTokens = 0;
    qint64 summaryTokens = 0;
    int parallel = 1;
};

// The plan's arithmetic, exact: chunks start every chunkTokens − overlapTokens tokens, the last
// one ending at the document's end.
struct ChunkingArithmetic {
    qint64 chunks = 0;          // 1 when the document fits one chunk, else 1 + ⌈(D − c) / s⌉
    qint64 chunkedTokens = 0;   // the chunks' tokens together: D + (chunks − 1)·overlap
    qint64 lastChunkTokens = 0; // the last chunk's length (the others have chunkTokens)
    double redundancy = 0; // tokens sent more than once, as a share of D: chunkedTokens / D − 1
    qint64 mapInputTokens = 0;    // chunkedTokens + chunks·instruction
    qint64 reduceInputTokens = 0; // chunks·summary + instruction, when chunks > 1; else 0
    qint64 inputTokens = 0;       // map + reduce
    qint64 outputTokens = 0;      // chunks·summary, + summary for the reduce call
    qint64 calls = 0;             // chunks, + 1 for the reduce call
    qint64 rounds = 0;            // ⌈chunks / parallel⌉ map rounds
    qint64 wholeInputTokens = 0;  // one call with the whole document: D + instruction
};

// A provider's measured context sweep applied to the plan: what the chunked calls would cost and
// take on it, and what one call with the whole document would. Unset where the provider has no
// fitted curve, or the prompt does not fit its window.
struct ChunkingEstimate {
    QString provider;
    std::optional<qint64> window; // the verified context limit, else the claimed or configured
    bool chunkFits = false;       // the largest chunk call (and the reduce call) fit the window
    bool wholeFits = false;       // the whole document fits
    std::optional<double> chunkedCostUsd;
    std::optional<double> wholeCostUsd;
    std::optional<double> chunkedLatencyMs; // rounds × E2E(largest map call) + E2E(reduce call)
    std::optional<double> wholeLatencyMs;
    bool extrapolated = false; // a prompt size lies past the sweep's largest point
};

// The plan's field a problem lies in, and the problem in words.
enum class ChunkingField {
    DocumentTokens,
    ChunkTokens,
    OverlapTokens,
    InstructionTokens,
    SummaryTokens,
    Parallel
};
struct ChunkingProblem {
    ChunkingField field = ChunkingField::DocumentTokens;
    QString message;
};

class Chunking {
    Q_DECLARE_TR_FUNCTIONS(ys::Chunking)
public:
    // Why the plan cannot be computed (a size below 1, an overlap not below the chunk, a
    // parallelism below 1); empty when it can.
    static QString problem(const ChunkingPlan &plan);
    // The same with the field it lies in, the first in the plan's order; none when it can.
    static std::optional<ChunkingProblem> problemOf(const ChunkingPlan &plan);
    // The arithmetic of a plan problem() accepts.
    static ChunkingArithmetic arithmetic(const ChunkingPlan &plan);
    // Every provider of the session that ran a context sweep, in the session's order.
    static std::vector<ChunkingEstimate> estimates(const ChunkingPlan &plan,
                                                   const SessionSummary &summary);
};

} // namespace ys
