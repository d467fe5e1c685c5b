#include "workbench/suite_queue.h"

#include "domain/suite.h"
#include "run/cost_estimate.h"
#include "run/session_plan.h"
#include "storage/database.h"
#include "storage/run_queue.h"
#include "storage/session_repository.h"
#include "workbench/background_reader.h"
#include "workbench/workbench.h"

namespace ys {

bool SuiteQueue::enqueue(Workbench &workbench, const Suite &suite, QObject *context, Done done,
                         QString *error)
{
    if (suite.providers.empty()) {
        *error = tr("the suite has no providers");
        return false;
    }
    // A worker runs the plan it makes when it claims the item, and refuses one past the budget
    // (nobody is there to accept it); that is said now, with the same plan, rather than then.
    const std::optional<SessionPlan> plan = SessionPlan::make(suite, {}, error);
    if (!plan)
        return false;
    if (plan->refused(false)) {
        *error = CostEstimateText::refusal(plan->estimate());
        return false;
    }
    BackgroundReader *reader = workbench.reader();
    if (!reader) {
        *error = tr("no database is open");
        return false;
    }
    // One short insert: a channel of its own, so that nothing supersedes it.
    static quint64 items = 0;
    reader->read(
        QStringLiteral("suite-queue-%1").arg(++items), context,
        [name = suite.name, json = suite.toJson()](const SessionRepository &repo, QString *error) {
            RunQueue queue(repo.database());
            return queue.enqueue(name, json, std::nullopt, error);
        },
        std::move(done));
    return true;
}

} // namespace ys
