#pragma once

#include <QtGlobal>
#include <utility>
#include <vector>

namespace ys {

struct InFlight {
    int peak = 0;                  // the most intervals open at one instant
    double meanWhileRefilling = 0; // time-weighted, from the target-th start to the last start
};

// How many of the intervals [start, end) were open at once, by a sweep over their edges; an end
// and a start at the same instant are a hand-over, not two in flight. `target` is the
// concurrency a closed loop keeps: the mean covers the stretch in which it was refilling slots.
InFlight inFlight(const std::vector<std::pair<qint64, qint64>> &intervals, int target);

} // namespace ys
