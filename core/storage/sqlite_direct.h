#pragma once

// Reading SQLite straight through its own interface on the Qt driver's connection, for the few
// reads where a QVariant per column of every row (and a UTF-16 copy of every text) would be most
// of the time taken: the summary's samples and the stream digests of big runs.
#include "domain/outcome.h"

#include <QByteArray>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QString>
#include <QVariant>
#include <array>
#include <cstring>
#include <optional>
#include <sqlite3.h>

namespace ys::sqlite_direct {

// The connection's sqlite3 handle, or null when the driver is not SQLite.
inline sqlite3 *handleOf(QSqlDatabase &db)
{
    const QVariant v = db.driver() ? db.driver()->handle() : QVariant();
    if (!v.isValid() || qstrcmp(v.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(v.constData());
}

// The statement, finalized however the read ends.
struct Statement {
    sqlite3_stmt *stmt = nullptr;
    ~Statement() { sqlite3_finalize(stmt); }
};

class Row {
public:
    explicit Row(sqlite3_stmt *stmt)
        : m_stmt(stmt)
    {
    }
    bool isNull(int c) const { return sqlite3_column_type(m_stmt, c) == SQLITE_NULL; }
    qint64 integer(int c) const { return sqlite3_column_int64(m_stmt, c); }
    std::optional<qint64> optInteger(int c) const
    {
        return isNull(c) ? std::nullopt : std::optional(integer(c));
    }
    std::optional<double> optReal(int c) const
    {
        return isNull(c) ? std::nullopt : std::optional(sqlite3_column_double(m_stmt, c));
    }
    QString text(int c) const
    {
        const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, c));
        return p ? QString::fromUtf8(p, sqlite3_column_bytes(m_stmt, c)) : QString();
    }
    // The raw bytes, valid until the next step.
    QByteArray bytes(int c) const
    {
        const auto *p = static_cast<const char *>(sqlite3_column_blob(m_stmt, c));
        return p ? QByteArray::fromRawData(p, sqlite3_column_bytes(m_stmt, c)) : QByteArray();
    }
    // An outcome by its stored name, without making a QString of it: the names are ASCII.
    Outcome outcome(int c) const
    {
        static const std::array<QByteArray, kOutcomeCount> names = [] {
            std::array<QByteArray, kOutcomeCount> n;
            for (int i = 0; i < kOutcomeCount; ++i)
                n[std::size_t(i)] = outcomeName(Outcome(i)).toLatin1();
            return n;
        }();
        const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, c));
        const int size = sqlite3_column_bytes(m_stmt, c);
        for (std::size_t i = 0; p && i < names.size(); ++i)
            if (names[i].size() == size && std::memcmp(names[i].constData(), p, size_t(size)) == 0)
                return Outcome(i);
        return Outcome::ClientError; // as samples() reads a name it does not know
    }

private:
    sqlite3_stmt *m_stmt;
};

} // namespace ys::sqlite_direct
