#include "analysis/cost_split.h"

#include <algorithm>

namespace ys {

std::optional<double> CostSplit::part(Part p) const
{
    switch (p) {
    case Input:
        return inputUsd;
    case CachedInput:
        return cachedInputUsd;
    case Output:
        return outputUsd;
    case Reasoning:
        return reasoningUsd;
    case AnsweredUnsplit:
        return answeredUnsplitUsd;
    case Retried:
        return retriedUsd;
    case Failed:
        return failedUsd;
    case Truncated:
        return truncatedUsd;
    case PartCount:
        break;
    }
    return std::nullopt;
}

CostSplit costSplit(const ProviderSummary &p)
{
    CostSplit s;
    s.provider = p.name;
    const CostBreakdown &b = p.costBreakdown;
    s.retriedUsd = b.retriedUsd;
    s.failedUsd = b.failedUsd;
    s.truncatedUsd = b.truncatedUsd;
    s.totalUsd = p.costUsd;
    if (!b.answeredUsd)
        return s;
    const double answered = *b.answeredUsd;

    // The list-price weight of each token class over the run. The measured spend already holds
    // tiers, timed prices and per-request fees; only its shares come from these weights.
    double weights[4] = {0, 0, 0, 0};
    if (p.price && p.inputTokens && p.outputTokens) {
        const Price &price = *p.price;
        const qint64 cached = std::clamp<qint64>(p.cachedTokens.value_or(0), 0, *p.inputTokens);
        const qint64 reasoning =
            std::clamp<qint64>(p.reasoningTokens.value_or(0), 0, *p.outputTokens);
        weights[0] = double(*p.inputTokens - cached) * price.inputPerMtok;
        weights[1] = double(cached) * price.cachedInputPerMtok.value_or(price.inputPerMtok);
        weights[2] = double(*p.outputTokens - reasoning) * price.outputPerMtok;
        weights[3] = double(reasoning) * price.outputPerMtok;
    }
    const double total = weights[0] + weights[1] + weights[2] + weights[3];
    if (!(total > 0)) {
        s.answeredUnsplitUsd = answered;
        return s;
    }
    s.inputUsd = answered * weights[0] / total;
    s.cachedInputUsd = answered * weights[1] / total;
    s.outputUsd = answered * weights[2] / total;
    s.reasoningUsd = answered * weights[3] / total;
    return s;
}

std::optional<double> reasoningCostShare(const CostSplit &s)
{
    if (!s.reasoningUsd)
        return std::nullopt;
    const double answered = s.inputUsd.value_or(0) + s.cachedInputUsd.value_or(0) +
                            s.outputUsd.value_or(0) + *s.reasoningUsd;
    return answered > 0 ? std::optional<double>(*s.reasoningUsd / answered) : std::nullopt;
}

std::vector<CostSplit> costSplits(const SessionSummary &summary)
{
    std::vector<CostSplit> out;
    out.reserve(summary.providers.size());
    for (const ProviderSummary &p : summary.providers)
        out.push_back(costSplit(p));
    return out;
}

} // namespace ys
