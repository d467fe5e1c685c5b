#include "storage/session_liveness.h"

#include "storage/database.h"
#include "util/log.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSqlError>
#include <QSqlQuery>
#include <QSysInfo>
#include <QVariant>
#include <vector>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <csignal>
#include <sys/types.h>
#endif

namespace ys {

namespace {

QString hostName()
{
    static const QString name = [] {
        const QString n = QSysInfo::machineHostName();
        return n.isEmpty() ? QStringLiteral("localhost") : n;
    }();
    return name;
}

// Whether a process with this id exists on this host. Where that cannot be asked, it is taken
// as alive, and the heartbeat alone decides.
bool processExists(qint64 pid)
{
#ifdef Q_OS_UNIX
    if (pid <= 0)
        return false;
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
#else
    Q_UNUSED(pid);
    return true;
#endif
}

bool failed(QSqlQuery &q, QString *error)
{
    if (error)
        *error = q.lastError().text();
    return false;
}

} // namespace

QString SessionLiveness::thisOwner()
{
    return QStringLiteral("%1:%2").arg(hostName()).arg(QCoreApplication::applicationPid());
}

qint64 SessionLiveness::nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

bool SessionLiveness::claim(Database &db, qint64 sessionId, QString *error)
{
    QSqlQuery q(db.connection());
    q.prepare(QStringLiteral("UPDATE sessions SET owner = ?, heartbeat_ms = ? WHERE id = ?"));
    q.addBindValue(thisOwner());
    q.addBindValue(nowMs());
    q.addBindValue(sessionId);
    return q.exec() || failed(q, error);
}

bool SessionLiveness::heartbeat(Database &db, qint64 sessionId, QString *error)
{
    QSqlQuery q(db.connection());
    q.prepare(QStringLiteral("UPDATE sessions SET heartbeat_ms = ? WHERE id = ? AND owner = ? "
                             "AND status = ?"));
    q.addBindValue(nowMs());
    q.addBindValue(sessionId);
    q.addBindValue(thisOwner());
    q.addBindValue(QStringLiteral("running"));
    return q.exec() || failed(q, error);
}

bool SessionLiveness::isAbandoned(const QString &owner, std::optional<qint64> heartbeatMs,
                                  qint64 now)
{
    // No heartbeat: written by a version before heartbeats, which cannot be running on a file
    // of this schema.
    if (!heartbeatMs)
        return true;
    const qint64 age = now - *heartbeatMs;
    const qsizetype colon = owner.lastIndexOf(QLatin1Char(':'));
    if (colon > 0 && owner.left(colon) == hostName()) {
        bool ok = false;
        const qint64 pid = owner.mid(colon + 1).toLongLong(&ok);
        if (!ok || !processExists(pid))
            return true;
        return age > kLocalStaleMs;
    }
    return age > kLeaseMs;
}

int SessionLiveness::markAbandoned(Database &db, QString *error, qint64 now)
{
    struct Candidate {
        qint64 id;
        QString owner;
        std::optional<qint64> heartbeat;
    };
    std::vector<Candidate> abandoned;
    {
        QSqlQuery q(db.connection());
        q.prepare(QStringLiteral("SELECT id, owner, heartbeat_ms FROM sessions WHERE status = ?"));
        q.addBindValue(QStringLiteral("running"));
        if (!q.exec()) {
            failed(q, error);
            return -1;
        }
        while (q.next()) {
            const Candidate c{q.value(0).toLongLong(), q.value(1).toString(),
                              q.value(2).isNull() ? std::nullopt
                                                  : std::optional(q.value(2).toLongLong())};
            if (isAbandoned(c.owner, c.heartbeat, now)) {
                abandoned.push_back(c);
                qCInfo(lcStorage).noquote()
                    << QStringLiteral("session %1 (owner %2, last heartbeat %3) is no longer "
                                      "running: marked interrupted")
                           .arg(c.id)
                           .arg(c.owner.isEmpty() ? QStringLiteral("unknown") : c.owner,
                                c.heartbeat ? QDateTime::fromMSecsSinceEpoch(*c.heartbeat, Qt::UTC)
                                                  .toString(Qt::ISODateWithMs)
                                            : QStringLiteral("never"));
            }
        }
    }
    if (abandoned.empty())
        return 0;
    if (!db.beginWrite(error))
        return -1;
    const QString finishedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    const QString running = QStringLiteral("running");
    const QString interrupted = QStringLiteral("interrupted");
    int marked = 0;
    for (const Candidate &c : abandoned) {
        // Checked again inside the write lock: the owner may have finished the session or said
        // it is alive since it was read.
        QSqlQuery s(db.connection());
        s.prepare(QStringLiteral("UPDATE sessions SET status = ?, finished_at = ? "
                                 "WHERE id = ? AND status = ? AND %1")
                      .arg(c.heartbeat ? QStringLiteral("heartbeat_ms = ?")
                                       : QStringLiteral("heartbeat_ms IS NULL")));
        s.addBindValue(interrupted);
        s.addBindValue(finishedAt);
        s.addBindValue(c.id);
        s.addBindValue(running);
        if (c.heartbeat)
            s.addBindValue(*c.heartbeat);
        if (!s.exec()) {
            failed(s, error);
            db.rollback();
            return -1;
        }
        if (s.numRowsAffected() == 0)
            continue;
        ++marked;
        QSqlQuery r(db.connection());
        r.prepare(QStringLiteral("UPDATE runs SET status = ?, finished_at = ? "
                                 "WHERE session_id = ? AND status = ?"));
        r.addBindValue(interrupted);
        r.addBindValue(finishedAt);
        r.addBindValue(c.id);
        r.addBindValue(running);
        if (!r.exec()) {
            failed(r, error);
            db.rollback();
            return -1;
        }
    }
    if (!db.commit(error))
        return -1;
    return marked;
}

} // namespace ys
