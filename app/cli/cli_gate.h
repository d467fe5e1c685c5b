#pragma once

#include <QCoreApplication>
#include <QString>
#include <optional>

namespace ys {

struct CliGateOptions {
    QString dbPath;
    std::optional<qint64> sessionId; // default: the latest session
    QString requirementsPath;        // default: the session suite's, else the "line" preset
    bool json = false;
    bool quiet = false; // only the exit code (run --gate --json, whose document has the gates)
};

// `yardstick-cli gate` (docs/cli.md): checks each provider of a session against the
// requirements and prints the gates. Exit code: 0 every provider qualifies; 3 one does not (a
// gate failed, was inconclusive or had no data, beyond what "N of M" allows); 1 an error (no
// such database or session, a session without providers); 2 bad input (the requirements file).
class CliGate {
    Q_DECLARE_TR_FUNCTIONS(ys::CliGate)
public:
    static constexpr int kNotQualified = 3;
    static int gate(const CliGateOptions &options);
};

} // namespace ys
