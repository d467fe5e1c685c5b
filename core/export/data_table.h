#pragma once

#include <QString>
#include <QVariant>
#include <vector>

namespace ys {

// A table as it leaves the workbench: typed columns with a stable key, a title in the user's
// language and a unit, and rows of plain values. Every export (CSV, XLSX, JSON) and every table
// of the workbench goes through this one shape, so numbers stay numbers in each of them.
struct DataColumn {
    enum class Kind {
        Text,    // QString
        Integer, // qint64
        Number,  // double; an invalid QVariant (or NaN) is an empty cell
    };
    QString key;   // stable, language-free ("e2e_p95_ms"); the JSON member name
    QString title; // shown in the header with its unit: "E2E P95 (ms)"
    QString unit;  // "ms", "$", "tokens/s", "%" or empty
    Kind kind = Kind::Text;

    // The header cell a spreadsheet shows: the title, and the unit in parentheses when the
    // title does not already end with it.
    QString header() const
    {
        if (unit.isEmpty() || title.endsWith(QLatin1Char(')')))
            return title;
        return title + QStringLiteral(" (") + unit + QLatin1Char(')');
    }
};

struct DataTable {
    QString name; // the sheet's name in an XLSX file, the member's name in JSON ("comparison")
    std::vector<DataColumn> columns;
    std::vector<std::vector<QVariant>> rows; // each row has columns.size() cells
};

} // namespace ys
