#pragma once

#include "analysis/percentile.h"
#include "domain/sample.h"

#include <optional>
#include <vector>

namespace ys {

// How fast a model's tool calls were ready to run (docs/measurements.md, "Tool calls"), over the
// successful measured attempts that made one: a client can call the function only once its
// arguments are complete, so that, not the first token, is the latency that counts.
struct ToolCallResult {
    int attempts = 0;            // attempts that made a tool call
    Distribution argsCompleteMs; // tool_args_ns: from the attempt's start to complete arguments
    // From the first piece of the answer (the call's first argument bytes) to complete
    // arguments: how long the arguments took to stream. Zero where they came whole (Gemini).
    Distribution argsStreamMs;
};

// Fed the run's attempts one at a time; finish() is nullopt when none made a tool call.
class ToolCallAccumulator {
public:
    void add(const Sample &sample);
    std::optional<ToolCallResult> finish();

private:
    std::vector<double> m_complete, m_stream;
};

} // namespace ys
