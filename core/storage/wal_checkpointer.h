#pragma once

#include <QString>
#include <condition_variable>
#include <mutex>
#include <sqlite3.h>
#include <thread>

namespace ys {

class Database;

// Copies an SQLite database's write-ahead log back into the database file (a checkpoint) on a
// thread and connection of its own, so the thread that commits samples does not stop for it.
// SQLite otherwise checkpoints inside the commit that fills the log past 1,000 pages: for a run
// storing samples as fast as it can, about a fifth of the writer's time, spent writing and
// syncing the database file. Attached to the writer's connection it replaces that automatic
// checkpoint: past kBackgroundBytes of log the thread is woken; past kWriterBytes (the thread
// could not keep up, or the writer never paused long enough for the log to be restarted) the
// writer checkpoints what is left itself, as SQLite would have, so the log stays bounded. Every
// commit is durable once in the log either way: a checkpoint only moves it. Nothing to do for a
// PostgreSQL database; docs/storage.md tells more.
class WalCheckpointer {
public:
    explicit WalCheckpointer(Database &writer);
    ~WalCheckpointer();
    WalCheckpointer(const WalCheckpointer &) = delete;
    WalCheckpointer &operator=(const WalCheckpointer &) = delete;

    // Whether checkpoints run on the thread (false: SQLite's own automatic checkpoint stays).
    bool active() const { return m_own != nullptr; }
    // Checkpoints everything committed so far on the thread and waits until that is done.
    void drain();
    // Checkpoints run so far: by the thread, and by the writer itself past kWriterBytes.
    int backgroundCheckpoints() const;
    int writerCheckpoints() const;

    static constexpr qint64 kBackgroundBytes = 4 * 1024 * 1024;
    static constexpr qint64 kWriterBytes = 64 * 1024 * 1024;

private:
    static int onCommit(void *self, sqlite3 *db, const char *name, int frames);
    void run();
    void checkpoint();

    sqlite3 *m_writer = nullptr;
    sqlite3 *m_own = nullptr;
    int m_backgroundFrames = 0;
    int m_writerFrames = 0;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_done;
    bool m_pending = false;
    bool m_stop = false;
    qint64 m_requested = 0;
    qint64 m_completed = 0;
    int m_background = 0;
    int m_byWriter = 0;
    std::thread m_thread;
};

} // namespace ys
