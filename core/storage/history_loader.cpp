#include "storage/history_loader.h"

#include "storage/session_repository.h"
#include "storage/summary_loader.h"

#include <algorithm>
#include <map>

namespace ys {

std::vector<HistorySource> historySources(const SessionRepository &repo, QString *error)
{
    std::vector<HistorySource> out;
    for (const SessionInfo &s : repo.sessions(error, false)) {
        out.push_back({s.id, 0, s.suiteName, {}, s.startedAt, 0});
        std::map<qint64, QString> names;
        for (const ProviderRecord &p : repo.providers(s.id, error))
            names[p.id] = p.config.name;
        std::map<qint64, int> counts;
        for (const RunRecord &r : repo.runs(s.id, error)) {
            if (r.kind != QLatin1StringView("latency"))
                continue;
            out.push_back({s.id, r.id, s.suiteName, names[r.providerId], r.startedAt,
                           ++counts[r.providerId]});
        }
    }
    return out;
}

std::optional<std::vector<ProviderSummary>>
loadSourceProviders(const SessionRepository &repo, const HistorySource &source, QString *error)
{
    if (source.runId == 0) {
        auto summary = loadSessionSummary(repo, source.sessionId, error);
        if (!summary)
            return std::nullopt;
        return std::move(summary->providers);
    }
    for (const RunRecord &r : repo.runs(source.sessionId, error)) {
        if (r.id != source.runId)
            continue;
        for (const ProviderRecord &p : repo.providers(source.sessionId, error)) {
            if (p.id != r.providerId)
                continue;
            ProviderSummary s = summarizeRun(p.config, repo.summarySamples(r.id, error),
                                             r.loadModel == QLatin1StringView("open"));
            s.providerId = p.id;
            s.runId = r.id;
            s.runs = 1;
            s.runStatus = r.status;
            s.loadModel = r.loadModel;
            s.concurrency = r.concurrency;
            s.achievedConcurrency = r.achievedConcurrency;
            return std::vector<ProviderSummary>{std::move(s)};
        }
    }
    if (error && error->isEmpty())
        *error = SessionRepository::tr("There is no run %1 in session %2")
                     .arg(source.runId)
                     .arg(source.sessionId);
    return std::nullopt;
}

QStringList historyProviders(const SessionRepository &repo, QString *error)
{
    QStringList names;
    for (const SessionInfo &s : repo.sessions(error, false)) {
        const auto runs = repo.runs(s.id, error);
        for (const ProviderRecord &p : repo.providers(s.id, error)) {
            const bool latency = std::any_of(runs.begin(), runs.end(), [&](const RunRecord &r) {
                return r.providerId == p.id && r.kind == QLatin1StringView("latency");
            });
            if (latency && !names.contains(p.config.name))
                names << p.config.name;
        }
    }
    names.sort();
    return names;
}

} // namespace ys
