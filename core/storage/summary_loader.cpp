#include "storage/summary_loader.h"

#include "analysis/cost_split.h"
#include "analysis/gates.h"
#include "analysis/kind_results.h"
#include "storage/drift_loader.h"
#include "storage/session_repository.h"

#include "storage/attempt_pack.h"
#include "storage/contract_answers.h"
#include "storage/database.h"
#include "storage/read_connection.h"
#include "storage/server_metrics_store.h"
#include "storage/sqlite_direct.h"
#include "storage/stream_digest_store.h"
#include "storage/summary_samples.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QThread>
#include <algorithm>
#include <atomic>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

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

// One provider of the session: which run its figures come from, and what was made of it.
struct ProviderWork {
    ProviderRecord record;
    const RunRecord *latest = nullptr;
    // The latest run of each distinct latency scenario, in the order they first ran.
    std::vector<const RunRecord *> latencyScenarios;
    bool latestIsLatency = false;
    int runCount = 0;
    std::optional<StreamDigest> digest; // the latest run's, when it has ended and has one
    ProviderSummary summary;
    TokenReconciliation reconciliation;
    QString error;

    // Summarises the latest run's attempts. An ended run's digest stands for its event times
    // and holds its attempts packed: packed(runId, visit) hands those over when the digest
    // still counts the run's samples, and returns false otherwise. Else read(runId,
    // withEventTimes, visit) hands over the samples one at a time, with their event times only
    // when no digest stands for them (most of a big run's bytes).
    template <typename Packed, typename Read> void summarize(Packed packed, Read read)
    {
        const bool open = latest && latest->loadModel == QLatin1StringView("open");
        RunAccumulator run(record.config, open);
        TokenReconciler tokens(record.config);
        const auto add = [&](Sample &&x) {
            run.add(x);
            tokens.add(x);
        };
        if (latest && digest && packed(latest->id, digest->sampleCount, add)) {
            summary = run.finish(*digest);
            reconciliation = tokens.finish();
            return;
        }
        std::vector<double> gaps;
        qint64 count = 0;
        const bool needEvents = !digest;
        if (latest)
            read(latest->id, needEvents, [&](Sample &&x) {
                ++count;
                if (needEvents && countsForStreams(x))
                    appendDeliveryGaps(x.eventTimesNs, gaps);
                add(std::move(x));
            });
        if (digest && digest->sampleCount != count) {
            digest.reset();
            read(latest->id, true, [&](Sample &&x) {
                if (countsForStreams(x))
                    appendDeliveryGaps(x.eventTimesNs, gaps);
            });
        }
        if (!digest) {
            digest = digestGaps(std::move(gaps));
            digest->sampleCount = count;
        }
        summary = run.finish(*digest);
        reconciliation = tokens.finish();
    }
};

// Which run each provider's figures come from: the latest latency run, else the latest run of
// any kind. The run count is how often the provider ran the kind shown: its batches (a re-run
// adds one), not the steps a sweep took.
void plan(ProviderWork &w, const std::vector<RunRecord> &runs)
{
    const RunRecord *latestLatency = nullptr;
    for (const RunRecord &r : runs) {
        if (r.providerId != w.record.id)
            continue;
        ++w.runCount;
        w.latest = &r; // runs come ordered by id, so the last one is the latest
        if (r.kind == QLatin1StringView("latency")) {
            latestLatency = &r;
            const auto same = std::find_if(
                w.latencyScenarios.begin(), w.latencyScenarios.end(),
                [&r](const RunRecord *k) { return k->scenarioJson == r.scenarioJson; });
            if (same == w.latencyScenarios.end())
                w.latencyScenarios.push_back(&r);
            else
                *same = &r; // a re-run stands for its scenario
        }
    }
    if (latestLatency)
        w.latest = latestLatency;
    w.latestIsLatency = latestLatency != nullptr;
    if (w.latest) {
        std::set<qint64> batches;
        for (const RunRecord &r : runs)
            if (r.providerId == w.record.id && r.kind == w.latest->kind)
                batches.insert(r.batch);
        w.runCount = int(batches.size());
    }
}

// Hands over the packed attempts of a run's digest when they are as many as the digest counted
// and the run still has that many samples; false (nothing handed over) otherwise.
bool visitPacked(sqlite3 *db, qint64 run, qint64 expected,
                 const std::function<void(Sample &&)> &visit)
{
    if (!db)
        return false;
    return countSamples(db, run) == expected &&
           StreamDigestStore::withAttempts(db, run, [&](const QByteArray &packed) {
               return AttemptPack::count(packed) == expected && AttemptPack::unpack(packed, visit);
           });
}

// The same through QSqlQuery, on a connection that is not SQLite's (PostgreSQL).
bool visitPacked(QSqlDatabase &db, qint64 run, qint64 expected,
                 const std::function<void(Sample &&)> &visit)
{
    return countSamples(db, run) == expected &&
           StreamDigestStore::withAttempts(db, run, [&](const QByteArray &packed) {
               return AttemptPack::count(packed) == expected && AttemptPack::unpack(packed, visit);
           });
}

// Summarises every provider. With several providers and a database file, up to one thread a
// core does it, each reading through a read-only connection of its own (a session of a million
// attempts reads ten runs of a hundred thousand); otherwise this thread does, through the
// repository's connection.
void summarizeAll(const SessionRepository &repo, std::vector<ProviderWork> &work)
{
    std::vector<ProviderWork *> todo;
    for (ProviderWork &w : work)
        if (w.latest)
            todo.push_back(&w);
        else
            w.summarize([](qint64, qint64, const auto &) { return false; },
                        [](qint64, bool, const auto &) {});
    const int threads = std::min(QThread::idealThreadCount(), int(todo.size()));
    const QString path = repo.databasePath();
    const bool postgres = repo.database().isPostgres();
    if (threads < 2 || (!postgres && !QFileInfo(path).isFile())) {
        QSqlDatabase &db = repo.database().connection();
        sqlite3 *handle = sqlite_direct::handleOf(db);
        for (ProviderWork *w : todo)
            w->summarize(
                [handle, &db](qint64 run, qint64 expected, const auto &visit) {
                    return handle ? visitPacked(handle, run, expected, visit)
                                  : visitPacked(db, run, expected, visit);
                },
                [&repo, w](qint64 run, bool withEventTimes, const auto &visit) {
                    for (Sample &x : repo.summarySamples(run, &w->error, withEventTimes))
                        visit(std::move(x));
                });
        return;
    }
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> pool;
    // On PostgreSQL each thread has a connection of its own, as Qt's connections are per thread.
    const QString connectionName = repo.database().connection().connectionName();
    const auto summarizeOnServer = [&] {
        ThreadConnection connection(connectionName);
        for (std::size_t k; (k = next.fetch_add(1)) < todo.size();) {
            ProviderWork *w = todo[k];
            if (!connection.isOpen()) {
                w->error = connection.error();
                continue;
            }
            QSqlDatabase &db = connection.connection();
            w->summarize([&db](qint64 run, qint64 expected,
                               const auto &visit) { return visitPacked(db, run, expected, visit); },
                         [&db, w](qint64 run, bool withEventTimes, const auto &visit) {
                             forEachSummarySample(db, run, withEventTimes, visit, &w->error);
                         });
        }
    };
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            if (postgres)
                return summarizeOnServer();
            const ReadConnection connection(path);
            for (std::size_t k; (k = next.fetch_add(1)) < todo.size();) {
                ProviderWork *w = todo[k];
                if (!connection.handle()) {
                    w->error = connection.error();
                    continue;
                }
                sqlite3 *handle = connection.handle();
                w->summarize(
                    [handle](qint64 run, qint64 expected, const auto &visit) {
                        return visitPacked(handle, run, expected, visit);
                    },
                    [handle, w](qint64 run, bool withEventTimes, const auto &visit) {
                        forEachSummarySample(handle, run, withEventTimes, visit, &w->error);
                    });
            }
        });
    for (std::thread &t : pool)
        t.join();
}

// One latency scenario's figures from its run's summary, and what the scenario asked for.
LatencyScenarioSummary latencyScenarioOf(const RunRecord &run, const ProviderSummary &s)
{
    LatencyScenarioSummary l;
    l.runId = run.id;
    l.loadModel = run.loadModel;
    l.concurrency = run.concurrency;
    const nlohmann::json scenario =
        nlohmann::json::parse(run.scenarioJson.toStdString(), nullptr, false);
    if (scenario.is_object()) {
        if (const auto it = scenario.find("prompt_tokens");
            it != scenario.end() && it->is_number_integer())
            l.promptTokens = it->get<int>();
        if (const auto it = scenario.find("rate_per_s");
            it != scenario.end() && it->is_number() && run.loadModel == QLatin1StringView("open"))
            l.ratePerS = it->get<double>();
    }
    l.attempts = s.attempts;
    l.successes = s.successes;
    l.ttftMs = s.ttftMs;
    l.e2eMs = s.e2eMs;
    l.outputTokensPerSecondP50 = s.outputTokensPerSecondP50;
    l.usdPer1kMeasured = s.usdPer1kMeasured;
    return l;
}

// With several latency scenarios, each one's figures beside the headline (the last to run),
// each from its own run.
void addLatencyScenarios(const SessionRepository &repo, const ProviderWork &w, ProviderSummary &s,
                         QString *error)
{
    if (w.latencyScenarios.size() < 2)
        return;
    int index = 0;
    for (const RunRecord *run : w.latencyScenarios) {
        LatencyScenarioSummary l;
        if (run == w.latest) {
            l = latencyScenarioOf(*run, s);
            l.headline = true;
        } else {
            const bool open = run->loadModel == QLatin1StringView("open");
            l = latencyScenarioOf(
                *run, summarizeRun(w.record.config, repo.summarySamples(run->id, error), open));
        }
        l.index = ++index;
        s.latencyScenarios.push_back(std::move(l));
    }
}

// The answers of the provider's latency scenarios that have a contract or offer tools (whose
// calls are checked as "tool_arguments"), each scenario's latest run, against their contracts.
void addContract(const SessionRepository &repo, const ProviderWork &w, ProviderSummary &s,
                 QString *error)
{
    std::vector<ContractAnswer> answers;
    for (const RunRecord *run : w.latencyScenarios) {
        if (!run->scenarioJson.contains(QLatin1StringView("\"contract\"")) &&
            !run->scenarioJson.contains(QLatin1StringView("\"tools\"")))
            continue;
        std::vector<ContractAnswer> more = loadContractAnswers(repo, run->id, error);
        answers.insert(answers.end(), std::make_move_iterator(more.begin()),
                       std::make_move_iterator(more.end()));
    }
    s.contract = summarizeContract(answers);
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
    // requirements existed) gets the default. The stored suite also keeps each provider's whole
    // price in force (tiers, times, source); the providers table only its base figures.
    QString suiteError;
    const std::optional<Suite> suite = repo.sessionSuite(sessionId, &suiteError);
    if (suite && suite->requirements)
        summary.requirements = *suite->requirements;
    summary.suite = suite;
    const auto runs = repo.runs(sessionId, error);
    std::vector<ProviderWork> work;
    for (ProviderRecord p : repo.providers(sessionId, error)) {
        for (const ProviderConfig &c : suite ? suite->providers : std::vector<ProviderConfig>{})
            if (c.name == p.config.name && c.price && !c.price->source.isEmpty())
                p.config.price = c.price;
        ProviderWork &w = work.emplace_back();
        w.record = std::move(p);
        plan(w, runs);
        if (w.latest && w.latest->status != SessionStatus::Running)
            w.digest = repo.streamDigest(w.latest->id);
    }
    summarizeAll(repo, work);
    for (ProviderWork &w : work) {
        if (!w.error.isEmpty() && error)
            *error = w.error;
        ProviderSummary s = std::move(w.summary);
        summary.reconciliation.push_back(std::move(w.reconciliation));
        if (!w.latestIsLatency)
            s.results.latency.reset(); // the latency result belongs to a latency run
        s.providerId = w.record.id;
        s.runs = w.runCount;
        if (const RunRecord *latest = w.latest) {
            s.runId = latest->id;
            s.runStatus = latest->status;
            s.loadModel = latest->loadModel;
            s.concurrency = latest->concurrency;
            s.achievedConcurrency = latest->achievedConcurrency;
        }
        for (const auto &[kind, steps] : latestBatches(repo, runs, w.record.id, error))
            analyse(kind, steps, w.record.config, s.results);
        if (w.latestIsLatency) {
            addLatencyScenarios(repo, w, s, error);
            addContract(repo, w, s, error);
            if (s.results.latency && s.results.latency->reasoning)
                s.results.latency->reasoning->costShare = reasoningCostShare(costSplit(s));
        }
        summary.providers.push_back(std::move(s));
    }
    std::vector<ServerMetricPoint> scraped =
        ServerMetricsStore::load(repo.database(), sessionId, error);
    if (!scraped.empty()) {
        std::vector<std::pair<QString, QString>> models;
        for (const ProviderSummary &p : summary.providers)
            models.emplace_back(p.name, p.model);
        summary.serverGauges = summarizeServerGauges(scraped, models);
    }
    summary.serverMetrics = summarizeServerMetrics(std::move(scraped));
    // The estimate the session started with (a later re-run's is its own, not the session's).
    for (const SessionEvent &e : repo.events(sessionId, error)) {
        if (e.kind == QLatin1StringView("estimate")) {
            summary.estimate = CostEstimate::fromJson(e.detail.toUtf8());
            break;
        }
    }
    Gates::judge(summary);
    return summary;
}

std::optional<SessionSummary> loadSessionView(const SessionRepository &repo, qint64 sessionId,
                                              QString *error)
{
    auto summary = loadSessionSummary(repo, sessionId, error);
    if (!summary)
        return std::nullopt;
    QString driftError;
    summary->drift = loadDrift(repo, sessionId, &driftError);
    if (!driftError.isEmpty() && error)
        *error = driftError;
    return summary;
}

} // namespace ys
