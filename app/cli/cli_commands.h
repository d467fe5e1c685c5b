#pragma once

#include "analysis/scores.h"
#include "cli/cli_gate.h"

#include <QCoreApplication>
#include <QStringList>
#include <QUrl>
#include <optional>

namespace ys {

struct CliRunOptions {
    QString suite; // "demo" or a suite file
    QString dbPath;
    QStringList providers;
    bool json = false;
    QUrl simulator;       // demo only: an external yardstick-sim instead of the in-process one
    QString requirements; // a requirements file that replaces the suite's
    bool gate = false;    // after the run, exit as `yardstick-cli gate` would (cli_gate.h)
    CliBaselineOptions baseline; // --gate --baseline SESSION|latest: the regression gate too
    QString metricsListen; // HOST:PORT to serve live metrics on (docs/metrics.md); empty: none
};

// The commands of yardstick-cli (their JSON: docs/show-json.md). Each returns the process
// exit code: 0 success, 1 the run or the lookup failed, 2 bad input.
class CliCommands {
    Q_DECLARE_TR_FUNCTIONS(ys::CliCommands)
public:
    static int run(const CliRunOptions &options);
    static int list(const QString &dbPath, bool json);
    // criteria: the score's weights (Scores::criteria); the default ones when empty.
    static int show(const QString &dbPath, std::optional<qint64> sessionId, bool json,
                    const std::vector<ScoreCriterion> &criteria = {});
    // Prints the token count of a file ("-": standard input), or with ids its token ids as a
    // JSON array. The bytes are UTF-8; invalid sequences count as U+FFFD (see utf8.h).
    static int tokens(const QString &encoding, const QString &path, bool ids, bool specialTokens);
};

} // namespace ys
