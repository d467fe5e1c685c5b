#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QStringList>
#include <optional>

namespace ys {

// yardstick-cli queue, schedule and history (docs/workers.md): suites enqueued for the workers,
// suites enqueued on a schedule, and each provider's medians over a window of scheduled
// sessions. Exit codes as the other commands: 0 done, 1 the database failed, 2 bad input.
class CliQueue {
    Q_DECLARE_TR_FUNCTIONS(ys::CliQueue)
public:
    // The options only these commands and worker read; --db, --suite, --provider and --json are
    // shared.
    static void addOptions(QCommandLineParser &parser);
    // Runs the command when it is queue, schedule, history or worker; nullopt for any other.
    static std::optional<int> run(const QStringList &args, const QCommandLineParser &parser);

    static int queue(const QCommandLineParser &parser);
    static int schedule(const QStringList &args, const QCommandLineParser &parser);
    static int history(const QCommandLineParser &parser);
};

} // namespace ys
