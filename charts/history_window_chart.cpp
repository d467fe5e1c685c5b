#include "charts/history_window_chart.h"

#include "charts/chart_legend.h"
#include "charts/chart_setup.h"
#include "charts/provider_colours.h"

#include <QChart>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace ys {

namespace {

std::optional<double> figureOf(const HistoryWindowRow &r, HistoryWindowChart::Figure f)
{
    switch (f) {
    case HistoryWindowChart::Figure::TtftP50:
        return r.ttftP50Ms;
    case HistoryWindowChart::Figure::E2eP50:
        return r.e2eP50Ms;
    case HistoryWindowChart::Figure::TokensPerS:
        break;
    }
    return r.tokensPerS;
}

QLineSeries *lineOf(const QChart *chart, const QString &provider)
{
    for (QAbstractSeries *s : chart->series())
        if (s->name() == provider)
            return qobject_cast<QLineSeries *>(s);
    return nullptr;
}

} // namespace

HistoryWindowChart::HistoryWindowChart(QWidget *parent)
    : QChartView(parent)
    , m_chart(new QChart)
    , m_timeAxis(new QDateTimeAxis)
    , m_hourAxis(new QValueAxis)
    , m_yAxis(new QValueAxis)
{
    showChart(this, m_chart, tr("Medians by window"), Qt::AlignRight);
    m_timeAxis->setTitleText(tr("Window start (UTC)"));
    m_hourAxis->setTitleText(tr("Hour of the day (UTC)"));
    m_hourAxis->setLabelFormat(QStringLiteral("%d"));
    m_hourAxis->setRange(0, 24);
    m_hourAxis->setTickCount(9); // every third hour
    // Both stay on the chart; the one the grouping does not use is hidden and holds no series.
    m_chart->addAxis(m_timeAxis, Qt::AlignBottom);
    m_chart->addAxis(m_hourAxis, Qt::AlignBottom);
    placeAxis(m_chart, m_yAxis, Qt::AlignLeft, QString());
    setRows({}, HistoryGrouping::Window, Figure::TtftP50);
}

void HistoryWindowChart::setRows(const std::vector<HistoryWindowRow> &rows,
                                 HistoryGrouping grouping, Figure figure,
                                 const ProviderLabels *labels)
{
    m_chart->removeAllSeries();
    m_providers.clear();
    const bool hours = grouping == HistoryGrouping::HourOfDay;
    QAbstractAxis *x = hours ? static_cast<QAbstractAxis *>(m_hourAxis) : m_timeAxis;
    QAbstractAxis *other = hours ? static_cast<QAbstractAxis *>(m_timeAxis) : m_hourAxis;
    other->setVisible(false);
    x->setVisible(true);
    m_chart->setTitle(hours ? tr("Medians by hour of the day") : tr("Medians by window"));
    m_yAxis->setTitleText(figure == Figure::TtftP50  ? tr("TTFT P50 (ms)")
                          : figure == Figure::E2eP50 ? tr("E2E P50 (ms)")
                                                     : tr("Output tokens/s P50"));

    std::map<QString, QLineSeries *> lines;
    double minX = std::numeric_limits<double>::max();
    double maxX = std::numeric_limits<double>::lowest();
    double maxY = 0;
    for (const HistoryWindowRow &r : rows) {
        const auto y = figureOf(r, figure);
        if (!y)
            continue;
        QLineSeries *&line = lines[r.provider];
        if (!line) {
            line = new QLineSeries;
            line->setName(r.provider);
            line->setColor(providerColour(int(m_providers.size())));
            line->setPointsVisible(true);
            m_providers << r.provider;
        }
        const double px = hours ? double(r.hourOfDay) : double(r.groupStartMs);
        line->append(px, *y);
        minX = std::min(minX, px);
        maxX = std::max(maxX, px);
        maxY = std::max(maxY, *y);
    }
    for (const QString &p : std::as_const(m_providers)) {
        QLineSeries *line = lines[p];
        m_chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(m_yAxis);
        if (labels)
            labelInLegend(m_chart, line, labels->of(p));
    }
    const bool any = !m_providers.isEmpty();
    if (!hours) {
        // Windows that start at midnight are days: their dates are enough, and shorter to read.
        const qint64 dayMs = 86400LL * 1000;
        const bool days = std::all_of(rows.begin(), rows.end(), [&](const HistoryWindowRow &r) {
            return r.groupStartMs % dayMs == 0;
        });
        m_timeAxis->setFormat(days ? QStringLiteral("yyyy-MM-dd") : QStringLiteral("MM-dd HH:mm"));
        // A lone window sits between the window before and the one after.
        const qint64 pad = any && minX == maxX ? (days ? dayMs : 3600 * 1000) : 0;
        m_timeAxis->setRange(
            QDateTime::fromMSecsSinceEpoch(any ? qint64(minX) - pad : 0, Qt::UTC),
            QDateTime::fromMSecsSinceEpoch(any ? qint64(maxX) + pad : 3600 * 1000, Qt::UTC));
        m_timeAxis->setTickCount(3);
    }
    m_yAxis->setRange(0, maxY > 0 ? maxY * 1.1 : 1.0);
    m_yAxis->applyNiceNumbers();
    m_yAxis->setLabelFormat(QStringLiteral("%.0f"));
    // Without a session there are no numbers to read: no labels rather than "0 0 0 1 1".
    // nor titles, which an empty chart would squeeze to "…".
    for (QAbstractAxis *axis : {x, static_cast<QAbstractAxis *>(m_yAxis)}) {
        axis->setLabelsVisible(any);
        axis->setTitleVisible(any);
    }
}

int HistoryWindowChart::pointCount(const QString &provider) const
{
    const QLineSeries *line = lineOf(m_chart, provider);
    return line ? int(line->count()) : 0;
}

double HistoryWindowChart::valueAt(const QString &provider, double x) const
{
    if (const QLineSeries *line = lineOf(m_chart, provider))
        for (const QPointF &p : line->points())
            if (p.x() == x)
                return p.y();
    return std::numeric_limits<double>::quiet_NaN();
}

} // namespace ys
