#pragma once

#include "storage/storage_thread_guard.h"

#include <QCoreApplication>
#include <QSqlDatabase>
#include <QString>

namespace ys {

// Opens a Yardstick SQLite file on the calling thread (one connection per thread), applies the
// pragmas (WAL, foreign keys, busy timeout) and the forward migrations in order. A file written
// by a newer version, or a file that is not a database, is refused and left untouched.
class Database {
    Q_DECLARE_TR_FUNCTIONS(ys::Database)
public:
    static constexpr int kSchemaVersion = 13;
    static constexpr int kBusyTimeoutMs = 5000;
    static constexpr int kNewPageSize = 16384;

    // Where the data lives: an SQLite file, or a PostgreSQL team store.
    enum class Backend { Sqlite, Postgres };

    // location: an SQLite file's path, or postgresql://user@host[:port]/db (the password comes
    // from PGPASSWORD, ~/.pgpass or a key reference, never from the location itself).
    explicit Database(QString path);
    static bool isPostgresUrl(const QString &location);
    Backend backend() const { return isPostgresUrl(m_path) ? Backend::Postgres : Backend::Sqlite; }
    bool isPostgres() const { return backend() == Backend::Postgres; }
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    // On PostgreSQL, open() connects over Qt's QPSQL driver and creates or migrates the schema
    // (kept in the table ys_schema) under an advisory lock, so processes starting at once do
    // not race. Errors name the location as display() shows it, never a password.
    bool open(QString *error);
    void close();
    // Whether a location can be tried at all (a PostgreSQL URL is well formed and carries no
    // password); false is bad input, as opposed to a server that cannot be reached.
    static bool checkLocation(const QString &location, QString *error);
    // The location for messages and logs, any password replaced by a marker.
    static QString display(const QString &location);
    QString display() const { return display(m_path); }
    // Every statement runs through this connection. On SQLite each one reports itself to
    // StorageThreadGuard as it starts; on PostgreSQL (no such hook) each use of it does.
    QSqlDatabase &connection()
    {
        if (m_postgres)
            StorageThreadGuard::check("a statement on a PostgreSQL connection");
        return m_db;
    }
    const QString &path() const { return m_path; }

    // BEGIN IMMEDIATE: take the write lock up front so a writer never fails half-way (BEGIN on
    // PostgreSQL, whose rows lock as they are written).
    bool beginWrite(QString *error);
    bool commit(QString *error);
    void rollback();

private:
    bool migrate(QString *error);
    void markAbandonedSessions();
    bool openPostgres(QString *error);
    bool migratePostgres(QString *error);
    bool exec(const QString &sql, QString *error);

    QString m_path;
    bool m_postgres;
    QString m_connectionName;
    QSqlDatabase m_db;
};

} // namespace ys
