#pragma once

#include "storage/storage_thread_guard.h"

#include <QSqlDatabase>
#include <QString>

struct sqlite3;

namespace ys {

// A read-only SQLite connection of the calling thread to a database file, for reads that run
// beside the UI thread's connection (Qt's connections belong to the thread that made them). In
// WAL mode it reads the last committed state while others write.
class ReadConnection {
public:
    explicit ReadConnection(const QString &path);
    ~ReadConnection();
    ReadConnection(const ReadConnection &) = delete;
    ReadConnection &operator=(const ReadConnection &) = delete;

    // Null when the file could not be opened; error() says why.
    sqlite3 *handle() const { return m_db; }
    const QString &error() const { return m_error; }

private:
    sqlite3 *m_db = nullptr;
    QString m_error;
};

// The same for a PostgreSQL store: a connection of the calling thread with the settings of an
// open one (made on another thread), closed and removed when this ends.
class ThreadConnection {
public:
    explicit ThreadConnection(const QString &connectionName);
    ~ThreadConnection();
    ThreadConnection(const ThreadConnection &) = delete;
    ThreadConnection &operator=(const ThreadConnection &) = delete;

    // Not open when the server refused; error() says why.
    bool isOpen() const { return m_db.isOpen(); }
    QSqlDatabase &connection()
    {
        StorageThreadGuard::check("a statement on a PostgreSQL connection");
        return m_db;
    }
    const QString &error() const { return m_error; }

private:
    QString m_name;
    QSqlDatabase m_db;
    QString m_error;
};

} // namespace ys
