#pragma once

#include <QSqlQuery>
#include <QString>
#include <QVariant>
#include <QVariantList>

#include <vector>

namespace ys {

// Prepares sql on q with values bound to its placeholders in order.
inline void prepareBound(QSqlQuery &q, const QString &sql, const QVariantList &values)
{
    q.prepare(sql);
    for (const QVariant &v : values)
        q.addBindValue(v);
}

// The rows q (run already) gives from where it stands, each read by read (which reads q).
template <typename Read> auto readRows(QSqlQuery &q, Read read) -> std::vector<decltype(read())>
{
    std::vector<decltype(read())> out;
    while (q.next())
        out.push_back(read());
    return out;
}

} // namespace ys
