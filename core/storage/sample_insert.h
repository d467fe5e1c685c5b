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
    "cache_write_tokens, reported_cost_usd, tunnel_ns, contract, tool_args_ns) VALUES ";
inline constexpr const char *kSampleRowMarks =
    "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,"
    "?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";

// Binds one sample's values in the order of kSampleInsertHead's columns, for both inserts.
// Binder takes integer(qint64), integer(optional<qint64>), real(optional<double>), text(QString;
// an empty one is stored as NULL), eventTimes(vector<qint64>) and null() (an integer left NULL).
template <typename Binder> void bindSampleColumns(Binder &b, const Sample &s)
{
    b.integer(s.runId);
    b.integer(s.seq);
    b.integer(s.warmup ? 1 : 0);
    b.integer(s.intendedStartNs);
    b.integer(s.queueDelayNs);
    b.integer(s.connectStartNs);
    b.integer(s.connectedNs);
    b.integer(s.tlsDoneNs);
    b.integer(s.requestSentNs);
    b.integer(s.headersNs);
    b.integer(s.firstEventNs);
    b.integer(s.firstTokenNs);
    b.integer(s.firstContentNs);
    b.integer(s.endNs);
    s.httpStatus ? b.integer(s.httpStatus) : b.null();
    b.text(s.httpVersion);
    s.httpStatus ? b.integer(s.connectionReused ? 1 : 0) : b.null();
    b.integer(s.eventCount);
    b.integer(s.readCount);
    b.text(outcomeName(s.outcome));
    b.text(s.error);
    b.text(s.finishReason);
    b.text(s.modelReported);
    b.text(s.systemFingerprint);
    b.text(s.requestId);
    b.integer(s.inputTokens);
    b.integer(s.outputTokens);
    b.integer(s.cachedTokens);
    b.integer(s.reasoningTokens);
    b.integer(s.tokensEstimated ? 1 : 0);
    b.integer(s.localPromptTokens);
    b.integer(s.localOutputTokens);
    b.integer(s.outputChars);
    b.real(s.costUsd);
    b.eventTimes(s.eventTimesNs);
    b.integer(s.requestIndex);
    b.integer(s.attemptNumber);
    b.integer(s.retryDelayNs);
    b.integer(s.coalescedReads);
    b.text(s.responseHeaders);
    b.text(s.servedBy);
    b.text(s.diagnostics);
    b.integer(s.startOffsetNs);
    s.needleFound ? b.integer(*s.needleFound ? 1 : 0) : b.null();
    // SQLite integers are signed: the hash is stored as its two's complement.
    b.integer(qint64(s.textHash));
    b.integer(s.cacheWriteTokens);
    b.real(s.reportedCostUsd);
    b.integer(s.tunnelNs);
    b.text(s.contract);
    b.integer(s.toolArgsNs);
}

// Inserts samples through SQLite's own interface on the Qt driver's connection, inside the
// caller's transaction: one prepared statement for the batch, every value bound as it is (no
// QVariant per column). The columns and their stored forms are those of the repository's
// portable insert (SessionRepository::insertSamples), which other databases go through.
bool insertSamplesSqlite(sqlite3 *db, const std::vector<Sample> &samples, QString *error);

} // namespace ys
