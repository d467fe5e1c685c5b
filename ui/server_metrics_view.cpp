#include "ui/server_metrics_view.h"

#include "charts/server_timeline_chart.h"
#include "models/server_gauges_model.h"
#include "workbench/server_timeline_presenter.h"
#include "workbench/workbench.h"

#include <QBoxLayout>
#include <algorithm>

namespace ys {

ServerMetricsView::ServerMetricsView(Workbench *workbench, QWidget *parent)
    : ProviderTableView(workbench, new ServerGaugesModel, QStringLiteral("serverMetrics"),
                        QStringLiteral("server_gauges"), parent)
    , m_chart(new ServerTimelineChart(this))
    , m_presenter(new ServerTimelinePresenter(workbench, this))
{
    if (auto *box = qobject_cast<QBoxLayout *>(layout()))
        box->addWidget(m_chart, 3);
    connect(workbench, &Workbench::selectedProviderChanged, this, [this] {
        m_timelineDirty = true;
        if (isVisible())
            loadTimeline();
    });
}

ServerGaugesModel *ServerMetricsView::model() const
{
    return static_cast<ServerGaugesModel *>(tableModel());
}

bool ServerMetricsView::timelineLoading() const
{
    return m_presenter->isLoading();
}

void ServerMetricsView::showEvent(QShowEvent *event)
{
    ProviderTableView::showEvent(event);
    if (m_pending) {
        m_chart->setTimeline(*m_pending, workbench()->providerLabels().of(m_pending->provider));
        m_pending.reset();
    }
    if (m_timelineDirty)
        loadTimeline();
}

void ServerMetricsView::refresh()
{
    const auto summary = workbench()->summary();
    m_timelineDirty = true;
    if (!summary) {
        model()->clear();
        setMessage(tr("Select a session to see what its servers said about their load."));
        return;
    }
    model()->setGauges(summary->serverGauges);
    // The deepest queue of the session, and whose.
    const ServerGaugeSummary *deepest = nullptr;
    for (const ServerGaugeSummary &g : summary->serverGauges) {
        if (g.gauge == ServerGauge::Waiting && (!deepest || g.max > deepest->max))
            deepest = &g;
    }
    if (summary->serverGauges.empty())
        setMessage(tr("No provider of this session had its server's metrics read. For a "
                      "self-hosted server (vLLM, llama.cpp, TGI, SGLang), set its metrics URL "
                      "in the provider's Operations tab; the chart below still shows what the "
                      "client measured."));
    else if (!deepest || deepest->max <= 0)
        setMessage(tr("No request waited at any server: every request was taken into a batch "
                      "as it came."));
    else
        setMessage(tr("The longest queue: %n request(s) waiting at %1's server.", nullptr,
                      int(deepest->max))
                       .arg(workbench()->providerLabels().of(deepest->provider)));
}

QString ServerMetricsView::providerToShow() const
{
    const auto summary = workbench()->summary();
    if (!summary || summary->providers.empty())
        return {};
    const QString &selected = workbench()->selectedProvider();
    const auto &providers = summary->providers;
    if (std::any_of(providers.begin(), providers.end(),
                    [&](const auto &p) { return p.name == selected; }))
        return selected;
    if (!summary->serverGauges.empty())
        return summary->serverGauges.front().provider;
    return providers.front().name;
}

void ServerMetricsView::loadTimeline()
{
    m_timelineDirty = false;
    const QString provider = providerToShow();
    const void *summary = workbench()->summary().get();
    if (provider == m_shown && summary == m_shownSummary)
        return;
    m_shown = provider;
    m_shownSummary = summary;
    m_pending.reset();
    if (provider.isEmpty() ||
        !m_presenter->load(provider, [this, provider](auto timeline, const QString &error) {
            if (timeline && !isVisible())
                m_pending = std::move(timeline); // drawn when shown: no work for a hidden tab
            else if (timeline)
                m_chart->setTimeline(*timeline, workbench()->providerLabels().of(provider));
            else {
                m_chart->clear();
                if (!error.isEmpty())
                    setMessage(tr("The timeline of %1 cannot be read: %2")
                                   .arg(workbench()->providerLabels().of(provider), error));
            }
        }))
        m_chart->clear();
}

} // namespace ys
