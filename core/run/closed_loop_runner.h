#pragma once

#include "domain/provider_config.h"
#include "domain/sample.h"
#include "domain/scenario.h"

#include <QObject>
#include <memory>
#include <vector>

class QNetworkAccessManager;

namespace ys {

class Dialect;
class HttpAttempt;

// What one run needs: where to send, what to send, how much, and the resolved key.
struct RunPlan {
    qint64 runId = 0;
    ProviderConfig provider;
    Scenario scenario;
    QByteArray apiKey;
    quint64 seed = 0;
};

// Closed loop: keeps `concurrency` attempts in flight until `requests` have been started. Each
// attempt's intended start is the moment its slot freed, so any delay in starting it is kept.
class ClosedLoopRunner : public QObject {
    Q_OBJECT
public:
    ClosedLoopRunner(RunPlan plan, std::vector<QNetworkAccessManager *> managers,
                     QObject *parent = nullptr);
    ~ClosedLoopRunner() override;

    void start();
    void cancel();
    bool wasCancelled() const { return m_cancelled; }
    int completed() const { return m_completed; }

Q_SIGNALS:
    void sampleReady(const ys::Sample &sample);
    void finished();

private:
    void launch(qint64 intendedStartNs);
    void onAttemptFinished(HttpAttempt *attempt);

    RunPlan m_plan;
    std::vector<QNetworkAccessManager *> m_managers;
    std::unique_ptr<Dialect> m_dialect;
    std::vector<HttpAttempt *> m_inFlight;
    int m_started = 0;
    int m_completed = 0;
    bool m_cancelled = false;
    bool m_done = false;
};

} // namespace ys
