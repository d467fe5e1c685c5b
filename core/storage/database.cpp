#include "storage/database.h"

#include "storage/session_liveness.h"
#include "storage/sqlite_direct.h"
#include "storage/storage_error.h"
#include "storage/stream_digest_store.h"
#include "util/log.h"

#include <QAtomicInteger>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QUrl>
#include <sqlite3.h>

namespace {

// SQLite keeps statistics of its memory use behind a global mutex taken at every allocation;
// nothing here reads them. Set once, before the first connection (SQLite ignores it after).
[[maybe_unused]] const bool kSqliteConfigured = [] {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    return true;
}();

} // namespace

namespace ys {

namespace {

QAtomicInteger<quint64> s_connectionCounter;

// Each migration moves the schema from version i to i + 1. Never edit one that has shipped.
const char *const kMigrations[] = {
    R"sql(
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    suite_name TEXT NOT NULL,
    suite_json TEXT NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    status TEXT NOT NULL DEFAULT 'running'
);
CREATE TABLE providers (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    dialect TEXT NOT NULL,
    base_url TEXT NOT NULL,
    model TEXT NOT NULL,
    key_ref TEXT,
    input_per_mtok REAL,
    output_per_mtok REAL,
    cached_input_per_mtok REAL,
    context_window INTEGER,
    UNIQUE (session_id, name)
);
CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    provider_id INTEGER NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    load_model TEXT NOT NULL,
    concurrency INTEGER,
    planned INTEGER NOT NULL,
    scenario_json TEXT NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    status TEXT NOT NULL DEFAULT 'running'
);
CREATE INDEX runs_by_session ON runs(session_id, provider_id);
CREATE TABLE samples (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    warmup INTEGER NOT NULL DEFAULT 0,
    intended_start_ns INTEGER NOT NULL,
    queue_delay_ns INTEGER NOT NULL,
    connect_start_ns INTEGER,
    connected_ns INTEGER,
    tls_done_ns INTEGER,
    request_sent_ns INTEGER,
    headers_ns INTEGER,
    first_event_ns INTEGER,
    first_token_ns INTEGER,
    first_content_ns INTEGER,
    end_ns INTEGER NOT NULL,
    http_status INTEGER,
    http_version TEXT,
    connection_reused INTEGER,
    event_count INTEGER NOT NULL DEFAULT 0,
    read_count INTEGER NOT NULL DEFAULT 0,
    outcome TEXT NOT NULL,
    error TEXT,
    finish_reason TEXT,
    model_reported TEXT,
    system_fingerprint TEXT,
    request_id TEXT,
    input_tokens INTEGER,
    output_tokens INTEGER,
    cached_tokens INTEGER,
    reasoning_tokens INTEGER,
    tokens_estimated INTEGER NOT NULL DEFAULT 0,
    local_prompt_tokens INTEGER,
    local_output_tokens INTEGER,
    output_chars INTEGER,
    cost_usd REAL,
    event_times BLOB
);
CREATE INDEX samples_by_run ON samples(run_id, seq);
)sql",
    // 2: retries are attempts of one logical request; coalesced reads; kept response headers;
    // session events (breaker state changes and the like).
    R"sql(
ALTER TABLE samples ADD COLUMN request_index INTEGER;
ALTER TABLE samples ADD COLUMN attempt INTEGER NOT NULL DEFAULT 0;
ALTER TABLE samples ADD COLUMN retry_delay_ns INTEGER;
ALTER TABLE samples ADD COLUMN coalesced_reads INTEGER NOT NULL DEFAULT 0;
ALTER TABLE samples ADD COLUMN response_headers TEXT;
ALTER TABLE sessions ADD COLUMN calibration TEXT;
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    run_id INTEGER REFERENCES runs(id) ON DELETE CASCADE,
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    detail TEXT
);
CREATE INDEX events_by_session ON events(session_id);
)sql",
    // 3: attempts a fallback provider served; the concurrency a run actually reached.
    R"sql(
ALTER TABLE samples ADD COLUMN served_by TEXT;
ALTER TABLE runs ADD COLUMN achieved_concurrency INTEGER;
)sql",
    // 4: what a server said outside the protocol (e.g. unknown SSE field lines), kept per attempt.
    R"sql(
ALTER TABLE samples ADD COLUMN diagnostics TEXT;
)sql",
    // 5: scenario kinds. A kind runs in steps (one run each) that share a batch (the id of its
    // first run); step_json says what the step was. Samples keep when they started within their
    // run, whether the answer repeated a planted fact, and the hash of the answer text.
    R"sql(
ALTER TABLE runs ADD COLUMN step_json TEXT;
ALTER TABLE runs ADD COLUMN batch INTEGER;
ALTER TABLE samples ADD COLUMN start_offset_ns INTEGER;
ALTER TABLE samples ADD COLUMN needle_found INTEGER;
ALTER TABLE samples ADD COLUMN text_hash INTEGER;
)sql",
    // 6: what the bill needs beyond input and output: prompt tokens written to a provider's
    // cache (billed at their own price), and the cost a provider reported for the attempt itself.
    R"sql(
ALTER TABLE samples ADD COLUMN cache_write_tokens INTEGER;
ALTER TABLE samples ADD COLUMN reported_cost_usd REAL;
)sql",
    // 7: each ended run's digest: what a summary reads from its samples' event times, reduced
    // once (analysis/stream_digest.h), and the fields a summary reads of each attempt, packed
    // (storage/attempt_pack.h). Derived data: the migration fills it for the runs already stored
    // (StreamDigestStore::backfill), and a missing row only makes a summary slower.
    R"sql(
CREATE TABLE run_stream_digests (
    run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    sample_count INTEGER NOT NULL,
    gaps INTEGER NOT NULL,
    itl_mean_ms REAL,
    itl_stddev_ms REAL,
    itl_p99_ms REAL,
    attempts BLOB
);
)sql",
    // 8: a run's attempts counted by outcome (the Attempts page's filter and its counts) from the
    // index alone, instead of reading every row of the run, and one outcome's attempts read a
    // page at a time in their order.
    R"sql(
CREATE INDEX IF NOT EXISTS samples_by_run_outcome ON samples(run_id, outcome, seq);
)sql",
    // 9: the team store. A session names the process running it (owner, "host:pid") and when it
    // last said it was alive (heartbeat_ms, ms since the epoch), so a session whose process died
    // is found and marked interrupted. Schedules enqueue suites; the run queue holds suites that
    // workers claim under a lease (lease_until_ms) and run into a session of their own. The
    // server metrics are the series a self-hosted server's own metrics endpoint gave during a
    // run, at_ns on the clock of the run's samples. A session imported from a bundle keeps the
    // bundle's session uid (docs/bundles.md), so importing the same bundle again is recognised.
    R"sql(
ALTER TABLE sessions ADD COLUMN owner TEXT;
ALTER TABLE sessions ADD COLUMN heartbeat_ms INTEGER;
ALTER TABLE sessions ADD COLUMN uid TEXT;
CREATE TABLE schedules (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    suite_json TEXT NOT NULL,
    every_s INTEGER,
    times_of_day TEXT,
    next_ms INTEGER NOT NULL,
    last_ms INTEGER,
    enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL
);
CREATE TABLE run_queue (
    id INTEGER PRIMARY KEY,
    suite_name TEXT NOT NULL,
    suite_json TEXT NOT NULL,
    schedule_id INTEGER REFERENCES schedules(id) ON DELETE SET NULL,
    state TEXT NOT NULL DEFAULT 'queued',
    enqueued_at TEXT NOT NULL,
    worker TEXT,
    claims INTEGER NOT NULL DEFAULT 0,
    lease_until_ms INTEGER,
    session_id INTEGER REFERENCES sessions(id) ON DELETE SET NULL,
    finished_at TEXT,
    error TEXT
);
CREATE INDEX run_queue_by_state ON run_queue(state, id);
CREATE TABLE server_metrics (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    at_ns INTEGER NOT NULL,
    name TEXT NOT NULL,
    labels TEXT,
    value REAL NOT NULL
);
CREATE INDEX server_metrics_by_run ON server_metrics(run_id, name, at_ns);
)sql",
    // 10: when a forward proxy opened its tunnel, the phase between the connection to the proxy
    // and the TLS handshake with the server.
    R"sql(
ALTER TABLE samples ADD COLUMN tunnel_ns INTEGER;
)sql",
    // 11: the answer contract's checks of each successful answer (docs/contracts.md).
    R"sql(
ALTER TABLE samples ADD COLUMN contract TEXT;
)sql",
    // 12: when a tool call's arguments were complete (docs/measurements.md, "Tool calls").
    R"sql(
ALTER TABLE samples ADD COLUMN tool_args_ns INTEGER;
)sql",
    // 13: the regression gate where scheduled benchmarks run (docs/workers.md): a schedule's
    // baseline and options, copied to each item it enqueues, whose worker adds the verdict.
    R"sql(
ALTER TABLE schedules ADD COLUMN gate_json TEXT;
ALTER TABLE run_queue ADD COLUMN gate_json TEXT;
)sql",
};

static_assert(std::size(kMigrations) == Database::kSchemaVersion);

} // namespace

// The migrations as written for SQLite; database_pg.cpp translates them for PostgreSQL.
const char *migrationScript(int fromVersion)
{
    return kMigrations[fromVersion];
}

namespace {

// Whether the file is an SQLite database (or absent or empty: a new one), and the schema its
// header holds (*headerVersion; a newer one may still be only in a -wal file), read without
// touching the file: opening a database in WAL mode, even to read it, makes its -wal and -shm
// files, and a file this version refuses must be left as it was. SQLite reads it (immutable:
// no locks, no WAL) rather than a QFile: closing a descriptor of our own on the file would drop
// the POSIX locks every other connection of this process holds on it.
bool looksLikeSqlite(const QString &path, int *headerVersion, QString *error)
{
    *headerVersion = 0;
    const QFileInfo info(path);
    if (!info.exists() || info.size() == 0)
        return true; // a new database
    const QByteArray uri =
        "file:" + QUrl::toPercentEncoding(info.absoluteFilePath(), "/") + "?immutable=1";
    sqlite3 *db = nullptr;
    int rc = sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
    sqlite3_stmt *stmt = nullptr;
    if (rc == SQLITE_OK)
        rc = sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &stmt, nullptr);
    if (rc == SQLITE_OK)
        rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW)
        *headerVersion = sqlite3_column_int(stmt, 0);
    const QString reason = db ? QString::fromUtf8(sqlite3_errmsg(db)) : QString();
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    if (rc == SQLITE_ROW)
        return true;
    if ((rc & 0xff) == SQLITE_NOTADB || (rc & 0xff) == SQLITE_CORRUPT)
        *error = Database::tr("%1 is not a Yardstick database (not an SQLite file, or a damaged "
                              "one); the file was left untouched")
                     .arg(path);
    else
        *error = Database::tr("%1: cannot be opened (%2)").arg(path, reason);
    return false;
}

QString newerVersionText(const QString &path, int version)
{
    return Database::tr("%1 was written by a newer Yardstick (schema %2; this version reads up "
                        "to %3). It was left untouched.")
        .arg(path)
        .arg(version)
        .arg(Database::kSchemaVersion);
}

} // namespace

Database::Database(QString path)
    : m_path(std::move(path))
    , m_postgres(isPostgresUrl(m_path))
    , m_connectionName(QStringLiteral("ys-db-%1").arg(s_connectionCounter.fetchAndAddRelaxed(1)))
{
}

bool Database::isPostgresUrl(const QString &location)
{
    return location.startsWith(QLatin1StringView("postgresql://")) ||
           location.startsWith(QLatin1StringView("postgres://"));
}

Database::~Database()
{
    close();
}

void Database::close()
{
    if (m_db.isValid()) {
        m_db.close();
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connectionName);
    }
}

bool Database::exec(const QString &sql, QString *error)
{
    QSqlQuery q(m_db);
    if (!q.exec(sql)) {
        if (error)
            *error =
                tr("%1: %2").arg(display(), StorageError::describe(q.lastError(), !isPostgres()));
        return false;
    }
    return true;
}

bool Database::open(QString *error)
{
    if (StorageThreadGuard::active())
        StorageThreadGuard::check(QStringLiteral("open %1").arg(display()));
    if (isPostgres())
        return openPostgres(error);
    int headerVersion = 0;
    if (!looksLikeSqlite(m_path, &headerVersion, error))
        return false;
    if (headerVersion > kSchemaVersion) {
        *error = newerVersionText(m_path, headerVersion);
        return false;
    }
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    m_db.setDatabaseName(m_path);
    m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs));
    if (!m_db.open()) {
        *error = tr("%1: cannot open the database: %2")
                     .arg(m_path, StorageError::describe(m_db.lastError(), !isPostgres()));
        close();
        return false;
    }
    StorageThreadGuard::watch(sqlite_direct::handleOf(m_db));
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) {
        *error = tr("%1 is not a readable database: %2; the file was left untouched")
                     .arg(m_path, StorageError::describe(q.lastError(), !isPostgres()));
        close();
        return false;
    }
    const int version = q.value(0).toInt();
    q.finish();
    if (version > kSchemaVersion) {
        *error = newerVersionText(m_path, version);
        close();
        return false;
    }
    // A new file gets pages of 16 KiB: a run's samples fill a quarter as many pages (and log
    // frames) as at SQLite's default of 4 KiB, which makes storing them about a tenth faster
    // (bench/run_storage.sh). An existing file keeps the size it was made with.
    if (version == 0 && !exec(QStringLiteral("PRAGMA page_size=%1").arg(kNewPageSize), error)) {
        close();
        return false;
    }
    if (!exec(QStringLiteral("PRAGMA journal_mode=WAL"), error) ||
        !exec(QStringLiteral("PRAGMA synchronous=NORMAL"), error) ||
        !exec(QStringLiteral("PRAGMA foreign_keys=ON"), error) || !migrate(error)) {
        close();
        return false;
    }
    markAbandonedSessions();
    return true;
}

void Database::markAbandonedSessions()
{
    // Every start finds the sessions a crashed process left running (a read-only or locked file
    // only delays that to the next start).
    QString livenessError;
    if (SessionLiveness::markAbandoned(*this, &livenessError) < 0)
        qCWarning(lcStorage).noquote()
            << tr("%1: could not mark abandoned sessions interrupted: %2")
                   .arg(display(), livenessError);
}

bool Database::migrate(QString *error)
{
    QSqlQuery q(m_db);
    q.exec(QStringLiteral("PRAGMA user_version"));
    q.next();
    int version = q.value(0).toInt();
    q.finish();
    while (version < kSchemaVersion) {
        if (!beginWrite(error))
            return false;
        // Re-read inside the write lock: another process may have migrated meanwhile.
        QSqlQuery v(m_db);
        v.exec(QStringLiteral("PRAGMA user_version"));
        v.next();
        version = v.value(0).toInt();
        v.finish();
        if (version >= kSchemaVersion) {
            commit(error);
            break;
        }
        const QString script = QString::fromLatin1(kMigrations[version]);
        for (const QString &statement : script.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
            if (statement.trimmed().isEmpty())
                continue;
            if (!exec(statement, error)) {
                rollback();
                return false;
            }
        }
        // Schema 7 keeps what the runs stored so far digest to, in the same transaction.
        if (version + 1 == 7 && !StreamDigestStore::backfill(m_db, version + 1, error)) {
            rollback();
            return false;
        }
        if (!exec(QStringLiteral("PRAGMA user_version=%1").arg(version + 1), error)) {
            rollback();
            return false;
        }
        if (!commit(error))
            return false;
        ++version;
    }
    return true;
}

bool Database::beginWrite(QString *error)
{
    return exec(isPostgres() ? QStringLiteral("BEGIN") : QStringLiteral("BEGIN IMMEDIATE"), error);
}

bool Database::commit(QString *error)
{
    return exec(QStringLiteral("COMMIT"), error);
}

void Database::rollback()
{
    exec(QStringLiteral("ROLLBACK"), nullptr);
}

} // namespace ys
