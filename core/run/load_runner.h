#pragma once

#include "domain/provider_config.h"
#include "domain/sample.h"
#include "domain/scenario.h"
#include "run/retry_policy.h"

#include <QObject>
#include <QTimer>
#include <cstdint>
#include <deque>
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

// Drives one run's attempts. Closed loop keeps `concurrency` in flight, each next attempt
// intended for the moment a slot freed. Open loop fixes every intended start up front and keeps
// to it; when more than `concurrency` would be in flight the extra wait in a queue, and the wait
// is recorded as queue delay, never hidden. Retries (when on) are further attempts of the same
// logical request, each its own sample.
class LoadRunner : public QObject {
    Q_OBJECT
public:
    LoadRunner(RunPlan plan, std::vector<QNetworkAccessManager *> managers,
               QObject *parent = nullptr);
    ~LoadRunner() override;

    void start();
    void cancel();
    void setPaused(bool paused);
    bool wasCancelled() const { return m_cancelled; }
    // Logical requests planned (warm-up included) and finished so far.
    int plannedRequests() const { return m_planned; }
    int finishedRequests() const { return m_finishedRequests; }
    int maxInFlight() const { return m_maxInFlight; }

Q_SIGNALS:
    void sampleReady(const ys::Sample &sample);
    void requestFinished(int finished, int planned);
    void finished();

private:
    struct Pending {
        int requestIndex = 0;
        int attemptNumber = 0;
        qint64 intendedNs = 0; // absolute monotonic
        std::optional<qint64> retryDelayNs;
    };

    bool limitReached(qint64 nowNs) const;
    void onTick();
    void pump();
    void launch(const Pending &pending);
    void onAttemptFinished(HttpAttempt *attempt);
    void maybeFinish();

    RunPlan m_plan;
    std::vector<QNetworkAccessManager *> m_managers;
    std::unique_ptr<Dialect> m_dialect;
    RetryPolicy m_retry;
    std::vector<HttpAttempt *> m_inFlight;
    std::deque<Pending> m_queue;          // due, waiting for a free slot
    std::vector<std::int64_t> m_schedule; // open loop: intended offsets from the start
    std::size_t m_nextArrival = 0;
    std::vector<QTimer *> m_retryTimers; // retries waiting out their delay
    QTimer m_tick;
    qint64 m_startNs = 0;
    int m_planned = 0;
    int m_nextRequest = 0; // closed loop: the next request index to start
    int m_finishedRequests = 0;
    int m_maxInFlight = 0;
    int m_launches = 0;
    bool m_cancelled = false;
    bool m_paused = false;
    bool m_done = false;
};

} // namespace ys
