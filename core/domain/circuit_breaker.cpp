#include "domain/circuit_breaker.h"

namespace ys {

CircuitBreaker::CircuitBreaker(BreakerConfig config)
    : m_config(config)
{
}

QString CircuitBreaker::stateName(State state)
{
    switch (state) {
    case State::Closed:
        return QStringLiteral("closed");
    case State::Open:
        return QStringLiteral("open");
    case State::HalfOpen:
        break;
    }
    return QStringLiteral("half_open");
}

void CircuitBreaker::moveTo(State to, std::int64_t nowNs, const QString &reason)
{
    m_events.push_back({nowNs, m_state, to, reason});
    m_state = to;
    if (to == State::Open)
        m_openedAt = nowNs;
    if (to == State::HalfOpen) {
        m_probesIssued = 0;
        m_probesSucceeded = 0;
    }
    if (to == State::Closed)
        m_failures.clear();
}

bool CircuitBreaker::allow(std::int64_t nowNs)
{
    if (m_state == State::Open && nowNs - m_openedAt >= m_config.openNs)
        moveTo(State::HalfOpen, nowNs, QStringLiteral("open time elapsed"));
    switch (m_state) {
    case State::Closed:
        return true;
    case State::Open:
        return false;
    case State::HalfOpen:
        if (m_probesIssued >= m_config.halfOpenProbes)
            return false;
        ++m_probesIssued;
        return true;
    }
    return false;
}

void CircuitBreaker::recordSuccess(std::int64_t nowNs)
{
    if (m_state == State::HalfOpen && ++m_probesSucceeded >= m_config.halfOpenProbes)
        moveTo(State::Closed, nowNs, QStringLiteral("probes succeeded"));
}

void CircuitBreaker::recordFailure(std::int64_t nowNs)
{
    if (m_state == State::HalfOpen) {
        moveTo(State::Open, nowNs, QStringLiteral("probe failed"));
        return;
    }
    if (m_state == State::Open)
        return;
    m_failures.push_back(nowNs);
    while (!m_failures.empty() && nowNs - m_failures.front() > m_config.windowNs)
        m_failures.pop_front();
    if (int(m_failures.size()) >= m_config.failureThreshold)
        moveTo(State::Open, nowNs,
               QStringLiteral("%1 failures within %2 s")
                   .arg(m_failures.size())
                   .arg(double(m_config.windowNs) / 1e9));
}

} // namespace ys
