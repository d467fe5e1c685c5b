#pragma once

#include "analysis/regression_gate.h"

#include <QtGlobal>
#include <nlohmann/json.hpp>

namespace ys {

// The "regression_gate" object of `yardstick-cli gate --baseline --json` (docs/cli.md): the
// sessions compared, the options, the correction, and an object per provider and figure.
nlohmann::json regressionGateJson(const RegressionGate &gate, qint64 session, qint64 baseline);

} // namespace ys
