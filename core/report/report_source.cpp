#include "report/report_source.h"

#include "storage/drift_loader.h"
#include "storage/session_repository.h"

namespace ys {

ReportSource ReportSource::of(const SessionRepository &repo, const SessionSummary &summary)
{
    ReportSource source;
    source.summary = summary;
    QString error;
    source.summary.drift = loadDrift(repo, summary.info.id, &error);
    source.suite = repo.sessionSuite(summary.info.id, &error);
    return source;
}

} // namespace ys
