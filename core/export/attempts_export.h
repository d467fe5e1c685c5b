#pragma once

#include <QSqlDatabase>

#include "export/data_table.h"
#include "export/table_sink.h"

#include <QCoreApplication>
#include <optional>
#include <vector>

struct sqlite3;

namespace ys {

// Every attempt of a session as a table (docs/exports.md): one row per stored attempt of every
// run (warm-ups included, marked), with its run, provider, outcome class, the times of each
// step in ms from the attempt's start, tokens, cost, HTTP status and error text. The rows are
// read from SQLite one at a time, a run after another in their order, and handed straight to a
// TableSink, so a session of a million attempts is exported without holding them.
class AttemptsExport {
    Q_DECLARE_TR_FUNCTIONS(ys::AttemptsExport)
public:
    static std::vector<DataColumn> columns();
    // Begins the table "attempts" on the sink and writes every attempt of the session to it:
    // the number of rows written, or nullopt with *error set when the read failed.
    static std::optional<qint64> write(sqlite3 *db, qint64 sessionId, TableSink &sink,
                                       QString *error);
    // The same on any Qt connection: SQLite's straight through its interface as above, another
    // (a PostgreSQL team store) through QSqlQuery.
    static std::optional<qint64> write(QSqlDatabase &db, qint64 sessionId, TableSink &sink,
                                       QString *error);
};

} // namespace ys
