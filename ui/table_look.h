#pragma once

#include <QAbstractItemView>
#include <QString>

class QAbstractItemModel;
class QTableView;

namespace ys {

class TableExportMenu;

// How a table of the workbench behaves, so that every page's tables read and click alike: whole
// rows are selected, cells are never edited, no row numbers, the last column takes the room left,
// a cell keeps to one line, and the context menu exports the table (TableExportMenu).
struct TableLook {
    QString objectName;
    QString exportName; // the table's name in an export: the XLSX sheet, the file name suggested
    QAbstractItemView::SelectionMode selection = QAbstractItemView::ExtendedSelection;
    // Sorted by a click on a header: first by sortColumn, ascending (-1: the model's own order).
    bool sortable = false;
    int sortColumn = -1;
    bool fitColumnsToContents = false;
};

// Sets model and look on table, attaches the export menu and returns it, for a page that gives
// it a source or writer of its own. A model that sorts itself sorts once.
TableExportMenu *setUpTable(QTableView *table, QAbstractItemModel *model, const TableLook &look);

} // namespace ys
