#include "ui/reconciliation_view.h"

#include "models/drift_model.h"
#include "workbench/workbench.h"

namespace ys {

ReconciliationView::ReconciliationView(Workbench *workbench, QWidget *parent)
    : ProviderTableView(workbench, new ReconciliationModel, QStringLiteral("reconciliation"),
                        QStringLiteral("token_counts"), parent)
{
}

ReconciliationModel *ReconciliationView::model() const
{
    return static_cast<ReconciliationModel *>(tableModel());
}

void ReconciliationView::refresh()
{
    const auto summary = workbench()->summary();
    model()->setProviders(summary ? summary->reconciliation : std::vector<TokenReconciliation>{});
    if (!summary) {
        setMessage(tr("Select a session to compare the tokens its providers reported with "
                      "Yardstick's own count."));
        return;
    }
    int flagged = 0;
    for (const TokenReconciliation &r : summary->reconciliation)
        flagged += r.flagged() ? 1 : 0;
    setMessage(flagged == 0
                   ? tr("Every provider's reported tokens agree with Yardstick's own count of "
                        "what was sent and received (within 1%, or estimated where the tokenizer "
                        "is not known).")
                   : tr("%n provider(s) report token counts that differ from Yardstick's own "
                        "count by more than 1%: their cost per token is computed from what they "
                        "report.",
                        nullptr, flagged));
}

} // namespace ys
