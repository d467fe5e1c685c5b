#pragma once

#include <QCoreApplication>
#include <QString>
#include <optional>

namespace ys {

// --db given as a postgresql:// URL, checked before any command runs: a malformed address or
// one carrying a password is bad input (exit 2), a server that cannot be reached or refuses the
// login is a failure (exit 1). Either is said on stderr and in the log without any password.
// Connecting once here also makes the schema, so every command after it finds one.
class CliStore {
    Q_DECLARE_TR_FUNCTIONS(ys::CliStore)
public:
    // The exit code when the location cannot be used; nullopt to go on (an SQLite path too).
    static std::optional<int> check(const QString &location);
};

} // namespace ys
