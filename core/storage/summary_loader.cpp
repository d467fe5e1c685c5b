#include "storage/summary_loader.h"

#include "analysis/arrival_rates.h"
#include "storage/session_repository.h"

namespace ys {

std::optional<SessionSummary> loadSessionSummary(const SessionRepository &repo, qint64 sessionId,
                                                 QString *error)
{
    auto info = repo.session(sessionId, error);
    if (!info) {
        if (error && error->isEmpty())
            *error = SessionRepository::tr("There is no session %1").arg(sessionId);
        return std::nullopt;
    }
    SessionSummary summary;
    summary.info = *info;
    const auto runs = repo.runs(sessionId, error);
    const auto events = repo.events(sessionId, error);
    for (const ProviderRecord &p : repo.providers(sessionId, error)) {
        const RunRecord *latest = nullptr;
        int count = 0;
        for (const RunRecord &r : runs) {
            if (r.providerId != p.id)
                continue;
            ++count;
            latest = &r; // runs come ordered by id, so the last one is the latest
        }
        ProviderSummary s = summarizeRun(p.config, latest ? repo.samples(latest->id, error)
                                                          : std::vector<Sample>{});
        s.providerId = p.id;
        s.runs = count;
        if (latest) {
            s.runId = latest->id;
            s.runStatus = latest->status;
            s.loadModel = latest->loadModel;
            s.concurrency = latest->concurrency;
            s.achievedConcurrency = latest->achievedConcurrency;
            for (const SessionEvent &e : events) {
                if (e.runId == latest->id && e.kind == QLatin1StringView("arrival_rate")) {
                    const auto rates = ArrivalRateMeter::fromEventJson(e.detail);
                    s.askedRatePerS = rates.askedPerS;
                    s.achievedRatePerS = rates.achievedPerS;
                }
            }
        }
        summary.providers.push_back(std::move(s));
    }
    return summary;
}

} // namespace ys
