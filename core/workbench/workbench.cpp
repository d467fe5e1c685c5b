#include "workbench/workbench.h"

#include "analysis/run_summary.h"
#include "models/comparison_table_model.h"
#include "models/session_list_model.h"
#include "run/session_runner.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"
#include "util/log.h"
#include "workbench/background_reader.h"
#include "workbench/claimed_run.h"
#include "workbench/demo_host.h"
#include "workbench/demo_suite.h"
#include "workbench/summary_load_thread.h"

#include <utility>

namespace ys {

namespace {

const QString kSessionsChannel = QStringLiteral("sessions");

} // namespace

Workbench::Workbench(QString dbPath, std::unique_ptr<DemoHost> demo, QObject *parent)
    : QObject(parent)
    , m_dbPath(std::move(dbPath))
    , m_demo(std::move(demo))
    , m_runner(new SessionRunner(this))
    , m_sessions(new SessionListModel(this))
    , m_comparison(new ComparisonTableModel(this))
{
    connect(m_runner, &SessionRunner::progress, this, &Workbench::progress);
    connect(m_runner, &SessionRunner::warning, this, &Workbench::warning);
    connect(m_runner, &SessionRunner::sampleMeasured, this, &Workbench::sampleMeasured);
    connect(m_runner, &SessionRunner::eventRecorded, this, &Workbench::runEventRecorded);
    connect(m_runner, &SessionRunner::serverScraped, this, &Workbench::serverScraped);
    connect(m_runner, &SessionRunner::warning, this,
            [](const QString &message) { qCWarning(lcEngine).noquote() << message; });
    connect(m_runner, &SessionRunner::sessionStarted, this, [this](qint64 id) {
        qCInfo(lcEngine).noquote()
            << QStringLiteral("session %1 started, database %2").arg(QString::number(id), m_dbPath);
        refreshSessions();
        selectSession(id);
    });
    connect(m_runner, &SessionRunner::finished, this, [this](qint64 id, SessionStatus status) {
        qCInfo(lcEngine).noquote() << QStringLiteral("session %1 ended %2")
                                          .arg(QString::number(id), sessionStatusName(status));
        refreshSessions();
        if (id)
            selectSession(id);
        Q_EMIT runningChanged(false);
        Q_EMIT sessionFinished(id, status);
        if (const QString provider = std::exchange(m_rerunning, {}); !provider.isEmpty() && id)
            Q_EMIT rerunFinished(id, provider, status);
    });
}

Workbench::~Workbench()
{
    delete m_runner; // joins its threads before the simulator goes
    m_runner = nullptr;
    delete m_loader; // closes its connection before the UI thread's
    m_loader = nullptr;
    delete m_reader;
    m_reader = nullptr;
}

bool Workbench::open(QString *error)
{
    m_db = std::make_unique<Database>(m_dbPath);
    if (!m_db->open(error)) {
        qCWarning(lcStorage).noquote() << *error;
        m_db.reset();
        return false;
    }
    qCInfo(lcStorage).noquote() << QStringLiteral("opened %1").arg(m_dbPath);
    m_repo = std::make_unique<SessionRepository>(*m_db);
    m_loader = new SummaryLoadThread(m_dbPath, this);
    m_reader = new BackgroundReader(m_dbPath, this);
    connect(m_loader, &SummaryLoadThread::loaded, this,
            [this](quint64, qint64 id, std::shared_ptr<const SessionSummary> summary,
                   std::shared_ptr<const SessionLatencyDistributions> distributions,
                   const QString &error) {
                applySummary(id, std::move(summary), std::move(distributions), error);
            });
    refreshSessions();
    return true;
}

void Workbench::refreshSessions()
{
    if (!m_reader)
        return;
    m_reader->read(
        kSessionsChannel, this,
        [](const SessionRepository &repo, QString *error) { return repo.sessions(error); },
        [this](std::vector<SessionInfo> sessions, const QString &error) {
            if (!error.isEmpty())
                Q_EMIT warning(error);
            m_sessions->setSessions(std::move(sessions));
        });
}

bool Workbench::sessionsLoading() const
{
    return m_reader && m_reader->pending(kSessionsChannel);
}

bool Workbench::selectSession(qint64 sessionId)
{
    if (!m_repo || !m_loader)
        return false;
    if (sessionId == m_loading)
        return true; // asked again (the session list was refreshed): the load under way serves
    m_loader->request(sessionId);
    m_loading = sessionId;
    Q_EMIT loadingChanged(sessionId);
    return true;
}

void Workbench::applySummary(qint64 sessionId, std::shared_ptr<const SessionSummary> summary,
                             std::shared_ptr<const SessionLatencyDistributions> distributions,
                             const QString &error)
{
    m_loading = 0;
    if (!summary) {
        Q_EMIT loadingChanged(0);
        Q_EMIT warning(error);
        return;
    }
    m_comparison->setRequirements(summary->requirements);
    m_comparison->setSummaries(summary->providers);
    QStringList names;
    for (const ProviderSummary &p : summary->providers)
        names << p.name;
    m_labels = ProviderLabels(names);
    m_summary = std::move(summary);
    m_distributions = std::move(distributions);
    const bool changed = m_selected != sessionId;
    m_selected = sessionId;
    Q_EMIT loadingChanged(0);
    Q_EMIT summaryChanged();
    if (changed)
        Q_EMIT selectedSessionChanged(sessionId);
}

void Workbench::selectProvider(const QString &providerName)
{
    if (providerName == m_selectedProvider)
        return;
    m_selectedProvider = providerName;
    Q_EMIT selectedProviderChanged(providerName);
}

bool Workbench::isRunning() const
{
    return m_runner && m_runner->isRunning();
}

QUrl Workbench::simulatorUrl(QString *error)
{
    if (!m_demo) {
        *error = tr("This build has no simulator for the demo");
        return {};
    }
    return m_demo->start(error);
}

std::vector<ProviderConfig> Workbench::demoProviders(QString *error)
{
    const QUrl url = simulatorUrl(error);
    return url.isEmpty() ? std::vector<ProviderConfig>{} : m_demo->providers(url);
}

bool Workbench::runDemo(QString *error)
{
    const QUrl url = simulatorUrl(error);
    if (url.isEmpty())
        return false;
    const Suite suite = demoSuite(m_demo->providers(url));
    if (!runSuite(suite, error))
        return false;
    if (!m_reader)
        return true;
    // The demo goes through the database's run queue as a worker's run would
    // (docs/workers.md): an item claimed by this process, ended done or failed with the session.
    auto *claimed = new ClaimedRun(*m_reader, kDemoLeaseMs, this);
    connect(claimed, &ClaimedRun::notQueued, this, [this](const QString &e) {
        Q_EMIT warning(tr("The demo runs without a queue item: %1").arg(e));
    });
    connect(claimed, &ClaimedRun::settled, claimed, &QObject::deleteLater);
    claimed->enqueueOwn(suite, m_runner);
    return true;
}

bool Workbench::runSuite(const Suite &suite, QString *error)
{
    SessionRequest request;
    request.suite = suite;
    request.dbPath = m_dbPath;
    return startRun(std::move(request), error);
}

bool Workbench::rerunProvider(const QString &providerName, QString *error)
{
    if (!m_summary || !m_selected) {
        *error = tr("Select a session first");
        return false;
    }
    // The suite as the session stored it, read with the session's summary.
    std::optional<Suite> suite = m_summary->suite;
    if (!suite) {
        *error = tr("The suite of session %1 cannot be read").arg(m_selected);
        return false;
    }
    if (suite->name == kDemoSuiteName) {
        const QUrl url = simulatorUrl(error);
        if (url.isEmpty())
            return false;
        rebaseDemoSuite(*suite, m_demo->providers(url), url);
    }
    SessionRequest request;
    request.suite = *suite;
    request.dbPath = m_dbPath;
    request.existingSessionId = m_selected;
    request.onlyProviders = {providerName};
    if (!startRun(std::move(request), error))
        return false;
    m_rerunning = providerName;
    return true;
}

bool Workbench::startRun(SessionRequest request, QString *error)
{
    // The plan the runner will run: the prices in force and the estimate (the runner warns
    // about unpriced providers).
    if (!request.plan) {
        request.plan = SessionPlan::make(request.suite, request.onlyProviders, error);
        if (!request.plan) {
            qCWarning(lcEngine).noquote() << *error;
            return false;
        }
    }
    request.suite = request.plan->suite();
    request.onlyProviders = request.plan->onlyProviders();
    const CostEstimate estimate = request.plan->estimate();
    if (estimate.guarded())
        Q_EMIT costEstimated(estimate);
    if (estimate.exceedsBudget()) {
        if (!m_overBudget || !m_overBudget(estimate)) {
            const QString refusal = CostEstimateText::refusal(estimate);
            qCInfo(lcEngine).noquote() << refusal;
            Q_EMIT warning(refusal);
            error->clear();
            return false;
        }
        qCInfo(lcEngine).noquote() << QStringLiteral("running past the estimate: %1")
                                          .arg(CostEstimateText::line(estimate));
        request.overBudgetAccepted = true;
    }
    const Suite suite = request.suite;
    const QStringList only = request.onlyProviders;
    const QString suiteName = request.suite.name;
    const qsizetype providers = request.onlyProviders.isEmpty()
                                    ? qsizetype(request.suite.providers.size())
                                    : request.onlyProviders.size();
    if (!m_runner->start(std::move(request), error)) {
        qCWarning(lcEngine).noquote() << *error;
        return false;
    }
    qCInfo(lcEngine).noquote() << QStringLiteral("running suite \"%1\" (%2 providers)")
                                      .arg(suiteName, QString::number(providers));
    Q_EMIT runStarted(suite, only);
    Q_EMIT runningChanged(true);
    return true;
}

void Workbench::cancel()
{
    m_runner->cancel();
}

} // namespace ys
