#pragma once

#include "export/data_table.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

// Writes tables to a file. Nothing is left behind on failure: the file is written beside its
// target under a temporary name and renamed over it only when complete, so a reader never
// sees half a file and an earlier file of that name survives a failed export.
class TableFile {
    Q_DECLARE_TR_FUNCTIONS(ys::TableFile)
public:
    enum class Format { Csv, Xlsx, Json };

    // "csv", "xlsx", "json" (any case), or nullopt.
    static std::optional<Format> formatFromName(const QString &name);
    // From the path's extension, or nullopt.
    static std::optional<Format> formatFromPath(const QString &path);

    // One table: CSV (UTF-8 with a byte-order mark, RFC 4180, CRLF), one XLSX sheet, or a JSON
    // array of objects keyed by column key. False with *error naming the path and the reason.
    static bool write(const DataTable &table, const QString &path, Format format, QString *error);
    // Several tables: XLSX, one sheet each; JSON, one member each. CSV takes one table only.
    static bool write(const std::vector<DataTable> &tables, const QString &path, Format format,
                      QString *error);
};

} // namespace ys
