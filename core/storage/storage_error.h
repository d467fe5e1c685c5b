#pragma once

#include <QCoreApplication>
#include <QSqlError>
#include <QString>

namespace ys {

// Why a database operation failed, in words a user can act on (the disk is full, the file is
// read-only, another process holds the lock), followed by the driver's own text. SQLite's codes
// are read only from SQLite errors; any other driver's error keeps its own text.
class StorageError {
    Q_DECLARE_TR_FUNCTIONS(ys::StorageError)
public:
    static QString describe(const QSqlError &error, bool sqlite = true);
};

} // namespace ys
