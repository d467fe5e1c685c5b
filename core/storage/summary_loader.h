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

// The one view of a session that every surface formats (the command line's text and JSON, the
// workbench, the report, the exports): the summary with its drift against the earlier sessions
// of the database (storage/drift_loader.h). Nothing is added to it after this.
std::optional<SessionSummary> loadSessionView(const SessionRepository &repo, qint64 sessionId,
                                              QString *error);

} // namespace ys
