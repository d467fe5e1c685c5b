#pragma once

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
    static constexpr int kSchemaVersion = 9;
    static constexpr int kBusyTimeoutMs = 5000;

    explicit Database(QString path);
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    bool open(QString *error);
    void close();
    QSqlDatabase &connection() { return m_db; }
    const QString &path() const { return m_path; }

    // BEGIN IMMEDIATE: take the write lock up front so a writer never fails half-way.
    bool beginWrite(QString *error);
    bool commit(QString *error);
    void rollback();

private:
    bool migrate(QString *error);
    bool exec(const QString &sql, QString *error);

    QString m_path;
    QString m_connectionName;
    QSqlDatabase m_db;
};

} // namespace ys
