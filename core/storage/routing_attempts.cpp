#include "storage/routing_attempts.h"

#include "storage/session_repository.h"

#include <set>

namespace ys {

std::optional<RunAttempts> loadRunAttempts(const SessionRepository &repo, qint64 sessionId,
                                           qint64 runId, QString *error)
{
    const std::vector<RunRecord> runs = repo.runs(sessionId, error);
    const auto run = std::find_if(runs.begin(), runs.end(),
                                  [runId](const RunRecord &r) { return r.id == runId; });
    if (run == runs.end()) {
        if (error->isEmpty())
            *error = SessionRepository::tr("session %1 has no run %2").arg(sessionId).arg(runId);
        return std::nullopt;
    }
    QString provider;
    for (const ProviderRecord &p : repo.providers(sessionId, error))
        if (p.id == run->providerId)
            provider = p.config.name;
    QString readError;
    std::vector<Sample> samples = repo.summarySamples(runId, &readError, false);
    if (!readError.isEmpty()) {
        *error = readError;
        return std::nullopt;
    }
    RunAttempts out;
    out.provider = provider;
    out.runId = runId;
    out.openLoop = run->loadModel == QLatin1StringView("open");
    out.concurrency = std::max(1, run->concurrency);
    std::set<int> warmupRequests;
    out.attempts.reserve(samples.size());
    for (const Sample &s : samples) {
        if (s.warmup) {
            warmupRequests.insert(s.requestIndex);
            continue;
        }
        RoutedAttempt a;
        a.requestIndex = s.requestIndex;
        a.attemptNumber = s.attemptNumber;
        a.outcome = s.outcome;
        a.intendedOffsetNs = s.startOffsetNs + s.intendedStartNs;
        a.queueDelayNs = s.queueDelayNs;
        a.endNs = s.endNs;
        a.firstTokenNs = s.firstTokenNs;
        a.retryDelayNs = s.retryDelayNs;
        a.costUsd = s.costUsd;
        a.timing = attemptTiming(s);
        a.servedBy = s.servedBy;
        out.attempts.push_back(std::move(a));
    }
    out.plannedRequests = std::max(0, run->planned - int(warmupRequests.size()));
    return out;
}

std::optional<std::vector<RunAttempts>> loadRoutingRuns(const SessionRepository &repo,
                                                        const SessionSummary &summary,
                                                        const QStringList &providers,
                                                        QString *error)
{
    std::vector<RunAttempts> out;
    for (const QString &name : providers) {
        const auto p = std::find_if(summary.providers.begin(), summary.providers.end(),
                                    [&](const ProviderSummary &s) { return s.name == name; });
        if (p == summary.providers.end() || p->runId == 0) {
            *error = SessionRepository::tr("session %1 has no run of a provider \"%2\"")
                         .arg(summary.info.id)
                         .arg(name);
            return std::nullopt;
        }
        auto run = loadRunAttempts(repo, summary.info.id, p->runId, error);
        if (!run)
            return std::nullopt;
        run->provider = name;
        out.push_back(std::move(*run));
    }
    return out;
}

} // namespace ys
