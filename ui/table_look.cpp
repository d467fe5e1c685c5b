#include "ui/table_look.h"

#include "ui/table_export_menu.h"

#include <QHeaderView>
#include <QTableView>

namespace ys {

TableExportMenu *setUpTable(QTableView *table, QAbstractItemModel *model, const TableLook &look)
{
    table->setObjectName(look.objectName);
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(look.selection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    QHeaderView *header = table->horizontalHeader();
    if (look.fitColumnsToContents)
        header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setStretchLastSection(true);
    if (look.sortable) {
        // Turning sorting on sorts by the indicator's column: one sort, not two.
        header->setSortIndicator(look.sortColumn, Qt::AscendingOrder);
        table->setSortingEnabled(true);
    }
    return TableExportMenu::attach(table, look.exportName);
}

} // namespace ys
