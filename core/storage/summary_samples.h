#pragma once

#include "domain/sample.h"
#include "storage/database.h"

#include <QSqlDatabase>
#include <QString>
#include <functional>
#include <optional>
#include <vector>

struct sqlite3;

namespace ys {

// A run's samples as the summary reads them (SessionRepository::summarySamples), from any
// SQLite connection: the summary of a big session reads its providers' runs on several threads,
// each with a read-only connection of its own (storage/read_connection.h).
std::vector<Sample> readSummarySamples(sqlite3 *db, qint64 runId, bool withEventTimes,
                                       QString *error);

// The same samples handed to visit one at a time, in the run's order, never all held at once
// (a summary keeps a few numbers of each). False, with *error set, when the read failed.
// schema: the version the database is at, when a migration reads it before the last one (the
// digests the migration to schema 7 makes): the columns a later schema adds are read as unset.
bool forEachSummarySample(sqlite3 *db, qint64 runId, bool withEventTimes,
                          const std::function<void(Sample &&)> &visit, QString *error,
                          int schema = Database::kSchemaVersion);

// How many samples a run has (from the index alone); none when the count failed.
std::optional<qint64> countSamples(sqlite3 *db, qint64 runId);

// The same reads through QSqlQuery, for a connection that is not SQLite's (PostgreSQL).
bool forEachSummarySample(QSqlDatabase &db, qint64 runId, bool withEventTimes,
                          const std::function<void(Sample &&)> &visit, QString *error,
                          int schema = Database::kSchemaVersion);
std::optional<qint64> countSamples(QSqlDatabase &db, qint64 runId);

} // namespace ys
