#pragma once

#include "cli/cli_gate.h"

#include <QByteArray>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <optional>

namespace ys {

class MetricsEndpoint;
class RunQueue;
struct QueueClaim;

// The regression gate where scheduled benchmarks run (docs/workers.md): `schedule add` and
// `queue` take --gate-baseline SESSION|latest [--tolerance T] [--alpha A], stored as
// {"baseline": ID or "latest", "tolerance": T, "alpha": A} in schedules.gate_json and copied to
// each item enqueued; the worker that ran an item checks its session with the comparison of
// `gate --baseline` (CliGate::compare) and adds "verdict" to the item's gate_json.
class CliGateBaseline {
    Q_DECLARE_TR_FUNCTIONS(ys::CliGateBaseline)
public:
    static void addOptions(QCommandLineParser &parser); // --gate-baseline
    // --gate-baseline with --tolerance and --alpha as stored JSON into *json (left empty without
    // it); an exit code (2) after saying what is wrong with one, or that the baseline id is no
    // session of --db.
    static std::optional<int> readOptions(const QCommandLineParser &parser, QByteArray *json);
    static QByteArray toJson(const CliBaselineOptions &o);
    // nullopt with *error when json is not a gate toJson() wrote.
    static std::optional<CliBaselineOptions> fromJson(const QByteArray &json, QString *error);

    // After a worker ran claim's item into sessionId: the gate against the item's baseline,
    // said in one line per regression, stored with the item and handed to metrics (when not
    // null). Whether a regression was found.
    static bool check(const QString &dbPath, RunQueue &queue, const QueueClaim &claim,
                      qint64 sessionId, MetricsEndpoint *metrics);
};

} // namespace ys
