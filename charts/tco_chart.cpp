#include "charts/tco_chart.h"

#include "charts/chart_setup.h"

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>

namespace ys {

namespace {
// Token volumes read in millions on the axis: a month's volume runs to billions.
constexpr double kMillion = 1e6;
} // namespace

TcoChart::TcoChart(QWidget *parent)
    : QChartView(parent)
    , m_chart(new QChart)
    , m_xAxis(new QValueAxis)
    , m_yAxis(new QValueAxis)
{
    showChart(this, m_chart, tr("API vs self-hosting, a month"), Qt::AlignBottom);
    placeAxis(m_chart, m_xAxis, Qt::AlignBottom, tr("Tokens a month (millions)"),
              QStringLiteral("%.0f"));
    placeAxis(m_chart, m_yAxis, Qt::AlignLeft, tr("Cost a month ($)"), QStringLiteral("%.0f"));
}

void TcoChart::setCurve(const TcoCurve &curve, double monthlyTokens)
{
    m_chart->removeAllSeries();
    m_breakEven = curve.breakEvenTokens;
    auto *api = new QLineSeries;
    api->setName(tr("API"));
    auto *self = new QLineSeries;
    self->setName(tr("Self-hosted"));
    double maxY = 0;
    for (std::size_t i = 0; i < curve.monthlyTokens.size(); ++i) {
        const double x = curve.monthlyTokens[i] / kMillion;
        api->append(x, curve.apiUsd[i]);
        self->append(x, curve.selfUsd[i]);
        maxY = std::max({maxY, curve.apiUsd[i], curve.selfUsd[i]});
    }
    m_pointCount = int(curve.monthlyTokens.size());
    std::vector<QXYSeries *> all{api, self};
    if (curve.breakEvenTokens && curve.breakEvenUsd) {
        auto *mark = new QScatterSeries;
        mark->setName(tr("Break-even: %L1M tokens a month")
                          .arg(*curve.breakEvenTokens / kMillion, 0, 'f', 1));
        mark->setMarkerSize(14);
        mark->append(*curve.breakEvenTokens / kMillion, *curve.breakEvenUsd);
        auto *drop = new QLineSeries;
        drop->setName(QString());
        QPen pen = drop->pen();
        pen.setStyle(Qt::DashLine);
        pen.setColor(Qt::gray);
        drop->setPen(pen);
        drop->append(*curve.breakEvenTokens / kMillion, 0);
        drop->append(*curve.breakEvenTokens / kMillion, *curve.breakEvenUsd);
        all.push_back(drop);
        all.push_back(mark);
    }
    auto *given = new QScatterSeries;
    given->setName(tr("Your volume"));
    given->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    given->setMarkerSize(10);
    const auto at =
        std::find(curve.monthlyTokens.begin(), curve.monthlyTokens.end(), monthlyTokens);
    if (at != curve.monthlyTokens.end())
        given->append(monthlyTokens / kMillion,
                      curve.apiUsd[std::size_t(at - curve.monthlyTokens.begin())]);
    all.push_back(given);
    for (QXYSeries *s : all) {
        m_chart->addSeries(s);
        s->attachAxis(m_xAxis);
        s->attachAxis(m_yAxis);
    }
    // The unnamed drop line stays out of the legend.
    for (QLegendMarker *m : m_chart->legend()->markers())
        if (m->label().isEmpty())
            m->setVisible(false);
    const double right = curve.monthlyTokens.empty() ? 1.0 : curve.monthlyTokens.back() / kMillion;
    m_xAxis->setRange(0, right > 0 ? right : 1.0);
    m_yAxis->setRange(0, maxY > 0 ? maxY * 1.1 : 1.0);
    // Round ticks (1, 2 or 5 times a power of ten), not a fifth of the last volume each.
    m_xAxis->applyNiceNumbers();
    m_yAxis->applyNiceNumbers();
    // Without a curve there are no numbers to read: no labels rather than "0 0 0 1 1".
    m_xAxis->setLabelsVisible(m_pointCount > 0);
    m_yAxis->setLabelsVisible(m_pointCount > 0);
}

} // namespace ys
