#pragma once

#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace ys {

// When an open-loop run intends to start each attempt, fixed before the run begins so that the
// schedule never bends to how fast the provider answers (no coordinated omission). Offsets are
// nanoseconds from the run's start.
struct LoadShape {
    enum class Arrival { Constant, Poisson };
    Arrival arrival = Arrival::Constant;
    double startRatePerS = 1.0; // requests per second at the start
    double endRatePerS = 1.0;   // at the end of the ramp; equal to start for a steady rate
    double rampSeconds = 0.0;   // 0: no ramp
    std::optional<int> count;   // stop after this many arrivals...
    std::optional<double> durationSeconds; // ...or at this time, whichever comes first
    std::uint64_t seed = 1;
};

class ArrivalSchedule {
    Q_DECLARE_TR_FUNCTIONS(ys::ArrivalSchedule)
public:
    // Checks a shape: rates > 0, a finite limit, a ramp no longer than needed.
    static bool validate(const LoadShape &shape, QString *error);
    // Every intended start, ascending. The same shape and seed always give the same schedule.
    static std::vector<std::int64_t> build(const LoadShape &shape);
    // A recorded schedule replayed: offsets (ns, ascending) times `timeScale`, shifted so the
    // first is at 0, at most `count` of them and none at or after `durationSeconds`.
    static std::vector<std::int64_t> fromOffsets(const std::vector<std::int64_t> &offsetsNs,
                                                 double timeScale, std::optional<int> count,
                                                 std::optional<double> durationSeconds);
    // The rate in force at time t seconds.
    static double rateAt(const LoadShape &shape, double seconds);
};

} // namespace ys
