#pragma once

#include <QByteArray>
#include <vector>

namespace ys {

// Compact form of a sample's per-event arrival times: a version byte, then the deltas between
// successive times as LEB128 varints (times only grow, so deltas are small and never negative;
// a negative delta is stored zigzag-encoded all the same so no input is rejected).
QByteArray encodeEventTimes(const std::vector<qint64> &timesNs);
// The same into a buffer of at least maxEncodedEventTimesSize(timesNs.size()) bytes; returns the
// bytes written.
qsizetype encodeEventTimesTo(const std::vector<qint64> &timesNs, char *out);
constexpr qsizetype maxEncodedEventTimesSize(std::size_t times)
{
    return 1 + 10 * qsizetype(times);
}
// Returns false on a damaged blob, leaving *timesNs with what could be read.
bool decodeEventTimes(const QByteArray &blob, std::vector<qint64> *timesNs);

} // namespace ys
