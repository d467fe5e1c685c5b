#pragma once

#include "analysis/stream_digest.h"

#include <QSqlDatabase>
#include <QString>
#include <optional>

namespace ys::StreamDigestStore {

// Table run_stream_digests (schema 7): one row per finished run, derived from its samples'
// event times. Losing a row only makes the next summary of that run slower.
std::optional<StreamDigest> load(QSqlDatabase &db, qint64 runId);
bool store(QSqlDatabase &db, qint64 runId, const StreamDigest &digest, QString *error);
// Reads the run's samples' event times (only the columns the digest needs) and digests them.
std::optional<StreamDigest> compute(QSqlDatabase &db, qint64 runId, QString *error);
// Digests every run that has ended and has no current digest: the migration to schema 7 does
// this once, so the runs of an older database load as fast as new ones.
bool backfill(QSqlDatabase &db, QString *error);

} // namespace ys::StreamDigestStore
