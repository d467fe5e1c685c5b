// SessionRepository::summarySamples: the samples of a run as the summary reads them, straight
// through SQLite's own interface on the Qt driver's connection. Going through QSqlQuery costs a
// QVariant for every column of every row (and a UTF-16 copy of every text), which at a hundred
// thousand attempts a run is most of the time a summary takes.
#include "storage/database.h"
#include "storage/sample_blob.h"
#include "storage/session_repository.h"

#include <QSqlDriver>
#include <QVariant>
#include <array>
#include <cstring>
#include <sqlite3.h>

namespace ys {

namespace {

sqlite3 *handleOf(QSqlDatabase &db)
{
    const QVariant v = db.driver() ? db.driver()->handle() : QVariant();
    if (!v.isValid() || qstrcmp(v.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(v.constData());
}

// The statement, finalized however the read ends.
struct Statement {
    sqlite3_stmt *stmt = nullptr;
    ~Statement() { sqlite3_finalize(stmt); }
};

// Every column but the free text the summary never reads (samples() reads those too).
constexpr const char *kColumns =
    "SELECT id, seq, warmup, intended_start_ns, queue_delay_ns, connect_start_ns, connected_ns, "
    "tls_done_ns, request_sent_ns, headers_ns, first_event_ns, first_token_ns, "
    "first_content_ns, end_ns, http_status, connection_reused, event_count, read_count, outcome, "
    "finish_reason, input_tokens, output_tokens, cached_tokens, reasoning_tokens, "
    "tokens_estimated, local_prompt_tokens, local_output_tokens, output_chars, cost_usd, "
    "event_times, request_index, attempt, retry_delay_ns, coalesced_reads, served_by, "
    "start_offset_ns, needle_found, text_hash, cache_write_tokens, reported_cost_usd "
    "FROM samples WHERE run_id = ? ORDER BY seq";

class Row {
public:
    explicit Row(sqlite3_stmt *stmt)
        : m_stmt(stmt)
    {
    }
    bool isNull(int c) const { return sqlite3_column_type(m_stmt, c) == SQLITE_NULL; }
    qint64 integer(int c) const { return sqlite3_column_int64(m_stmt, c); }
    std::optional<qint64> optInteger(int c) const
    {
        return isNull(c) ? std::nullopt : std::optional(integer(c));
    }
    std::optional<double> optReal(int c) const
    {
        return isNull(c) ? std::nullopt : std::optional(sqlite3_column_double(m_stmt, c));
    }
    QString text(int c) const
    {
        const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, c));
        return p ? QString::fromUtf8(p, sqlite3_column_bytes(m_stmt, c)) : QString();
    }
    // The raw bytes, valid until the next step.
    QByteArray bytes(int c) const
    {
        const auto *p = static_cast<const char *>(sqlite3_column_blob(m_stmt, c));
        return p ? QByteArray::fromRawData(p, sqlite3_column_bytes(m_stmt, c)) : QByteArray();
    }
    // An outcome by its stored name, without making a QString of it: the names are ASCII.
    Outcome outcome(int c) const
    {
        static const std::array<QByteArray, kOutcomeCount> names = [] {
            std::array<QByteArray, kOutcomeCount> n;
            for (int i = 0; i < kOutcomeCount; ++i)
                n[std::size_t(i)] = outcomeName(Outcome(i)).toLatin1();
            return n;
        }();
        const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, c));
        const int size = sqlite3_column_bytes(m_stmt, c);
        for (std::size_t i = 0; p && i < names.size(); ++i)
            if (names[i].size() == size && std::memcmp(names[i].constData(), p, size_t(size)) == 0)
                return Outcome(i);
        return Outcome::ClientError; // as samples() reads a name it does not know
    }

private:
    sqlite3_stmt *m_stmt;
};

} // namespace

std::vector<Sample> SessionRepository::summarySamples(qint64 runId, QString *error) const
{
    sqlite3 *db = handleOf(m_db.connection());
    if (!db)
        return samples(runId, error);
    std::vector<Sample> out;
    // Counted first (from the index alone): a vector of a hundred thousand samples that grows
    // by doubling moves them all a dozen times.
    Statement count;
    if (sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM samples WHERE run_id = ?", -1, &count.stmt,
                           nullptr) == SQLITE_OK &&
        sqlite3_bind_int64(count.stmt, 1, runId) == SQLITE_OK &&
        sqlite3_step(count.stmt) == SQLITE_ROW)
        out.reserve(std::size_t(sqlite3_column_int64(count.stmt, 0)));
    Statement st;
    if (sqlite3_prepare_v2(db, kColumns, -1, &st.stmt, nullptr) != SQLITE_OK ||
        sqlite3_bind_int64(st.stmt, 1, runId) != SQLITE_OK) {
        if (error)
            *error = QString::fromUtf8(sqlite3_errmsg(db));
        return out;
    }
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(st.stmt)) == SQLITE_ROW) {
        const Row row(st.stmt);
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
        s.finishReason = row.text(c++);
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
        s.servedBy = row.text(c++);
        s.startOffsetNs = row.integer(c++);
        if (!row.isNull(c))
            s.needleFound = row.integer(c) != 0;
        ++c;
        s.textHash = quint64(row.integer(c++));
        s.cacheWriteTokens = row.optInteger(c++);
        s.reportedCostUsd = row.optReal(c++);
        out.push_back(std::move(s));
    }
    if (rc != SQLITE_DONE) {
        if (error)
            *error = QString::fromUtf8(sqlite3_errmsg(db));
        out.clear();
    }
    return out;
}

} // namespace ys
