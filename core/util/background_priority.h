#pragma once

namespace ys {

// Lowers the calling thread's CPU priority (nice +kBackgroundNice on Linux; the threads it starts
// afterwards inherit it), so that reads and summaries worked out behind the window never take
// the CPU from the UI thread on a machine with few cores. Without the means, it does nothing.
inline constexpr int kBackgroundNice = 8;
void lowerThisThreadsPriority();

} // namespace ys
