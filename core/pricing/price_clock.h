#pragma once

#include <QDateTime>
#include <functional>

namespace ys {

// The wall clock that decides which price is in force for an attempt (off-peak prices, prices
// that start on a date). The system's UTC clock unless a test sets its own.
class PriceClock {
public:
    static QDateTime now();
    // An empty function goes back to the system clock.
    static void set(std::function<QDateTime()> clock);
};

} // namespace ys
