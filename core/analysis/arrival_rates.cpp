#include "analysis/arrival_rates.h"

#include <algorithm>

namespace ys {

namespace {

std::optional<double> perSecond(int count, qint64 spanNs)
{
    if (count < 2 || spanNs <= 0)
        return std::nullopt;
    return double(count - 1) / (double(spanNs) / 1e9);
}

} // namespace

void ArrivalRateMeter::add(const Sample &s)
{
    if (s.warmup || s.attemptNumber != 0)
        return;
    // intendedStartNs is the intended start relative to the actual one (never after it).
    const qint64 start = s.startOffsetNs;
    const qint64 intended = start + s.intendedStartNs;
    if (m_count == 0) {
        m_firstIntended = m_lastIntended = intended;
        m_firstStart = m_lastStart = start;
    } else {
        // Attempts end (and are stored) out of order: keep the extremes.
        m_firstIntended = std::min(m_firstIntended, intended);
        m_lastIntended = std::max(m_lastIntended, intended);
        m_firstStart = std::min(m_firstStart, start);
        m_lastStart = std::max(m_lastStart, start);
    }
    ++m_count;
}

std::optional<double> ArrivalRateMeter::askedPerS() const
{
    return perSecond(m_count, m_lastIntended - m_firstIntended);
}

std::optional<double> ArrivalRateMeter::achievedPerS() const
{
    return perSecond(m_count, m_lastStart - m_firstStart);
}

} // namespace ys
