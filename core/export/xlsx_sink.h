#pragma once

#include "export/table_sink.h"

namespace ys {

// XLSX through libxlsxwriter in its constant-memory mode (each row goes to disk once the next
// one starts): one sheet per table with a bold, frozen header row, numbers as numeric cells and
// missing values as empty cells. A table longer than a sheet's 1,048,576 rows goes on in
// further sheets named "NAME (2)" and so on, each with the header.
std::unique_ptr<TableSink> makeXlsxSink(const QString &path);

} // namespace ys
