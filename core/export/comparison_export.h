#pragma once

#include "analysis/run_summary.h"
#include "domain/requirements.h"
#include "export/data_table.h"

#include <QCoreApplication>
#include <vector>

namespace ys {

// The session's comparison table as it leaves the workbench (docs/exports.md): one row per
// provider with the figures of the Compare page's table as numbers, units in the headers, each
// 95% interval as two columns of its own (..._ci_low_ms, ..._ci_high_ms), every gate's result
// and the overall verdict in words ("pass", "fail", "inconclusive", "no data", translated).
class ComparisonExport {
    Q_DECLARE_TR_FUNCTIONS(ys::ComparisonExport)
public:
    static std::vector<DataColumn> columns();
    static DataTable table(const std::vector<ProviderSummary> &providers,
                           const Requirements &requirements);
};

// ComparisonExport::table, named "comparison".
inline DataTable comparisonTable(const std::vector<ProviderSummary> &providers,
                                 const Requirements &requirements)
{
    return ComparisonExport::table(providers, requirements);
}

} // namespace ys
