#pragma once

#include "analysis/recommendation.h"

#include <nlohmann/json_fwd.hpp>

namespace ys {

// The recommendation as `show --json` ("recommendation") and `yardstick-cli recommend --json`
// print it (docs/show-json.md): the use case, the choice and its fallbacks, the headline, every
// provider with its standing, rank, margins, monthly cost, reason and risks, and the chunking
// comparison of a use case with a long document.
nlohmann::json recommendationJson(const Recommendation &rec);

} // namespace ys
