#pragma once

#include "ui/provider_table_view.h"

namespace ys {

class StabilityModel;
class StallChart;

// How steadily the selected session's providers stream, from its stability scenario: a table
// of the gaps between deliveries, the longest, the stalls at each threshold, the cut streams
// and the finish reasons (models/stability_model.h), over a chart of the stalls by threshold
// (charts/stall_chart.h). The line above says which provider stalls most, or how to run one.
class StabilityView : public ProviderTableView {
    Q_OBJECT
public:
    explicit StabilityView(Workbench *workbench, QWidget *parent = nullptr);

    StabilityModel *model() const;
    StallChart *chart() const { return m_chart; }

protected:
    void refresh() override;

private:
    StallChart *m_chart;
};

} // namespace ys
