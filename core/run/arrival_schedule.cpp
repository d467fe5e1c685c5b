#include "run/arrival_schedule.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace ys {

namespace {
constexpr int kMaxArrivals = 10'000'000;
}

bool ArrivalSchedule::validate(const LoadShape &shape, QString *error)
{
    if (!(shape.startRatePerS > 0) || !(shape.endRatePerS > 0) ||
        !std::isfinite(shape.startRatePerS) || !std::isfinite(shape.endRatePerS)) {
        *error = tr("the request rate must be a positive number");
        return false;
    }
    if (shape.rampSeconds < 0 || !std::isfinite(shape.rampSeconds)) {
        *error = tr("the ramp time must be zero or more seconds");
        return false;
    }
    if (!shape.count && !shape.durationSeconds) {
        *error = tr("an open-loop run needs a request count or a duration");
        return false;
    }
    if (shape.count && (*shape.count <= 0 || *shape.count > kMaxArrivals)) {
        *error = tr("the request count must be between 1 and %1").arg(kMaxArrivals);
        return false;
    }
    if (shape.durationSeconds && !(*shape.durationSeconds > 0)) {
        *error = tr("the duration must be more than zero seconds");
        return false;
    }
    return true;
}

double ArrivalSchedule::rateAt(const LoadShape &shape, double seconds)
{
    if (shape.rampSeconds <= 0 || seconds >= shape.rampSeconds)
        return shape.endRatePerS;
    const double f = std::max(0.0, seconds) / shape.rampSeconds;
    return shape.startRatePerS + f * (shape.endRatePerS - shape.startRatePerS);
}

std::vector<std::int64_t> ArrivalSchedule::fromOffsets(const std::vector<std::int64_t> &offsetsNs,
                                                       double timeScale, std::optional<int> count,
                                                       std::optional<double> durationSeconds)
{
    std::vector<std::int64_t> out;
    if (offsetsNs.empty() || !(timeScale > 0) || !std::isfinite(timeScale))
        return out;
    const std::size_t limit =
        std::min(offsetsNs.size(), std::size_t(std::max(0, count.value_or(kMaxArrivals))));
    const double end = durationSeconds.value_or(INFINITY) * 1e9;
    out.reserve(limit);
    const std::int64_t first = offsetsNs.front();
    for (std::size_t i = 0; i < limit; ++i) {
        const double t = double(offsetsNs[i] - first) * timeScale;
        if (t >= end)
            break;
        // Never earlier than the arrival before it, whatever the rounding.
        out.push_back(std::max(out.empty() ? 0 : out.back(), std::int64_t(std::llround(t))));
    }
    return out;
}

std::vector<std::int64_t> ArrivalSchedule::build(const LoadShape &shape)
{
    std::vector<std::int64_t> out;
    QString error;
    if (!validate(shape, &error))
        return out;
    std::mt19937_64 rng(shape.seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const int limit = shape.count.value_or(kMaxArrivals);
    const double end = shape.durationSeconds.value_or(INFINITY);
    double t = 0.0;
    // A time-varying rate is followed by integrating it: each gap is an exponential (Poisson) or
    // a unit (constant) amount of "work" spent at the rate in force at the time.
    while (int(out.size()) < limit) {
        const double need =
            shape.arrival == LoadShape::Arrival::Poisson ? -std::log(1.0 - unit(rng)) : 1.0;
        if (!out.empty() || shape.arrival == LoadShape::Arrival::Poisson) {
            double left = need;
            while (left > 0) {
                const double rate = rateAt(shape, t);
                // Step to the end of the ramp at most, so the rate is piecewise exact enough.
                const double step = left / rate;
                if (shape.rampSeconds > 0 && t < shape.rampSeconds) {
                    const double slice =
                        std::min(step, std::max(1e-4, (shape.rampSeconds - t) / 64));
                    t += slice;
                    left -= slice * rate;
                } else {
                    t += step;
                    left = 0;
                }
            }
        }
        if (t >= end)
            break;
        out.push_back(std::int64_t(std::llround(t * 1e9)));
    }
    return out;
}

} // namespace ys
