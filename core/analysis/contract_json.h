#pragma once

#include "analysis/contract_summary.h"

#include <nlohmann/json.hpp>
#include <optional>

namespace ys {

// A provider's answers against their contracts as show --json writes them (docs/contracts.md):
// null without a contract.
nlohmann::json contractJson(const std::optional<ContractSummary> &contract);

// The characters of a failed answer that show --json and the reports quote.
inline constexpr int kContractExcerptChars = 200;

} // namespace ys
