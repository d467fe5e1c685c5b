#pragma once

#include <QAbstractItemModel>
#include <QStringList>

namespace ys {

// The header of a table whose columns have fixed titles: titles()[section] (one title per
// column, in column order, asked for only when a title is wanted) as a horizontal header's
// text, and the base class's answer for every other header and role.
template <typename Titles>
QVariant columnHeader(const QAbstractItemModel &model, int section, Qt::Orientation orientation,
                      int role, Titles titles)
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return model.QAbstractItemModel::headerData(section, orientation, role);
    const QStringList all = titles();
    Q_ASSERT(all.size() == model.columnCount());
    return section >= 0 && section < all.size() ? QVariant(all.at(section)) : QVariant();
}

} // namespace ys
