#include "workbench/suite_estimate.h"

#include "domain/suite.h"
#include "run/cost_estimate.h"
#include "run/session_plan.h"

namespace ys {

SuiteEstimate SuiteEstimate::of(const Suite &suite)
{
    SuiteEstimate view;
    if (suite.providers.empty() || suite.scenarios.empty()) {
        view.lines << tr("Add providers and scenarios to see the estimate");
        return view;
    }
    QString error;
    const std::optional<SessionPlan> plan = SessionPlan::make(suite, {}, &error);
    if (!plan) {
        view.lines << tr("No estimate: %1").arg(error);
        return view;
    }
    const CostEstimate &e = plan->estimate();
    view.estimate = e;
    // One line per provider rather than the command line's single long line, which a narrow
    // column would have to wrap; that line is kept for the tool tip.
    view.lines << (e.budgetUsd ? tr("Estimated cost at most %1, budget %2")
                                     .arg(CostEstimateText::usd(e.totalUsd),
                                          CostEstimateText::usd(*e.budgetUsd))
                               : tr("Estimated cost at most %1, no budget")
                                     .arg(CostEstimateText::usd(e.totalUsd)));
    for (const ProviderCostEstimate &p : e.providers)
        view.lines << (p.usd ? tr("  %1: %2").arg(p.provider, CostEstimateText::usd(*p.usd))
                             : tr("  %1: unpriced (cost unknown)").arg(p.provider));
    if (e.exceedsBudget()) {
        view.lines << tr("Over the budget: a run asks before it starts.");
        view.refusal = CostEstimateText::refusal(e);
    }
    view.line = lineOf(e);
    return view;
}

QString SuiteEstimate::lineOf(const CostEstimate &estimate)
{
    return CostEstimateText::line(estimate);
}

} // namespace ys
