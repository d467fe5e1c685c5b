#include "storage/server_timeline_loader.h"

#include "storage/server_metrics_store.h"
#include "storage/session_repository.h"

#include <algorithm>

namespace ys {

std::optional<ServerTimeline> ServerTimelineLoader::load(const SessionRepository &repo,
                                                         qint64 sessionId, const QString &provider,
                                                         QString *error)
{
    QString problem;
    const std::vector<ProviderRecord> providers = repo.providers(sessionId, &problem);
    const auto record = std::find_if(providers.begin(), providers.end(),
                                     [&](const auto &p) { return p.config.name == provider; });
    if (record == providers.end()) {
        *error = problem.isEmpty()
                     ? tr("Session %1 has no provider \"%2\"").arg(sessionId).arg(provider)
                     : problem;
        return std::nullopt;
    }
    std::vector<RunRecord> runs = repo.runs(sessionId, &problem);
    if (!problem.isEmpty()) {
        *error = problem;
        return std::nullopt;
    }
    runs.erase(std::remove_if(runs.begin(), runs.end(),
                              [&](const RunRecord &r) { return r.providerId != record->id; }),
               runs.end());
    std::sort(runs.begin(), runs.end(), [](const RunRecord &a, const RunRecord &b) {
        return a.startedAt < b.startedAt || (a.startedAt == b.startedAt && a.id < b.id);
    });
    std::vector<ServerTimelineRun> timed;
    for (const RunRecord &run : runs) {
        ServerTimelineRun t;
        t.runId = run.id;
        t.offsetNs = timed.empty() ? 0 : runs.front().startedAt.msecsTo(run.startedAt) * 1'000'000;
        t.samples = repo.summarySamples(run.id, &problem, false);
        if (!problem.isEmpty()) {
            *error = problem;
            return std::nullopt;
        }
        timed.push_back(std::move(t));
    }
    std::vector<ServerMetricPoint> points =
        ServerMetricsStore::load(repo.database(), sessionId, &problem);
    if (!problem.isEmpty()) {
        *error = problem;
        return std::nullopt;
    }
    return serverTimeline(provider, record->config.model, timed, points);
}

} // namespace ys
