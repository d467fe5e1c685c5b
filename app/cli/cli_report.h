#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <optional>

namespace ys {

// yardstick-cli report (docs/report.md): the analyst's report of a session as one HTML file or
// a PDF, in English or Chinese. Exit codes as the other commands: 0 written, 1 the session could
// not be read, 2 bad input (no such database or session, an unknown format or language, a path
// that cannot be written), and nothing is left behind unless it was written whole.
class CliReport {
    Q_DECLARE_TR_FUNCTIONS(ys::CliReport)
public:
    // The option only this command reads (--lang); --db, --session, --format and --out are
    // shared with export.
    static void addOptions(QCommandLineParser &parser);
    // Runs the command when it is "report"; nullopt for any other.
    static std::optional<int> run(const QString &command, const QCommandLineParser &parser);
    // Whether the arguments name the report command, which draws charts and so needs a
    // QApplication rather than a QCoreApplication.
    static bool wantsGui(int argc, char **argv);
};

} // namespace ys
