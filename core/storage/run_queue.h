#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QTime>
#include <optional>
#include <vector>

namespace ys {

class Database;

// One queued suite as the queue shows it.
struct QueueItem {
    qint64 id = 0;
    QString suiteName;
    QByteArray suiteJson;
    std::optional<qint64> scheduleId;
    QString state; // queued, claimed, done, failed
    QString enqueuedAt;
    QString worker;
    int claims = 0;
    std::optional<qint64> leaseUntilMs;
    std::optional<qint64> sessionId;
    QString finishedAt;
    QString error;
    // The regression gate the item's session is checked by (docs/workers.md): {"baseline",
    // "tolerance", "alpha"} from its schedule, and "verdict" once the worker checked it; empty
    // without a gate.
    QByteArray gateJson;
};

// What a worker holds after a claim: the item, and the claim it took (worker + claims), which
// every later renew or finish must still match.
struct QueueClaim {
    qint64 itemId = 0;
    QString worker;
    int claims = 0;
    QByteArray suiteJson;
    QString suiteName;
    QByteArray gateJson; // the item's regression gate (QueueItem::gateJson), or empty
};

// A schedule: a suite enqueued every every_s seconds, or at set times of day (UTC).
struct Schedule {
    qint64 id = 0;
    QString name;
    QByteArray suiteJson;
    std::optional<qint64> everyS;
    QList<QTime> timesOfDay; // UTC
    qint64 nextMs = 0;
    std::optional<qint64> lastMs;
    bool enabled = true;
    QString createdAt;
    QByteArray gateJson; // the regression gate its items are checked by, or empty
};

// The run queue and the schedules of a database, the same on SQLite and PostgreSQL. Workers on
// several machines share it: a claim is taken under a lease on the database's own clock (never
// the worker's), a worker renews it while it runs, and an item whose lease expired is claimable
// again. Each claim is numbered (claims), so a worker that lost its claim and comes back can
// neither renew nor finish it: no item is run twice to completion.
class RunQueue {
    Q_DECLARE_TR_FUNCTIONS(ys::RunQueue)
public:
    explicit RunQueue(Database &db);

    // The database server's clock, ms since the epoch.
    std::optional<qint64> nowMs(QString *error) const;

    std::optional<qint64> enqueue(const QString &suiteName, const QByteArray &suiteJson,
                                  std::optional<qint64> scheduleId, QString *error,
                                  const QByteArray &gateJson = {});
    // Replaces an item's gate_json: its gate with the verdict the worker reached.
    bool setGate(qint64 itemId, const QByteArray &gateJson, QString *error);
    std::vector<QueueItem> items(QString *error) const;
    // An item run at once by the worker that enqueues it (the demo, run by the workbench or the
    // command line that starts it): inserted already claimed, under a lease of leaseMs, so no
    // other worker takes it while it runs.
    std::optional<QueueClaim> enqueueClaimed(const QString &suiteName, const QByteArray &suiteJson,
                                             const QString &worker, qint64 leaseMs, QString *error);
    // The name a worker of this process goes by unless it is given one: "host:pid".
    static QString processWorkerName();

    // The oldest queued item, claimed for leaseMs; nullopt with *error empty when none is queued.
    // Items whose lease expired are first made queued again (reclaimExpired).
    std::optional<QueueClaim> claim(const QString &worker, qint64 leaseMs, QString *error);
    // Extends the lease; false when the claim is no longer this worker's.
    bool renew(const QueueClaim &claim, qint64 leaseMs, QString *error);
    // Names the session the claim runs into (so a reclaim can mark it interrupted).
    bool setSession(const QueueClaim &claim, qint64 sessionId, QString *error);
    // done or failed; false (*error empty) when the claim was lost, and then nothing changes.
    bool finish(const QueueClaim &claim, bool done, const QString &failure, QString *error);
    // Claimed items whose lease has expired become queued again; the sessions their workers ran
    // into are marked interrupted. Returns how many.
    int reclaimExpired(QString *error);

    // A session still running is marked interrupted (with its running runs); evenIfEnded: one
    // that ended too (a superseded worker's session, whose item another worker finished).
    bool markInterrupted(qint64 sessionId, bool evenIfEnded, QString *error);

    // Schedules. Exactly one of everyS and timesOfDay is given.
    std::optional<qint64> addSchedule(const QString &name, const QByteArray &suiteJson,
                                      std::optional<qint64> everyS, const QList<QTime> &timesOfDay,
                                      QString *error, const QByteArray &gateJson = {});
    std::vector<Schedule> schedules(QString *error) const;
    bool removeSchedule(qint64 id, QString *error);
    // Every due schedule enqueues its suite once and moves to its next slot; two workers that
    // see the same slot enqueue it once between them. Returns the items enqueued.
    int enqueueDue(QString *error);

    // The first slot after afterMs: every_s slots count from the schedule's previous slot
    // (missed slots are skipped, not caught up); times of day are UTC.
    static qint64 nextSlot(const Schedule &schedule, qint64 fromMs, qint64 afterMs);
    static QString timesText(const QList<QTime> &times);
    static std::optional<QList<QTime>> parseTimes(const QString &text);
    // A schedule's interval: seconds, or a number with s, m, h or d ("90", "2m", "6h", "1d");
    // none unless above zero.
    static std::optional<qint64> parseEvery(const QString &text);

private:
    bool begin(QString *error);
    bool commit(QString *error);
    void rollback();
    QString nowSql() const;

    Database &m_db;
};

} // namespace ys
