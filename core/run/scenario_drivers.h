#pragma once

#include "run/scenario_step.h"

namespace ys {

// The adaptive kinds' drivers (adaptive_drivers.cpp); makeScenarioDriver picks one by kind.
std::unique_ptr<ScenarioDriver>
makeContextLimitDriver(const Scenario &scenario, const ProviderConfig &provider, quint64 seed);
std::unique_ptr<ScenarioDriver> makeRateLimitDriver(const Scenario &scenario, quint64 seed);
std::unique_ptr<ScenarioDriver> makeMultiTurnDriver(const Scenario &scenario, quint64 seed);

} // namespace ys
