#pragma once

#include "ui/provider_table_view.h"

namespace ys {

class LatencyPhasesModel;

// Where the selected session's latency goes, a row per provider (models/latency_phases_model.h):
// TTFB, TPOT and ITL, the first token on new and reused connections, connect and TLS, and SLO
// attainment and goodput against the objectives of the suite's requirements, which the line
// above the table names (or says how to set), and, for a provider that reasons, when its first
// answer token comes and how long it thought.
class LatencyPhasesView : public ProviderTableView {
    Q_OBJECT
public:
    explicit LatencyPhasesView(Workbench *workbench, QWidget *parent = nullptr);

    LatencyPhasesModel *model() const;

protected:
    void refresh() override;
};

} // namespace ys
