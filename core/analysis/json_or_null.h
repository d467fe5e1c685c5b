#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <utility>

namespace ys {

// A measured figure in JSON: its value, or null when it could not be measured (never 0).
template <typename T> nlohmann::json orNull(const std::optional<T> &v)
{
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// A 95% (or other) interval in JSON: [low, high], or null when there is none.
inline nlohmann::json intervalOrNull(const std::optional<std::pair<double, double>> &ci)
{
    return ci ? nlohmann::json::array({ci->first, ci->second}) : nlohmann::json(nullptr);
}

} // namespace ys
