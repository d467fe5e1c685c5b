#pragma once

#include "analysis/latency_distribution.h"
#include "analysis/run_summary.h"
#include "domain/cost_estimate.h"
#include "domain/provider_labels.h"
#include "domain/suite.h"
#include "run/session_runner.h"

#include <QObject>
#include <QUrl>
#include <functional>
#include <memory>

namespace ys {

class BackgroundReader;
class ComparisonTableModel;
class Database;
class SessionListModel;
class SessionRepository;
class SessionRunner;
class SummaryLoadThread;
class DemoHost;

// What the workbench window works with: one database, its sessions and the selected session's
// comparison, and the running of suites (the demo against the simulator of its DemoHost, re-runs
// of one provider). The UI calls this and never touches SQL or HTTP itself.
class Workbench : public QObject {
    Q_OBJECT
public:
    // Without a demo host, runDemo() fails with a message.
    explicit Workbench(QString dbPath, std::unique_ptr<DemoHost> demo = nullptr,
                       QObject *parent = nullptr);
    ~Workbench() override;

    bool open(QString *error);
    const QString &dbPath() const { return m_dbPath; }

    SessionListModel *sessionModel() const { return m_sessions; }
    ComparisonTableModel *comparisonModel() const { return m_comparison; }

    // Reads the session list again on the reader thread; the session model is reset when it
    // arrives (a failure is a warning()). open() starts the first read.
    void refreshSessions();
    // Whether the session list is being read.
    bool sessionsLoading() const;
    // Starts loading the session's summary on a worker thread and returns at once (false before
    // open()). When it arrives, the session becomes the selected one: summaryChanged(), then
    // selectedSessionChanged() when it is another session. A newer call supersedes an older
    // one still loading; a failed load leaves the selection as it was and emits warning().
    bool selectSession(qint64 sessionId);
    qint64 selectedSession() const { return m_selected; }
    // The session whose summary is loading, or 0.
    qint64 loadingSession() const { return m_loading; }
    // The selected session's summary as last loaded (null before a session is selected); the
    // pages and charts read it when summaryChanged() says it was replaced.
    std::shared_ptr<const SessionSummary> summary() const { return m_summary; }
    // The summary's latency distributions, worked out with it off the UI thread (null with it).
    std::shared_ptr<const SessionLatencyDistributions> latencyDistributions() const
    {
        return m_distributions;
    }
    // The repository of the connection open() opened on the UI thread (null before open()),
    // for tests to check what a window shows. Nothing the window does reads through it: its
    // reads go through reader() and the summary's loader.
    SessionRepository *repository() const { return m_repo.get(); }
    // Runs the pages' big reads off the UI thread, through a connection of its own (null
    // before open()).
    BackgroundReader *reader() const { return m_reader; }

    // The provider the analyst picked (in the table, a chart, a page): every view follows it.
    // Empty when none is.
    const QString &selectedProvider() const { return m_selectedProvider; }
    void selectProvider(const QString &providerName);
    // The selected session's providers' short labels, for chart legends and axis categories
    // (the whole words every name shares left out); made with the summary.
    const ProviderLabels &providerLabels() const { return m_labels; }

    // Asked before a session whose cost estimate exceeds its suite's budget_usd starts: true
    // runs it anyway (the spend is still watched), false leaves it. Without one, such a session
    // never starts.
    using OverBudgetHandler = std::function<bool(const CostEstimate &estimate)>;
    void setOverBudgetHandler(OverBudgetHandler handler) { m_overBudget = std::move(handler); }

    bool isRunning() const;
    // Each returns false with *error set when the run cannot start, or with *error empty when
    // the over-budget handler declined it.
    bool runDemo(QString *error);
    bool runSuite(const Suite &suite, QString *error);
    // Runs one provider of the selected session again, as a new run in that session.
    bool rerunProvider(const QString &providerName, QString *error);
    void cancel();

    // The demo host's simulator address, started on first use.
    QUrl simulatorUrl(QString *error);
    // The demo host's simulated providers at that address (a suite template's demo providers);
    // empty with *error set when there is no simulator.
    std::vector<ProviderConfig> demoProviders(QString *error);

Q_SIGNALS:
    void runningChanged(bool running);
    void progress(int done, int total, const QString &provider, qint64 etaMs);
    void warning(const QString &message);
    // A run started: its suite and the providers it runs (empty: all), then every attempt as
    // it ends and every entry of the session's event log, for the live view of the run.
    void runStarted(const ys::Suite &suite, const QStringList &onlyProviders);
    void sampleMeasured(const ys::Sample &sample);
    void runEventRecorded(const QString &kind, const QByteArray &detailJson);
    // Each scrape of a provider's server metrics during a run.
    void serverScraped(const ys::ServerScrape &scrape);
    // The cost estimate of a session about to start, when its suite has a budget and a
    // provider run is priced.
    void costEstimated(const ys::CostEstimate &estimate);
    void sessionFinished(qint64 sessionId, ys::SessionStatus status);
    // After sessionFinished() of a re-run: the provider that ran again in that session.
    void rerunFinished(qint64 sessionId, const QString &providerName, ys::SessionStatus status);
    void selectedSessionChanged(qint64 sessionId);
    void summaryChanged();
    // A session's summary started loading (sessionId) or the loading ended (0).
    void loadingChanged(qint64 sessionId);
    void selectedProviderChanged(const QString &providerName);

private:
    bool startRun(SessionRequest request, QString *error);
    void applySummary(qint64 sessionId, std::shared_ptr<const SessionSummary> summary,
                      std::shared_ptr<const SessionLatencyDistributions> distributions,
                      const QString &error);

    QString m_dbPath;
    std::unique_ptr<Database> m_db; // the UI thread's read connection
    std::unique_ptr<SessionRepository> m_repo;
    std::unique_ptr<DemoHost> m_demo;
    OverBudgetHandler m_overBudget;
    SessionRunner *m_runner = nullptr;
    SessionListModel *m_sessions = nullptr;
    ComparisonTableModel *m_comparison = nullptr;
    SummaryLoadThread *m_loader = nullptr; // made by open()
    BackgroundReader *m_reader = nullptr;  // made by open()
    qint64 m_selected = 0;
    qint64 m_loading = 0;
    std::shared_ptr<const SessionSummary> m_summary;
    std::shared_ptr<const SessionLatencyDistributions> m_distributions;
    ProviderLabels m_labels;
    QString m_selectedProvider;
    QString m_rerunning; // the provider of the re-run in progress, if one is
};

} // namespace ys
