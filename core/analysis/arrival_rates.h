#pragma once

#include "domain/sample.h"

#include <optional>

namespace ys {

// The arrival rate an open-loop run asked for against the one it achieved: arrivals after the
// first per second between the first and the last, from the intended starts (asked) and the
// actual ones (achieved), both from the run's start (Sample::startOffsetNs). A request's first
// attempt is its arrival; retries, fallbacks and warm-up are left out.
class ArrivalRateMeter {
public:
    void add(const Sample &sample);
    int requests() const { return m_count; }
    std::optional<double> askedPerS() const;
    std::optional<double> achievedPerS() const;

private:
    int m_count = 0;
    qint64 m_firstIntended = 0, m_lastIntended = 0;
    qint64 m_firstStart = 0, m_lastStart = 0;
};

} // namespace ys
