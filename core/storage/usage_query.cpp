#include "storage/usage_query.h"

#include "storage/database.h"

#include <QSqlError>
#include <QSqlQuery>

namespace ys {

std::optional<std::vector<RecordedUsage>>
UsageQuery::byDayAndModel(Database &db, std::optional<qint64> sessionId, QString *error)
{
    // started_at is ISO 8601 in UTC with milliseconds; it becomes whole Unix milliseconds, the
    // offset (nanoseconds) is added floored to a millisecond, and the day is an integer division.
    // (Adding fractions of a day to julianday() would let date() round 23:59:59.9996 up to the
    // next day.) Runs stored before schema 5 have no offsets: their attempts count at the run's
    // start.
    // PostgreSQL reads the same instant from the text and names the UTC day the same way.
    const QString day =
        db.isPostgres()
            ? QStringLiteral("to_char(to_timestamp(((ROUND(EXTRACT(EPOCH FROM "
                             "r.started_at::timestamptz) * 1000)::BIGINT + "
                             "COALESCE(s.start_offset_ns, 0) / 1000000) / 86400000) * 86400) AT "
                             "TIME ZONE 'UTC', 'YYYY-MM-DD')")
            : QStringLiteral("date(((CAST(ROUND((julianday(r.started_at) - 2440587.5) * "
                             "86400000.0) AS INTEGER) + COALESCE(s.start_offset_ns, 0) / 1000000) "
                             "/ 86400000) * 86400, 'unixepoch')");
    QString sql =
        QStringLiteral("SELECT ") + day +
        QStringLiteral(
            " AS day, p.model, COUNT(*), SUM(COALESCE(s.input_tokens, 0)), "
            "SUM(COALESCE(s.cached_tokens, 0)), "
            "SUM(COALESCE(s.output_tokens, 0)), SUM(s.cost_usd), "
            "SUM(CASE WHEN s.cost_usd IS NULL AND (s.input_tokens > 0 OR s.output_tokens > 0) "
            "THEN 1 ELSE 0 END) "
            "FROM samples s JOIN runs r ON r.id = s.run_id JOIN providers p ON p.id = "
            "r.provider_id ");
    if (sessionId)
        sql += QStringLiteral("WHERE r.session_id = ? ");
    sql += QStringLiteral("GROUP BY day, p.model ORDER BY day, p.model");
    QSqlQuery q(db.connection());
    q.setForwardOnly(true);
    q.prepare(sql);
    if (sessionId)
        q.addBindValue(*sessionId);
    if (!q.exec()) {
        *error = tr("%1: %2").arg(db.path(), q.lastError().text());
        return std::nullopt;
    }
    std::vector<RecordedUsage> out;
    while (q.next()) {
        RecordedUsage u;
        u.day = QDate::fromString(q.value(0).toString(), Qt::ISODate);
        if (!u.day.isValid())
            continue; // a run without a readable start time cannot be dated
        u.model = q.value(1).toString();
        u.attempts = q.value(2).toLongLong();
        u.inputTokens = q.value(3).toLongLong();
        u.cachedTokens = q.value(4).toLongLong();
        u.outputTokens = q.value(5).toLongLong();
        if (!q.value(6).isNull())
            u.costUsd = q.value(6).toDouble();
        u.unpricedAttempts = q.value(7).toLongLong();
        out.push_back(std::move(u));
    }
    return out;
}

} // namespace ys
