#pragma once

#include "analysis/gates.h"

#include <nlohmann/json.hpp>

namespace ys {

// A provider's "gates" object of show --json and of `yardstick-cli gate --json`
// (docs/show-json.md): the overall verdict, N of M, and each gate the requirements set.
nlohmann::json gatesJson(const GateVerdict &verdict);

// The "requirements" object of those documents: the thresholds the gates checked.
nlohmann::json requirementsJson(const Requirements &requirements);

} // namespace ys
