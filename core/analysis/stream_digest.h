#pragma once

#include "domain/sample.h"

#include <QtGlobal>
#include <optional>
#include <vector>

namespace ys {

// What the summary reads from a run's event times, reduced once: the pooled inter-token gaps of
// its successful attempts (warm-up and fallback-served attempts left out; docs/measurements.md,
// ITL) as their mean, standard deviation and P99. A finished run never changes, so storage keeps
// its digest (table run_stream_digests) and a summary of a million attempts need not read a
// hundred event times for each of them again. sampleCount is how many samples the run had when
// the digest was made: a digest whose count differs from the run's is not used.
struct StreamDigest {
    // Raised whenever what the digest holds or how it is computed changes: an older one is
    // computed again.
    static constexpr int kVersion = 1;

    qint64 sampleCount = 0;
    qint64 gaps = 0;
    std::optional<double> itlMeanMs;
    std::optional<double> itlStddevMs;
    std::optional<double> itlP99Ms;

    bool operator==(const StreamDigest &) const = default;
};

// Whether an attempt's stream counts towards the digest (and the summary's ITL).
bool countsForStreams(const Sample &sample);

// The digest of a run's samples, in their stored order (the summary's own figures, bit for bit).
StreamDigest digestStreams(const std::vector<Sample> &samples);

// The same from the gaps alone, pooled in the samples' order (for readers that collect the
// gaps without whole samples); sampleCount is left to the caller.
StreamDigest digestGaps(std::vector<double> gapsMs);

// Appends an attempt's delivery gaps in ms: consecutive event times that differ (events that
// arrived in one read share a time and are one delivery, not a 0 ms gap).
void appendDeliveryGaps(const std::vector<qint64> &eventTimesNs, std::vector<double> &gapsMs);

} // namespace ys
