#pragma once

#include "domain/provider_config.h"
#include "domain/sample.h"
#include "domain/scenario.h"
#include "provider/transport_options.h"
#include "run/prompt_source.h"
#include "run/retry_policy.h"
#include "run/scenario_step.h"
#include "tokenize/encoding_registry.h"

#include <QDateTime>
#include <QObject>
#include <QTimer>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace ys {

class CircuitBreaker;
class Dialect;
class HttpAttempt;
class NetworkPool;

// A provider a run may send to: its own, or one of its fallbacks, with the resolved key.
struct RunTarget {
    ProviderConfig provider;
    QByteArray apiKey;
    std::shared_ptr<const TransportOptions> transport; // none: direct, the process's defaults
};

// What one run needs: where to send, what to send, how much, and the resolved key.
struct RunPlan {
    qint64 runId = 0;
    ProviderConfig provider;
    Scenario scenario;
    QByteArray apiKey;
    quint64 seed = 0;
    std::vector<RunTarget> fallbacks; // in the order the provider's fallback list names them
    StepPrompts prompts;              // empty: PromptSource's unique prompts
    bool keepText = false;            // keep each answer's text in its sample (in memory only)
    std::shared_ptr<const TransportOptions> transport; // the provider's; none: direct
};

// Drives one run's attempts. Closed loop keeps `concurrency` in flight, each next attempt
// intended for the moment a slot freed. Open loop fixes every intended start up front and keeps
// to it; when more than `concurrency` would be in flight the extra wait in a queue, and the wait
// is recorded as queue delay, never hidden. Retries (when on) are further attempts of the same
// logical request, each its own sample. A provider with a circuit breaker is not sent requests
// while it is open; such a request, or one that failed for good, goes to the next provider of
// the fallback chain, again as a further attempt of the same logical request.
class LoadRunner : public QObject {
    Q_OBJECT
public:
    // Attempts run on the pool's lanes; the pool must outlive the runner. breakerFor gives the
    // session's breaker of a provider (by name), or nullptr when it has none.
    LoadRunner(RunPlan plan, NetworkPool *pool,
               std::function<CircuitBreaker *(const QString &)> breakerFor = {},
               QObject *parent = nullptr);
    ~LoadRunner() override;

    void start();
    void cancel();
    void setPaused(bool paused);
    bool wasCancelled() const { return m_cancelled; }
    bool isOpenLoop() const { return m_plan.scenario.isOpenLoop(); }
    // Logical requests planned (warm-up included) and finished so far.
    int plannedRequests() const { return m_planned; }
    int finishedRequests() const { return m_finishedRequests; }
    // The most attempts the runner had started at once.
    int maxInFlight() const { return m_maxInFlight; }
    // The most attempts that were actually on the wire at once, from each attempt's own start
    // and end: the concurrency the provider saw.
    int achievedConcurrency() const;
    // The run's clock origin: every sample's times count from here (monotonic ns).
    qint64 startNs() const { return m_startNs; }
    // What the run could reach at most: its concurrency, or fewer when it had fewer requests.
    int concurrencyCeiling() const;

Q_SIGNALS:
    void sampleReady(const ys::Sample &sample);
    void requestFinished(int finished, int planned);
    // Something to keep in the session's event log: kind and a JSON object.
    void eventRecorded(const QString &kind, const QByteArray &detailJson);
    void finished();

private:
    struct Pending {
        int requestIndex = 0;
        int attemptNumber = 0;
        qint64 intendedNs = 0; // absolute monotonic
        std::optional<qint64> retryDelayNs;
        int target = 0; // 0: the run's provider; k: fallbacks[k - 1]
    };
    struct Identity {
        QString model;
        QString fingerprint;
        bool known = false;
    };

    bool limitReached(qint64 nowNs) const;
    void onTick();
    void pump();
    void launch(Pending pending);
    void onAttemptFinished(HttpAttempt *attempt);
    void requestDone();
    void maybeFinish();
    const RunTarget &target(int index) const;
    int targetCount() const { return int(m_plan.fallbacks.size()) + 1; }
    // Breaker bookkeeping: records the outcome and logs every state change it caused.
    void noteBreaker(int target, std::optional<bool> success, qint64 nowNs);
    void checkSilentTruncation(Sample &sample) const;
    void checkNeedle(Sample &sample, const QString &answer) const;
    void checkContract(Sample &sample, const QString &answer,
                       const std::vector<ToolCall> &calls) const;
    void checkIdentity(int target, const Sample &sample);
    void record(const QString &kind, const QJsonObject &detail);
    StepRequest promptFor(int target, int requestIndex);
    void prepareAhead(int launchedIndex);
    void forgetPrompt(int requestIndex);

    RunPlan m_plan;
    RunTarget m_self;
    NetworkPool *m_pool;
    std::function<CircuitBreaker *(const QString &)> m_breakerFor;
    std::vector<std::unique_ptr<Dialect>> m_dialects; // one per target
    std::vector<EncodingInfo> m_encodings;            // one per target
    std::vector<Identity> m_identities;               // one per target
    std::vector<std::size_t> m_breakerEventsSeen;     // one per target
    RetryPolicy m_retry;
    std::vector<HttpAttempt *> m_inFlight;
    std::vector<int> m_inFlightTarget;    // parallel to m_inFlight
    std::deque<Pending> m_queue;          // due, waiting for a free slot
    std::vector<std::int64_t> m_schedule; // open loop: intended offsets from the start
    std::size_t m_nextArrival = 0;
    std::vector<QTimer *> m_retryTimers;                  // retries waiting out their delay
    std::vector<std::pair<qint64, qint64>> m_spans;       // each attempt's absolute start and end
    std::map<std::pair<int, int>, StepRequest> m_prompts; // (target, request) built ahead
    int m_promptsAhead = 1;
    RequestSpec::Format m_format = RequestSpec::Format::Text; // the scenario's response_format
    QTimer m_tick;
    qint64 m_startNs = 0;
    QDateTime m_wallStart; // the price clock at m_startNs
    int m_planned = 0;
    int m_nextRequest = 0; // closed loop: the next request index to start
    int m_finishedRequests = 0;
    int m_maxInFlight = 0;
    int m_launches = 0;
    int m_refusalsPending = 0; // requests refused, their end queued
    bool m_cancelled = false;
    bool m_paused = false;
    bool m_done = false;
};

} // namespace ys
