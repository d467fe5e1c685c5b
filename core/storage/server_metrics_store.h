#pragma once

#include "analysis/server_metrics_summary.h"

#include <QCoreApplication>
#include <QString>
#include <vector>

namespace ys {

class Database;

// One sample of a server's own metrics, read from its /metrics during a run. atNs is on the
// clock of the run's samples (nanoseconds from the run's start); labels is the sample's label
// set as the exposition format writes it without the braces (a="x",b="y"), empty for none.
struct ServerMetricRow {
    qint64 runId = 0;
    qint64 atNs = 0;
    QString name;
    QString labels;
    double value = 0;
};

// The server_metrics table: written by the sample writer's thread, read for show --json.
class ServerMetricsStore {
    Q_DECLARE_TR_FUNCTIONS(ys::ServerMetricsStore)
public:
    // In one transaction.
    static bool insert(Database &db, const std::vector<ServerMetricRow> &rows, QString *error);
    // Every row of the session's runs, by provider, run, name, labels and time.
    static std::vector<ServerMetricPoint> load(Database &db, qint64 sessionId, QString *error);
};

} // namespace ys
