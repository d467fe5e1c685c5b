#pragma once

#include "analysis/chunking.h"

#include <QByteArray>
#include <nlohmann/json_fwd.hpp>
#include <vector>

namespace ys {

// yardstick-cli chunking --json (docs/measurements.md, "Chunking a long document"): the plan, its
// arithmetic and each provider's estimate, a figure that cannot be estimated null.
QByteArray chunkingJson(const ChunkingPlan &plan, const ChunkingArithmetic &arithmetic,
                        const std::vector<ChunkingEstimate> &estimates);
// The same object, for documents that hold it (the recommendation's "chunking").
nlohmann::json chunkingJsonValue(const ChunkingPlan &plan, const ChunkingArithmetic &arithmetic,
                                 const std::vector<ChunkingEstimate> &estimates);

} // namespace ys
