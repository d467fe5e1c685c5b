#pragma once

#include "export/table_sink.h"

namespace ys {

// CSV: UTF-8 with a byte-order mark (so spreadsheets do not read it as the local code page),
// RFC 4180 (fields with a comma, a quote or a line break in double quotes, "" for a quote,
// CRLF after every record), the header row first. One table per file.
std::unique_ptr<TableSink> makeCsvSink(const QString &path);
// JSON: a lone table is an array of objects keyed by column key; several tables make an object
// with one such array per table name. Numbers are numbers, missing values null.
std::unique_ptr<TableSink> makeJsonSink(const QString &path, bool severalTables);

} // namespace ys
