#pragma once

#include "analysis/percentile.h"
#include "domain/sample.h"

#include <optional>
#include <vector>

namespace ys {

// How a reasoning model spent its time before answering (docs/measurements.md, "Reasoning"), over
// the successful measured attempts that reasoned: reported reasoning tokens, or reasoning text
// streamed before the answer.
struct ReasoningResult {
    int attempts = 0; // attempts that reasoned
    int streamed = 0; // of them, those whose thinking arrived as text before the answer
    std::optional<double> reasoningTokensMean;
    Distribution firstAnswerMs; // first_content_ns: the first answer token, after the thinking
    // Per attempt: streamed, from the first reasoning token to the first answer token; hidden
    // (only reasoning_tokens in usage), reasoning tokens / the attempt's own decode rate after
    // its first answer token: an estimate.
    Distribution thinkingMs;
    int estimated = 0; // thinking times estimated from hidden reasoning
    // The reasoning tokens' share of what the answers cost, at list-price weights
    // (analysis/cost_split.h); set by the session summary, which knows the price.
    std::optional<double> costShare;
};

// Fed the run's attempts one at a time; finish() is nullopt when none reasoned.
class ReasoningAccumulator {
public:
    void add(const Sample &sample);
    std::optional<ReasoningResult> finish();

private:
    ReasoningResult m_result;
    std::vector<double> m_firstAnswer, m_thinking;
    double m_tokens = 0;
    int m_withTokens = 0;
};

} // namespace ys
