#include "storage/wal_checkpointer.h"

#include "storage/database.h"
#include "storage/sqlite_direct.h"
#include "util/log.h"

#include <algorithm>

namespace ys {

namespace {

int pageSize(sqlite3 *db)
{
    sqlite_direct::Statement st;
    if (sqlite3_prepare_v2(db, "PRAGMA page_size", -1, &st.stmt, nullptr) != SQLITE_OK ||
        sqlite3_step(st.stmt) != SQLITE_ROW)
        return 4096;
    return std::max(512, sqlite3_column_int(st.stmt, 0));
}

} // namespace

WalCheckpointer::WalCheckpointer(Database &writer)
{
    if (writer.isPostgres())
        return;
    m_writer = sqlite_direct::handleOf(writer.connection());
    const char *file = m_writer ? sqlite3_db_filename(m_writer, "main") : nullptr;
    if (!file || !*file)
        return; // an in-memory database has no log to move
    if (sqlite3_open_v2(file, &m_own, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) !=
        SQLITE_OK) {
        qCDebug(lcStorage) << "checkpoints stay on the writer:" << sqlite3_errmsg(m_own);
        sqlite3_close(m_own);
        m_own = nullptr;
        return;
    }
    sqlite3_busy_timeout(m_own, Database::kBusyTimeoutMs);
    const int page = pageSize(m_writer);
    m_backgroundFrames = int(kBackgroundBytes / page);
    m_writerFrames = int(kWriterBytes / page);
    m_thread = std::thread([this] { run(); });
    // Replaces SQLite's automatic checkpoint (itself a hook of this kind) on the writer.
    sqlite3_wal_hook(m_writer, &WalCheckpointer::onCommit, this);
}

WalCheckpointer::~WalCheckpointer()
{
    if (!m_own)
        return;
    sqlite3_wal_autocheckpoint(m_writer, 1000); // SQLite's own default again
    {
        const std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread.join();
    sqlite3_close(m_own);
}

int WalCheckpointer::onCommit(void *self, sqlite3 *db, const char *name, int frames)
{
    auto *me = static_cast<WalCheckpointer *>(self);
    if (frames >= me->m_writerFrames) {
        // Only what the thread has not copied yet is copied here; the log then restarts at the
        // writer's next transaction.
        sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
        const std::lock_guard lock(me->m_mutex);
        ++me->m_byWriter;
    } else if (frames >= me->m_backgroundFrames) {
        {
            const std::lock_guard lock(me->m_mutex);
            me->m_pending = true;
            ++me->m_requested;
        }
        me->m_wake.notify_one();
    }
    return SQLITE_OK;
}

void WalCheckpointer::run()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        m_wake.wait(lock, [this] { return m_pending || m_stop; });
        if (m_stop)
            return;
        m_pending = false;
        const qint64 upTo = m_requested;
        lock.unlock();
        checkpoint();
        lock.lock();
        ++m_background;
        m_completed = std::max(m_completed, upTo);
        m_done.notify_all();
    }
}

void WalCheckpointer::checkpoint()
{
    // Passive: copies what no reader still needs and never blocks the writer or a reader.
    const int rc =
        sqlite3_wal_checkpoint_v2(m_own, "main", SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
    if (rc != SQLITE_OK && rc != SQLITE_BUSY)
        qCDebug(lcStorage) << "background checkpoint:" << sqlite3_errmsg(m_own);
}

void WalCheckpointer::drain()
{
    if (!m_own)
        return;
    std::unique_lock lock(m_mutex);
    const qint64 target = ++m_requested;
    m_pending = true;
    m_wake.notify_one();
    m_done.wait(lock, [&] { return m_completed >= target || m_stop; });
}

int WalCheckpointer::backgroundCheckpoints() const
{
    const std::lock_guard lock(m_mutex);
    return m_background;
}

int WalCheckpointer::writerCheckpoints() const
{
    const std::lock_guard lock(m_mutex);
    return m_byWriter;
}

} // namespace ys
