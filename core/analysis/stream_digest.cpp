#include "analysis/stream_digest.h"

#include "analysis/percentile.h"
#include "util/units.h"

namespace ys {

bool countsForStreams(const Sample &sample)
{
    return !sample.warmup && sample.servedBy.isEmpty() && outcomeIsSuccess(sample.outcome);
}

void appendDeliveryGaps(const std::vector<qint64> &eventTimesNs, std::vector<double> &gapsMs)
{
    for (std::size_t i = 1; i < eventTimesNs.size(); ++i) {
        if (eventTimesNs[i] != eventTimesNs[i - 1])
            gapsMs.push_back(double(eventTimesNs[i] - eventTimesNs[i - 1]) / kNsPerMs);
    }
}

StreamDigest digestGaps(std::vector<double> gapsMs)
{
    StreamDigest d;
    d.gaps = qint64(gapsMs.size());
    d.itlMeanMs = mean(gapsMs);
    d.itlStddevMs = stddev(gapsMs);
    d.itlP99Ms = percentile(std::move(gapsMs), 99);
    return d;
}

StreamDigest digestStreams(const std::vector<Sample> &samples)
{
    // Sized first: a hundred million gaps grown by doubling would be copied many times over.
    std::size_t events = 0;
    for (const Sample &x : samples)
        if (countsForStreams(x))
            events += x.eventTimesNs.size();
    std::vector<double> gaps;
    gaps.reserve(events);
    for (const Sample &x : samples)
        if (countsForStreams(x))
            appendDeliveryGaps(x.eventTimesNs, gaps);
    StreamDigest d = digestGaps(std::move(gaps));
    d.sampleCount = qint64(samples.size());
    return d;
}

} // namespace ys
