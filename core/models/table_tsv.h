#pragma once

#include <QList>
#include <QString>

class QAbstractItemModel;

namespace ys {

// A table as tab-separated text, for pasting into a spreadsheet: a header line of the columns'
// titles, then one line per row, every line ending in a newline. Cells are the model's display
// text (numbers as the table shows them, units and intervals included); a tab or line break
// inside a cell becomes a space so that it cannot split a cell or a row.
class TableTsv {
public:
    // `columns` and `rows` are the model's, in the order they are written.
    static QString make(const QAbstractItemModel &model, const QList<int> &columns,
                        const QList<int> &rows);
    // A cell's text with tabs and line breaks replaced by spaces.
    static QString cell(const QString &text);
};

} // namespace ys
