#pragma once

#include "domain/sample.h"

#include <QString>
#include <sqlite3.h>
#include <vector>

namespace ys {

// The head of a multi-row insert of samples, every column the repository stores, and the marks
// of one row's values: the one list SQLite's batch insert and the portable insert both use.
inline constexpr const char *kSampleInsertHead =
    "INSERT INTO samples (run_id, seq, warmup, intended_start_ns, queue_delay_ns, "
    "connect_start_ns, connected_ns, tls_done_ns, request_sent_ns, headers_ns, "
    "first_event_ns, first_token_ns, first_content_ns, end_ns, http_status, "
    "http_version, connection_reused, event_count, read_count, outcome, error, "
    "finish_reason, model_reported, system_fingerprint, request_id, input_tokens, "
    "output_tokens, cached_tokens, reasoning_tokens, tokens_estimated, "
    "local_prompt_tokens, local_output_tokens, output_chars, cost_usd, event_times, "
    "request_index, attempt, retry_delay_ns, coalesced_reads, response_headers, "
    "served_by, diagnostics, start_offset_ns, needle_found, text_hash, "
    "cache_write_tokens, reported_cost_usd, tunnel_ns) VALUES ";
inline constexpr const char *kSampleRowMarks =
    "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,"
    "?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";

// Inserts samples through SQLite's own interface on the Qt driver's connection, inside the
// caller's transaction: one prepared statement for the batch, every value bound as it is (no
// QVariant per column). The columns and their stored forms are those of the repository's
// portable insert (SessionRepository::insertSamples), which other databases go through.
bool insertSamplesSqlite(sqlite3 *db, const std::vector<Sample> &samples, QString *error);

} // namespace ys
