#pragma once

#include "domain/suite.h"
#include "run/cost_estimate.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>

namespace ys {

class PriceCatalog;

// What a session will do and cost, settled before anything is sent: the suite with each
// provider's price in force (run/price_resolution.h), a warning for each provider priced
// nowhere, and the cost estimate against the suite's budget (run/cost_estimate.h). This is the
// one place where prices are resolved and the estimate is made: the suite page shows it, the
// command line prints it, the workbench and the queue's workers start sessions with it, and the
// runner runs the plan it is given and stores its estimate with the session (the event
// "estimate", docs/show-json.md).
class SessionPlan {
    Q_DECLARE_TR_FUNCTIONS(ys::SessionPlan)
public:
    // The plan at the active price catalog; nullopt with *error set when it cannot be read.
    static std::optional<SessionPlan> make(Suite suite, QStringList onlyProviders, QString *error);
    // The plan at the given catalog.
    static SessionPlan make(Suite suite, QStringList onlyProviders, const PriceCatalog &catalog);

    // The suite with its prices resolved; the providers the session runs (all when empty).
    const Suite &suite() const { return m_suite; }
    const QStringList &onlyProviders() const { return m_onlyProviders; }
    const CostEstimate &estimate() const { return m_estimate; }
    // One per provider priced nowhere (its cost is unknown, never 0).
    const QStringList &warnings() const { return m_warnings; }

    // Past its budget a session does not start, unless the user accepted that.
    bool refused(bool overBudgetAccepted) const
    {
        return m_estimate.exceedsBudget() && !overBudgetAccepted;
    }

    // The estimate as a session stores it and show --json prints it ("cost_estimate").
    QByteArray estimateJson() const;

private:
    Suite m_suite;
    QStringList m_onlyProviders;
    CostEstimate m_estimate;
    QStringList m_warnings;
};

} // namespace ys
