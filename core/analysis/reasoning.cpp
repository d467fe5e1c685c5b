#include "analysis/reasoning.h"

#include "util/units.h"

namespace ys {

void ReasoningAccumulator::add(const Sample &x)
{
    if (x.warmup || !x.servedBy.isEmpty() || !outcomeIsSuccess(x.outcome))
        return;
    const qint64 tokens = x.reasoningTokens.value_or(0);
    // Streamed thinking: text came before the first answer text.
    const bool streamed = x.firstTokenNs && x.firstContentNs && *x.firstContentNs > *x.firstTokenNs;
    if (tokens <= 0 && !streamed)
        return;
    ++m_result.attempts;
    if (tokens > 0) {
        m_tokens += double(tokens);
        ++m_withTokens;
    }
    if (x.firstContentNs)
        m_firstAnswer.push_back(double(*x.firstContentNs) / kNsPerMs);
    if (streamed) {
        ++m_result.streamed;
        m_thinking.push_back(double(*x.firstContentNs - *x.firstTokenNs) / kNsPerMs);
        return;
    }
    // Hidden: the answer's own decode rate after its first token, applied to the thinking.
    if (!x.firstContentNs || !x.outputTokens || x.endNs <= *x.firstContentNs)
        return;
    const qint64 visible = *x.outputTokens - tokens;
    if (visible < 2)
        return;
    const double rate = double(visible - 1) / (double(x.endNs - *x.firstContentNs) / 1e9);
    m_thinking.push_back(double(tokens) / rate * 1000.0);
    ++m_result.estimated;
}

std::optional<ReasoningResult> ReasoningAccumulator::finish()
{
    if (m_result.attempts == 0)
        return std::nullopt;
    ReasoningResult r = m_result;
    if (m_withTokens > 0)
        r.reasoningTokensMean = m_tokens / m_withTokens;
    r.firstAnswerMs = distributionOf(std::move(m_firstAnswer));
    r.thinkingMs = distributionOf(std::move(m_thinking));
    return r;
}

} // namespace ys
