#pragma once

#include "analysis/run_summary.h"

#include <QString>
#include <optional>
#include <vector>

namespace ys {

// Where a provider's measured spend went, as the cost-breakdown chart stacks it
// (docs/measurements.md, "Cost split"): the spend on full answers divided between the token
// classes by their list-price weight (uncached input, cached input, visible output, reasoning),
// and the spend on retried, failed and truncated attempts as the summary's breakdown has it.
// The parts add up to the provider's costUsd.
struct CostSplit {
    QString provider;
    std::optional<double> inputUsd;       // prompt tokens not read from a cache
    std::optional<double> cachedInputUsd; // prompt tokens read from a cache
    std::optional<double> outputUsd;      // output tokens less reasoning tokens
    std::optional<double> reasoningUsd;
    // The answers' spend when it cannot be split: no price or no reported tokens.
    std::optional<double> answeredUnsplitUsd;
    std::optional<double> retriedUsd;
    std::optional<double> failedUsd;
    std::optional<double> truncatedUsd;
    std::optional<double> totalUsd; // the sum of the parts: the provider's costUsd

    enum Part {
        Input,
        CachedInput,
        Output,
        Reasoning,
        AnsweredUnsplit,
        Retried,
        Failed,
        Truncated,
        PartCount
    };
    std::optional<double> part(Part p) const;
};

CostSplit costSplit(const ProviderSummary &provider);
// The reasoning tokens' share of the spend on full answers; nullopt when it cannot be split.
std::optional<double> reasoningCostShare(const CostSplit &split);
std::vector<CostSplit> costSplits(const SessionSummary &summary);

} // namespace ys
