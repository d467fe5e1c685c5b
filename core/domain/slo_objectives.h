#pragma once

#include <optional>

namespace ys {

// Per-request service-level objectives: a request attains them when it succeeded and each set
// objective holds for it (time to first token, time per output token, end to end). Unset
// objectives are not checked. Set by a suite's requirements ("slo"); analysed in analysis/slo.*.
// Plain data of the requirements (domain/requirements.h), so it lives below analysis/.
struct SloObjectives {
    std::optional<double> ttftMs;
    std::optional<double> tpotMs;
    std::optional<double> e2eMs;
    bool any() const { return ttftMs || tpotMs || e2eMs; }
    bool operator==(const SloObjectives &) const = default;
};

} // namespace ys
