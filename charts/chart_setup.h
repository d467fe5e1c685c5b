#pragma once

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QPainter>
#include <QString>

namespace ys {

// The set-up every chart view of the workbench shares: the view owns and shows chart, drawn
// antialiased, with its title (none when empty) and the legend at legendAt.
inline void showChart(QChartView *view, QChart *chart, const QString &title, Qt::Alignment legendAt)
{
    view->setChart(chart);
    view->setRenderHint(QPainter::Antialiasing);
    if (!title.isEmpty())
        chart->setTitle(title);
    chart->legend()->setAlignment(legendAt);
}

// Puts axis on chart's side where, titled (kept when empty) and, for an axis with numbers
// (QValueAxis, QLogValueAxis, QCategoryAxis), with its labels in labelFormat (a printf format;
// kept when empty). Returns the axis.
template <class Axis>
Axis *placeAxis(QChart *chart, Axis *axis, Qt::Alignment where, const QString &title,
                const QString &labelFormat = {})
{
    if (!title.isEmpty())
        axis->setTitleText(title);
    if constexpr (requires { axis->setLabelFormat(labelFormat); }) {
        if (!labelFormat.isEmpty())
            axis->setLabelFormat(labelFormat);
    }
    chart->addAxis(axis, where);
    return axis;
}

} // namespace ys
