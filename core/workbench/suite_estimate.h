#pragma once

#include "domain/cost_estimate.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>

namespace ys {

struct Suite;

// What the suite page shows of the suite being edited: the estimate of the plan a run of it
// starts with (run/session_plan.h), so the figure on the page is the one the run checks against
// the budget, the command line prints and the session stores.
struct SuiteEstimate {
    Q_DECLARE_TR_FUNCTIONS(ys::SuiteEstimate)
public:
    std::optional<CostEstimate> estimate; // unset: nothing to estimate, or no catalog
    // The total against the budget, then one line per provider; or why there is no estimate.
    QStringList lines;
    QString line;    // on one line, as the command line prints it
    QString refusal; // why a run does not start past the budget; empty within it

    static SuiteEstimate of(const Suite &suite);
    // An estimate on one line, as the command line prints it.
    static QString lineOf(const CostEstimate &estimate);
};

} // namespace ys
