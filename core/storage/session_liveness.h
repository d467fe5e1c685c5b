#pragma once

#include <QCoreApplication>
#include <QString>
#include <QtGlobal>
#include <optional>

namespace ys {

class Database;

// Who runs a session and whether it is still alive. The process running a session names itself
// in sessions.owner ("host:pid") and refreshes sessions.heartbeat_ms while it runs; a session
// still marked running whose process is gone (a crash, SIGKILL, power loss) is found at the next
// open and marked interrupted, with its running runs. Plain SQL with bound values, so the same
// code serves SQLite and PostgreSQL.
class SessionLiveness {
    Q_DECLARE_TR_FUNCTIONS(ys::SessionLiveness)
public:
    // How often a running session's heartbeat is written.
    static constexpr qint64 kHeartbeatIntervalMs = 5000;
    // A session of this host whose process is alive but whose heartbeat is older than this is
    // abandoned: the pid was reused by another program, or the process hangs.
    static constexpr qint64 kLocalStaleMs = 30000;
    // A session of another host (whose process cannot be asked) is abandoned once its heartbeat
    // is older than this lease.
    static constexpr qint64 kLeaseMs = 120000;

    // "host:pid" of the calling process.
    static QString thisOwner();
    static qint64 nowMs();

    // Names the calling process as the session's owner, with a heartbeat of now.
    static bool claim(Database &db, qint64 sessionId, QString *error);
    // Says the session is still alive (only while it is running and owned by this process).
    static bool heartbeat(Database &db, qint64 sessionId, QString *error);
    // Marks every running session whose owner is gone as interrupted, with its running runs.
    // Returns how many sessions were marked, or -1 (and *error) when it could not look or write.
    static int markAbandoned(Database &db, QString *error, qint64 now = nowMs());

    // Whether a running session with this owner and heartbeat is abandoned at nowMs.
    static bool isAbandoned(const QString &owner, std::optional<qint64> heartbeatMs, qint64 nowMs);
};

} // namespace ys
