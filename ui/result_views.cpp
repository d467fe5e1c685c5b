#include "ui/result_views.h"

#include "charts/concurrency_chart.h"
#include "charts/cost_breakdown_chart.h"
#include "charts/latency_distribution_chart.h"
#include "ui/contract_view.h"
#include "ui/latency_phases_view.h"
#include "ui/reconciliation_view.h"
#include "ui/server_metrics_view.h"
#include "ui/session_drift_view.h"
#include "ui/stability_view.h"
#include "ui/verdict_cards.h"

namespace ys {

std::vector<ResultView> ResultViews::make(Workbench *workbench, QWidget *parent)
{
    return {
        {new LatencyDistributionChart(workbench, parent), tr("Latency distribution")},
        {new LatencyPhasesView(workbench, parent), tr("Latency phases")},
        {new ConcurrencyChart(workbench, parent), tr("Concurrency")},
        {new CostBreakdownChart(workbench, parent), tr("Cost breakdown")},
        {new StabilityView(workbench, parent), tr("Stability")},
        {new ServerMetricsView(workbench, parent), tr("Server metrics")},
        {new VerdictCards(workbench, parent), tr("Verdicts")},
        {new ContractView(workbench, parent), tr("Contracts")},
        {new SessionDriftView(workbench, parent), tr("Drift")},
        {new ReconciliationView(workbench, parent), tr("Token counts")},
    };
}

} // namespace ys
