#pragma once

#include "ui/provider_table_view.h"
#include "workbench/server_timeline_presenter.h"

#include <optional>

namespace ys {

class ServerGaugesModel;
class ServerTimelineChart;
class ServerTimelinePresenter;

// What the selected session's servers said about their load: a table of each provider's gauges
// (requests running and waiting, KV cache use: models/server_gauges_model.h) over the selected
// provider's timeline, the client's TTFT and throughput above its server's gauges on the same
// seconds (charts/server_timeline_chart.h), read in the background when the provider or the
// session changes. The line above names the busiest queue, or says how to read a server's
// metrics.
class ServerMetricsView : public ProviderTableView {
    Q_OBJECT
public:
    explicit ServerMetricsView(Workbench *workbench, QWidget *parent = nullptr);

    ServerGaugesModel *model() const;
    ServerTimelineChart *chart() const { return m_chart; }
    // The provider whose timeline the chart shows (or is loading); empty for none.
    const QString &timelineProvider() const { return m_shown; }
    bool timelineLoading() const;

protected:
    void refresh() override;
    void showEvent(QShowEvent *event) override;

private:
    // The provider to draw: the selected one, else the first with server metrics, else the
    // first of the session.
    QString providerToShow() const;
    void loadTimeline();

    ServerTimelineChart *m_chart;
    ServerTimelinePresenter *m_presenter;
    QString m_shown;
    const void *m_shownSummary = nullptr; // the summary it was loaded for (a re-run replaces it)
    bool m_timelineDirty = true;
    std::optional<ServerTimeline> m_pending; // arrived while the view was hidden: drawn when shown
};

} // namespace ys
