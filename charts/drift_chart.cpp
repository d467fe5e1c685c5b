#include "charts/drift_chart.h"

#include "charts/chart_setup.h"
#include "models/drift_series_model.h"

#include <QAbstractItemModel>
#include <QCategoryAxis>
#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>

namespace ys {

DriftChart::DriftChart(QWidget *parent)
    : QChartView(parent)
    , m_chart(new QChart)
    , m_xAxis(new QCategoryAxis)
    , m_msAxis(new QValueAxis)
    , m_usdAxis(new QValueAxis)
{
    // The legend at the side and short axis titles (the legend names the lines), so a short
    // chart still has room for its plot and the titles beside it.
    showChart(this, m_chart, tr("Drift across sessions"), Qt::AlignRight);
    setMinimumHeight(260);
    m_xAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    placeAxis(m_chart, m_xAxis, Qt::AlignBottom, tr("Session"));
    placeAxis(m_chart, m_msAxis, Qt::AlignLeft, tr("ms"), QStringLiteral("%.0f"));
    placeAxis(m_chart, m_usdAxis, Qt::AlignRight, tr("$ per 1K"), QStringLiteral("%.4f"));
    rebuild();
}

void DriftChart::setModel(QAbstractItemModel *model)
{
    if (m_model)
        m_model->disconnect(this);
    m_model = model;
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, &DriftChart::rebuild);
        connect(m_model, &QAbstractItemModel::dataChanged, this, &DriftChart::rebuild);
        connect(m_model, &QAbstractItemModel::rowsInserted, this, &DriftChart::rebuild);
        connect(m_model, &QAbstractItemModel::rowsRemoved, this, &DriftChart::rebuild);
    }
    rebuild();
}

void DriftChart::rebuild()
{
    m_chart->removeAllSeries();
    for (const QString &label : m_xAxis->categoriesLabels())
        m_xAxis->remove(label);
    m_pointCount = 0;
    m_changeCount = 0;

    auto *ttft = new QLineSeries;
    ttft->setName(tr("TTFT P95"));
    auto *e2e = new QLineSeries;
    e2e->setName(tr("E2E P95"));
    auto *usd = new QLineSeries;
    usd->setName(tr("$ per 1K"));
    QPen dashed = usd->pen();
    dashed.setStyle(Qt::DashLine);
    usd->setPen(dashed);
    auto *changes = new QScatterSeries;
    changes->setName(tr("Model or fingerprint changed"));
    changes->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    changes->setMarkerSize(14);
    changes->setColor(QColor(0xe15759));

    double maxMs = 0, maxUsd = 0;
    const int rows = m_model ? m_model->rowCount() : 0;
    const auto value = [&](int row, int column) {
        return m_model->index(row, column).data(DriftSeriesModel::ValueRole);
    };
    for (int row = 0; row < rows; ++row) {
        const double x = row;
        const QVariant t = value(row, DriftSeriesModel::TtftP95Column);
        const QVariant e = value(row, DriftSeriesModel::E2eP95Column);
        const QVariant u = value(row, DriftSeriesModel::UsdPer1kColumn);
        if (t.isValid()) {
            ttft->append(x, t.toDouble());
            maxMs = std::max(maxMs, t.toDouble());
        }
        if (e.isValid()) {
            e2e->append(x, e.toDouble());
            maxMs = std::max(maxMs, e.toDouble());
        }
        if (u.isValid()) {
            usd->append(x, u.toDouble());
            maxUsd = std::max(maxUsd, u.toDouble());
        }
        const QModelIndex idx = m_model->index(row, 0);
        if (idx.data(DriftSeriesModel::ModelChangedRole).toBool() ||
            idx.data(DriftSeriesModel::FingerprintChangedRole).toBool()) {
            changes->append(x, e.isValid() ? e.toDouble() : 0.0);
            ++m_changeCount;
        }
        m_xAxis->append(
            QStringLiteral("#%1").arg(value(row, DriftSeriesModel::SessionColumn).toLongLong()), x);
        ++m_pointCount;
    }
    for (QXYSeries *s : {static_cast<QXYSeries *>(ttft), static_cast<QXYSeries *>(e2e),
                         static_cast<QXYSeries *>(changes)}) {
        s->setPointsVisible(true);
        m_chart->addSeries(s);
        s->attachAxis(m_xAxis);
        s->attachAxis(m_msAxis);
    }
    usd->setPointsVisible(true);
    m_chart->addSeries(usd);
    usd->attachAxis(m_xAxis);
    usd->attachAxis(m_usdAxis);
    m_xAxis->setRange(-0.5, std::max(0.5, rows - 0.5));
    m_msAxis->setRange(0, maxMs > 0 ? maxMs * 1.15 : 1.0);
    m_usdAxis->setRange(0, maxUsd > 0 ? maxUsd * 1.15 : 0.01);
    // Round ticks; none at all on an empty chart, whose range is only a placeholder.
    m_msAxis->applyNiceNumbers();
    m_usdAxis->applyNiceNumbers();
    m_msAxis->setLabelsVisible(rows > 0);
    m_usdAxis->setLabelsVisible(rows > 0);
}

} // namespace ys
