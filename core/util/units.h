#pragma once

#include <QtGlobal>

namespace ys {

// The clock and the samples count nanoseconds; figures are shown in milliseconds.
inline constexpr double kNsPerMs = 1e6;
// The same, for whole-number deadlines and timer intervals.
inline constexpr qint64 kWholeNsPerMs = 1'000'000;
// Nanoseconds in a second, as a figure and as a whole number.
inline constexpr double kNsPerS = 1e9;
inline constexpr qint64 kWholeNsPerS = 1'000'000'000;

} // namespace ys
