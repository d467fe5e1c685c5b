#include "storage/summary_loader.h"

#include "analysis/kind_results.h"
#include "storage/session_repository.h"

#include <QJsonDocument>
#include <map>
#include <set>

namespace ys {

namespace {

// The steps of the latest batch of each scenario kind a provider ran, with their samples.
std::map<QString, std::vector<StepData>> latestBatches(const SessionRepository &repo,
                                                       const std::vector<RunRecord> &runs,
                                                       qint64 providerId, QString *error)
{
    std::map<QString, qint64> latest; // kind -> batch
    for (const RunRecord &r : runs)
        if (r.providerId == providerId)
            latest[r.kind] = std::max(latest[r.kind], r.batch);
    std::map<QString, std::vector<StepData>> out;
    for (const RunRecord &r : runs) {
        if (r.providerId != providerId || r.kind == QLatin1StringView("latency") ||
            latest[r.kind] != r.batch)
            continue;
        StepData step;
        step.label = QJsonDocument::fromJson(r.stepJson.toUtf8()).object();
        step.samples = repo.samples(r.id, error);
        step.status = r.status;
        step.planned = r.planned;
        out[r.kind].push_back(std::move(step));
    }
    return out;
}

void analyse(const QString &kind, const std::vector<StepData> &steps,
             const ProviderConfig &provider, ScenarioResults &results)
{
    if (kind == QLatin1StringView("context_sweep"))
        results.contextSweep = KindAnalysis::contextSweep(steps, provider);
    else if (kind == QLatin1StringView("context_limit"))
        results.contextLimit = KindAnalysis::contextLimit(steps);
    else if (kind == QLatin1StringView("concurrency_sweep"))
        results.concurrencySweep = KindAnalysis::concurrencySweep(steps);
    else if (kind == QLatin1StringView("stability"))
        results.stability = KindAnalysis::stability(steps);
    else if (kind == QLatin1StringView("multi_turn"))
        results.multiTurn = KindAnalysis::multiTurn(steps);
    else if (kind == QLatin1StringView("cache"))
        results.cache = KindAnalysis::cache(steps);
    else if (kind == QLatin1StringView("resilience"))
        results.resilience = KindAnalysis::resilience(steps);
    else if (kind == QLatin1StringView("rate_limit"))
        results.rateLimit = KindAnalysis::rateLimit(steps);
    else if (kind == QLatin1StringView("determinism"))
        results.determinism = KindAnalysis::determinism(steps);
}

} // namespace

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
    // The gates check the suite's requirements; a suite without any (or one stored before
    // requirements existed) gets the default.
    if (const auto suite = repo.sessionSuite(sessionId, nullptr); suite && suite->requirements)
        summary.requirements = *suite->requirements;
    const auto runs = repo.runs(sessionId, error);
    // The stored suite keeps each provider's whole price in force (tiers, times, source); the
    // providers table only its base figures.
    QString suiteError;
    const std::optional<Suite> suite = repo.sessionSuite(sessionId, &suiteError);
    for (ProviderRecord p : repo.providers(sessionId, error)) {
        for (const ProviderConfig &c : suite ? suite->providers : std::vector<ProviderConfig>{})
            if (c.name == p.config.name && c.price && !c.price->source.isEmpty())
                p.config.price = c.price;
        // The table's figures come from the latest latency run; a session without one shows
        // the latest run of any kind.
        const RunRecord *latest = nullptr;
        const RunRecord *latestLatency = nullptr;
        int count = 0;
        for (const RunRecord &r : runs) {
            if (r.providerId != p.id)
                continue;
            ++count;
            latest = &r; // runs come ordered by id, so the last one is the latest
            if (r.kind == QLatin1StringView("latency"))
                latestLatency = &r;
        }
        if (latestLatency)
            latest = latestLatency;
        // The run count is how often the provider ran the kind shown: its batches (a re-run
        // adds one), not the steps a sweep took.
        if (latest) {
            std::set<qint64> batches;
            for (const RunRecord &r : runs)
                if (r.providerId == p.id && r.kind == latest->kind)
                    batches.insert(r.batch);
            count = int(batches.size());
        }
        const std::vector<Sample> samples =
            latest ? repo.summarySamples(latest->id, error) : std::vector<Sample>{};
        ProviderSummary s = summarizeRun(p.config, samples,
                                         latest && latest->loadModel == QLatin1StringView("open"));
        summary.reconciliation.push_back(reconcileTokens(p.config, samples));
        if (!latestLatency)
            s.results.latency.reset(); // the latency result belongs to a latency run
        s.providerId = p.id;
        s.runs = count;
        if (latest) {
            s.runId = latest->id;
            s.runStatus = latest->status;
            s.loadModel = latest->loadModel;
            s.concurrency = latest->concurrency;
            s.achievedConcurrency = latest->achievedConcurrency;
        }
        for (const auto &[kind, steps] : latestBatches(repo, runs, p.id, error))
            analyse(kind, steps, p.config, s.results);
        summary.providers.push_back(std::move(s));
    }
    return summary;
}

} // namespace ys
