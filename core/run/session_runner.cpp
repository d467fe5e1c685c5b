#include "run/session_runner.h"

#include "provider/dialect.h"
#include "provider/secrets.h"
#include "run/circuit_breaker.h"
#include "run/cost_estimate.h"
#include "run/load_runner.h"
#include "run/network_pool.h"
#include "run/scenario_step.h"
#include "run/self_calibration.h"
#include "run/server_metrics_scraper.h"
#include "storage/database.h"
#include "storage/sample_writer.h"
#include "storage/session_repository.h"
#include "util/log.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QThread>
#include <algorithm>
#include <deque>
#include <map>

namespace ys {

// One scenario of one provider, run as the steps its kind's driver gives.
struct ScenarioJob {
    qint64 providerId = 0;
    ProviderConfig provider;
    QByteArray key;
    std::shared_ptr<const TransportOptions> transport;
    std::vector<RunTarget> fallbacks;
    Scenario scenario;
    std::unique_ptr<ScenarioDriver> driver;
    std::optional<qint64> batch; // the id of the scenario's first run
    std::optional<StepResult> last;
};

// Lives on the network thread: creates the session's rows, then runs each scenario's steps in
// turn, each step one run.
class SessionWorker : public SessionSignals {
    Q_OBJECT
public:
    SessionWorker(SessionRequest request, SampleWriter *writer, double estimateUsd)
        : m_request(std::move(request))
        , m_writer(writer)
        , m_estimateUsd(estimateUsd)
    {
    }
    // The current run goes before the pool its attempts run on.
    ~SessionWorker() override
    {
        m_scraper.reset();
        delete m_current;
    }

    Q_INVOKABLE void begin()
    {
        Database db(m_request.dbPath);
        QString error;
        if (!db.open(&error))
            return fail(error);
        SessionRepository repo(db);
        if (m_request.existingSessionId) {
            m_sessionId = *m_request.existingSessionId;
        } else {
            auto id = repo.createSession(m_request.suite, &error);
            if (!id)
                return fail(error);
            m_sessionId = *id;
        }
        // The writer keeps the session's heartbeat while it runs, so a crash is found later.
        writeLater([id = m_sessionId, existing = m_request.existingSessionId.has_value()](
                       SampleWriter *w) { w->watchSession(id, existing); });
        Q_EMIT sessionStarted(m_sessionId);
        // The plan's estimate, kept with the session: a record, not news for the live event list.
        writeEvent(0, QStringLiteral("estimate"), m_request.plan->estimateJson(), false);
        calibrate(repo);

        quint64 seed = quint64(m_sessionId) * 1000003u;
        m_seed = seed ^ 0xa5a5a5a5ull;
        for (const ProviderConfig &provider : m_request.suite.providers) {
            if (!m_request.onlyProviders.isEmpty() &&
                !m_request.onlyProviders.contains(provider.name))
                continue;
            auto providerId = repo.ensureProvider(m_sessionId, provider, &error);
            if (!providerId)
                return fail(error);
            QByteArray key;
            QString keyError;
            std::shared_ptr<const TransportOptions> transport;
            const bool keyOk = Secrets::resolve(provider.apiKeyRef, &key, &keyError) &&
                               resolveTransport(provider, &transport, &keyError);
            for (const Scenario &scenario : m_request.suite.scenarios) {
                if (!keyOk) {
                    auto runId = repo.createRun(m_sessionId, *providerId, scenario, &error);
                    if (!runId)
                        return fail(error);
                    Q_EMIT warning(tr("%1: %2").arg(provider.name, keyError));
                    writeLater([id = *runId](SampleWriter *w) {
                        w->finishRun(id, SessionStatus::Failed);
                    });
                    continue;
                }
                ScenarioJob job;
                job.providerId = *providerId;
                job.provider = provider;
                job.key = key;
                job.transport = transport;
                job.fallbacks = fallbacksOf(provider);
                job.scenario = scenario;
                job.driver = makeScenarioDriver(scenario, provider, ++seed);
                m_total += job.driver->plannedRequests();
                m_jobs.push_back(std::move(job));
            }
        }
        if (m_jobs.empty() && m_total == 0 && !m_request.onlyProviders.isEmpty()) {
            bool any = false;
            for (const ProviderConfig &p : m_request.suite.providers)
                any = any || m_request.onlyProviders.contains(p.name);
            if (!any)
                return fail(tr("No provider named %1 in suite \"%2\"")
                                .arg(m_request.onlyProviders.join(QStringLiteral(", ")),
                                     m_request.suite.name));
        }
        db.close();
        m_clock.start();
        Q_EMIT progress(0, m_total, QString(), -1);
        next();
    }

    // The provider's proxy, trust and HTTP version, resolved against this process's
    // environment; false with *error naming what is wrong.
    static bool resolveTransport(const ProviderConfig &provider,
                                 std::shared_ptr<const TransportOptions> *transport, QString *error)
    {
        auto options = TransportOptions::resolve(provider, ProxyEnvironment::fromProcess(), error);
        if (!options)
            return false;
        *transport = std::make_shared<const TransportOptions>(std::move(*options));
        return true;
    }

    // The fallback chain of a provider, with keys; one whose key cannot be had is left out, and
    // said so.
    std::vector<RunTarget> fallbacksOf(const ProviderConfig &provider)
    {
        std::vector<RunTarget> out;
        for (const QString &name : provider.fallback) {
            const auto it =
                std::find_if(m_request.suite.providers.begin(), m_request.suite.providers.end(),
                             [&name](const ProviderConfig &p) { return p.name == name; });
            if (it == m_request.suite.providers.end())
                continue;
            QByteArray key;
            QString keyError;
            std::shared_ptr<const TransportOptions> transport;
            if (!Secrets::resolve(it->apiKeyRef, &key, &keyError) ||
                !resolveTransport(*it, &transport, &keyError)) {
                Q_EMIT warning(
                    tr("%1: fallback %2 left out: %3").arg(provider.name, name, keyError));
                continue;
            }
            out.push_back({*it, key, transport});
        }
        return out;
    }

    CircuitBreaker *breakerFor(const QString &providerName)
    {
        if (auto it = m_breakers.find(providerName); it != m_breakers.end())
            return it->second.get();
        for (const ProviderConfig &p : m_request.suite.providers) {
            if (p.name != providerName || !p.breaker)
                continue;
            return m_breakers.emplace(providerName, breakerOf(p.breaker)).first->second.get();
        }
        return nullptr;
    }

    // Time left, from the pace so far: requests still to finish at the session's average time
    // per finished request. -1 until the first request has finished.
    qint64 etaMs() const
    {
        if (m_done <= 0 || !m_clock.isValid())
            return -1;
        const double perRequestMs = double(m_clock.elapsed()) / double(m_done);
        return qint64(perRequestMs * double(std::max(0, m_total - m_done)));
    }

    Q_INVOKABLE void cancel()
    {
        m_cancelled = true;
        if (m_current)
            m_current->cancel();
    }

    Q_INVOKABLE void setPaused(bool paused)
    {
        m_paused = paused;
        // Past the budget the run stays held until its cancel arrives.
        if (m_current && !m_budgetExhausted)
            m_current->setPaused(paused);
    }

Q_SIGNALS:
    void done(qint64 sessionId, ys::SessionStatus status);

private:
    // Queues work on the writer's thread; queued calls run in order, so samples, run ends and
    // the session end reach the database in the order they happened.
    template <typename F> void writeLater(F f)
    {
        SampleWriter *w = m_writer;
        QMetaObject::invokeMethod(
            w, [w, f = std::move(f)] { f(w); }, Qt::QueuedConnection);
    }

    void fail(const QString &error)
    {
        Q_EMIT warning(error);
        m_failed = true;
        finishSession();
    }

    // The transports the session's attempts go through (fallbacks included), in a fixed order.
    QStringList attemptTransports() const
    {
        QStringList out;
        const auto add = [&out](const ProviderConfig &p) {
            for (const QString &t :
                 SelfCalibration::transportsFor(p.baseUrl, p.network.httpVersion))
                if (!out.contains(t))
                    out << t;
        };
        for (const ProviderConfig &p : m_request.suite.providers) {
            if (!m_request.onlyProviders.isEmpty() && !m_request.onlyProviders.contains(p.name))
                continue;
            add(p);
            for (const QString &name : p.fallback)
                for (const ProviderConfig &f : m_request.suite.providers)
                    if (f.name == name)
                        add(f);
        }
        std::sort(out.begin(), out.end());
        return out;
    }

    // Times the client's own delivery overhead before the first run, through each transport
    // the attempts use, on a network lane as they run (QtNetwork with a manager of its own, so
    // no measured connection is disturbed).
    void calibrate(SessionRepository &repo)
    {
        CalibrationRecord record;
        for (const QString &transport : attemptTransports()) {
            std::optional<CalibrationResult> result;
            QString error;
            m_pool.runOnLane([&](NetworkLane &lane) {
                if (transport == calibration_transport::kLanesHttp1) {
                    result = SelfCalibration::runHttp1(lane.http1(), &error);
                } else {
                    QNetworkAccessManager nam;
                    result = SelfCalibration::runQtNetwork(&nam, &error);
                }
            });
            if (!result) {
                Q_EMIT warning(tr("Self-calibration failed: %1").arg(error));
                continue;
            }
            record.results.push_back(*result);
            if (result->large())
                Q_EMIT warning(tr("The client's own delivery overhead is large (%1); timings "
                                  "of this session are less precise than usual. Is the "
                                  "machine busy?")
                                   .arg(CalibrationText::describe(*result)));
        }
        QString error;
        if (!record.results.empty() && !repo.setCalibration(m_sessionId, record.toJson(), &error))
            Q_EMIT warning(error);
    }

    // Asks the current scenario's driver for its next step and starts it; moves on to the next
    // scenario when one is done, and ends the session after the last.
    void next()
    {
        while (!m_cancelled && !m_budgetExhausted && !m_jobs.empty()) {
            ScenarioJob &job = m_jobs.front();
            std::optional<StepPlan> step = job.driver->next(job.last ? &*job.last : nullptr);
            if (step)
                return startStep(job, std::move(*step));
            m_jobs.pop_front();
        }
        finishSession();
    }

    // Creates a run row on the writer's connection, waiting for it: the step's samples need
    // its id.
    std::optional<qint64> createRun(const ScenarioJob &job, const Scenario &scenario,
                                    const QString &stepJson, QString *error)
    {
        std::optional<qint64> created;
        SampleWriter *w = m_writer;
        QMetaObject::invokeMethod(
            w,
            [&] {
                created =
                    w->createRun(m_sessionId, job.providerId, scenario, stepJson, job.batch, error);
            },
            Qt::BlockingQueuedConnection);
        return created;
    }

    // Scenarios that never started (the session was cancelled or stopped first) still get their
    // run, with no samples and the session's status, so the session shows what was planned.
    void recordUnstarted(SessionStatus status)
    {
        if (!m_sessionId || !m_writer)
            return;
        for (const ScenarioJob &job : m_jobs) {
            if (job.batch)
                continue;
            QString error;
            if (auto id = createRun(job, job.scenario, QString(), &error))
                writeLater([id = *id, status](SampleWriter *w) { w->finishRun(id, status); });
            else
                Q_EMIT warning(error);
        }
        m_jobs.clear();
    }

    static std::unique_ptr<CircuitBreaker> breakerOf(const std::optional<BreakerSettings> &b)
    {
        if (!b)
            return nullptr;
        BreakerConfig c;
        c.failureThreshold = b->failureThreshold;
        c.windowNs = qint64(b->windowS * 1e9);
        c.openNs = qint64(b->openS * 1e9);
        c.halfOpenProbes = b->halfOpenProbes;
        return std::make_unique<CircuitBreaker>(c);
    }

    void startStep(ScenarioJob &job, StepPlan step)
    {
        QString error;
        const QString stepJson =
            step.label.isEmpty()
                ? QString()
                : QString::fromUtf8(QJsonDocument(step.label).toJson(QJsonDocument::Compact));
        const std::optional<qint64> created = createRun(job, step.scenario, stepJson, &error);
        if (!created) {
            fail(error);
            return;
        }
        const qint64 runId = *created;
        if (!job.batch)
            job.batch = runId;
        m_step = std::move(step);
        m_stepSamples.clear();
        m_stepBreaker = breakerOf(m_step.breaker);
        RunPlan plan{runId,
                     job.provider,
                     m_step.scenario,
                     job.key,
                     m_step.seed != 0 ? m_step.seed : ++m_seed,
                     m_step.fallbacks ? job.fallbacks : std::vector<RunTarget>{},
                     m_step.prompts,
                     m_step.keepSamples,
                     job.transport};
        const QString providerName = plan.provider.name;
        qCInfo(lcEngine).noquote()
            << QStringLiteral("run %1 starts: provider \"%2\" (%3, model %4), %5 %6, %7 requests, "
                              "concurrency %8, %9 load, %10 fallback(s)")
                   .arg(QString::number(runId), providerName, plan.provider.dialect,
                        plan.provider.model, plan.scenario.kind, stepJson,
                        QString::number(plan.scenario.requests),
                        QString::number(plan.scenario.concurrency), plan.scenario.load,
                        QString::number(plan.fallbacks.size()));
        m_pool.ensureLanes(NetworkPool::lanesFor(plan.scenario.concurrency));
        auto breakers = [this, providerName](const QString &name) -> CircuitBreaker * {
            if (name == providerName) {
                if (m_stepBreaker)
                    return m_stepBreaker.get();
                if (!m_step.sessionBreaker)
                    return nullptr;
            }
            return breakerFor(name);
        };
        m_current = new LoadRunner(std::move(plan), &m_pool, breakers, this);
        connect(m_current, &LoadRunner::eventRecorded, this,
                [this, runId](const QString &kind, const QByteArray &detail) {
                    writeEvent(runId, kind, detail);
                });
        m_current->setPaused(m_paused);
        connect(m_current, &LoadRunner::sampleReady, this,
                [this, runId, providerName](const Sample &s) {
                    if (m_step.keepSamples && !s.warmup)
                        m_stepSamples.push_back(s);
                    Sample stored = s;
                    stored.answerText.clear();
                    writeLater([stored](SampleWriter *w) { w->add(stored); });
                    Q_EMIT sampleMeasured(stored);
                    noteSpend(runId, providerName, stored);
                });
        const int doneBefore = m_done;
        connect(m_current, &LoadRunner::requestFinished, this,
                [this, providerName, doneBefore](int finished, int) {
                    m_done = std::min(m_total, doneBefore + finished);
                    Q_EMIT progress(m_done, m_total, providerName, etaMs());
                });
        connect(m_current, &LoadRunner::finished, this, [this, runId, providerName] {
            const bool cancelled = m_current->wasCancelled();
            const SessionStatus status = !cancelled          ? SessionStatus::Finished
                                         : m_budgetExhausted ? SessionStatus::BudgetExhausted
                                                             : SessionStatus::Cancelled;
            qCInfo(lcEngine).noquote()
                << QStringLiteral("run %1 (%2) ends %3, concurrency reached %4")
                       .arg(QString::number(runId), providerName, sessionStatusName(status),
                            QString::number(m_current->achievedConcurrency()));
            noteConcurrency(runId, providerName);
            m_scraper.reset(); // its last rows are queued before the run's end
            writeLater([runId, status](SampleWriter *w) { w->finishRun(runId, status); });
            Q_EMIT runEnded(runId, providerName);
            if (!m_jobs.empty())
                m_jobs.front().last = StepResult{m_step.label, std::move(m_stepSamples), cancelled};
            m_stepSamples.clear();
            m_current->deleteLater();
            m_current = nullptr;
            QMetaObject::invokeMethod(this, &SessionWorker::next, Qt::QueuedConnection);
        });
        Q_EMIT progress(m_done, m_total, providerName, etaMs());
        Q_EMIT runStarted(runId, providerName);
        m_current->start();
        if (job.provider.serverMetrics)
            m_scraper = std::make_unique<ServerMetricsScraper>(
                *job.provider.serverMetrics, providerName, m_sessionId, runId, m_current->startNs(),
                m_writer, [this](ServerScrape scrape) { Q_EMIT serverScraped(scrape); });
    }

    // Adds an attempt's cost (from its reported usage) to the session's spend. Reaching the
    // budget stops the session: the run holds its next attempts at once, and its cancel comes
    // on the next turn of the event loop, outside the runner's own sample delivery; the
    // attempts in flight end as cancelled and are kept.
    void noteSpend(qint64 runId, const QString &providerName, const Sample &sample)
    {
        if (!sample.costUsd)
            return;
        m_spentUsd += *sample.costUsd;
        const std::optional<double> budget = m_request.suite.budgetUsd;
        if (!budget || m_budgetExhausted || m_spentUsd < *budget)
            return;
        m_budgetExhausted = true;
        qCInfo(lcEngine).noquote()
            << QStringLiteral("run %1 (%2): spend %3 reached the budget %4, the session stops")
                   .arg(QString::number(runId), providerName, QString::number(m_spentUsd),
                        QString::number(*budget));
        Q_EMIT warning(tr("%1: the session has spent %2, reaching its budget of %3; it stops "
                          "here")
                           .arg(providerName, CostEstimateText::usd(m_spentUsd),
                                CostEstimateText::usd(*budget)));
        writeEvent(runId, QStringLiteral("budget"),
                   QJsonDocument(QJsonObject{{QStringLiteral("provider"), providerName},
                                             {QStringLiteral("request_index"), sample.requestIndex},
                                             {QStringLiteral("spent_usd"), m_spentUsd},
                                             {QStringLiteral("budget_usd"), *budget},
                                             {QStringLiteral("estimated_usd"), m_estimateUsd}})
                       .toJson(QJsonDocument::Compact));
        if (!m_current)
            return;
        m_current->setPaused(true);
        QMetaObject::invokeMethod(
            this,
            [runner = QPointer<LoadRunner>(m_current)] {
                if (runner)
                    runner->cancel();
            },
            Qt::QueuedConnection);
    }

    // The concurrency the run reached, kept with the run; a closed-loop run that fell short of
    // its target is reported, since its latencies were measured at a lower load than asked.
    void noteConcurrency(qint64 runId, const QString &providerName)
    {
        const int achieved = m_current->achievedConcurrency();
        writeLater(
            [runId, achieved](SampleWriter *w) { w->setAchievedConcurrency(runId, achieved); });
        const int ceiling = m_current->concurrencyCeiling();
        if (m_current->isOpenLoop() || m_current->wasCancelled() || achieved >= ceiling)
            return;
        Q_EMIT warning(tr("%1: reached a concurrency of %2 of the %3 asked for")
                           .arg(providerName)
                           .arg(achieved)
                           .arg(ceiling));
        writeEvent(runId, QStringLiteral("concurrency"),
                   QJsonDocument(QJsonObject{{QStringLiteral("provider"), providerName},
                                             {QStringLiteral("asked"), ceiling},
                                             {QStringLiteral("achieved"), achieved}})
                       .toJson(QJsonDocument::Compact));
    }

    // Queues a session event stamped now, a run's (0: the session's), announced if asked.
    void writeEvent(qint64 runId, const QString &kind, const QByteArray &detailJson,
                    bool announce = true)
    {
        SessionEvent e;
        e.sessionId = m_sessionId;
        if (runId > 0)
            e.runId = runId;
        e.at = QDateTime::currentDateTimeUtc();
        e.kind = kind;
        e.detail = QString::fromUtf8(detailJson);
        writeLater([e](SampleWriter *w) { w->addEvent(e); });
        if (announce)
            Q_EMIT eventRecorded(kind, detailJson);
    }

    void finishSession()
    {
        const SessionStatus status = m_failed            ? SessionStatus::Failed
                                     : m_budgetExhausted ? SessionStatus::BudgetExhausted
                                     : m_cancelled       ? SessionStatus::Cancelled
                                                         : SessionStatus::Finished;
        recordUnstarted(status);
        if (m_sessionId)
            writeLater(
                [id = m_sessionId, status](SampleWriter *w) { w->finishSession(id, status); });
        Q_EMIT done(m_sessionId, status);
    }

    SessionRequest m_request;
    SampleWriter *m_writer;
    std::deque<ScenarioJob> m_jobs;
    StepPlan m_step;                   // the step running now
    std::vector<Sample> m_stepSamples; // its samples, when the driver wants them back
    std::unique_ptr<CircuitBreaker> m_stepBreaker;
    quint64 m_seed = 0;
    NetworkPool m_pool;
    std::map<QString, std::unique_ptr<CircuitBreaker>> m_breakers; // per provider, session-wide
    QElapsedTimer m_clock;
    LoadRunner *m_current = nullptr;
    std::unique_ptr<ServerMetricsScraper> m_scraper; // the current run's, when its provider asks
    qint64 m_sessionId = 0;
    int m_total = 0;
    int m_done = 0;
    double m_estimateUsd = 0; // of the priced providers, before the start
    double m_spentUsd = 0;    // from the reported usage of this session's attempts so far
    bool m_cancelled = false;
    bool m_paused = false;
    bool m_failed = false;
    bool m_budgetExhausted = false;
};

SessionRunner::SessionRunner(QObject *parent)
    : SessionSignals(parent)
{
    qRegisterMetaType<ys::Sample>("ys::Sample");
    qRegisterMetaType<ys::ServerScrape>("ys::ServerScrape");
}

SessionRunner::~SessionRunner()
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, &SessionWorker::cancel, Qt::BlockingQueuedConnection);
    shutdownThreads();
}

bool SessionRunner::start(SessionRequest request, QString *error)
{
    if (m_running) {
        *error = tr("A session is already running");
        return false;
    }
    for (const ProviderConfig &p : request.suite.providers) {
        if (!makeDialect(p.dialect)) {
            *error = tr("%1: unsupported dialect \"%2\"").arg(p.name, p.dialect);
            return false;
        }
    }
    // The prices in force are fixed when the session starts, so its stored suite says which
    // price, catalog entry and catalog date each provider's costs use.
    if (!request.plan)
        request.plan = SessionPlan::make(request.suite, request.onlyProviders, error);
    if (!request.plan)
        return false;
    request.suite = request.plan->suite();
    request.onlyProviders = request.plan->onlyProviders();
    for (const QString &w : request.plan->warnings()) {
        qCInfo(lcEngine).noquote() << w; // the log file; the signal shows it
        Q_EMIT warning(w);
    }
    // Past its budget a session does not start: nothing is sent, no database is touched.
    const CostEstimate estimate = request.plan->estimate(); // a copy: the request moves on
    if (request.plan->refused(request.overBudgetAccepted)) {
        *error = CostEstimateText::refusal(estimate);
        return false;
    }
    if (estimate.guarded())
        qCInfo(lcEngine).noquote() << CostEstimateText::line(estimate);
    // Check the database on this thread first, so a bad file is reported before anything runs.
    {
        Database probe(request.dbPath);
        if (!probe.open(error))
            return false;
    }
    m_running = true;
    m_sessionId = request.existingSessionId.value_or(0);

    m_writerThread = new QThread(this);
    m_writerThread->setObjectName(QStringLiteral("ys-writer"));
    m_writer = new SampleWriter(request.dbPath);
    m_writer->moveToThread(m_writerThread);
    connect(m_writerThread, &QThread::finished, m_writer, &QObject::deleteLater);
    connect(m_writer, &SampleWriter::writeFailed, this, &SessionRunner::warning);
    m_writerThread->start();
    QMetaObject::invokeMethod(m_writer, &SampleWriter::open, Qt::QueuedConnection);

    m_networkThread = new QThread(this);
    m_networkThread->setObjectName(QStringLiteral("ys-network"));
    m_worker = new SessionWorker(std::move(request), m_writer, estimate.totalUsd);
    m_worker->moveToThread(m_networkThread);
    connect(m_networkThread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &SessionWorker::sessionStarted, this, [this](qint64 id) {
        m_sessionId = id;
        Q_EMIT sessionStarted(id);
    });
    connect(m_worker, &SessionWorker::progress, this, &SessionRunner::progress);
    connect(m_worker, &SessionWorker::warning, this, &SessionRunner::warning);
    connect(m_worker, &SessionWorker::sampleMeasured, this, &SessionRunner::sampleMeasured);
    connect(m_worker, &SessionWorker::eventRecorded, this, &SessionRunner::eventRecorded);
    connect(m_worker, &SessionWorker::serverScraped, this, &SessionRunner::serverScraped);
    connect(m_worker, &SessionWorker::runStarted, this, &SessionRunner::runStarted);
    connect(m_worker, &SessionWorker::runEnded, this, &SessionRunner::runEnded);
    connect(m_worker, &SessionWorker::done, this, &SessionRunner::onWorkerDone);
    m_networkThread->start();
    QMetaObject::invokeMethod(m_worker, &SessionWorker::begin, Qt::QueuedConnection);
    return true;
}

void SessionRunner::setPaused(bool paused)
{
    if (m_worker)
        QMetaObject::invokeMethod(
            m_worker, [w = m_worker.data(), paused] { w->setPaused(paused); },
            Qt::QueuedConnection);
}

void SessionRunner::cancel()
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, &SessionWorker::cancel, Qt::QueuedConnection);
}

void SessionRunner::onWorkerDone(qint64 sessionId, SessionStatus status)
{
    m_sessionId = sessionId;
    m_status = status;
    // The writer's queue holds every sample before this point; once it reports flushed, the
    // session is on disk.
    connect(
        m_writer, &SampleWriter::flushed, this,
        [this](int pending) {
            if (pending > 0)
                Q_EMIT warning(
                    tr("%n sample(s) could not be written to the database", nullptr, pending));
            shutdownThreads();
            m_running = false;
            Q_EMIT finished(m_sessionId, m_status);
        },
        Qt::SingleShotConnection);
    QMetaObject::invokeMethod(m_writer, &SampleWriter::flushAll, Qt::QueuedConnection);
}

void SessionRunner::shutdownThreads()
{
    if (m_networkThread) {
        m_networkThread->quit();
        m_networkThread->wait();
        delete m_networkThread;
        m_networkThread = nullptr;
    }
    if (m_writerThread) {
        if (m_writer)
            QMetaObject::invokeMethod(m_writer, &SampleWriter::close, Qt::BlockingQueuedConnection);
        m_writerThread->quit();
        m_writerThread->wait();
        delete m_writerThread;
        m_writerThread = nullptr;
    }
}

} // namespace ys

#include "session_runner.moc"
