#include "storage/stream_digest_store.h"

#include "storage/attempt_pack.h"
#include "storage/bound_query.h"
#include "storage/database.h"
#include "storage/sample_blob.h"
#include "storage/session_repository.h"
#include "storage/sqlite_direct.h"
#include "storage/summary_samples.h"

#include <QSqlError>
#include <QSqlQuery>

namespace ys {

namespace StreamDigestStore {

std::optional<StreamDigest> load(QSqlDatabase &db, qint64 runId)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT sample_count, gaps, itl_mean_ms, itl_stddev_ms, itl_p99_ms "
                             "FROM run_stream_digests WHERE run_id = ? AND version = ?"));
    q.addBindValue(runId);
    q.addBindValue(StreamDigest::kVersion);
    if (!q.exec() || !q.next())
        return std::nullopt;
    const auto real = [&q](int c) {
        return q.value(c).isNull() ? std::nullopt : std::optional(q.value(c).toDouble());
    };
    StreamDigest d;
    d.sampleCount = q.value(0).toLongLong();
    d.gaps = q.value(1).toLongLong();
    d.itlMeanMs = real(2);
    d.itlStddevMs = real(3);
    d.itlP99Ms = real(4);
    return d;
}

bool store(QSqlDatabase &db, qint64 runId, const StreamDigest &digest, const QByteArray &attempts,
           QString *error)
{
    QSqlQuery q(db);
    const QString columns = QStringLiteral(
        "run_stream_digests (run_id, version, sample_count, gaps, itl_mean_ms, itl_stddev_ms, "
        "itl_p99_ms, attempts) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    // PostgreSQL has no INSERT OR REPLACE; its upsert replaces the row the same way.
    q.prepare(
        sqlite_direct::handleOf(db)
            ? QStringLiteral("INSERT OR REPLACE INTO ") + columns
            : QStringLiteral("INSERT INTO ") + columns +
                  QStringLiteral(" ON CONFLICT (run_id) DO UPDATE SET version = excluded.version, "
                                 "sample_count = excluded.sample_count, gaps = excluded.gaps, "
                                 "itl_mean_ms = excluded.itl_mean_ms, itl_stddev_ms = "
                                 "excluded.itl_stddev_ms, itl_p99_ms = excluded.itl_p99_ms, "
                                 "attempts = excluded.attempts"));
    const auto real = [](const std::optional<double> &v) {
        return v ? QVariant(*v) : QVariant(QMetaType::fromType<double>());
    };
    q.addBindValue(runId);
    q.addBindValue(StreamDigest::kVersion);
    q.addBindValue(digest.sampleCount);
    q.addBindValue(digest.gaps);
    q.addBindValue(real(digest.itlMeanMs));
    q.addBindValue(real(digest.itlStddevMs));
    q.addBindValue(real(digest.itlP99Ms));
    q.addBindValue(attempts);
    if (q.exec())
        return true;
    if (error)
        *error = q.lastError().text();
    return false;
}

std::optional<StreamDigest> compute(QSqlDatabase &db, qint64 runId, QByteArray *attempts,
                                    QString *error, int schema)
{
    sqlite3 *handle = sqlite_direct::handleOf(db);
    qint64 count = 0;
    std::vector<double> gaps;
    attempts->clear();
    const auto add = [&](Sample &&s) {
        ++count;
        AttemptPack::append(*attempts, s);
        if (countsForStreams(s))
            appendDeliveryGaps(s.eventTimesNs, gaps);
    };
    if (!(handle ? forEachSummarySample(handle, runId, true, add, error, schema)
                 : forEachSummarySample(db, runId, true, add, error, schema)))
        return std::nullopt;
    StreamDigest d = digestGaps(std::move(gaps));
    d.sampleCount = count;
    return d;
}

bool withAttempts(sqlite3 *db, qint64 runId, const std::function<bool(const QByteArray &)> &use)
{
    using namespace sqlite_direct;
    Statement st;
    if (sqlite3_prepare_v2(db,
                           "SELECT attempts FROM run_stream_digests WHERE run_id = ? AND "
                           "version = ?",
                           -1, &st.stmt, nullptr) != SQLITE_OK ||
        sqlite3_bind_int64(st.stmt, 1, runId) != SQLITE_OK ||
        sqlite3_bind_int(st.stmt, 2, StreamDigest::kVersion) != SQLITE_OK ||
        sqlite3_step(st.stmt) != SQLITE_ROW)
        return false;
    // The bytes stay SQLite's until the statement ends: used in place, not copied.
    return use(Row(st.stmt).bytes(0));
}

bool withAttempts(QSqlDatabase &db, qint64 runId,
                  const std::function<bool(const QByteArray &)> &use)
{
    if (sqlite3 *handle = sqlite_direct::handleOf(db))
        return withAttempts(handle, runId, use);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(
        QStringLiteral("SELECT attempts FROM run_stream_digests WHERE run_id = ? AND version = ?"));
    q.addBindValue(runId);
    q.addBindValue(StreamDigest::kVersion);
    if (!q.exec() || !q.next())
        return false;
    return use(q.value(0).toByteArray());
}

bool backfill(QSqlDatabase &db, int schema, QString *error)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("SELECT id FROM runs WHERE status <> 'running' AND id NOT IN "
                               "(SELECT run_id FROM run_stream_digests WHERE version = %1)")
                    .arg(StreamDigest::kVersion))) {
        if (error)
            *error = q.lastError().text();
        return false;
    }
    const std::vector<qint64> runs = readRows(q, [&] { return q.value(0).toLongLong(); });
    q.finish();
    QByteArray attempts;
    for (qint64 run : runs) {
        const auto digest = compute(db, run, &attempts, error, schema);
        if (!digest || !store(db, run, *digest, attempts, error))
            return false;
    }
    return true;
}

} // namespace StreamDigestStore

std::optional<StreamDigest> SessionRepository::streamDigest(qint64 runId) const
{
    return StreamDigestStore::load(m_db.connection(), runId);
}

bool SessionRepository::refreshStreamDigest(qint64 runId, QString *error)
{
    QByteArray attempts;
    const auto digest = StreamDigestStore::compute(m_db.connection(), runId, &attempts, error);
    return digest && write(
                         [&](QString *err) {
                             return StreamDigestStore::store(m_db.connection(), runId, *digest,
                                                             attempts, err);
                         },
                         error);
}

} // namespace ys
