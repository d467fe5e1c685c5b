#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QString>
#include <optional>

namespace ys {

// yardstick-cli route (docs/cli.md; docs/measurements.md, "Routing policies and their what-if"):
// a routing policy for a session (from --policy, from --primary and --fallback, else from the
// session's recommendation), the what-if that replays the session's measured attempts through it
// beside the primary alone, and the policy written as JSON (--write-policy), as a LiteLLM proxy
// configuration (--litellm) or into a suite (--apply-to SUITE --out FILE). Exit codes: 0 done,
// 1 the session could not be read, 2 bad input naming what is wrong.
class CliRoute {
    Q_DECLARE_TR_FUNCTIONS(ys::CliRoute)
public:
    // The options only this command reads; --db, --session, --json and --out are shared.
    static void addOptions(QCommandLineParser &parser);
    // Runs the command when it is "route"; nullopt for any other.
    static std::optional<int> run(const QString &command, const QCommandLineParser &parser);
};

} // namespace ys
