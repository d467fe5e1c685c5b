#include "models/table_export.h"

#include "export/comparison_export.h"

namespace ys {

DataTable TableExport::comparison(const std::vector<ProviderSummary> &providers,
                                  const Requirements &requirements)
{
    return ComparisonExport::table(providers, requirements);
}

std::optional<TableExport::Format> TableExport::formatFromPath(const QString &path)
{
    return TableFile::formatFromPath(path);
}

bool TableExport::write(const DataTable &table, const QString &path, Format format, QString *error)
{
    return TableFile::write(table, path, format, error);
}

} // namespace ys
