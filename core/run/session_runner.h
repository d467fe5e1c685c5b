#pragma once

#include "domain/sample.h"
#include "domain/session_status.h"
#include "domain/suite.h"
#include "run/session_plan.h"
#include "run/session_signals.h"

#include <QObject>
#include <QPointer>
#include <QStringList>
#include <optional>

class QThread;

namespace ys {

class SampleWriter;
class SessionWorker;

// What to run: a suite into a database, as a new session or as more runs of an existing one
// (re-running a provider), optionally limited to some providers.
struct SessionRequest {
    Suite suite;
    QString dbPath;
    std::optional<qint64> existingSessionId;
    QStringList onlyProviders;
    // The user chose to run although the cost estimate exceeds the suite's budget_usd; the
    // spend is still watched while it runs.
    bool overBudgetAccepted = false;
    // The plan the caller showed its user (run/session_plan.h). Set, the runner runs it as it
    // is (its suite and providers replace the two above); unset, the runner makes it.
    std::optional<SessionPlan> plan{};
};

// Runs a session off the caller's thread: a network thread drives the attempts, a writer
// thread stores the samples. finished() comes only after every sample is committed. With a
// budget_usd, the reported spend is added up as samples arrive; when it reaches the budget the
// current run is cancelled (its samples kept), no further run starts, and the session ends
// budget_exhausted.
class SessionRunner : public SessionSignals {
    Q_OBJECT
public:
    explicit SessionRunner(QObject *parent = nullptr);
    ~SessionRunner() override;

    // Checks the request and starts it. Returns false with *error set when it cannot start,
    // among others when the suite's cost estimate exceeds its budget_usd (unless the request
    // accepts that): then nothing is sent and nothing is written.
    bool start(SessionRequest request, QString *error);
    void cancel();
    // Paused: no new attempt starts; those in flight finish and are kept.
    void setPaused(bool paused);
    bool isRunning() const { return m_running; }
    qint64 sessionId() const { return m_sessionId; }

Q_SIGNALS:
    // Besides SessionSignals' (delivered on the caller's thread): the session has ended and
    // every sample is committed.
    void finished(qint64 sessionId, ys::SessionStatus status);

private:
    void onWorkerDone(qint64 sessionId, ys::SessionStatus status);
    void shutdownThreads();

    QThread *m_networkThread = nullptr;
    QThread *m_writerThread = nullptr;
    QPointer<SessionWorker> m_worker;
    QPointer<SampleWriter> m_writer;
    qint64 m_sessionId = 0;
    SessionStatus m_status = SessionStatus::Running;
    bool m_running = false;
};

} // namespace ys
