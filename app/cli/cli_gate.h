#pragma once

#include "analysis/regression_gate.h"

#include <QCommandLineParser>
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

// --baseline: also compare each provider with the same provider of this session, and exit 3 on a
// regression (analysis/regression_gate.h); a lookup that fails is then bad input (2).
struct CliBaselineOptions {
    std::optional<qint64> baselineId;
    RegressionGateOptions regression; // --tolerance, --alpha
};

// `yardstick-cli gate` (docs/cli.md): checks each provider of a session against the
// requirements and prints the gates. Exit code: 0 every provider qualifies; 3 one does not (a
// gate failed, was inconclusive or had no data, beyond what "N of M" allows); 1 an error (no
// such database or session, a session without providers); 2 bad input (the requirements file).
// With --baseline the requirements are checked as without it and the session is compared with
// the baseline too: 3 when either finds a problem; every lookup failure is then bad input (2).
class CliGate {
    Q_DECLARE_TR_FUNCTIONS(ys::CliGate)
public:
    static constexpr int kNotQualified = 3;
    static constexpr int kBadInput = 2;
    // --baseline, --tolerance and --alpha.
    static void addOptions(QCommandLineParser &parser);
    // Reads them into *options; an exit code (2) after saying what is wrong with one.
    static std::optional<int> readOptions(const QCommandLineParser &parser,
                                          CliBaselineOptions *options);
    static int gate(const CliGateOptions &options, const CliBaselineOptions &baseline = {});
};

} // namespace ys
