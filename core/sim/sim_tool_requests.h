#pragma once

#include "sim/sim_dialect.h"

#include <nlohmann/json_fwd.hpp>

namespace ys {

// Reading the tools a request offers, and its tool choice, in each dialect's own fields into
// SimChatRequest's tool members. Each returns false with *error (InvalidRequest, worded as the
// provider words it) when the tools are malformed: not a list, a function tool without a name, a
// tool choice it does not know or one that forces a tool not offered.

// OpenAI Chat Completions ("tools": [{"type": "function", "function": {"name", "parameters"}}],
// "tool_choice": "auto" | "required" | "none" | {"type": "function", "function": {"name"}}) or,
// with responses, the Responses API (the function's members flat in the tool and in the choice).
bool simReadOpenAiTools(const nlohmann::json &body, bool responses, SimChatRequest *out,
                        SimError *error);
// Anthropic Messages ("tools": [{"name", "input_schema"}], "tool_choice": {"type": "auto" |
// "any" | "none" | "tool", "name"}).
bool simReadAnthropicTools(const nlohmann::json &body, SimChatRequest *out, SimError *error);
// Gemini ("tools": [{"functionDeclarations": [{"name", "parametersJsonSchema" | "parameters"}]}],
// "toolConfig": {"functionCallingConfig": {"mode", "allowedFunctionNames"}}).
bool simReadGeminiTools(const nlohmann::json &body, SimChatRequest *out, SimError *error);

} // namespace ys
