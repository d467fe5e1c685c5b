#pragma once

#include <QString>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <utility>

namespace ys {

// A reasoning model: it thinks `tokens` tokens at tokensPerS (0: the decode rate) before its
// first answer token, streaming the thinking as reasoning text (streamed) or only counting it in
// usage (hidden), as OpenAI's o-series does (docs/simulator-profiles.md, `reasoning`).
struct SimReasoning {
    int tokens = 0;
    double tokensPerS = 0;
    bool streamed = false;
};

// Reads a profile's "reasoning" member into *out; on failure the field at fault and the problem.
std::optional<std::pair<QString, QString>> readSimReasoning(const nlohmann::json &profile,
                                                            std::optional<SimReasoning> *out);

} // namespace ys
