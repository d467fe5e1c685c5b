#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>

namespace ys {

class Database;

// A session bundle (docs/bundles.md): one session of a database (its suite, providers, runs,
// attempts, events, server metrics and calibration) in one file of JSON lines that another
// database, SQLite or PostgreSQL, imports. The columns of each table are read from the database
// itself, so a column added by a later schema travels without a change here. Rows are streamed
// both ways: neither export nor import holds more than a page of attempts in memory.
class SessionBundle {
    Q_DECLARE_TR_FUNCTIONS(ys::SessionBundle)
public:
    static constexpr int kFormatVersion = 1;
    static const char *formatName() { return "yardstick-session-bundle"; }

    // Why an export or import failed: the input was wrong (no such session, a damaged, foreign
    // or newer bundle, a file that cannot be read or written, a session already imported), or
    // the database failed under a valid request.
    enum class Failure { BadInput, Database };

    struct Header {
        int formatVersion = 0;
        QString yardstickVersion;
        int schemaVersion = 0;
        QString sessionUid;
        qint64 sessionId = 0; // in the database it was exported from
        QString suiteName;
        qint64 rows = 0; // the rows the bundle holds, from its trailer
    };

    // The tables a bundle carries, in the order it carries them (parents before children), and
    // the tables of a database that it leaves out on purpose.
    static QStringList carriedTables();
    static QStringList tablesLeftOut();

    // Writes the session into path (through a temporary file: on failure nothing is left).
    static bool exportSession(Database &db, qint64 sessionId, const QString &path, QString *error,
                              Failure *failure = nullptr);
    // Reads the whole bundle and checks its header and checksum, importing nothing.
    static std::optional<Header> verify(const QString &path, QString *error);
    // Imports the bundle as one transaction: the new session's id (the bundle's own id when that
    // is free in db), or nullopt with nothing written.
    static std::optional<qint64> importBundle(Database &db, const QString &path, QString *error,
                                              Failure *failure = nullptr);
};

} // namespace ys
