#pragma once

#include <QCoreApplication>
#include <QString>
#include <optional>

namespace ys {

// A PostgreSQL team store's address, postgresql://user@host[:port]/db[?password_ref=REF&...],
// checked before any connection is tried so a malformed one is bad input rather than a failure
// to connect. The password is never part of it: libpq reads PGPASSWORD or ~/.pgpass itself, or
// password_ref names a key reference (env:NAME, keychain:NAME) resolved when connecting.
struct PgLocation {
    Q_DECLARE_TR_FUNCTIONS(ys::PgLocation)
public:
    QString host;
    int port = 5432;
    QString user;
    QString database;
    QString passwordRef;
    QString sslMode;
    int connectTimeoutS = 10;

    // Nullopt with *error naming what is wrong (the URL shown without any password).
    static std::optional<PgLocation> parse(const QString &url, QString *error);
    // The URL for messages and logs: a password someone put in it is replaced by a marker.
    static QString display(const QString &url);
    // libpq's connection options for QSqlDatabase::setConnectOptions().
    QString connectOptions() const;
};

} // namespace ys
