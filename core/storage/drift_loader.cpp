#include "storage/drift_loader.h"

#include "storage/session_repository.h"

#include <tuple>

namespace ys {

namespace {

// A provider's latest latency run in one session, before its samples are read.
struct RunRef {
    qint64 sessionId = 0;
    QDateTime startedAt;
    QString provider;
    QString model;
    qint64 runId = 0;

    bool sameProvider(const RunRef &o) const { return provider == o.provider && model == o.model; }
    bool before(const RunRef &o) const
    {
        return std::tie(startedAt, sessionId) < std::tie(o.startedAt, o.sessionId);
    }
};

std::vector<RunRef> latestLatencyRuns(const SessionRepository &repo, QString *error)
{
    std::vector<RunRef> refs;
    for (const SessionInfo &s : repo.sessions(error)) {
        const auto runs = repo.runs(s.id, error);
        for (const ProviderRecord &p : repo.providers(s.id, error)) {
            qint64 latest = 0; // runs come ordered by id
            for (const RunRecord &r : runs)
                if (r.providerId == p.id && r.kind == QLatin1StringView("latency"))
                    latest = r.id;
            if (latest)
                refs.push_back({s.id, s.startedAt, p.config.name, p.config.model, latest});
        }
    }
    return refs;
}

DriftPoint pointOf(const SessionRepository &repo, const RunRef &ref, QString *error)
{
    DriftPoint point = driftPointOf(repo.samples(ref.runId, error));
    point.sessionId = ref.sessionId;
    point.startedAt = ref.startedAt;
    point.provider = ref.provider;
    point.model = ref.model;
    return point;
}

} // namespace

std::vector<DriftEvent> loadDrift(const SessionRepository &repo, std::optional<qint64> sessionId,
                                  QString *error, const DriftSettings &settings)
{
    const std::vector<RunRef> refs = latestLatencyRuns(repo, error);
    std::vector<DriftPoint> points;
    if (!sessionId) {
        for (const RunRef &ref : refs)
            points.push_back(pointOf(repo, ref, error));
        return findDrift(std::move(points), settings);
    }
    for (const RunRef &shown : refs) {
        if (shown.sessionId != *sessionId)
            continue;
        const RunRef *previous = nullptr;
        for (const RunRef &r : refs) {
            if (r.sameProvider(shown) && r.before(shown) && (!previous || previous->before(r)))
                previous = &r;
        }
        if (!previous)
            continue;
        points.push_back(pointOf(repo, *previous, error));
        points.push_back(pointOf(repo, shown, error));
    }
    return findDrift(std::move(points), settings, sessionId);
}

std::vector<DriftPoint> loadDriftPoints(const SessionRepository &repo, const QString &provider,
                                        QString *error)
{
    std::vector<DriftPoint> points;
    for (const RunRef &ref : latestLatencyRuns(repo, error))
        if (ref.provider == provider)
            points.push_back(pointOf(repo, ref, error));
    return points;
}

} // namespace ys
