#pragma once

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

} // namespace ys
