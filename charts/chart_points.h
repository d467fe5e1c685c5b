#pragma once

#include <QList>
#include <QPointF>
#include <iterator>

namespace ys {

// The points of ITEMS, POINT(item) each, in order: what a line or scatter series is replaced with.
template <typename Items, typename Point> QList<QPointF> pointsOf(const Items &items, Point point)
{
    QList<QPointF> out;
    out.reserve(qsizetype(std::size(items)));
    for (const auto &item : items)
        out.append(point(item));
    return out;
}

} // namespace ys
