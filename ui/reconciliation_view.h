#pragma once

#include "ui/provider_table_view.h"

namespace ys {

class ReconciliationModel;

// The selected session's token counts: for each provider, the prompt and output tokens it
// reported against Yardstick's own count of what was sent and received (the summary's
// reconciliation, as `show` and the report give it), with a line saying which providers differ
// by more than 1%.
class ReconciliationView : public ProviderTableView {
    Q_OBJECT
public:
    explicit ReconciliationView(Workbench *workbench, QWidget *parent = nullptr);

    ReconciliationModel *model() const;

protected:
    void refresh() override;
};

} // namespace ys
