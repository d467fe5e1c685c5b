#include "charts/concurrency_chart.h"

#include "charts/chart_legend.h"
#include "charts/chart_setup.h"
#include "charts/provider_colours.h"
#include "workbench/workbench.h"

#include <QChart>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>

namespace ys {

ConcurrencyChart::ConcurrencyChart(Workbench *workbench, QWidget *parent)
    : RedrawnWhenShown(parent)
    , m_workbench(workbench)
    , m_chart(new QChart)
    , m_levelAxis(new QLogValueAxis)
    , m_throughputAxis(new QValueAxis)
    , m_p95Axis(new QValueAxis)
{
    setObjectName(QStringLiteral("concurrencyChart"));
    showChart(this, m_chart, tr("Throughput and P95 against concurrency"), Qt::AlignRight);
    m_levelAxis->setBase(2);
    placeAxis(m_chart, m_levelAxis, Qt::AlignBottom, tr("Requests in flight"),
              QStringLiteral("%g"));
    placeAxis(m_chart, m_throughputAxis, Qt::AlignLeft, tr("Output tokens per second (solid)"),
              QStringLiteral("%.0f"));
    placeAxis(m_chart, m_p95Axis, Qt::AlignRight, tr("End-to-end P95 in ms (dashed)"),
              QStringLiteral("%.0f"));
    if (m_workbench)
        connect(m_workbench, &Workbench::summaryChanged, this, &ConcurrencyChart::refresh);
}

QString ConcurrencyChart::throughputName(const QString &provider)
{
    return tr("%1 throughput").arg(provider);
}

QString ConcurrencyChart::p95Name(const QString &provider)
{
    return tr("%1 P95").arg(provider);
}

QString ConcurrencyChart::saturationName(const QString &provider)
{
    return tr("%1 saturation").arg(provider);
}

void ConcurrencyChart::draw()
{
    m_chart->removeAllSeries();
    const auto summary = m_workbench ? m_workbench->summary() : nullptr;
    double minLevel = 1, maxLevel = 2, maxThroughput = 0, maxP95 = 0;
    bool any = false;
    for (std::size_t i = 0; summary && i < summary->providers.size(); ++i) {
        const ProviderSummary &p = summary->providers[i];
        if (!p.results.concurrencySweep)
            continue;
        const ConcurrencySweepResult &sweep = *p.results.concurrencySweep;
        const QColor colour = providerColour(int(i));
        auto *throughput = new QLineSeries;
        throughput->setName(throughputName(p.name));
        throughput->setPen(QPen(colour, 2.5));
        throughput->setPointsVisible(true);
        auto *p95 = new QLineSeries;
        p95->setName(p95Name(p.name));
        QPen dashed(colour, 1.5, Qt::DashLine);
        p95->setPen(dashed);
        p95->setPointsVisible(true);
        auto *saturation = new QScatterSeries;
        saturation->setName(saturationName(p.name));
        saturation->setMarkerShape(QScatterSeries::MarkerShapeStar);
        saturation->setMarkerSize(16);
        saturation->setColor(colour);
        for (const ConcurrencyLevel &l : sweep.levels) {
            if (l.concurrency <= 0)
                continue; // no place on a log axis
            minLevel = any ? std::min(minLevel, double(l.concurrency)) : double(l.concurrency);
            maxLevel = any ? std::max(maxLevel, double(l.concurrency)) : double(l.concurrency);
            any = true;
            if (l.outputTokensPerS) {
                throughput->append(l.concurrency, *l.outputTokensPerS);
                maxThroughput = std::max(maxThroughput, *l.outputTokensPerS);
                if (sweep.saturation && *sweep.saturation == l.concurrency)
                    saturation->append(l.concurrency, *l.outputTokensPerS);
            }
            if (l.e2eMs.p95) {
                p95->append(l.concurrency, *l.e2eMs.p95);
                maxP95 = std::max(maxP95, *l.e2eMs.p95);
            }
        }
        for (QXYSeries *s : {static_cast<QXYSeries *>(throughput), static_cast<QXYSeries *>(p95),
                             static_cast<QXYSeries *>(saturation)}) {
            m_chart->addSeries(s);
            s->attachAxis(m_levelAxis);
            s->attachAxis(s == p95 ? m_p95Axis : m_throughputAxis);
            connect(s, &QXYSeries::clicked, this,
                    [this, name = p.name] { m_workbench->selectProvider(name); });
        }
        // One entry a provider: the axis titles tell the solid and the dashed line apart, and
        // the star explains itself next to its line.
        labelInLegend(m_chart, throughput, m_workbench->providerLabels().of(p.name));
        hideFromLegend(m_chart, p95);
        hideFromLegend(m_chart, saturation);
    }
    // A log axis needs a range that is not a point.
    m_levelAxis->setRange(minLevel / 1.5, std::max(maxLevel, minLevel * 2) * 1.5);
    m_throughputAxis->setRange(0, maxThroughput > 0 ? maxThroughput * 1.1 : 1);
    m_p95Axis->setRange(0, maxP95 > 0 ? maxP95 * 1.1 : 1);
    m_throughputAxis->applyNiceNumbers();
    m_p95Axis->applyNiceNumbers();
    m_chart->setTitle(any ? tr("Throughput and P95 against concurrency")
                          : tr("No concurrency sweep in this session"));
}

} // namespace ys
