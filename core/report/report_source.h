#pragma once

#include "analysis/run_summary.h"
#include "domain/suite.h"

#include <optional>

namespace ys {

class SessionRepository;

// What a report reads besides a loaded summary: the session's stored suite (its scenarios for
// the method) and its drift against earlier sessions (for the caveats), as `show` loads them, so
// the workbench's report says what the command line's does.
struct ReportSource {
    SessionSummary summary;
    std::optional<Suite> suite;

    static ReportSource of(const SessionRepository &repo, const SessionSummary &summary);
};

} // namespace ys
