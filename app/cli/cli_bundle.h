#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QStringList>
#include <optional>

namespace ys {

// yardstick-cli bundle export|import (docs/bundles.md): one session written to a bundle file,
// or a bundle read into a database (SQLite or PostgreSQL). Exit codes as the other commands:
// 0 done; 2 bad input (no such session or database, a damaged, foreign or newer bundle, a
// session already imported, a file that cannot be read or written), with no file or row left
// behind; 1 the database failed.
class CliBundle {
    Q_DECLARE_TR_FUNCTIONS(ys::CliBundle)
public:
    // --in; --db, --session and --out are shared with the other commands.
    static void addOptions(QCommandLineParser &parser);
    // Runs the command when the arguments are "bundle ..."; nullopt for any other.
    static std::optional<int> run(const QStringList &args, const QCommandLineParser &parser);
};

} // namespace ys
