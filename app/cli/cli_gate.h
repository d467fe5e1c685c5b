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
    // --baseline latest: the newest finished session of the same suite started before the
    // session checked (run --gate and schedules, whose session is not known in advance).
    bool latest = false;
    RegressionGateOptions regression; // --tolerance, --alpha

    bool given() const { return baselineId || latest; }
};

// What the regression gate found for one session against its baseline ("latest" resolved).
struct BaselineComparison {
    qint64 sessionId = 0;
    qint64 baselineId = 0;
    QString suite;         // the session's suite name
    QString baselineSuite; // the baseline's
    RegressionGate gate;
};

class SessionRepository;

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
    // Reads them into *options; an exit code (2) after saying what is wrong with one. The
    // baseline is read from baselineOption (--baseline; schedule add: --gate-baseline).
    static std::optional<int>
    readOptions(const QCommandLineParser &parser, CliBaselineOptions *options,
                const QString &baselineOption = QStringLiteral("baseline"));
    static int gate(const CliGateOptions &options, const CliBaselineOptions &baseline = {});

    // Before a run: an exit code (2) after saying so when the baseline id is no session of the
    // database.
    static std::optional<int> checkBaseline(const QString &dbPath, const CliBaselineOptions &o);
    // "latest" for sessionId: the newest finished session of its suite that started before it;
    // nullopt with *error when there is none.
    static std::optional<qint64> latestBaseline(const SessionRepository &repo, qint64 sessionId,
                                                QString *error);
    // The comparison `gate --baseline` makes, without printing it (a worker's scheduled session);
    // nullopt with *error when a lookup fails or the sessions share no provider.
    // "A, TTFT P50 (ms): 100.2 → 120.4 (+20.2%), p = 0.00031: regression", as gate prints it.
    static QString describe(const RegressionCheck &check);
    static std::optional<BaselineComparison> compare(const QString &dbPath, qint64 sessionId,
                                                     const CliBaselineOptions &o, QString *error);
};

} // namespace ys
