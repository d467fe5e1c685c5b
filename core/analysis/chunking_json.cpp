#include "analysis/chunking_json.h"

#include "analysis/json_or_null.h"

#include <nlohmann/json.hpp>

namespace ys {

QByteArray chunkingJson(const ChunkingPlan &plan, const ChunkingArithmetic &arithmetic,
                        const std::vector<ChunkingEstimate> &estimates)
{
    return QByteArray::fromStdString(chunkingJsonValue(plan, arithmetic, estimates).dump(2));
}

nlohmann::json chunkingJsonValue(const ChunkingPlan &plan, const ChunkingArithmetic &a,
                                 const std::vector<ChunkingEstimate> &estimates)
{
    using nlohmann::json;
    json doc;
    doc["plan"] = {
        {"document_tokens", plan.documentTokens}, {"chunk_tokens", plan.chunkTokens},
        {"overlap_tokens", plan.overlapTokens},   {"instruction_tokens", plan.instructionTokens},
        {"summary_tokens", plan.summaryTokens},   {"parallel", plan.parallel}};
    doc["arithmetic"] = {{"chunks", a.chunks},
                         {"chunked_tokens", a.chunkedTokens},
                         {"last_chunk_tokens", a.lastChunkTokens},
                         {"redundancy", a.redundancy},
                         {"map_input_tokens", a.mapInputTokens},
                         {"reduce_input_tokens", a.reduceInputTokens},
                         {"input_tokens", a.inputTokens},
                         {"output_tokens", a.outputTokens},
                         {"calls", a.calls},
                         {"rounds", a.rounds},
                         {"whole_input_tokens", a.wholeInputTokens}};
    json providers = json::array();
    for (const ChunkingEstimate &e : estimates)
        providers.push_back({{"provider", e.provider.toStdString()},
                             {"window_tokens", orNull(e.window)},
                             {"chunk_fits", e.chunkFits},
                             {"whole_fits", e.wholeFits},
                             {"chunked_cost_usd", orNull(e.chunkedCostUsd)},
                             {"whole_cost_usd", orNull(e.wholeCostUsd)},
                             {"chunked_latency_ms", orNull(e.chunkedLatencyMs)},
                             {"whole_latency_ms", orNull(e.wholeLatencyMs)},
                             {"extrapolated", e.extrapolated}});
    doc["providers"] = std::move(providers);
    return doc;
}

} // namespace ys
