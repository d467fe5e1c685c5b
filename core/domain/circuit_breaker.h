#pragma once

#include <QString>
#include <cstdint>
#include <deque>
#include <vector>

namespace ys {

// A per-provider circuit breaker, driven by explicit times: the runner's (run/load_runner.cpp,
// on the monotonic clock) and the routing what-if's (analysis/routing_replay.cpp, on the replayed
// attempts' own clock) are the same logic. Closed: requests flow, failures are counted in a sliding
// window; at the threshold it opens. Open: requests are refused until the open time has passed,
// then it goes half-open and lets a number of probes through; all probes succeeding closes it,
// any failing re-opens it. Every state change is kept as an event for the session's record.
struct BreakerConfig {
    int failureThreshold = 5;
    std::int64_t windowNs = 30'000'000'000;
    std::int64_t openNs = 10'000'000'000;
    int halfOpenProbes = 1;
};

class CircuitBreaker {
public:
    enum class State { Closed, Open, HalfOpen };
    struct Event {
        std::int64_t atNs = 0;
        State from = State::Closed;
        State to = State::Closed;
        QString reason;
    };

    explicit CircuitBreaker(BreakerConfig config = {});

    // May a request start now? In half-open, each allowed request takes one probe slot.
    bool allow(std::int64_t nowNs);
    void recordSuccess(std::int64_t nowNs);
    void recordFailure(std::int64_t nowNs);

    State state() const { return m_state; }
    const std::vector<Event> &events() const { return m_events; }
    static QString stateName(State state);

private:
    void moveTo(State to, std::int64_t nowNs, const QString &reason);

    BreakerConfig m_config;
    State m_state = State::Closed;
    std::deque<std::int64_t> m_failures;
    std::int64_t m_openedAt = 0;
    int m_probesIssued = 0;
    int m_probesSucceeded = 0;
    std::vector<Event> m_events;
};

} // namespace ys
