#include "workbench/suite_queue.h"

#include "domain/suite.h"
#include "run/cost_estimate.h"
#include "run/session_plan.h"
#include "storage/database.h"
#include "storage/run_queue.h"

namespace ys {

std::optional<qint64> SuiteQueue::enqueue(const QString &dbPath, const Suite &suite, QString *error)
{
    if (suite.providers.empty()) {
        *error = tr("the suite has no providers");
        return std::nullopt;
    }
    // A worker runs the plan it makes when it claims the item, and refuses one past the budget
    // (nobody is there to accept it); that is said now, with the same plan, rather than then.
    const std::optional<SessionPlan> plan = SessionPlan::make(suite, {}, error);
    if (!plan)
        return std::nullopt;
    if (plan->refused(false)) {
        *error = CostEstimateText::refusal(plan->estimate());
        return std::nullopt;
    }
    // A connection of its own: one short insert, on whichever thread asks.
    Database db(dbPath);
    if (!db.open(error))
        return std::nullopt;
    RunQueue queue(db);
    return queue.enqueue(suite.name, suite.toJson(), std::nullopt, error);
}

} // namespace ys
