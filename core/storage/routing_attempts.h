#pragma once

#include "analysis/routing_replay.h"
#include "analysis/run_summary.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace ys {

class SessionRepository;

// A run's measured attempts (warm-up left out) as the routing what-if reads them
// (analysis/routing_replay.h), read with the summary's lean reader; none, with *error, when the
// run cannot be read or is not the session's.
std::optional<RunAttempts> loadRunAttempts(const SessionRepository &repo, qint64 sessionId,
                                           qint64 runId, QString *error);

// The run each named provider's figures come from in the summary (ProviderSummary::runId),
// loaded; none, with *error naming the provider, when one is not in the session or has no run.
std::optional<std::vector<RunAttempts>> loadRoutingRuns(const SessionRepository &repo,
                                                        const SessionSummary &summary,
                                                        const QStringList &providers,
                                                        QString *error);

} // namespace ys
