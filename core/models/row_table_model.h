#pragma once

#include <QAbstractTableModel>
#include <QString>
#include <QVariant>
#include <functional>
#include <vector>

namespace ys {

// The one pattern of the workbench's table models: rows held by the model that derives from
// this, and one table of columns, each saying once what it is (a stable key, a title, a unit)
// and how a row fills it (the raw value, the text shown, the sort value, the exported value and
// a tooltip). Every model answers the same roles the same way:
// - DisplayRole: the column's text; by default the value formatted with the column's decimals,
//   "—" where there is no value.
// - ValueRole: the raw value (double, qint64, QString or bool), invalid where there is nothing.
// - SortRole: the column's sort value; by default the value, with nothing sorting after every
//   number in ascending order.
// - ExportValueRole, ExportKeyRole, ExportUnitRole (models/export_roles.h): what ModelTable and
//   so every export reads.
// - ToolTipRole and TextAlignmentRole where the column sets them; a model's own roles through
//   ownData().
class RowTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum TableRole {
        ValueRole = Qt::UserRole + 1,
        SortRole,
        FirstOwnRole = Qt::UserRole + 16, // where a model's own roles start
    };

    using Cell = std::function<QVariant(int row)>;

    struct ColumnSpec {
        QString key;            // stable and language-free: the export key ("ttft_p95_ms")
        QString unit;           // "ms", "$", "%", "tokens/s"; empty when it has none
        const char *title = ""; // source text, translated in the model's context (QT_TR_NOOP)
        Cell value;             // the raw value; unset: the text, nothing where it is "—"
        Cell display = {};      // the text; unset: value formatted with decimals, "—" for nothing
        Cell sort = {};         // unset: the value, nothing sorting last
        Cell tooltip = {};
        std::function<QString()> titleText = {}; // a title made at run time (translated)
        const char *headerTooltip = "";          // source text, translated like the title
        int decimals = -1;                       // a double's decimals in the text; -1: as is
        bool textExported = false;               // exported as its text, not its value
        Qt::Alignment alignment = {};

        ColumnSpec &shown(Cell f) { return display = std::move(f), *this; }
        ColumnSpec &sortedBy(Cell f) { return sort = std::move(f), *this; }
        ColumnSpec &exportsText() { return textExported = true, *this; }
        ColumnSpec &tip(Cell f) { return tooltip = std::move(f), *this; }
        ColumnSpec &places(int n) { return decimals = n, *this; }
        ColumnSpec &aligned(Qt::Alignment a) { return alignment = a, *this; }
        ColumnSpec &titled(std::function<QString()> f) { return titleText = std::move(f), *this; }
        ColumnSpec &headerTip(const char *text) { return headerTooltip = text, *this; }
    };

    explicit RowTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    const ColumnSpec &column(int section) const { return m_columns[std::size_t(section)]; }

protected:
    // How many rows the model holds.
    virtual int rows() const = 0;
    // A model's own roles (FirstOwnRole and up) and any role no column answers.
    virtual QVariant ownData(int row, int column, int role) const;
    // The names of a model's own roles, for roleNames().
    virtual QHash<int, QByteArray> ownRoleNames() const { return {}; }

    // A column whose value is cell (key and unit in UTF-8); its text, sort, export and tooltip
    // are set on the result, which stays valid until the next column is added.
    ColumnSpec &addColumn(const char *key, const char *unit, const char *title, Cell value);
    // Drops every column (inside a reset, for a model whose columns follow its rows).
    void clearColumns() { m_columns.clear(); }

private:
    QVariant display(const ColumnSpec &c, int row) const;
    QVariant value(const ColumnSpec &c, int row) const;

    std::vector<ColumnSpec> m_columns;
};

} // namespace ys
