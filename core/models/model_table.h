#pragma once

#include "export/data_table.h"

#include <QList>
#include <QModelIndex>
#include <QString>

class QAbstractItemModel;

namespace ys {

// Any table model of the workbench as a DataTable, the shape every export writes: the columns
// and rows given (those shown, in the view's order: after a sort or filter proxy and without
// hidden columns), numbers as numbers. A model that answers the export roles
// (models/export_roles.h) gives each cell's raw value and each column's key and unit; for a
// model that does not, a cell is its display text, taken as a number when it is one.
class ModelTable {
public:
    static DataTable make(const QAbstractItemModel &model, const QList<int> &columns,
                          const QList<int> &rows, const QString &name);
    // Every column and row of the model, in its own order.
    static DataTable make(const QAbstractItemModel &model, const QString &name);

    // Whether the model answers the export roles (its first column has a key).
    static bool hasExportRoles(const QAbstractItemModel &model);
    // A cell as it is exported: double, qint64 or QString; invalid for an empty cell.
    static QVariant value(const QModelIndex &index, bool exportRoles);
    // A column's key, title (the header's text) and unit; its kind is Text (make() sets it
    // from the values).
    static DataColumn column(const QAbstractItemModel &model, int section, bool exportRoles);
};

} // namespace ys
