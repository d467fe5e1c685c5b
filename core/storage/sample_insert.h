#pragma once

#include "domain/sample.h"

#include <QString>
#include <sqlite3.h>
#include <vector>

namespace ys {

// Inserts samples through SQLite's own interface on the Qt driver's connection, inside the
// caller's transaction: one prepared statement for the batch, every value bound as it is (no
// QVariant per column). The columns and their stored forms are those of the repository's
// portable insert (SessionRepository::insertSamples), which other databases go through.
bool insertSamplesSqlite(sqlite3 *db, const std::vector<Sample> &samples, QString *error);

} // namespace ys
