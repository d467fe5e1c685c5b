// SessionRepository::summarySamples and readSummarySamples: the samples of a run as the summary
// reads them, straight through SQLite's own interface on the Qt driver's connection. Going through
// QSqlQuery costs a QVariant for every column of every row (and a UTF-16 copy of every text), which
// at a hundred thousand attempts a run is most of the time a summary takes.
#include "storage/summary_samples.h"
#include "storage/database.h"
#include "storage/sample_blob.h"
#include "storage/session_repository.h"
#include "storage/sqlite_direct.h"

#include <QSqlError>
#include <QSqlQuery>

namespace ys {

namespace {

using namespace sqlite_direct;

// Every column but the free text the summary never reads (samples() reads those too).
constexpr const char *kColumns =
    "SELECT id, seq, warmup, intended_start_ns, queue_delay_ns, connect_start_ns, connected_ns, "
    "tls_done_ns, request_sent_ns, headers_ns, first_event_ns, first_token_ns, "
    "first_content_ns, end_ns, http_status, connection_reused, event_count, read_count, outcome, "
    "finish_reason, input_tokens, output_tokens, cached_tokens, reasoning_tokens, "
    "tokens_estimated, local_prompt_tokens, local_output_tokens, output_chars, cost_usd, "
    "event_times, request_index, attempt, retry_delay_ns, coalesced_reads, served_by, "
    "start_offset_ns, needle_found, text_hash, cache_write_tokens, reported_cost_usd, "
    "tool_args_ns FROM samples WHERE run_id = ? ORDER BY seq";

// The columns of kColumns that a schema after 7 added, and the schema that added each: a
// database migrated to schema 7 has its digests made then (StreamDigestStore::backfill), before
// these columns exist, and reads NULL in their place.
struct LaterColumn {
    const char *name;
    int schema;
};
constexpr LaterColumn kLaterColumns[] = {{"tool_args_ns", 12}};

// kColumns as a database of that schema reads them; without event times, event_times is read
// as NULL: either way each column stays where the reader expects it.
QByteArray columnsSql(bool withEventTimes, int schema)
{
    QByteArray sql(kColumns);
    if (!withEventTimes)
        sql.replace("event_times,", "NULL,");
    for (const LaterColumn &c : kLaterColumns)
        if (schema < c.schema)
            sql.replace(c.name, "NULL");
    return sql;
}

// The few distinct texts of a column (finish reasons, fallback names), made into a QString once
// each and shared by every sample that has them, instead of one allocation a row.
class TextPool {
public:
    template <typename R> QString text(const R &row, int c)
    {
        if (row.isNull(c))
            return {};
        const QByteArray bytes = row.bytes(c);
        for (const auto &[raw, shared] : m_seen)
            if (raw == bytes)
                return shared;
        QString made = QString::fromUtf8(bytes);
        if (m_seen.size() < 16)
            m_seen.emplace_back(QByteArray(bytes.constData(), bytes.size()), made);
        return made;
    }

private:
    std::vector<std::pair<QByteArray, QString>> m_seen;
};

// A QSqlQuery's current row read the way sqlite_direct::Row reads SQLite's: the reader on
// PostgreSQL, where no SQLite handle exists.
class SqlRow {
public:
    explicit SqlRow(const QSqlQuery &q)
        : m_q(q)
    {
    }
    bool isNull(int c) const { return m_q.isNull(c); }
    qint64 integer(int c) const { return m_q.value(c).toLongLong(); }
    std::optional<qint64> optInteger(int c) const
    {
        return isNull(c) ? std::nullopt : std::optional(integer(c));
    }
    std::optional<double> optReal(int c) const
    {
        return isNull(c) ? std::nullopt : std::optional(m_q.value(c).toDouble());
    }
    QByteArray bytes(int c) const { return m_q.value(c).toByteArray(); }
    Outcome outcome(int c) const
    {
        return outcomeFromName(m_q.value(c).toString()).value_or(Outcome::ClientError);
    }

private:
    const QSqlQuery &m_q;
};

// One row of kColumns as a sample, from either reader (the SQLite row or SqlRow).
template <typename R>
Sample decodeSummaryRow(const R &row, qint64 runId, TextPool &finishReasons, TextPool &servedBy)
{
    Sample s;
    int c = 0;
    s.id = row.integer(c++);
    s.runId = runId;
    s.seq = int(row.integer(c++));
    s.warmup = row.integer(c++) != 0;
    s.intendedStartNs = row.integer(c++);
    s.queueDelayNs = row.integer(c++);
    s.connectStartNs = row.optInteger(c++);
    s.connectedNs = row.optInteger(c++);
    s.tlsDoneNs = row.optInteger(c++);
    s.requestSentNs = row.optInteger(c++);
    s.headersNs = row.optInteger(c++);
    s.firstEventNs = row.optInteger(c++);
    s.firstTokenNs = row.optInteger(c++);
    s.firstContentNs = row.optInteger(c++);
    s.endNs = row.integer(c++);
    s.httpStatus = int(row.integer(c++));
    s.connectionReused = row.integer(c++) != 0;
    s.eventCount = int(row.integer(c++));
    s.readCount = int(row.integer(c++));
    s.outcome = row.outcome(c++);
    s.finishReason = finishReasons.text(row, c++);
    s.inputTokens = row.optInteger(c++);
    s.outputTokens = row.optInteger(c++);
    s.cachedTokens = row.optInteger(c++);
    s.reasoningTokens = row.optInteger(c++);
    s.tokensEstimated = row.integer(c++) != 0;
    s.localPromptTokens = row.integer(c++);
    s.localOutputTokens = row.integer(c++);
    s.outputChars = row.integer(c++);
    s.costUsd = row.optReal(c++);
    decodeEventTimes(row.bytes(c++), &s.eventTimesNs);
    s.requestIndex = int(row.integer(c++));
    s.attemptNumber = int(row.integer(c++));
    s.retryDelayNs = row.optInteger(c++);
    s.coalescedReads = int(row.integer(c++));
    s.servedBy = servedBy.text(row, c++);
    s.startOffsetNs = row.integer(c++);
    if (!row.isNull(c))
        s.needleFound = row.integer(c) != 0;
    ++c;
    s.textHash = quint64(row.integer(c++));
    s.cacheWriteTokens = row.optInteger(c++);
    s.reportedCostUsd = row.optReal(c++);
    s.toolArgsNs = row.optInteger(c++);
    return s;
}

} // namespace

std::vector<Sample> SessionRepository::summarySamples(qint64 runId, QString *error,
                                                      bool withEventTimes) const
{
    sqlite3 *db = handleOf(m_db.connection());
    if (!db) {
        std::vector<Sample> out;
        if (!forEachSummarySample(
                m_db.connection(), runId, withEventTimes,
                [&out](Sample &&s) { out.push_back(std::move(s)); }, error))
            out.clear();
        return out;
    }
    return readSummarySamples(db, runId, withEventTimes, error);
}

std::vector<Sample> readSummarySamples(sqlite3 *db, qint64 runId, bool withEventTimes,
                                       QString *error)
{
    std::vector<Sample> out;
    // Counted first (from the index alone): a vector of a hundred thousand samples that grows
    // by doubling moves them all a dozen times.
    if (const auto n = countSamples(db, runId))
        out.reserve(std::size_t(*n));
    if (!forEachSummarySample(
            db, runId, withEventTimes, [&out](Sample &&s) { out.push_back(std::move(s)); }, error))
        out.clear();
    return out;
}

std::optional<qint64> countSamples(sqlite3 *db, qint64 runId)
{
    using namespace sqlite_direct;
    Statement count;
    if (sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM samples WHERE run_id = ?", -1, &count.stmt,
                           nullptr) == SQLITE_OK &&
        sqlite3_bind_int64(count.stmt, 1, runId) == SQLITE_OK &&
        sqlite3_step(count.stmt) == SQLITE_ROW)
        return sqlite3_column_int64(count.stmt, 0);
    return std::nullopt;
}

bool forEachSummarySample(sqlite3 *db, qint64 runId, bool withEventTimes,
                          const std::function<void(Sample &&)> &visit, QString *error, int schema)
{
    using namespace sqlite_direct;
    Statement st;
    const QByteArray sql = columnsSql(withEventTimes, schema);
    if (sqlite3_prepare_v2(db, sql.constData(), -1, &st.stmt, nullptr) != SQLITE_OK ||
        sqlite3_bind_int64(st.stmt, 1, runId) != SQLITE_OK) {
        if (error)
            *error = QString::fromUtf8(sqlite3_errmsg(db));
        return false;
    }
    TextPool finishReasons;
    TextPool servedBy;
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(st.stmt)) == SQLITE_ROW) {
        visit(decodeSummaryRow(Row(st.stmt), runId, finishReasons, servedBy));
    }
    if (rc != SQLITE_DONE) {
        if (error)
            *error = QString::fromUtf8(sqlite3_errmsg(db));
        return false;
    }
    return true;
}

std::optional<qint64> countSamples(QSqlDatabase &db, qint64 runId)
{
    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT COUNT(*) FROM samples WHERE run_id = ?"));
    q.addBindValue(runId);
    if (q.exec() && q.next())
        return q.value(0).toLongLong();
    return std::nullopt;
}

bool forEachSummarySample(QSqlDatabase &db, qint64 runId, bool withEventTimes,
                          const std::function<void(Sample &&)> &visit, QString *error, int schema)
{
    const QString sql = QString::fromLatin1(columnsSql(withEventTimes, schema));
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(sql);
    q.addBindValue(runId);
    if (!q.exec()) {
        if (error)
            *error = q.lastError().text();
        return false;
    }
    TextPool finishReasons;
    TextPool servedBy;
    const SqlRow row(q);
    while (q.next())
        visit(decodeSummaryRow(row, runId, finishReasons, servedBy));
    return true;
}

} // namespace ys
