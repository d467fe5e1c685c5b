#pragma once

#include "analysis/drift.h"
#include "analysis/token_reconciliation.h"

#include <nlohmann/json.hpp>
#include <vector>

namespace ys {

// The `reconciliation` and `drift` members of show --json (docs/show-json.md). Unmeasured
// figures are null, never 0.
nlohmann::json reconciliationJson(const std::vector<TokenReconciliation> &providers);
nlohmann::json driftJson(const std::vector<DriftEvent> &events);

} // namespace ys
