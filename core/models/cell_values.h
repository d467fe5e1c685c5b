#pragma once

#include <QString>
#include <QVariant>

#include <optional>

namespace ys {

// What a table cell shows where a figure was not measured.
inline QString dash()
{
    return QStringLiteral("—");
}

// A figure as a cell's value: an empty QVariant where it was not measured.
inline QVariant cellOrNull(std::optional<double> v)
{
    return v ? QVariant(*v) : QVariant();
}

// A count or an id as a cell's value, kept a whole number: empty where there is none.
inline QVariant cellOrNull(std::optional<qint64> v)
{
    return v ? QVariant(*v) : QVariant();
}

} // namespace ys
