#include "charts/bill_chart.h"

#include "charts/chart_setup.h"
#include "charts/provider_colours.h"

#include <QChart>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace ys {

namespace {

double dayX(const QDate &day)
{
    return double(QDateTime(day, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch());
}

} // namespace

BillChart::BillChart(QWidget *parent)
    : QChartView(parent)
    , m_chart(new QChart)
    , m_xAxis(new QDateTimeAxis)
    , m_yAxis(new QValueAxis)
{
    showChart(this, m_chart, tr("Price per 1K tokens by day"), Qt::AlignBottom);
    placeAxis(m_chart, m_xAxis, Qt::AlignBottom, tr("Day (UTC)"));
    m_xAxis->setFormat(QStringLiteral("MM-dd"));
    placeAxis(m_chart, m_yAxis, Qt::AlignLeft, tr("$ per 1K tokens"));
    clear();
}

void BillChart::clear()
{
    m_chart->removeAllSeries();
    m_flagged.clear();
    m_models.clear();
    finishAxes(0, 0, 0, 0);
}

void BillChart::setReconciliation(const BillReconciliation &r)
{
    m_chart->removeAllSeries();
    m_flagged.clear();
    m_models.clear();
    std::map<QString, std::pair<QLineSeries *, QLineSeries *>> lines; // model -> billed, recorded
    auto *flagged = new QScatterSeries;
    flagged->setName(tr("Flagged day"));
    flagged->setMarkerSize(13);
    flagged->setColor(QColor(0xe15759));
    flagged->setBorderColor(Qt::black);
    double minX = std::numeric_limits<double>::max();
    double maxX = std::numeric_limits<double>::lowest();
    double maxY = 0;
    std::vector<QDate> days;
    for (const BillDay &d : r.days) {
        auto &[billed, recorded] = lines[d.model];
        if (!billed) {
            const QColor colour = providerColour(int(m_models.size()));
            billed = new QLineSeries;
            billed->setName(tr("%1 billed").arg(d.model));
            billed->setColor(colour);
            billed->setPointsVisible(true);
            recorded = new QLineSeries;
            recorded->setName(tr("%1 recorded").arg(d.model));
            QPen pen(colour);
            pen.setStyle(Qt::DashLine);
            pen.setWidthF(1.5);
            recorded->setPen(pen);
            m_models << d.model;
        }
        const double x = dayX(d.day);
        const auto add = [&](QLineSeries *s, const std::optional<BillAmounts> &a) {
            const auto y = a ? a->usdPer1k() : std::nullopt;
            if (!y)
                return;
            s->append(x, *y);
            minX = std::min(minX, x);
            maxX = std::max(maxX, x);
            maxY = std::max(maxY, *y);
        };
        add(billed, d.billed);
        add(recorded, d.recorded);
        if (d.flagged && d.billed && d.billed->usdPer1k()) {
            m_flagged << QPointF(x, *d.billed->usdPer1k());
            flagged->append(m_flagged.back());
        }
        if (days.empty() || days.back() != d.day)
            days.push_back(d.day);
    }
    // Drawn in the order the models first appear, the flagged days on top.
    for (const QString &model : std::as_const(m_models)) {
        for (QLineSeries *s : {lines[model].first, lines[model].second}) {
            if (s->count() == 0) {
                delete s;
                continue;
            }
            m_chart->addSeries(s);
            s->attachAxis(m_xAxis);
            s->attachAxis(m_yAxis);
        }
    }
    m_chart->addSeries(flagged);
    flagged->attachAxis(m_xAxis);
    flagged->attachAxis(m_yAxis);
    if (m_flagged.isEmpty())
        flagged->setName(tr("No day flagged"));
    finishAxes(minX, maxX, maxY, int(days.size()));
}

void BillChart::finishAxes(double minX, double maxX, double maxY, int days)
{
    const bool any = days > 0;
    const qint64 dayMs = 24LL * 3600 * 1000;
    // Ticks on whole days: the first and last day at the ends, and a count of ticks that divides
    // the days between them; a single day sits between the day before and the day after.
    qint64 from = any ? qint64(minX) : 0;
    qint64 to = any ? qint64(maxX) : dayMs;
    const int span = int((to - from) / dayMs); // days from the first to the last
    int ticks = 2;
    if (span == 0) {
        from -= dayMs;
        to += dayMs;
        ticks = 3;
    } else {
        for (int n = std::min(span + 1, 8); n >= 2; --n)
            if (span % (n - 1) == 0) {
                ticks = n;
                break;
            }
    }
    m_xAxis->setRange(QDateTime::fromMSecsSinceEpoch(from, Qt::UTC),
                      QDateTime::fromMSecsSinceEpoch(to, Qt::UTC));
    m_xAxis->setTickCount(ticks);
    m_yAxis->setRange(0, maxY > 0 ? maxY * 1.15 : 1.0);
    m_yAxis->applyNiceNumbers();
    // Two significant digits at the top of the axis, however small the price.
    const int decimals = maxY > 0 ? std::clamp(2 - int(std::floor(std::log10(maxY))), 1, 8) : 1;
    m_yAxis->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
    // Without a bill there are no numbers to read: no labels rather than "0 0 0 1 1".
    // nor titles, which an empty chart would squeeze to "…".
    for (QAbstractAxis *axis :
         {static_cast<QAbstractAxis *>(m_xAxis), static_cast<QAbstractAxis *>(m_yAxis)}) {
        axis->setLabelsVisible(any);
        axis->setTitleVisible(any);
    }
}

} // namespace ys
