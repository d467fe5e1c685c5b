#pragma once

#include "analysis/run_summary.h"

#include <QString>
#include <optional>

namespace ys {

class SessionRepository;

// Reads a session and summarises each provider's latest run. Loading lives in storage/ so
// analysis/ works on plain data only.
std::optional<SessionSummary> loadSessionSummary(const SessionRepository &repo, qint64 sessionId,
                                                 QString *error);

} // namespace ys
