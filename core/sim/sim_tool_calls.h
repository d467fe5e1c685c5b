#pragma once

#include "sim/sim_answers.h"

#include <QString>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// How the simulated model calls the tools a request offers (docs/simulator-profiles.md,
// `tool_calls`): always with `arguments` (or, without them, the smallest arguments the tool's
// parameters schema asks for), broken at invalidRate in one of `breaks`' ways.
struct SimToolCalls {
    double invalidRate = 0;
    std::optional<QString> arguments; // compact JSON object text
    std::vector<SimSchemaBreak> breaks{SimSchemaBreak::Truncated, SimSchemaBreak::WrongType,
                                       SimSchemaBreak::MissingField};
};

// The arguments of one call: their JSON text and how they broke the schema (when they did).
struct SimToolArguments {
    QString text;
    std::optional<SimSchemaBreak> broke;
};

// The arguments a call of a tool with this parameters schema (compact JSON, may be empty) gets
// under config (nullopt: the profile has no `tool_calls`): the fixed arguments or
// simSchemaInstance(schema) (an object; {} when the schema gives none), broken when draws.first
// (uniform in [0, 1)) falls below invalid_rate, in the break draws.second picks. asObject: the
// dialect carries the arguments as a JSON object, so a "truncated" break becomes missing_field,
// and arguments without members cannot break at all.
SimToolArguments simToolArguments(const std::optional<SimToolCalls> &config,
                                  const QByteArray &schema, std::pair<double, double> draws,
                                  bool asObject);

// Reads a profile's "tool_calls" member into *out; on failure the field at fault and the problem.
std::optional<std::pair<QString, QString>> readSimToolCalls(const nlohmann::json &profile,
                                                            std::optional<SimToolCalls> *out);

} // namespace ys
