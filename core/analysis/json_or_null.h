#pragma once

#include <nlohmann/json.hpp>
#include <optional>

namespace ys {

// A measured figure in JSON: its value, or null when it could not be measured (never 0).
template <typename T> nlohmann::json orNull(const std::optional<T> &v)
{
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

} // namespace ys
