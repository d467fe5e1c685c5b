#pragma once

#include "analysis/percentile.h"
#include "analysis/reasoning.h"
#include "analysis/tool_calls.h"
#include "domain/sample.h"

#include <optional>
#include <vector>

namespace ys {

// What a latency run answers beyond TTFT and end-to-end: when the response head arrived, how long
// a new connection and its TLS handshake took, TTFT on a new connection against a reused one, the
// time per output token, and in open loop the latency the user waits from the moment the schedule
// wanted the request sent. Taken, as every timing, from the successful attempts only, without
// warm-up attempts and attempts a fallback provider served (docs/measurements.md).
struct LatencyResult {
    Distribution ttfbMs; // headers_ns
    Distribution tpotMs; // (end − first token) / (output tokens − 1), attempts with ≥ 2 tokens
    Distribution coldTtftMs; // attempts that opened a new connection
    Distribution warmTtftMs; // attempts on a reused connection
    // Null when no attempt opened a connection (connect), or made a TLS handshake (plain http).
    std::optional<Distribution> connectMs; // connected − connect start
    std::optional<Distribution> tlsMs;     // TLS handshake done − connect start
    // Open loop only (null in closed loop): end + queue delay, the latency from the intended start.
    std::optional<Distribution> e2eFromIntendedMs;
    // A reasoning model's thinking before its first answer token; null when no attempt reasoned.
    std::optional<ReasoningResult> reasoning;
    // Tool calls: when their arguments were complete; null when no attempt made one.
    std::optional<ToolCallResult> toolCalls;
};

LatencyResult analyzeLatency(const std::vector<Sample> &samples, bool openLoop);

// The same, fed one attempt at a time in the run's order; finish() once.
class LatencyAccumulator {
public:
    explicit LatencyAccumulator(bool openLoop)
        : m_openLoop(openLoop)
    {
    }
    void add(const Sample &sample);
    LatencyResult finish();

private:
    bool m_openLoop;
    std::vector<double> m_ttfb, m_tpot, m_cold, m_warm, m_connect, m_tls, m_fromIntended;
    ReasoningAccumulator m_reasoning;
    ToolCallAccumulator m_toolCalls;
};

} // namespace ys
