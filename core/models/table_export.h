#pragma once

#include "analysis/run_summary.h"
#include "domain/requirements.h"
#include "export/data_table.h"
#include "export/table_file.h"

#include <QString>
#include <optional>
#include <vector>

namespace ys {

// The workbench's way out for tables (docs/exports.md): the comparison sheet of a session as
// the command line's export writes it, and a table written to a file in a format named by the
// path. The pages export through here (and models/model_table.h for what a view shows), never
// through export/ directly.
class TableExport {
public:
    using Format = TableFile::Format;

    // The Compare page's table as exported: the same sheet as `yardstick-cli export`'s.
    static DataTable comparison(const std::vector<ProviderSummary> &providers,
                                const Requirements &requirements);
    // The format a path's extension names; nullopt for none.
    static std::optional<Format> formatFromPath(const QString &path);
    // Writes the table; false with *error set when it cannot (no file is left behind).
    static bool write(const DataTable &table, const QString &path, Format format, QString *error);
};

} // namespace ys
