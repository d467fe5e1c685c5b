#include "storage/attempt_query.h"

#include "storage/database.h"
#include "storage/sample_blob.h"
#include "storage/session_repository.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>
#include <algorithm>

namespace ys {

namespace {

std::optional<qint64> optOf(const QVariant &v)
{
    return v.isNull() ? std::nullopt : std::optional<qint64>(v.toLongLong());
}

std::optional<double> optRealOf(const QVariant &v)
{
    return v.isNull() ? std::nullopt : std::optional<double>(v.toDouble());
}

// The column (or expression) a sort key orders by; every one is a plain column of samples, so
// the query stays one scan of the run's rows (samples_by_run) and a sort.
QString sortColumn(AttemptSortKey key)
{
    switch (key) {
    case AttemptSortKey::Seq:
        return QStringLiteral("seq");
    case AttemptSortKey::RequestIndex:
        return QStringLiteral("request_index");
    case AttemptSortKey::AttemptNumber:
        return QStringLiteral("attempt");
    case AttemptSortKey::Outcome:
        return QStringLiteral("outcome");
    case AttemptSortKey::HttpStatus:
        return QStringLiteral("http_status");
    case AttemptSortKey::Ttft:
        return QStringLiteral("first_token_ns");
    case AttemptSortKey::E2e:
        return QStringLiteral("end_ns");
    case AttemptSortKey::OutputTokens:
        return QStringLiteral("output_tokens");
    case AttemptSortKey::Cost:
        return QStringLiteral("cost_usd");
    case AttemptSortKey::HttpVersion:
        return QStringLiteral("NULLIF(http_version, '')");
    case AttemptSortKey::Error:
        return QStringLiteral("NULLIF(error, '')");
    }
    return QStringLiteral("seq");
}

QString where(std::optional<Outcome> outcome)
{
    return outcome ? QStringLiteral("WHERE run_id = ? AND outcome = ? ")
                   : QStringLiteral("WHERE run_id = ? ");
}

} // namespace

AttemptQuery::AttemptQuery(const SessionRepository &repo)
    : m_repo(repo)
{
}

std::vector<AttemptRunChoice> AttemptQuery::runs(qint64 sessionId, QString *error) const
{
    std::vector<AttemptRunChoice> out;
    QString err;
    const std::vector<ProviderRecord> providers = m_repo.providers(sessionId, &err);
    const std::vector<RunRecord> runs = m_repo.runs(sessionId, &err);
    if (!err.isEmpty()) {
        *error = err;
        return out;
    }
    for (const RunRecord &r : runs) {
        AttemptRunChoice c;
        c.run = r;
        for (const ProviderRecord &p : providers)
            if (p.id == r.providerId)
                c.provider = p.config;
        out.push_back(std::move(c));
    }
    std::sort(out.begin(), out.end(),
              [](const auto &a, const auto &b) { return a.run.id < b.run.id; });
    return out;
}

std::optional<qint64> AttemptQuery::count(qint64 runId, std::optional<Outcome> outcome,
                                          QString *error) const
{
    QSqlQuery q(m_repo.database().connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT COUNT(*) FROM samples ") + where(outcome));
    q.addBindValue(runId);
    if (outcome)
        q.addBindValue(outcomeName(*outcome));
    if (!q.exec() || !q.next()) {
        *error = tr("%1: %2").arg(m_repo.database().path(), q.lastError().text());
        return std::nullopt;
    }
    return q.value(0).toLongLong();
}

std::optional<std::vector<std::pair<Outcome, qint64>>>
AttemptQuery::outcomeCounts(qint64 runId, QString *error) const
{
    QSqlQuery q(m_repo.database().connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT outcome, COUNT(*) AS n FROM samples WHERE run_id = ? "
                             "GROUP BY outcome ORDER BY n DESC, outcome"));
    q.addBindValue(runId);
    if (!q.exec()) {
        *error = tr("%1: %2").arg(m_repo.database().path(), q.lastError().text());
        return std::nullopt;
    }
    std::vector<std::pair<Outcome, qint64>> out;
    while (q.next()) {
        // A name this version does not know is shown as the class samples() reads it as.
        const Outcome o = outcomeFromName(q.value(0).toString()).value_or(Outcome::ClientError);
        out.emplace_back(o, q.value(1).toLongLong());
    }
    return out;
}

std::optional<std::vector<AttemptRow>> AttemptQuery::page(const AttemptPageRequest &request,
                                                          QString *error) const
{
    const QString column = sortColumn(request.sortKey);
    const QString dir = request.descending ? QStringLiteral("DESC") : QStringLiteral("ASC");
    // Only the error's first line (at most 200 characters) leaves SQLite.
    const QString sql =
        QStringLiteral("SELECT id, seq, request_index, attempt, warmup, outcome, http_status, "
                       "first_token_ns, end_ns, output_tokens, cost_usd, http_version, "
                       "substr(substr(error, 1, instr(error || char(10), char(10)) - 1), 1, 200) "
                       "FROM samples ") +
        where(request.outcome) +
        QStringLiteral("ORDER BY (%1 IS NULL), %1 %2, seq %2, id %2 LIMIT ? OFFSET ?")
            .arg(column, dir);
    QSqlQuery q(m_repo.database().connection());
    q.setForwardOnly(true);
    q.prepare(sql);
    q.addBindValue(request.runId);
    if (request.outcome)
        q.addBindValue(outcomeName(*request.outcome));
    q.addBindValue(request.limit);
    q.addBindValue(request.offset);
    if (!q.exec()) {
        *error = tr("%1: %2").arg(m_repo.database().path(), q.lastError().text());
        return std::nullopt;
    }
    std::vector<AttemptRow> rows;
    rows.reserve(std::size_t(std::max(0, request.limit)));
    while (q.next()) {
        AttemptRow r;
        r.id = q.value(0).toLongLong();
        r.seq = q.value(1).toInt();
        r.requestIndex = q.value(2).toInt();
        r.attemptNumber = q.value(3).toInt();
        r.warmup = q.value(4).toInt() != 0;
        r.outcome = outcomeFromName(q.value(5).toString()).value_or(Outcome::ClientError);
        r.httpStatus = q.value(6).toInt();
        r.ttftNs = optOf(q.value(7));
        r.e2eNs = q.value(8).toLongLong();
        r.outputTokens = optOf(q.value(9));
        r.costUsd = optRealOf(q.value(10));
        r.httpVersion = q.value(11).toString();
        r.errorLine = q.value(12).toString();
        rows.push_back(std::move(r));
    }
    return rows;
}

std::optional<Sample> AttemptQuery::attempt(qint64 sampleId, QString *error) const
{
    QSqlQuery q(m_repo.database().connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
        "SELECT run_id, seq, warmup, intended_start_ns, queue_delay_ns, connect_start_ns, "
        "connected_ns, tls_done_ns, request_sent_ns, headers_ns, first_event_ns, first_token_ns, "
        "first_content_ns, end_ns, http_status, http_version, connection_reused, event_count, "
        "read_count, outcome, error, finish_reason, model_reported, system_fingerprint, "
        "request_id, input_tokens, output_tokens, cached_tokens, reasoning_tokens, "
        "tokens_estimated, local_prompt_tokens, local_output_tokens, output_chars, cost_usd, "
        "event_times, request_index, attempt, retry_delay_ns, coalesced_reads, response_headers, "
        "served_by, diagnostics, start_offset_ns, cache_write_tokens, reported_cost_usd "
        "FROM samples WHERE id = ?"));
    q.addBindValue(sampleId);
    if (!q.exec()) {
        *error = tr("%1: %2").arg(m_repo.database().path(), q.lastError().text());
        return std::nullopt;
    }
    if (!q.next()) {
        *error = tr("Attempt %1 is not in the database").arg(sampleId);
        return std::nullopt;
    }
    Sample s;
    int c = 0;
    s.id = sampleId;
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
    s.cacheWriteTokens = optOf(q.value(c++));
    s.reportedCostUsd = optRealOf(q.value(c++));
    return s;
}

} // namespace ys
