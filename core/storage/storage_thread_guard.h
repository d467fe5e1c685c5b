#pragma once

#include <QString>
#include <QStringList>
#include <atomic>

class QThread;
struct sqlite3;

namespace ys {

// Which thread the project's SQL runs on, for the tests that hold a thread to running none (the
// GUI thread while pages load: docs/testing.md, "No SQL on the GUI thread"). Every SQLite
// connection the project opens (Database, ReadConnection) reports each statement as it starts,
// whether QSqlQuery or SQLite's own interface runs it; a PostgreSQL connection reports its
// opening and every use of Database::connection(). Unused, a report costs one relaxed atomic
// load.
class StorageThreadGuard {
public:
    // From now on, every statement run on thread is recorded; null ends the check.
    static void forbid(QThread *thread);
    static void allowAll() { forbid(nullptr); }
    // Whether a thread is forbidden (for a caller that must build its text for check()).
    static bool active() { return s_forbidden.load(std::memory_order_relaxed) != nullptr; }
    // What ran on the forbidden thread since forbid() or clear(): each statement's SQL text as
    // written (its parameters unbound), followed by the thread's name.
    static QStringList violations();
    static void clear();

    // The hook: a statement (or another storage operation, in words) is about to run on the
    // calling thread.
    static void check(const char *sql)
    {
        if (active()) [[unlikely]]
            if (onForbiddenThread())
                record(QString::fromUtf8(sql));
    }
    static void check(const QString &what)
    {
        if (active()) [[unlikely]]
            if (onForbiddenThread())
                record(what);
    }
    // Makes an SQLite connection report every statement it starts to check().
    static void watch(sqlite3 *db);

private:
    static bool onForbiddenThread();
    static void record(const QString &what);

    static inline std::atomic<QThread *> s_forbidden{nullptr};
};

} // namespace ys
