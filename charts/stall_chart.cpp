#include "charts/stall_chart.h"

#include "charts/chart_setup.h"
#include "charts/provider_colours.h"
#include "workbench/workbench.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>
#include <algorithm>
#include <set>

namespace ys {

StallChart::StallChart(Workbench *workbench, QWidget *parent)
    : RedrawnWhenShown(parent)
    , m_workbench(workbench)
    , m_chart(new QChart)
    , m_thresholdAxis(new QBarCategoryAxis)
    , m_countAxis(new QValueAxis)
{
    setObjectName(QStringLiteral("stallChart"));
    // What the bars count is in the title: Qt Charts cuts a vertical axis title set in a
    // Chinese font down to "…".
    showChart(this, m_chart, tr("Stalls in the stream: the gaps at least each threshold long"),
              Qt::AlignRight);
    placeAxis(m_chart, m_thresholdAxis, Qt::AlignBottom, tr("Gap between deliveries"));
    placeAxis(m_chart, m_countAxis, Qt::AlignLeft, QString(), QStringLiteral("%.0f"));
    if (m_workbench)
        connect(m_workbench, &Workbench::summaryChanged, this, &StallChart::refresh);
}

void StallChart::draw()
{
    m_chart->removeAllSeries();
    m_thresholds.clear();
    m_providers.clear();
    const auto summary = m_workbench ? m_workbench->summary() : nullptr;
    std::set<int> thresholds;
    for (std::size_t i = 0; summary && i < summary->providers.size(); ++i) {
        if (const auto &s = summary->providers[i].results.stability) {
            for (const auto &stall : s->stalls)
                thresholds.insert(stall.first);
        }
    }
    m_thresholds.assign(thresholds.begin(), thresholds.end());
    auto *bars = new QBarSeries;
    int highest = 0;
    for (std::size_t i = 0; summary && i < summary->providers.size(); ++i) {
        const ProviderSummary &p = summary->providers[i];
        if (!p.results.stability)
            continue;
        auto *set = new QBarSet(m_workbench->providerLabels().of(p.name));
        set->setColor(providerColour(int(i)));
        for (int threshold : m_thresholds) {
            const auto &stalls = p.results.stability->stalls;
            const auto it = std::find_if(stalls.begin(), stalls.end(),
                                         [&](const auto &s) { return s.first == threshold; });
            const int gaps = it == stalls.end() ? 0 : it->second;
            set->append(gaps);
            highest = std::max(highest, gaps);
        }
        bars->append(set);
        m_providers.push_back(p.name);
    }
    connect(bars, &QBarSeries::clicked, this, [this, bars](int, QBarSet *set) {
        const auto index = std::size_t(bars->barSets().indexOf(set));
        if (index < m_providers.size())
            m_workbench->selectProvider(m_providers[index]);
    });
    m_chart->addSeries(bars);
    QStringList categories;
    for (int threshold : m_thresholds)
        categories << tr("≥ %1 ms").arg(threshold);
    m_thresholdAxis->setCategories(categories);
    bars->attachAxis(m_thresholdAxis);
    bars->attachAxis(m_countAxis);
    // Whole gaps: at least four steps, and ticks on whole numbers.
    m_countAxis->setRange(0, std::max(4, highest + highest / 10 + 1));
    m_countAxis->applyNiceNumbers();
    // Empty, the title says so; axes without a value would only take its room.
    const bool any = !m_providers.empty();
    for (QAbstractAxis *axis : {static_cast<QAbstractAxis *>(m_thresholdAxis),
                                static_cast<QAbstractAxis *>(m_countAxis)}) {
        axis->setLabelsVisible(any);
        axis->setTitleVisible(any);
    }
    m_chart->setTitle(any ? tr("Stalls in the stream")
                          : tr("No streaming stability scenario in this session"));
}

} // namespace ys
