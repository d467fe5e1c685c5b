#pragma once

// Reading SQLite databases in tests: a file the way another process sees it while a test's
// program writes it (through a read-only connection of its own), and a PRAGMA's value on a
// connection the test holds.
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariant>
#include <QtGlobal>
#include <sqlite3.h>

namespace ys::test {

enum class PeekFailure { Quiet, Warn };

// The first column of the first row that sql yields (a count, mostly), or -1 when the file does
// not open or the query fails (before a run has made the tables, say); with Warn, a warning says
// why.
inline qint64 peekCount(const QString &path, const char *sql,
                        PeekFailure onFailure = PeekFailure::Warn)
{
    sqlite3 *db = nullptr;
    qint64 count = -1;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) ==
        SQLITE_OK) {
        sqlite3_busy_timeout(db, 5000);
        sqlite3_stmt *stmt = nullptr;
        if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) == SQLITE_OK &&
            sqlite3_step(stmt) == SQLITE_ROW)
            count = sqlite3_column_int64(stmt, 0);
        else if (onFailure == PeekFailure::Warn)
            qWarning("%s: %s", qPrintable(path), sqlite3_errmsg(db));
        sqlite3_finalize(stmt);
    } else if (onFailure == PeekFailure::Warn) {
        qWarning("open %s: %s", qPrintable(path), sqlite3_errmsg(db));
    }
    sqlite3_close(db);
    return count;
}

// The value PRAGMA <name> gives on this connection (user_version, journal_mode, integrity_check,
// ...), or an invalid QVariant when it fails.
inline QVariant pragma(const QSqlDatabase &db, const char *name)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA ") + QLatin1StringView(name)) || !q.next())
        return {};
    return q.value(0);
}

} // namespace ys::test
