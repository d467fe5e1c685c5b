#include "pricing/price_clock.h"

#include <QMutex>
#include <QMutexLocker>

namespace ys {

namespace {

QMutex s_mutex;
std::function<QDateTime()> s_clock;

} // namespace

QDateTime PriceClock::now()
{
    QMutexLocker lock(&s_mutex);
    return s_clock ? s_clock().toUTC() : QDateTime::currentDateTimeUtc();
}

void PriceClock::set(std::function<QDateTime()> clock)
{
    QMutexLocker lock(&s_mutex);
    s_clock = std::move(clock);
}

} // namespace ys
