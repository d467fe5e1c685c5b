#pragma once

#include "analysis/stream_digest.h"
#include "storage/database.h"

#include <QByteArray>
#include <QSqlDatabase>
#include <QString>
#include <functional>
#include <optional>

struct sqlite3;

namespace ys::StreamDigestStore {

// Table run_stream_digests (schema 7): one row per ended run, derived from its samples: the
// digest of their event times and the packed fields a summary reads. Losing a row only makes the
// next summary of that run slower.
std::optional<StreamDigest> load(QSqlDatabase &db, qint64 runId);
// attempts: the run's attempts packed as storage/attempt_pack.h does.
bool store(QSqlDatabase &db, qint64 runId, const StreamDigest &digest, const QByteArray &attempts,
           QString *error);
// Reads the run's samples and digests them: their event times into the digest, the fields a
// summary reads into *attempts. schema: the version the database is at (during a migration).
std::optional<StreamDigest> compute(QSqlDatabase &db, qint64 runId, QByteArray *attempts,
                                    QString *error, int schema = Database::kSchemaVersion);
// Hands the packed attempts of the run's current digest to use, in place (valid only during the
// call), on any connection; false when the run has no current digest, else what use returned.
bool withAttempts(sqlite3 *db, qint64 runId, const std::function<bool(const QByteArray &)> &use);
// The same on any Qt connection (through QSqlQuery when it is not SQLite's).
bool withAttempts(QSqlDatabase &db, qint64 runId,
                  const std::function<bool(const QByteArray &)> &use);
// Digests every run that has ended and has no current digest: the migration to schema 7 does
// this once (schema: 7, the columns of later schemas are not there yet), so the runs of an
// older database load as fast as new ones.
bool backfill(QSqlDatabase &db, int schema, QString *error);

} // namespace ys::StreamDigestStore
