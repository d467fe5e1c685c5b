#include "export/attempts_export.h"

#include "storage/sqlite_direct.h"

#include <QByteArray>
#include <QSqlError>
#include <QSqlQuery>
#include <iterator>
#include <sqlite3.h>

namespace ys {

namespace {

using Kind = DataColumn::Kind;

// How a stored column becomes a cell: as it is, or nanoseconds as milliseconds.
enum class Stored { Integer, NsAsMs, Real, Text };

struct AttemptColumn {
    const char *key;
    const char *sql;
    Stored stored;
};

// In the order of the table after the run's own columns; each reads one column of samples.
constexpr AttemptColumn kSampleColumns[] = {
    {"seq", "seq", Stored::Integer},
    {"request_index", "request_index", Stored::Integer},
    {"retry", "attempt", Stored::Integer},
    {"warmup", "warmup", Stored::Integer},
    {"outcome", "outcome", Stored::Text},
    {"http_status", "http_status", Stored::Integer},
    {"http_version", "http_version", Stored::Text},
    {"connection_reused", "connection_reused", Stored::Integer},
    {"start_offset_ms", "start_offset_ns", Stored::NsAsMs},
    {"intended_start_ms", "intended_start_ns", Stored::NsAsMs},
    {"queue_delay_ms", "queue_delay_ns", Stored::NsAsMs},
    {"connect_start_ms", "connect_start_ns", Stored::NsAsMs},
    {"connected_ms", "connected_ns", Stored::NsAsMs},
    {"tunnel_ms", "tunnel_ns", Stored::NsAsMs},
    {"tls_done_ms", "tls_done_ns", Stored::NsAsMs},
    {"request_sent_ms", "request_sent_ns", Stored::NsAsMs},
    {"headers_ms", "headers_ns", Stored::NsAsMs},
    {"first_event_ms", "first_event_ns", Stored::NsAsMs},
    {"ttft_ms", "first_token_ns", Stored::NsAsMs},
    {"first_content_ms", "first_content_ns", Stored::NsAsMs},
    {"tool_args_ms", "tool_args_ns", Stored::NsAsMs},
    {"e2e_ms", "end_ns", Stored::NsAsMs},
    {"retry_delay_ms", "retry_delay_ns", Stored::NsAsMs},
    {"events", "event_count", Stored::Integer},
    {"reads", "read_count", Stored::Integer},
    {"coalesced_reads", "coalesced_reads", Stored::Integer},
    {"input_tokens", "input_tokens", Stored::Integer},
    {"output_tokens", "output_tokens", Stored::Integer},
    {"cached_tokens", "cached_tokens", Stored::Integer},
    {"reasoning_tokens", "reasoning_tokens", Stored::Integer},
    {"cache_write_tokens", "cache_write_tokens", Stored::Integer},
    {"tokens_estimated", "tokens_estimated", Stored::Integer},
    {"local_prompt_tokens", "local_prompt_tokens", Stored::Integer},
    {"local_output_tokens", "local_output_tokens", Stored::Integer},
    {"output_chars", "output_chars", Stored::Integer},
    {"cost_usd", "cost_usd", Stored::Real},
    {"reported_cost_usd", "reported_cost_usd", Stored::Real},
    {"finish_reason", "finish_reason", Stored::Text},
    {"model_reported", "model_reported", Stored::Text},
    {"served_by", "served_by", Stored::Text},
    {"request_id", "request_id", Stored::Text},
    {"needle_found", "needle_found", Stored::Integer},
    {"error", "error", Stored::Text},
};
constexpr int kSampleColumnCount = int(std::size(kSampleColumns));

QByteArray samplesSql()
{
    QByteArray sql = "SELECT ";
    for (int c = 0; c < kSampleColumnCount; ++c) {
        if (c > 0)
            sql += ", ";
        sql += kSampleColumns[c].sql;
    }
    return sql + " FROM samples WHERE run_id = ? ORDER BY seq";
}

struct RunRow {
    qint64 id = 0;
    QByteArray provider;
    QByteArray model;
    QByteArray kind;
};

QByteArray textOf(sqlite3_stmt *stmt, int c)
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(stmt, c));
    return p ? QByteArray(p, sqlite3_column_bytes(stmt, c)) : QByteArray();
}

std::optional<std::vector<RunRow>> runsOf(sqlite3 *db, qint64 sessionId, QString *error)
{
    sqlite_direct::Statement q;
    const char *sql = "SELECT r.id, p.name, p.model, r.kind FROM runs r "
                      "JOIN providers p ON p.id = r.provider_id WHERE r.session_id = ? "
                      "ORDER BY r.id";
    if (sqlite3_prepare_v2(db, sql, -1, &q.stmt, nullptr) != SQLITE_OK) {
        *error = QString::fromUtf8(sqlite3_errmsg(db));
        return std::nullopt;
    }
    sqlite3_bind_int64(q.stmt, 1, sessionId);
    std::vector<RunRow> runs;
    int rc;
    while ((rc = sqlite3_step(q.stmt)) == SQLITE_ROW)
        runs.push_back({sqlite3_column_int64(q.stmt, 0), textOf(q.stmt, 1), textOf(q.stmt, 2),
                        textOf(q.stmt, 3)});
    if (rc != SQLITE_DONE) {
        *error = QString::fromUtf8(sqlite3_errmsg(db));
        return std::nullopt;
    }
    return runs;
}

// One sample row's cells, in kSampleColumns order.
void writeSampleCells(sqlite3_stmt *stmt, TableSink &sink)
{
    for (int c = 0; c < kSampleColumnCount; ++c) {
        if (sqlite3_column_type(stmt, c) == SQLITE_NULL) {
            sink.empty();
            continue;
        }
        switch (kSampleColumns[c].stored) {
        case Stored::Integer:
            sink.integer(sqlite3_column_int64(stmt, c));
            break;
        case Stored::NsAsMs:
            sink.number(double(sqlite3_column_int64(stmt, c)) / 1e6);
            break;
        case Stored::Real:
            sink.number(sqlite3_column_double(stmt, c));
            break;
        case Stored::Text: {
            const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(stmt, c));
            sink.utf8(QByteArrayView(p, sqlite3_column_bytes(stmt, c)));
            break;
        }
        }
    }
}

} // namespace

std::vector<DataColumn> AttemptsExport::columns()
{
    const QString ms = QStringLiteral("ms");
    const QString tokens = tr("tokens");
    const QString usd = QStringLiteral("$");
    // Titles in kSampleColumns order.
    const std::pair<QString, QString> titles[] = {
        {tr("Attempt"), {}},
        {tr("Request"), {}},
        {tr("Retry"), {}},
        {tr("Warm-up"), {}},
        {tr("Outcome"), {}},
        {tr("HTTP status"), {}},
        {tr("HTTP version"), {}},
        {tr("Connection reused"), {}},
        {tr("Start from run start"), ms},
        {tr("Intended start"), ms},
        {tr("Queue delay"), ms},
        {tr("Connect start"), ms},
        {tr("Connected"), ms},
        {tr("Proxy tunnel open"), ms},
        {tr("TLS done"), ms},
        {tr("Request sent"), ms},
        {tr("Headers"), ms},
        {tr("First event"), ms},
        {tr("TTFT"), ms},
        {tr("First content"), ms},
        {tr("Tool arguments complete"), ms},
        {tr("E2E"), ms},
        {tr("Retry delay"), ms},
        {tr("Events"), {}},
        {tr("Reads"), {}},
        {tr("Coalesced reads"), {}},
        {tr("Input"), tokens},
        {tr("Output"), tokens},
        {tr("Cached"), tokens},
        {tr("Reasoning"), tokens},
        {tr("Cache write"), tokens},
        {tr("Tokens estimated"), {}},
        {tr("Prompt counted locally"), tokens},
        {tr("Output counted locally"), tokens},
        {tr("Output characters"), {}},
        {tr("Cost"), usd},
        {tr("Cost reported"), usd},
        {tr("Finish reason"), {}},
        {tr("Model reported"), {}},
        {tr("Served by"), {}},
        {tr("Request id"), {}},
        {tr("Needle found"), {}},
        {tr("Error"), {}},
    };
    static_assert(std::size(titles) == std::size(kSampleColumns));
    std::vector<DataColumn> columns{
        {QStringLiteral("run_id"), tr("Run"), {}, Kind::Integer},
        {QStringLiteral("provider"), tr("Provider"), {}, Kind::Text},
        {QStringLiteral("model"), tr("Model"), {}, Kind::Text},
        {QStringLiteral("run_kind"), tr("Run kind"), {}, Kind::Text},
    };
    for (int c = 0; c < kSampleColumnCount; ++c) {
        const Stored s = kSampleColumns[c].stored;
        const Kind kind = s == Stored::Text      ? Kind::Text
                          : s == Stored::Integer ? Kind::Integer
                                                 : Kind::Number;
        columns.push_back(
            {QString::fromLatin1(kSampleColumns[c].key), titles[c].first, titles[c].second, kind});
    }
    return columns;
}

std::optional<qint64> AttemptsExport::write(sqlite3 *db, qint64 sessionId, TableSink &sink,
                                            QString *error)
{
    if (!db) {
        *error = tr("no database connection");
        return std::nullopt;
    }
    const auto runs = runsOf(db, sessionId, error);
    if (!runs || !sink.beginTable(QStringLiteral("attempts"), columns(), error))
        return std::nullopt;
    sqlite_direct::Statement q;
    if (sqlite3_prepare_v2(db, samplesSql().constData(), -1, &q.stmt, nullptr) != SQLITE_OK) {
        *error = QString::fromUtf8(sqlite3_errmsg(db));
        return std::nullopt;
    }
    qint64 rows = 0;
    for (const RunRow &run : *runs) {
        sqlite3_reset(q.stmt);
        sqlite3_bind_int64(q.stmt, 1, run.id);
        int rc;
        while ((rc = sqlite3_step(q.stmt)) == SQLITE_ROW) {
            sink.integer(run.id);
            sink.utf8(run.provider);
            sink.utf8(run.model);
            sink.utf8(run.kind);
            writeSampleCells(q.stmt, sink);
            sink.endRow();
            ++rows;
        }
        if (rc != SQLITE_DONE) {
            *error = QString::fromUtf8(sqlite3_errmsg(db));
            return std::nullopt;
        }
    }
    return rows;
}

std::optional<qint64> AttemptsExport::write(QSqlDatabase &db, qint64 sessionId, TableSink &sink,
                                            QString *error)
{
    if (sqlite3 *handle = sqlite_direct::handleOf(db))
        return write(handle, sessionId, sink, error);
    QSqlQuery runsQuery(db);
    runsQuery.setForwardOnly(true);
    runsQuery.prepare(QStringLiteral("SELECT r.id, p.name, p.model, r.kind FROM runs r "
                                     "JOIN providers p ON p.id = r.provider_id WHERE "
                                     "r.session_id = ? ORDER BY r.id"));
    runsQuery.addBindValue(sessionId);
    if (!runsQuery.exec()) {
        *error = runsQuery.lastError().text();
        return std::nullopt;
    }
    std::vector<RunRow> runs;
    while (runsQuery.next())
        runs.push_back({runsQuery.value(0).toLongLong(), runsQuery.value(1).toString().toUtf8(),
                        runsQuery.value(2).toString().toUtf8(),
                        runsQuery.value(3).toString().toUtf8()});
    if (!sink.beginTable(QStringLiteral("attempts"), columns(), error))
        return std::nullopt;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QString::fromLatin1(samplesSql()));
    qint64 rows = 0;
    for (const RunRow &run : runs) {
        q.addBindValue(run.id);
        if (!q.exec()) {
            *error = q.lastError().text();
            return std::nullopt;
        }
        while (q.next()) {
            sink.integer(run.id);
            sink.utf8(run.provider);
            sink.utf8(run.model);
            sink.utf8(run.kind);
            for (int c = 0; c < kSampleColumnCount; ++c) {
                const QVariant v = q.value(c);
                if (v.isNull()) {
                    sink.empty();
                    continue;
                }
                switch (kSampleColumns[c].stored) {
                case Stored::Integer:
                    sink.integer(v.toLongLong());
                    break;
                case Stored::NsAsMs:
                    sink.number(double(v.toLongLong()) / 1e6);
                    break;
                case Stored::Real:
                    sink.number(v.toDouble());
                    break;
                case Stored::Text:
                    sink.utf8(v.toString().toUtf8());
                    break;
                }
            }
            sink.endRow();
            ++rows;
        }
    }
    return rows;
}

} // namespace ys
