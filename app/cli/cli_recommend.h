#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <optional>

namespace ys {

// yardstick-cli recommend (docs/cli.md; docs/measurements.md, "Recommendation"): a session read
// for a use case: the providers that qualify, ranked, with their margins to every requirement,
// the first reason each other one is left out, the risks that remain and the monthly cost at the
// use case's volume. Exit codes: 0 done, 1 the session could not be read, 2 bad input naming the
// option.
class CliRecommend {
    Q_DECLARE_TR_FUNCTIONS(ys::CliRecommend)
public:
    // The options only this command reads; --db, --session and --json are shared.
    static void addOptions(QCommandLineParser &parser);
    // Runs the command when it is "recommend"; nullopt for any other.
    static std::optional<int> run(const QString &command, const QCommandLineParser &parser);
};

} // namespace ys
