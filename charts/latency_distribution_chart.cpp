#include "charts/latency_distribution_chart.h"

#include "charts/chart_legend.h"
#include "charts/chart_points.h"
#include "charts/chart_setup.h"
#include "charts/provider_colours.h"
#include "workbench/workbench.h"

#include <QBarCategoryAxis>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

namespace ys {

LatencyDistributionChart::LatencyDistributionChart(Workbench *workbench, QWidget *parent)
    : RedrawnWhenShown(parent)
    , m_workbench(workbench)
    , m_metricBox(new QComboBox(this))
    , m_cdfView(new QChartView(this))
    , m_boxView(new QChartView(this))
    , m_cdf(new QChart)
    , m_box(new QChart)
    , m_cdfX(new QValueAxis)
    , m_cdfY(new QValueAxis)
    , m_boxX(new QBarCategoryAxis)
    , m_boxY(new QValueAxis)
{
    setObjectName(QStringLiteral("latencyDistributionChart"));
    m_metricBox->setObjectName(QStringLiteral("latencyMetric"));
    m_metricBox->addItem(tr("End-to-end"), int(LatencyMetric::E2e));
    m_metricBox->addItem(tr("Time to first token"), int(LatencyMetric::Ttft));
    connect(m_metricBox, &QComboBox::currentIndexChanged, this,
            [this](int index) { setMetric(LatencyMetric(m_metricBox->itemData(index).toInt())); });

    // Each view owns its chart.
    // The legend at the side, one provider a line, so no name is cut to fit a row.
    showChart(m_cdfView, m_cdf, tr("Cumulative distribution"), Qt::AlignRight);
    showChart(m_boxView, m_box, tr("Box: quartiles, whiskers at 1.5 IQR"), Qt::AlignBottom);
    m_box->legend()->setVisible(false);
    m_cdfY->setRange(0, 1);
    m_cdfY->setTickCount(6); // 0.2 apart, so one decimal reads each tick exactly
    placeAxis(m_cdf, m_cdfX, Qt::AlignBottom, QString(), QStringLiteral("%.0f"));
    placeAxis(m_cdf, m_cdfY, Qt::AlignLeft, tr("Share of successful attempts"),
              QStringLiteral("%.1f"));
    m_boxX->setLabelsAngle(-90); // a provider's label under its box
    placeAxis(m_box, m_boxX, Qt::AlignBottom, QString());
    placeAxis(m_box, m_boxY, Qt::AlignLeft, QString(), QStringLiteral("%.0f"));

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Latency:"), this));
    top->addWidget(m_metricBox);
    top->addStretch(1);
    auto *charts = new QHBoxLayout;
    charts->addWidget(m_cdfView, 3);
    charts->addWidget(m_boxView, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(charts, 1);

    if (m_workbench) {
        connect(m_workbench, &Workbench::summaryChanged, this, &LatencyDistributionChart::refresh);
        connect(m_workbench, &Workbench::selectedProviderChanged, this,
                &LatencyDistributionChart::highlightSelected);
    }
}

void LatencyDistributionChart::setMetric(LatencyMetric metric)
{
    if (metric == m_metric)
        return;
    m_metric = metric;
    m_metricBox->setCurrentIndex(m_metricBox->findData(int(metric)));
    refresh();
}

void LatencyDistributionChart::draw()
{
    m_cdf->removeAllSeries();
    m_box->removeAllSeries();
    m_shown.clear();
    // Worked out with the summary, off the UI thread.
    if (const auto shown = m_workbench ? m_workbench->latencyDistributions() : nullptr)
        m_shown = shown->of(m_metric);

    const QString unit = m_metric == LatencyMetric::E2e ? tr("End-to-end (ms)") : tr("TTFT (ms)");
    m_cdfX->setTitleText(unit);
    m_boxY->setTitleText(unit);
    double low = 0, high = 1;
    bool any = false;
    auto *boxes = new QBoxPlotSeries;
    QStringList categories;
    const ProviderLabels none;
    const ProviderLabels &labels = m_workbench ? m_workbench->providerLabels() : none;
    for (std::size_t i = 0; i < m_shown.size(); ++i) {
        const LatencyDistribution &d = m_shown[i];
        if (d.cdf.empty())
            continue;
        const QColor colour = providerColour(int(i));
        auto *line = new QLineSeries;
        line->setName(d.provider);
        line->setColor(colour);
        line->replace(pointsOf(d.cdf, [](const CdfPoint &p) { return QPointF(p.ms, p.share); }));
        m_cdf->addSeries(line);
        labelInLegend(m_cdf, line, labels.of(d.provider));
        line->attachAxis(m_cdfX);
        line->attachAxis(m_cdfY);
        connect(line, &QLineSeries::clicked, this,
                [this, name = d.provider] { m_workbench->selectProvider(name); });

        const BoxFigures &b = *d.box;
        const int outliers = b.outliersBelow + b.outliersAbove;
        const QString category = labels.of(d.provider);
        auto *set = new QBoxSet(b.lowerWhisker, b.q1, b.median, b.q3, b.upperWhisker, category);
        set->setBrush(colour.lighter(130));
        set->setPen(QPen(colour.darker(150)));
        connect(set, &QBoxSet::clicked, this,
                [this, name = d.provider] { m_workbench->selectProvider(name); });
        // The full name and how many attempts lie beyond the whiskers, on hovering the box.
        const QString details =
            outliers ? tr("%1 (%n beyond the whiskers)", nullptr, outliers).arg(d.provider)
                     : d.provider;
        connect(set, &QBoxSet::hovered, this, [details](bool on) {
            if (on)
                QToolTip::showText(QCursor::pos(), details);
            else
                QToolTip::hideText();
        });
        boxes->append(set);
        categories << category;
        low = any ? std::min(low, b.min) : b.min;
        high = any ? std::max(high, b.max) : b.max;
        any = true;
    }
    m_box->addSeries(boxes);
    m_boxX->setCategories(categories);
    boxes->attachAxis(m_boxX);
    boxes->attachAxis(m_boxY);
    const double pad = any ? std::max((high - low) * 0.05, 1.0) : 0.0;
    m_cdfX->setRange(std::max(0.0, low - pad), high + pad);
    m_boxY->setRange(std::max(0.0, low - pad), high + pad);
    m_cdfX->applyNiceNumbers();
    m_boxY->applyNiceNumbers();
    highlightSelected();
}

void LatencyDistributionChart::highlightSelected()
{
    const QString selected = m_workbench ? m_workbench->selectedProvider() : QString();
    for (QAbstractSeries *s : m_cdf->series()) {
        auto *line = static_cast<QLineSeries *>(s);
        QPen pen = line->pen();
        pen.setWidthF(line->name() == selected ? 3.5 : 1.5);
        line->setPen(pen);
    }
}

} // namespace ys
