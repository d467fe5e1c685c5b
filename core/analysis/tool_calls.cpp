#include "analysis/tool_calls.h"

#include "util/units.h"

namespace ys {

void ToolCallAccumulator::add(const Sample &x)
{
    if (x.warmup || !x.servedBy.isEmpty() || !outcomeIsSuccess(x.outcome) || !x.toolArgsNs)
        return;
    m_complete.push_back(double(*x.toolArgsNs) / kNsPerMs);
    if (x.firstContentNs && *x.toolArgsNs >= *x.firstContentNs)
        m_stream.push_back(double(*x.toolArgsNs - *x.firstContentNs) / kNsPerMs);
}

std::optional<ToolCallResult> ToolCallAccumulator::finish()
{
    if (m_complete.empty())
        return std::nullopt;
    ToolCallResult r;
    r.attempts = int(m_complete.size());
    r.argsCompleteMs = distributionOf(std::move(m_complete));
    r.argsStreamMs = distributionOf(std::move(m_stream));
    return r;
}

} // namespace ys
