#include "storage/read_connection.h"

#include "storage/storage_thread_guard.h"

#include <QAtomicInteger>
#include <QSqlError>
#include <sqlite3.h>

namespace ys {

ReadConnection::ReadConnection(const QString &path)
{
    const QByteArray file = path.toUtf8();
    // NOMUTEX: the connection never leaves its thread.
    if (sqlite3_open_v2(file.constData(), &m_db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK) {
        m_error = m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QStringLiteral("out of memory");
        sqlite3_close(m_db);
        m_db = nullptr;
        return;
    }
    StorageThreadGuard::watch(m_db);
    sqlite3_busy_timeout(m_db, 5000);
    // Pages are read through a memory map rather than copied by read(2) one at a time: a
    // summary of a big session reads most of the file once.
    sqlite3_exec(m_db, "PRAGMA mmap_size=4294967296", nullptr, nullptr, nullptr);
}

ReadConnection::~ReadConnection()
{
    sqlite3_close(m_db);
}

ThreadConnection::ThreadConnection(const QString &connectionName)
{
    static QAtomicInteger<quint64> counter;
    m_name = QStringLiteral("%1-thread-%2").arg(connectionName).arg(counter.fetchAndAddRelaxed(1));
    // The overload by name may be called from any thread.
    m_db = QSqlDatabase::cloneDatabase(connectionName, m_name);
    StorageThreadGuard::check(QStringLiteral("open a PostgreSQL connection"));
    if (!m_db.open())
        m_error = m_db.lastError().text();
}

ThreadConnection::~ThreadConnection()
{
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_name);
}

} // namespace ys
