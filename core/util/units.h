#pragma once

#include <QtGlobal>

namespace ys {

// The clock and the samples count nanoseconds; figures are shown in milliseconds.
inline constexpr double kNsPerMs = 1e6;
// The same, for whole-number deadlines and timer intervals.
inline constexpr qint64 kWholeNsPerMs = 1'000'000;

} // namespace ys
