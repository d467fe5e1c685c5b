#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <optional>

namespace ys {

// yardstick-cli chunking (docs/cli.md; docs/measurements.md, "Chunking a long document"): the
// exact arithmetic of cutting a document into overlapping chunks and, with --db, what chunking
// it would cost and take on each provider of a session against one call with the whole
// document, from the providers' measured context sweeps. Exit codes: 0 done, 1 the session
// could not be read, 2 bad input naming the option.
class CliChunking {
    Q_DECLARE_TR_FUNCTIONS(ys::CliChunking)
public:
    // The options only this command reads; --db, --session and --json are shared.
    static void addOptions(QCommandLineParser &parser);
    // Runs the command when it is "chunking"; nullopt for any other.
    static std::optional<int> run(const QString &command, const QCommandLineParser &parser);
};

} // namespace ys
