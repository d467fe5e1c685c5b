#include "storage/run_queue.h"

#include "storage/bound_query.h"
#include "storage/database.h"
#include "storage/sql_values.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QSysInfo>
#include <QVariant>
#include <algorithm>

namespace ys {

namespace {

bool fail(const QSqlQuery &q, QString *error)
{
    if (error)
        *error = RunQueue::tr("run queue: %1").arg(q.lastError().text());
    return false;
}

// The first column of the first row of Q, run already (exec() returned OK) or not (false);
// nullopt with *error set when it failed or gave no row.
std::optional<qint64> firstId(QSqlQuery &q, bool ran, QString *error)
{
    if (!ran || !q.next()) {
        fail(q, error);
        return std::nullopt;
    }
    return q.value(0).toLongLong();
}

// Every row of SELECT SQL, each read by READ (the row's query in, the record out); what was read
// before a failure, with *error set.
template <typename Record, typename Read>
std::vector<Record> selectAll(QSqlDatabase db, const QString &sql, QString *error, Read read)
{
    QSqlQuery q(db);
    if (!q.exec(sql)) {
        fail(q, error);
        return {};
    }
    return readRows(q, [&]() -> Record { return read(q); });
}

// The session a lost claim ran into, and its running runs, end interrupted. Inside the caller's
// transaction.
bool interruptSession(QSqlDatabase &db, qint64 sessionId, QString *error, bool ended = false)
{
    // ended: a superseded session that ran to its end is no result either.
    const QString which =
        ended ? QStringLiteral("status <> 'interrupted'") : QStringLiteral("status = 'running'");
    const QString at = nowIso();
    QSqlQuery q(db);
    q.prepare(QStringLiteral("UPDATE runs SET status = 'interrupted', finished_at = ? "
                             "WHERE session_id = ? AND ") +
              which);
    q.addBindValue(at);
    q.addBindValue(sessionId);
    if (!q.exec())
        return fail(q, error);
    q.prepare(QStringLiteral("UPDATE sessions SET status = 'interrupted', finished_at = ? "
                             "WHERE id = ? AND ") +
              which);
    q.addBindValue(at);
    q.addBindValue(sessionId);
    return q.exec() || fail(q, error);
}

constexpr qint64 kDayMs = 24LL * 3600 * 1000;

} // namespace

RunQueue::RunQueue(Database &db)
    : m_db(db)
{
}

QString RunQueue::nowSql() const
{
    // The database's clock, so workers on machines whose clocks disagree agree on the leases.
    if (m_db.isPostgres())
        return QStringLiteral("CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)");
    return QStringLiteral("CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)");
}

bool RunQueue::begin(QString *error)
{
    QSqlQuery q(m_db.connection());
    return q.exec(m_db.isPostgres() ? QStringLiteral("BEGIN") : QStringLiteral("BEGIN IMMEDIATE"))
               ? true
               : fail(q, error);
}

bool RunQueue::commit(QString *error)
{
    QSqlQuery q(m_db.connection());
    return q.exec(QStringLiteral("COMMIT")) || fail(q, error);
}

void RunQueue::rollback()
{
    QSqlQuery q(m_db.connection());
    q.exec(QStringLiteral("ROLLBACK"));
}

std::optional<qint64> RunQueue::nowMs(QString *error) const
{
    QSqlQuery q(m_db.connection());
    return firstId(q, q.exec(QStringLiteral("SELECT ") + nowSql()), error);
}

namespace {

QVariant gateValue(const QByteArray &gateJson)
{
    return gateJson.isEmpty() ? QVariant(QMetaType(QMetaType::QString))
                              : QVariant(QString::fromUtf8(gateJson));
}

} // namespace

std::optional<qint64> RunQueue::enqueue(const QString &suiteName, const QByteArray &suiteJson,
                                        std::optional<qint64> scheduleId, QString *error,
                                        const QByteArray &gateJson)
{
    QSqlQuery q(m_db.connection());
    prepareBound(
        q,
        QStringLiteral("INSERT INTO run_queue (suite_name, suite_json, schedule_id, state, "
                       "enqueued_at, gate_json) VALUES (?, ?, ?, 'queued', ?, ?) RETURNING id"),
        {suiteName, QString::fromUtf8(suiteJson), nullable(scheduleId), nowIso(),
         gateValue(gateJson)});
    return firstId(q, q.exec(), error);
}

bool RunQueue::setGate(qint64 itemId, const QByteArray &gateJson, QString *error)
{
    QSqlQuery q(m_db.connection());
    prepareBound(q, QStringLiteral("UPDATE run_queue SET gate_json = ? WHERE id = ?"),
                 {gateValue(gateJson), itemId});
    if (!q.exec())
        return fail(q, error);
    if (q.numRowsAffected() != 1) {
        if (error)
            *error = tr("There is no queue item %1").arg(itemId);
        return false;
    }
    return true;
}

std::optional<QueueClaim> RunQueue::enqueueClaimed(const QString &suiteName,
                                                   const QByteArray &suiteJson,
                                                   const QString &worker, qint64 leaseMs,
                                                   QString *error)
{
    QSqlQuery q(m_db.connection());
    prepareBound(q,
                 QStringLiteral("INSERT INTO run_queue (suite_name, suite_json, state, "
                                "enqueued_at, worker, claims, lease_until_ms) VALUES (?, ?, "
                                "'claimed', ?, ?, 1, %1 + ?) RETURNING id")
                     .arg(nowSql()),
                 {suiteName, QString::fromUtf8(suiteJson), nowIso(), worker, leaseMs});
    const std::optional<qint64> id = firstId(q, q.exec(), error);
    if (!id)
        return std::nullopt;
    QueueClaim c;
    c.itemId = *id;
    c.worker = worker;
    c.claims = 1;
    c.suiteJson = suiteJson;
    c.suiteName = suiteName;
    return c;
}

QString RunQueue::processWorkerName()
{
    return QStringLiteral("%1:%2")
        .arg(QSysInfo::machineHostName())
        .arg(QCoreApplication::applicationPid());
}

std::vector<QueueItem> RunQueue::items(QString *error) const
{
    return selectAll<QueueItem>(
        m_db.connection(),
        QStringLiteral("SELECT id, suite_name, suite_json, schedule_id, state, enqueued_at, "
                       "worker, claims, lease_until_ms, session_id, finished_at, error, "
                       "gate_json FROM run_queue ORDER BY id"),
        error, [](const QSqlQuery &q) {
            QueueItem i;
            i.id = q.value(0).toLongLong();
            i.suiteName = q.value(1).toString();
            i.suiteJson = q.value(2).toString().toUtf8();
            i.scheduleId = optOf(q.value(3));
            i.state = q.value(4).toString();
            i.enqueuedAt = q.value(5).toString();
            i.worker = q.value(6).toString();
            i.claims = q.value(7).toInt();
            i.leaseUntilMs = optOf(q.value(8));
            i.sessionId = optOf(q.value(9));
            i.finishedAt = q.value(10).toString();
            i.error = q.value(11).toString();
            i.gateJson = q.value(12).toString().toUtf8();
            return i;
        });
}

int RunQueue::reclaimExpired(QString *error)
{
    if (!begin(error))
        return 0;
    QSqlQuery q(m_db.connection());
    const QString lock = m_db.isPostgres() ? QStringLiteral(" FOR UPDATE SKIP LOCKED") : QString();
    if (!q.exec(QStringLiteral("SELECT id, session_id FROM run_queue WHERE state = 'claimed' AND "
                               "lease_until_ms < %1 ORDER BY id")
                    .arg(nowSql()) +
                lock)) {
        fail(q, error);
        rollback();
        return 0;
    }
    const auto expired = readRows(q, [&] {
        return std::pair<qint64, std::optional<qint64>>(q.value(0).toLongLong(), optOf(q.value(1)));
    });
    q.finish();
    for (const auto &[id, session] : expired) {
        if (session && !interruptSession(m_db.connection(), *session, error)) {
            rollback();
            return 0;
        }
        QSqlQuery u(m_db.connection());
        // The worker name and claim count stay: the next claim numbers itself after them.
        u.prepare(QStringLiteral("UPDATE run_queue SET state = 'queued', lease_until_ms = NULL, "
                                 "session_id = NULL WHERE id = ? AND state = 'claimed'"));
        u.addBindValue(id);
        if (!u.exec()) {
            fail(u, error);
            rollback();
            return 0;
        }
    }
    if (!commit(error)) {
        rollback();
        return 0;
    }
    return int(expired.size());
}

std::optional<QueueClaim> RunQueue::claim(const QString &worker, qint64 leaseMs, QString *error)
{
    if (error)
        error->clear();
    QString reclaimError;
    reclaimExpired(&reclaimError);
    if (!reclaimError.isEmpty()) {
        if (error)
            *error = reclaimError;
        return std::nullopt;
    }
    if (!begin(error))
        return std::nullopt;
    // SKIP LOCKED: two workers claiming at once take two different items instead of waiting
    // for each other; SQLite's BEGIN IMMEDIATE already lets one writer in at a time.
    const QString lock = m_db.isPostgres() ? QStringLiteral(" FOR UPDATE SKIP LOCKED") : QString();
    QSqlQuery q(m_db.connection());
    if (!q.exec(
            QStringLiteral("SELECT id, claims, suite_json, suite_name, gate_json FROM run_queue "
                           "WHERE "
                           "state = 'queued' ORDER BY id LIMIT 1") +
            lock)) {
        fail(q, error);
        rollback();
        return std::nullopt;
    }
    if (!q.next()) {
        q.finish();
        rollback();
        return std::nullopt;
    }
    QueueClaim c;
    c.itemId = q.value(0).toLongLong();
    c.claims = q.value(1).toInt() + 1;
    c.suiteJson = q.value(2).toString().toUtf8();
    c.suiteName = q.value(3).toString();
    c.gateJson = q.value(4).toString().toUtf8();
    c.worker = worker;
    q.finish();
    QSqlQuery u(m_db.connection());
    u.prepare(QStringLiteral("UPDATE run_queue SET state = 'claimed', worker = ?, claims = ?, "
                             "lease_until_ms = %1 + ?, session_id = NULL WHERE id = ? AND "
                             "state = 'queued'")
                  .arg(nowSql()));
    u.addBindValue(worker);
    u.addBindValue(c.claims);
    u.addBindValue(leaseMs);
    u.addBindValue(c.itemId);
    if (!u.exec() || u.numRowsAffected() != 1) {
        fail(u, error);
        rollback();
        return std::nullopt;
    }
    if (!commit(error)) {
        rollback();
        return std::nullopt;
    }
    return c;
}

bool RunQueue::renew(const QueueClaim &claim, qint64 leaseMs, QString *error)
{
    QSqlQuery q(m_db.connection());
    q.prepare(QStringLiteral("UPDATE run_queue SET lease_until_ms = %1 + ? WHERE id = ? AND "
                             "worker = ? AND claims = ? AND state = 'claimed'")
                  .arg(nowSql()));
    q.addBindValue(leaseMs);
    q.addBindValue(claim.itemId);
    q.addBindValue(claim.worker);
    q.addBindValue(claim.claims);
    if (!q.exec())
        return fail(q, error);
    return q.numRowsAffected() == 1;
}

bool RunQueue::setSession(const QueueClaim &claim, qint64 sessionId, QString *error)
{
    QSqlQuery q(m_db.connection());
    q.prepare(QStringLiteral("UPDATE run_queue SET session_id = ? WHERE id = ? AND worker = ? "
                             "AND claims = ? AND state = 'claimed'"));
    q.addBindValue(sessionId);
    q.addBindValue(claim.itemId);
    q.addBindValue(claim.worker);
    q.addBindValue(claim.claims);
    if (!q.exec())
        return fail(q, error);
    return q.numRowsAffected() == 1;
}

bool RunQueue::finish(const QueueClaim &claim, bool done, const QString &failure, QString *error)
{
    if (error)
        error->clear();
    QSqlQuery q(m_db.connection());
    q.prepare(QStringLiteral("UPDATE run_queue SET state = ?, finished_at = ?, error = ?, "
                             "lease_until_ms = NULL WHERE id = ? AND worker = ? AND claims = ? "
                             "AND state = 'claimed'"));
    q.addBindValue(done ? QStringLiteral("done") : QStringLiteral("failed"));
    q.addBindValue(nowIso());
    q.addBindValue(failure.isEmpty() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(failure));
    q.addBindValue(claim.itemId);
    q.addBindValue(claim.worker);
    q.addBindValue(claim.claims);
    if (!q.exec())
        return fail(q, error);
    return q.numRowsAffected() == 1;
}

bool RunQueue::markInterrupted(qint64 sessionId, bool evenIfEnded, QString *error)
{
    if (!begin(error))
        return false;
    if (!interruptSession(m_db.connection(), sessionId, error, evenIfEnded)) {
        rollback();
        return false;
    }
    if (!commit(error)) {
        rollback();
        return false;
    }
    return true;
}

QString RunQueue::timesText(const QList<QTime> &times)
{
    QStringList parts;
    for (const QTime &t : times)
        parts << t.toString(QStringLiteral("HH:mm"));
    return parts.join(QLatin1Char(','));
}

std::optional<qint64> RunQueue::parseEvery(const QString &text)
{
    QString t = text.trimmed().toLower();
    qint64 unit = 1;
    if (t.endsWith(QLatin1Char('s')))
        t.chop(1);
    else if (t.endsWith(QLatin1Char('m')))
        unit = 60, t.chop(1);
    else if (t.endsWith(QLatin1Char('h')))
        unit = 3600, t.chop(1);
    else if (t.endsWith(QLatin1Char('d')))
        unit = 86400, t.chop(1);
    bool ok = false;
    const qint64 n = t.toLongLong(&ok);
    if (!ok || n <= 0)
        return std::nullopt;
    return n * unit;
}

std::optional<QList<QTime>> RunQueue::parseTimes(const QString &text)
{
    QList<QTime> times;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QTime t = QTime::fromString(part.trimmed(), QStringLiteral("H:mm"));
        if (!t.isValid())
            return std::nullopt;
        times << t;
    }
    if (times.isEmpty())
        return std::nullopt;
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

qint64 RunQueue::nextSlot(const Schedule &schedule, qint64 fromMs, qint64 afterMs)
{
    if (schedule.everyS && *schedule.everyS > 0) {
        const qint64 step = *schedule.everyS * 1000;
        if (fromMs > afterMs)
            return fromMs;
        return fromMs + ((afterMs - fromMs) / step + 1) * step;
    }
    // Times of day, UTC: the first one after afterMs, today or on a later day.
    const qint64 dayStart = afterMs - afterMs % kDayMs;
    for (int day = 0; day < 2; ++day) {
        for (const QTime &t : schedule.timesOfDay) {
            const qint64 at = dayStart + day * kDayMs + qint64(t.msecsSinceStartOfDay());
            if (at > afterMs)
                return at;
        }
    }
    return afterMs + kDayMs; // no times: never reached through addSchedule
}

std::optional<qint64> RunQueue::addSchedule(const QString &name, const QByteArray &suiteJson,
                                            std::optional<qint64> everyS,
                                            const QList<QTime> &timesOfDay, QString *error,
                                            const QByteArray &gateJson)
{
    const auto now = nowMs(error);
    if (!now)
        return std::nullopt;
    Schedule s;
    s.everyS = everyS;
    s.timesOfDay = timesOfDay;
    // An interval schedule runs first now; a times-of-day one at its next time.
    const qint64 next = everyS ? *now : nextSlot(s, *now, *now);
    QSqlQuery q(m_db.connection());
    prepareBound(q,
                 QStringLiteral("INSERT INTO schedules (name, suite_json, every_s, times_of_day, "
                                "next_ms, enabled, created_at, gate_json) VALUES (?, ?, ?, ?, "
                                "?, 1, ?, ?) RETURNING id"),
                 {name, QString::fromUtf8(suiteJson), nullable(everyS),
                  timesOfDay.isEmpty() ? QVariant(QMetaType(QMetaType::QString))
                                       : QVariant(timesText(timesOfDay)),
                  next, nowIso(), gateValue(gateJson)});
    return firstId(q, q.exec(), error);
}

std::vector<Schedule> RunQueue::schedules(QString *error) const
{
    return selectAll<Schedule>(
        m_db.connection(),
        QStringLiteral("SELECT id, name, suite_json, every_s, times_of_day, next_ms, last_ms, "
                       "enabled, created_at, gate_json FROM schedules ORDER BY id"),
        error, [](const QSqlQuery &q) {
            Schedule s;
            s.id = q.value(0).toLongLong();
            s.name = q.value(1).toString();
            s.suiteJson = q.value(2).toString().toUtf8();
            s.everyS = optOf(q.value(3));
            if (!q.value(4).isNull())
                s.timesOfDay = parseTimes(q.value(4).toString()).value_or(QList<QTime>{});
            s.nextMs = q.value(5).toLongLong();
            s.lastMs = optOf(q.value(6));
            s.enabled = q.value(7).toInt() != 0;
            s.createdAt = q.value(8).toString();
            s.gateJson = q.value(9).toString().toUtf8();
            return s;
        });
}

bool RunQueue::removeSchedule(qint64 id, QString *error)
{
    QSqlQuery q(m_db.connection());
    q.prepare(QStringLiteral("DELETE FROM schedules WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return fail(q, error);
    if (q.numRowsAffected() != 1) {
        if (error)
            *error = tr("There is no schedule %1").arg(id);
        return false;
    }
    return true;
}

int RunQueue::enqueueDue(QString *error)
{
    const auto now = nowMs(error);
    if (!now)
        return 0;
    int enqueued = 0;
    for (const Schedule &s : schedules(error)) {
        if (!s.enabled || s.nextMs > *now)
            continue;
        if (!begin(error))
            return enqueued;
        // Only the worker whose UPDATE still finds the slot it read moves it on and enqueues;
        // another one that read the same slot updates nothing and enqueues nothing.
        QSqlQuery q(m_db.connection());
        q.prepare(QStringLiteral("UPDATE schedules SET next_ms = ?, last_ms = ? WHERE id = ? AND "
                                 "next_ms = ?"));
        q.addBindValue(nextSlot(s, s.nextMs, *now));
        q.addBindValue(*now);
        q.addBindValue(s.id);
        q.addBindValue(s.nextMs);
        if (!q.exec()) {
            fail(q, error);
            rollback();
            return enqueued;
        }
        if (q.numRowsAffected() != 1) {
            rollback();
            continue;
        }
        const QJsonObject suite = QJsonDocument::fromJson(s.suiteJson).object();
        const QString name = suite.value(QLatin1StringView("name")).toString(s.name);
        if (!enqueue(name, s.suiteJson, s.id, error, s.gateJson)) {
            rollback();
            return enqueued;
        }
        if (!commit(error)) {
            rollback();
            return enqueued;
        }
        ++enqueued;
    }
    return enqueued;
}

} // namespace ys
