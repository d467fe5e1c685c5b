#include "models/row_table_model.h"

#include "models/cell_values.h"
#include "models/export_roles.h"
#include "util/number_text.h"

#include <QCoreApplication>
#include <limits>

namespace ys {

RowTableModel::RowTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int RowTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : rows();
}

int RowTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

RowTableModel::ColumnSpec &RowTableModel::addColumn(const char *key, const char *unit,
                                                    const char *title, Cell value)
{
    ColumnSpec &c = m_columns.emplace_back();
    c.key = QString::fromUtf8(key);
    c.unit = QString::fromUtf8(unit);
    c.title = title;
    c.value = std::move(value);
    return c;
}

QVariant RowTableModel::value(const ColumnSpec &c, int row) const
{
    return c.value ? c.value(row) : exportValue({}, c.display(row));
}

QVariant RowTableModel::display(const ColumnSpec &c, int row) const
{
    if (c.display)
        return c.display(row);
    const QVariant v = c.value(row);
    if (!v.isValid())
        return dash();
    if (c.decimals >= 0 && v.metaType().id() == QMetaType::Double)
        return fixedNumber(v.toDouble(), c.decimals);
    return v;
}

QVariant RowTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rows() || index.column() >= columnCount())
        return {};
    const ColumnSpec &c = m_columns[std::size_t(index.column())];
    const int row = index.row();
    switch (role) {
    case Qt::DisplayRole:
        return display(c, row);
    case ValueRole:
        return value(c, row);
    case SortRole: {
        if (c.sort)
            return c.sort(row);
        const QVariant v = value(c, row);
        // Numbers sort as doubles, so that a column's integers and its "nothing" compare; nothing
        // sorts after every measured value in ascending order.
        if (!v.isValid())
            return std::numeric_limits<double>::infinity();
        switch (v.metaType().id()) {
        case QMetaType::Int:
        case QMetaType::UInt:
        case QMetaType::LongLong:
        case QMetaType::ULongLong:
            return v.toDouble();
        default:
            return v;
        }
    }
    case ExportValueRole:
        return exportValue(c.textExported ? QVariant() : value(c, row), display(c, row));
    case Qt::ToolTipRole:
        if (c.tooltip)
            return c.tooltip(row);
        break;
    case Qt::TextAlignmentRole:
        if (c.alignment)
            return QVariant(c.alignment);
        break;
    default:
        break;
    }
    return ownData(row, index.column(), role);
}

QVariant RowTableModel::ownData(int, int, int) const
{
    return {};
}

QVariant RowTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const ColumnSpec &c = m_columns[std::size_t(section)];
    switch (role) {
    case Qt::DisplayRole:
        if (c.titleText)
            return c.titleText();
        // The titles are marked for translation in the deriving model's context.
        return QCoreApplication::translate(metaObject()->className(), c.title);
    case Qt::ToolTipRole:
        if (*c.headerTooltip)
            return QCoreApplication::translate(metaObject()->className(), c.headerTooltip);
        break;
    case ExportKeyRole:
        return c.key;
    case ExportUnitRole:
        return c.unit;
    default:
        break;
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

QHash<int, QByteArray> RowTableModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(ValueRole, "value");
    names.insert(SortRole, "sort");
    names.insert(ownRoleNames());
    return names;
}

} // namespace ys
