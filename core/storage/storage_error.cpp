#include "storage/storage_error.h"

#include "storage/database.h"

namespace ys {

QString StorageError::describe(const QSqlError &error, bool sqlite)
{
    const QString text = error.text().trimmed();
    bool numeric = false;
    const int code = error.nativeErrorCode().toInt(&numeric);
    if (!sqlite || !numeric)
        return text;
    QString reason;
    // The primary result code is the low byte of an extended one.
    switch (code & 0xff) {
    case 5: // SQLITE_BUSY
    case 6: // SQLITE_LOCKED
        reason = tr("the database is locked by another process, which held it longer than %n "
                    "second(s)",
                    nullptr, Database::kBusyTimeoutMs / 1000);
        break;
    case 8: // SQLITE_READONLY
        reason = tr("the file or its folder is read-only");
        break;
    case 10: // SQLITE_IOERR
        reason = tr("the disk could not be written or read (full, over a size limit, or failing)");
        break;
    case 13: // SQLITE_FULL
        reason = tr("the disk is full (or the file reached a size limit)");
        break;
    case 11: // SQLITE_CORRUPT
        reason = tr("the file is damaged");
        break;
    case 14: // SQLITE_CANTOPEN
        reason = tr("the file cannot be opened");
        break;
    case 26: // SQLITE_NOTADB
        reason = tr("the file is not a database");
        break;
    default:
        return text;
    }
    return tr("%1 (%2)").arg(reason, text);
}

} // namespace ys
