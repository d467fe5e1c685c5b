#pragma once

#include <QDateTime>
#include <QString>
#include <QVariant>

#include <optional>

namespace ys {

// The moment stored in the time columns: UTC, ISO 8601 with milliseconds.
inline QString nowIso()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

// The value to bind to a nullable column: NULL, typed as the column, when there is none.
inline QVariant nullable(const std::optional<qint64> &v)
{
    return v ? QVariant(*v) : QVariant(QMetaType(QMetaType::LongLong));
}

inline QVariant nullable(const std::optional<double> &v)
{
    return v ? QVariant(*v) : QVariant(QMetaType(QMetaType::Double));
}

// A nullable column's value.
inline std::optional<qint64> optOf(const QVariant &v)
{
    return v.isNull() ? std::nullopt : std::optional<qint64>(v.toLongLong());
}

inline std::optional<double> optRealOf(const QVariant &v)
{
    return v.isNull() ? std::nullopt : std::optional<double>(v.toDouble());
}

} // namespace ys
