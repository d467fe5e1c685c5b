#include "export/table_file.h"

#include "export/table_sink.h"

#include <QFileInfo>

namespace ys {

std::optional<TableFile::Format> TableFile::formatFromName(const QString &name)
{
    const QString n = name.trimmed().toLower();
    if (n == QLatin1StringView("csv"))
        return Format::Csv;
    if (n == QLatin1StringView("xlsx"))
        return Format::Xlsx;
    if (n == QLatin1StringView("json"))
        return Format::Json;
    return std::nullopt;
}

std::optional<TableFile::Format> TableFile::formatFromPath(const QString &path)
{
    return formatFromName(QFileInfo(path).suffix());
}

bool TableFile::write(const DataTable &table, const QString &path, Format format, QString *error)
{
    const auto sink = TableSink::create(format, path, false);
    if (!sink->open(error) || !sink->beginTable(table.name, table.columns, error))
        return false;
    for (const auto &row : table.rows)
        sink->row(table.columns, row);
    return sink->commit(error);
}

bool TableFile::write(const std::vector<DataTable> &tables, const QString &path, Format format,
                      QString *error)
{
    if (format == Format::Csv && tables.size() != 1) {
        *error = tr("%1: a CSV file holds one table, not %2").arg(path).arg(tables.size());
        return false;
    }
    const auto sink = TableSink::create(format, path, true);
    if (!sink->open(error))
        return false;
    for (const DataTable &table : tables) {
        if (!sink->beginTable(table.name, table.columns, error))
            return false;
        for (const auto &row : table.rows)
            sink->row(table.columns, row);
    }
    return sink->commit(error);
}

} // namespace ys
