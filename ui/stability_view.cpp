#include "ui/stability_view.h"

#include "charts/stall_chart.h"
#include "models/stability_model.h"
#include "workbench/workbench.h"

#include <QBoxLayout>

namespace ys {

StabilityView::StabilityView(Workbench *workbench, QWidget *parent)
    : ProviderTableView(workbench, new StabilityModel, QStringLiteral("stability"),
                        QStringLiteral("streaming_stability"), parent)
    , m_chart(new StallChart(workbench, this))
{
    // Room for the bars and the axis titles however many providers the table lists.
    m_chart->setMinimumHeight(280);
    if (auto *box = qobject_cast<QBoxLayout *>(layout()))
        box->addWidget(m_chart, 2);
}

StabilityModel *StabilityView::model() const
{
    return static_cast<StabilityModel *>(tableModel());
}

void StabilityView::refresh()
{
    const auto summary = workbench()->summary();
    std::vector<StabilityRow> rows;
    for (std::size_t i = 0; summary && i < summary->providers.size(); ++i) {
        const ProviderSummary &p = summary->providers[i];
        if (p.results.stability)
            rows.push_back({p.name, *p.results.stability});
    }
    if (rows.empty()) {
        model()->setProviders({});
        setMessage(summary ? tr("This session ran no streaming stability scenario. Add a "
                                "\"Streaming stability\" scenario on the Suite page to see how "
                                "evenly each provider streams and how often it stalls.")
                           : tr("Select a session to see how evenly its providers stream."));
        return;
    }
    // The provider with the longest gap, and how long it was.
    const auto worst = std::max_element(rows.begin(), rows.end(), [](const auto &a, const auto &b) {
        return a.result.longestStallMs.value_or(0) < b.result.longestStallMs.value_or(0);
    });
    int cuts = 0;
    for (const StabilityRow &r : rows)
        cuts += r.result.cuts;
    QString line = worst->result.longestStallMs
                       ? tr("The longest gap between deliveries: %1 ms, by %2.")
                             .arg(StabilityModel::gapText(*worst->result.longestStallMs),
                                  workbench()->providerLabels().of(worst->provider))
                       : tr("No stream delivered more than once, so there are no gaps to "
                            "measure.");
    if (cuts > 0)
        line +=
            QLatin1Char(' ') + tr("%n stream(s) ended without their end marker.", nullptr, cuts);
    model()->setProviders(std::move(rows));
    setMessage(line);
}

} // namespace ys
