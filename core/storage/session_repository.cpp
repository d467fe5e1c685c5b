#include "storage/session_repository.h"

#include "storage/bound_query.h"
#include "storage/database.h"
#include "storage/sample_blob.h"
#include "storage/sample_insert.h"
#include "storage/session_liveness.h"
#include "storage/sql_values.h"
#include "storage/sqlite_direct.h"
#include "storage/storage_error.h"
#include "util/log.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace ys {

namespace {

// A status word this version does not know (written by a newer one) reads as interrupted: the
// session ended in a way this version cannot describe.
SessionStatus storedStatus(const QString &name)
{
    return sessionStatusFromName(name).value_or(SessionStatus::Interrupted);
}

bool fail(QSqlQuery &q, QString *error)
{
    if (error)
        *error = StorageError::describe(q.lastError(),
                                        q.driver() && q.driver()->dbmsType() == QSqlDriver::SQLite);
    return false;
}

// Runs Q (prepared and bound) and reads each row it gives with READ (which reads Q); what was
// read, none with *error set when it failed.
template <typename Read>
auto rowsOf(QSqlQuery &q, QString *error, Read read) -> std::vector<decltype(read())>
{
    if (!q.exec()) {
        fail(q, error);
        return {};
    }
    return readRows(q, read);
}

// The id an INSERT ... RETURNING id gave (SQLite 3.35 and PostgreSQL alike: QPSQL has no
// lastInsertId()); 0 when it gave none.
qint64 insertedId(QSqlQuery &q)
{
    const qint64 id = q.next() ? q.value(0).toLongLong() : 0;
    q.finish();
    return id;
}

// Runs sql, an INSERT ... RETURNING id, with values bound in order: true with *id the new row's
// id, or false with *error set.
bool insertRow(const QSqlDatabase &db, const QString &sql, const QVariantList &values, qint64 *id,
               QString *error)
{
    QSqlQuery q(db);
    prepareBound(q, sql, values);
    if (!q.exec())
        return fail(q, error);
    *id = insertedId(q);
    return *id > 0 || fail(q, error);
}

// Rows in one INSERT of samples on PostgreSQL (47 values each).
constexpr std::size_t kPgRowsPerStatement = 64;

QString textOrNull(const QString &s)
{
    return s.isEmpty() ? QString() : s;
}

} // namespace

SessionRepository::SessionRepository(Database &db)
    : m_db(db)
{
}

bool SessionRepository::write(const std::function<bool(QString *)> &body, QString *error)
{
    if (!m_db.beginWrite(error))
        return false;
    if (!body(error)) {
        m_db.rollback();
        // Database's own errors name the file already; a statement's says what went wrong.
        if (error && !error->startsWith(m_db.path()))
            *error = tr("%1: %2").arg(m_db.path(), *error);
        return false;
    }
    return m_db.commit(error);
}

bool SessionRepository::writeStatement(const QString &sql, const QVariantList &values,
                                       QString *error)
{
    return write(
        [&](QString *err) {
            QSqlQuery q(m_db.connection());
            prepareBound(q, sql, values);
            return q.exec() || fail(q, err);
        },
        error);
}

std::optional<qint64> SessionRepository::writeInsert(const QString &sql, const QVariantList &values,
                                                     QString *error)
{
    qint64 id = 0;
    const bool ok = write(
        [&](QString *err) { return insertRow(m_db.connection(), sql, values, &id, err); }, error);
    return ok ? std::optional(id) : std::nullopt;
}

std::optional<qint64> SessionRepository::createSession(const Suite &suite, QString *error)
{
    // The creating process owns the session and says so (storage/session_liveness.h).
    return writeInsert(QStringLiteral("INSERT INTO sessions (suite_name, suite_json, started_at, "
                                      "owner, heartbeat_ms) VALUES (?, ?, ?, ?, ?) RETURNING id"),
                       {suite.name, QString::fromUtf8(suite.toJson()), nowIso(),
                        SessionLiveness::thisOwner(), SessionLiveness::nowMs()},
                       error);
}

std::optional<qint64> SessionRepository::ensureProvider(qint64 sessionId, const ProviderConfig &p,
                                                        QString *error)
{
    qint64 id = 0;
    const bool ok = write(
        [&](QString *err) {
            QSqlQuery find(m_db.connection());
            prepareBound(
                find, QStringLiteral("SELECT id FROM providers WHERE session_id = ? AND name = ?"),
                {sessionId, p.name});
            if (!find.exec())
                return fail(find, err);
            if (find.next()) {
                id = find.value(0).toLongLong();
                return true;
            }
            return insertRow(
                m_db.connection(),
                QStringLiteral(
                    "INSERT INTO providers (session_id, name, dialect, base_url, model, key_ref, "
                    "input_per_mtok, output_per_mtok, cached_input_per_mtok, context_window) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"),
                {sessionId, p.name, p.dialect, p.baseUrl.toString(), p.model,
                 textOrNull(p.apiKeyRef), // a reference, never a key
                 nullable(p.price ? std::optional(p.price->inputPerMtok) : std::nullopt),
                 nullable(p.price ? std::optional(p.price->outputPerMtok) : std::nullopt),
                 nullable(p.price ? p.price->cachedInputPerMtok : std::nullopt),
                 nullable(p.contextWindow)},
                &id, err);
        },
        error);
    return ok ? std::optional(id) : std::nullopt;
}

std::optional<qint64> SessionRepository::createRun(qint64 sessionId, qint64 providerId,
                                                   const Scenario &s, QString *error,
                                                   const QString &stepJson,
                                                   std::optional<qint64> batch)
{
    return writeInsert(
        QStringLiteral("INSERT INTO runs (session_id, provider_id, kind, load_model, concurrency, "
                       "planned, scenario_json, started_at, step_json, batch) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"),
        {sessionId, providerId, s.kind, s.load, s.concurrency, s.requests + s.warmup,
         QString::fromUtf8(Suite::scenarioJson(s)), nowIso(),
         stepJson.isEmpty() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(stepJson),
         nullable(batch)},
        error);
}

bool SessionRepository::finishRun(qint64 runId, SessionStatus status, QString *error)
{
    const bool finished =
        writeStatement(QStringLiteral("UPDATE runs SET status = ?, finished_at = ? WHERE id = ?"),
                       {sessionStatusName(status), nowIso(), runId}, error);
    // The run will not change again: its digest is made now, once, rather than by every summary
    // that reads it. Failing to make it loses nothing (the summary reads the event times).
    QString digestError;
    if (finished && !refreshStreamDigest(runId, &digestError))
        qCWarning(lcStorage).noquote()
            << QStringLiteral("run %1: no stream digest: %2").arg(runId).arg(digestError);
    return finished;
}

bool SessionRepository::setAchievedConcurrency(qint64 runId, int achieved, QString *error)
{
    return writeStatement(QStringLiteral("UPDATE runs SET achieved_concurrency = ? WHERE id = ?"),
                          {achieved, runId}, error);
}

bool SessionRepository::insertEvents(const std::vector<SessionEvent> &events, QString *error)
{
    if (events.empty())
        return true;
    return write(
        [&](QString *err) {
            QSqlQuery q(m_db.connection());
            q.prepare(QStringLiteral("INSERT INTO events (session_id, run_id, at, kind, detail) "
                                     "VALUES (?, ?, ?, ?, ?)"));
            for (const SessionEvent &e : events) {
                q.addBindValue(e.sessionId);
                q.addBindValue(nullable(e.runId));
                q.addBindValue(e.at.isValid() ? e.at.toUTC().toString(Qt::ISODateWithMs)
                                              : nowIso());
                q.addBindValue(e.kind);
                q.addBindValue(textOrNull(e.detail));
                if (!q.exec())
                    return fail(q, err);
            }
            return true;
        },
        error);
}

bool SessionRepository::finishSession(qint64 sessionId, SessionStatus status, QString *error)
{
    return writeStatement(
        QStringLiteral("UPDATE sessions SET status = ?, finished_at = ? WHERE id = ?"),
        {sessionStatusName(status), nowIso(), sessionId}, error);
}

bool SessionRepository::setCalibration(qint64 sessionId, const QByteArray &json, QString *error)
{
    return writeStatement(QStringLiteral("UPDATE sessions SET calibration = ? WHERE id = ?"),
                          {QString::fromUtf8(json), sessionId}, error);
}

namespace {

// Binds a sample's values as QSqlQuery's positional values, in the forms the portable insert
// stores: an absent number or an empty text as NULL.
class QueryBinder {
public:
    explicit QueryBinder(QSqlQuery &q)
        : m_q(q)
    {
    }
    void integer(qint64 v) { m_q.addBindValue(v); }
    void integer(const std::optional<qint64> &v) { m_q.addBindValue(nullable(v)); }
    void real(const std::optional<double> &v) { m_q.addBindValue(nullable(v)); }
    void text(const QString &s) { m_q.addBindValue(textOrNull(s)); }
    void eventTimes(const std::vector<qint64> &timesNs)
    {
        m_q.addBindValue(encodeEventTimes(timesNs));
    }
    void null() { m_q.addBindValue(QVariant(QMetaType(QMetaType::Int))); }

private:
    QSqlQuery &m_q;
};

} // namespace

bool SessionRepository::insertSamples(const std::vector<Sample> &samples, QString *error)
{
    if (samples.empty())
        return true;
    // SQLite takes the rows straight through its own interface: binding each column through a
    // QVariant was most of the time a batch took (bench/run_storage.sh).
    if (sqlite3 *handle = sqlite_direct::handleOf(m_db.connection()))
        return write([&](QString *err) { return insertSamplesSqlite(handle, samples, err); },
                     error);
    return write(
        [&](QString *err) {
            QSqlQuery q(m_db.connection());
            const QString insert = QString::fromLatin1(kSampleInsertHead);
            const QString row = QString::fromLatin1(kSampleRowMarks);
            // On PostgreSQL each statement is a round trip to the server: the batch goes in
            // statements of many rows. Another database inserts one row a statement.
            const std::size_t rowsPerStatement =
                m_db.isPostgres() ? std::min(samples.size(), kPgRowsPerStatement) : 1;
            const auto prepare = [&](std::size_t rows) {
                QStringList rowMarks(qsizetype(rows), row);
                q.prepare(insert + rowMarks.join(QLatin1Char(',')));
            };
            prepare(rowsPerStatement);
            std::size_t inStatement = rowsPerStatement;
            std::size_t bound = 0;
            QueryBinder binder(q);
            for (std::size_t i = 0; i < samples.size(); ++i) {
                const Sample &s = samples[i];
                if (bound == 0 && samples.size() - i < inStatement) {
                    inStatement = samples.size() - i; // the last, shorter statement
                    prepare(inStatement);
                }
                bindSampleColumns(binder, s);
                if (++bound < inStatement)
                    continue;
                bound = 0;
                if (!q.exec())
                    return fail(q, err);
            }
            return true;
        },
        error);
}

namespace {

// The sessions with their counts, all of them or the one asked for (counting the samples of
// every session to show one would read the whole samples index).
std::vector<SessionInfo> readSessions(QSqlDatabase &db, std::optional<qint64> only,
                                      bool countSamples, QString *error)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT s.id, s.suite_name, s.started_at, s.finished_at, s.status, "
                             "(SELECT COUNT(*) FROM providers p WHERE p.session_id = s.id), "
                             "(SELECT COUNT(*) FROM runs r WHERE r.session_id = s.id), "
                             "%2, s.calibration "
                             "FROM sessions s %1 ORDER BY s.started_at DESC, s.id DESC")
                  .arg(only ? QStringLiteral("WHERE s.id = ?") : QString(),
                       countSamples
                           ? QStringLiteral("(SELECT COUNT(*) FROM samples x JOIN runs r "
                                            "ON x.run_id = r.id WHERE r.session_id = s.id)")
                           : QStringLiteral("0")));
    if (only)
        q.addBindValue(*only);
    return rowsOf(q, error, [&] {
        SessionInfo s;
        s.id = q.value(0).toLongLong();
        s.suiteName = q.value(1).toString();
        s.startedAt = QDateTime::fromString(q.value(2).toString(), Qt::ISODateWithMs);
        if (!q.value(3).isNull())
            s.finishedAt = QDateTime::fromString(q.value(3).toString(), Qt::ISODateWithMs);
        s.status = storedStatus(q.value(4).toString());
        s.providerCount = q.value(5).toInt();
        s.runCount = q.value(6).toInt();
        s.sampleCount = q.value(7).toLongLong();
        s.calibration = q.value(8).toString().toUtf8();
        return s;
    });
}

} // namespace

const QString &SessionRepository::databasePath() const
{
    return m_db.path();
}

std::vector<SessionInfo> SessionRepository::sessions(QString *error, bool countSamples) const
{
    return readSessions(m_db.connection(), std::nullopt, countSamples, error);
}

std::optional<SessionInfo> SessionRepository::session(qint64 sessionId, QString *error) const
{
    auto found = readSessions(m_db.connection(), sessionId, true, error);
    if (found.empty())
        return std::nullopt;
    return std::move(found.front());
}

std::optional<Suite> SessionRepository::sessionSuite(qint64 sessionId, QString *error) const
{
    QSqlQuery q(m_db.connection());
    q.prepare(QStringLiteral("SELECT suite_json FROM sessions WHERE id = ?"));
    q.addBindValue(sessionId);
    if (!q.exec()) {
        fail(q, error);
        return std::nullopt;
    }
    if (!q.next()) {
        if (error)
            *error = tr("There is no session %1 in %2").arg(sessionId).arg(m_db.path());
        return std::nullopt;
    }
    return Suite::parse(q.value(0).toString().toUtf8(), tr("session %1").arg(sessionId), error);
}

std::vector<ProviderRecord> SessionRepository::providers(qint64 sessionId, QString *error) const
{
    QSqlQuery q(m_db.connection());
    q.prepare(QStringLiteral(
        "SELECT id, name, dialect, base_url, model, key_ref, input_per_mtok, output_per_mtok, "
        "cached_input_per_mtok, context_window FROM providers WHERE session_id = ? ORDER BY id"));
    q.addBindValue(sessionId);
    return rowsOf(q, error, [&] {
        ProviderRecord r;
        r.id = q.value(0).toLongLong();
        r.sessionId = sessionId;
        r.config.name = q.value(1).toString();
        r.config.dialect = q.value(2).toString();
        r.config.baseUrl = QUrl(q.value(3).toString());
        r.config.model = q.value(4).toString();
        r.config.apiKeyRef = q.value(5).toString();
        if (!q.value(6).isNull() && !q.value(7).isNull()) {
            Price p;
            p.inputPerMtok = q.value(6).toDouble();
            p.outputPerMtok = q.value(7).toDouble();
            if (!q.value(8).isNull())
                p.cachedInputPerMtok = q.value(8).toDouble();
            r.config.price = p;
        }
        r.config.contextWindow = optOf(q.value(9));
        return r;
    });
}

std::vector<RunRecord> SessionRepository::runs(qint64 sessionId, QString *error) const
{
    QSqlQuery q(m_db.connection());
    q.prepare(
        QStringLiteral("SELECT id, provider_id, kind, load_model, concurrency, planned, "
                       "started_at, finished_at, status, achieved_concurrency, step_json, batch, "
                       "scenario_json FROM runs "
                       "WHERE session_id = ? "
                       "ORDER BY id"));
    q.addBindValue(sessionId);
    return rowsOf(q, error, [&] {
        RunRecord r;
        r.id = q.value(0).toLongLong();
        r.sessionId = sessionId;
        r.providerId = q.value(1).toLongLong();
        r.kind = q.value(2).toString();
        r.loadModel = q.value(3).toString();
        r.concurrency = q.value(4).toInt();
        r.planned = q.value(5).toInt();
        r.startedAt = QDateTime::fromString(q.value(6).toString(), Qt::ISODateWithMs);
        if (!q.value(7).isNull())
            r.finishedAt = QDateTime::fromString(q.value(7).toString(), Qt::ISODateWithMs);
        r.status = storedStatus(q.value(8).toString());
        if (!q.value(9).isNull())
            r.achievedConcurrency = q.value(9).toInt();
        r.stepJson = q.value(10).toString();
        r.batch = q.value(11).isNull() ? r.id : q.value(11).toLongLong();
        r.scenarioJson = q.value(12).toString();
        return r;
    });
}

namespace {

// Every stored column of a sample, in the order readSample() reads them.
QString sampleSelect()
{
    return QStringLiteral(
        "SELECT id, run_id, seq, warmup, intended_start_ns, queue_delay_ns, connect_start_ns, "
        "connected_ns, tls_done_ns, request_sent_ns, headers_ns, first_event_ns, first_token_ns, "
        "first_content_ns, end_ns, http_status, http_version, connection_reused, event_count, "
        "read_count, outcome, error, finish_reason, model_reported, system_fingerprint, "
        "request_id, input_tokens, output_tokens, cached_tokens, reasoning_tokens, "
        "tokens_estimated, local_prompt_tokens, local_output_tokens, output_chars, cost_usd, "
        "event_times, request_index, attempt, retry_delay_ns, coalesced_reads, response_headers, "
        "served_by, diagnostics, start_offset_ns, needle_found, text_hash, cache_write_tokens, "
        "reported_cost_usd, tunnel_ns, contract, tool_args_ns FROM samples ");
}

// The current row of a query that selects sampleSelect()'s columns.
Sample readSample(const QSqlQuery &q)
{
    Sample s;
    int c = 0;
    s.id = q.value(c++).toLongLong();
    s.runId = q.value(c++).toLongLong();
    s.seq = q.value(c++).toInt();
    s.warmup = q.value(c++).toInt() != 0;
    s.intendedStartNs = q.value(c++).toLongLong();
    s.queueDelayNs = q.value(c++).toLongLong();
    s.connectStartNs = optOf(q.value(c++));
    s.connectedNs = optOf(q.value(c++));
    s.tlsDoneNs = optOf(q.value(c++));
    s.requestSentNs = optOf(q.value(c++));
    s.headersNs = optOf(q.value(c++));
    s.firstEventNs = optOf(q.value(c++));
    s.firstTokenNs = optOf(q.value(c++));
    s.firstContentNs = optOf(q.value(c++));
    s.endNs = q.value(c++).toLongLong();
    s.httpStatus = q.value(c++).toInt();
    s.httpVersion = q.value(c++).toString();
    s.connectionReused = q.value(c++).toInt() != 0;
    s.eventCount = q.value(c++).toInt();
    s.readCount = q.value(c++).toInt();
    s.outcome = outcomeFromName(q.value(c++).toString()).value_or(Outcome::ClientError);
    s.error = q.value(c++).toString();
    s.finishReason = q.value(c++).toString();
    s.modelReported = q.value(c++).toString();
    s.systemFingerprint = q.value(c++).toString();
    s.requestId = q.value(c++).toString();
    s.inputTokens = optOf(q.value(c++));
    s.outputTokens = optOf(q.value(c++));
    s.cachedTokens = optOf(q.value(c++));
    s.reasoningTokens = optOf(q.value(c++));
    s.tokensEstimated = q.value(c++).toInt() != 0;
    s.localPromptTokens = q.value(c++).toLongLong();
    s.localOutputTokens = q.value(c++).toLongLong();
    s.outputChars = q.value(c++).toLongLong();
    s.costUsd = optRealOf(q.value(c++));
    decodeEventTimes(q.value(c++).toByteArray(), &s.eventTimesNs);
    s.requestIndex = q.value(c++).toInt();
    s.attemptNumber = q.value(c++).toInt();
    s.retryDelayNs = optOf(q.value(c++));
    s.coalescedReads = q.value(c++).toInt();
    s.responseHeaders = q.value(c++).toString();
    s.servedBy = q.value(c++).toString();
    s.diagnostics = q.value(c++).toString();
    s.startOffsetNs = q.value(c++).toLongLong();
    if (!q.value(c).isNull())
        s.needleFound = q.value(c).toInt() != 0;
    ++c;
    s.textHash = quint64(q.value(c++).toLongLong());
    s.cacheWriteTokens = optOf(q.value(c++));
    s.reportedCostUsd = optRealOf(q.value(c++));
    s.tunnelNs = optOf(q.value(c++));
    s.contract = q.value(c++).toString();
    s.toolArgsNs = optOf(q.value(c++));
    return s;
}

} // namespace

std::vector<Sample> SessionRepository::samples(qint64 runId, QString *error) const
{
    QSqlQuery q(m_db.connection());
    q.setForwardOnly(true);
    q.prepare(sampleSelect() + QStringLiteral("WHERE run_id = ? ORDER BY seq"));
    q.addBindValue(runId);
    return rowsOf(q, error, [&] { return readSample(q); });
}

std::optional<Sample> SessionRepository::sample(qint64 sampleId, QString *error) const
{
    QSqlQuery q(m_db.connection());
    q.setForwardOnly(true);
    q.prepare(sampleSelect() + QStringLiteral("WHERE id = ?"));
    q.addBindValue(sampleId);
    if (!q.exec()) {
        fail(q, error);
        return std::nullopt;
    }
    if (!q.next())
        return std::nullopt;
    return readSample(q);
}

std::vector<SessionEvent> SessionRepository::events(qint64 sessionId, QString *error) const
{
    QSqlQuery q(m_db.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
        "SELECT id, run_id, at, kind, detail FROM events WHERE session_id = ? ORDER BY id"));
    q.addBindValue(sessionId);
    return rowsOf(q, error, [&] {
        SessionEvent e;
        e.id = q.value(0).toLongLong();
        e.sessionId = sessionId;
        if (!q.value(1).isNull())
            e.runId = q.value(1).toLongLong();
        e.at = QDateTime::fromString(q.value(2).toString(), Qt::ISODateWithMs);
        e.kind = q.value(3).toString();
        e.detail = q.value(4).toString();
        return e;
    });
}

} // namespace ys
