#pragma once

#include <QByteArray>
#include <cstdint>

namespace ys::bench {

struct StreamLoadOptions {
    quint16 port = 0;
    int connections = 0;
    QByteArray request;           // one whole HTTP request for a chunked streaming answer
    std::int64_t sendUntilNs = 0; // closed loop: send again on each connection until then;
                                  // 0: one request per connection
    std::int64_t deadlineNs = 0;  // give up waiting then
};

struct StreamLoadResult {
    int connected = 0;
    int connectFailures = 0;
    int completed = 0; // responses that ended with the last chunk
    int failed = 0;    // not 200, or cut off
    int peakInFlight = 0;
    std::int64_t bytes = 0;
    bool timedOut = false;
};

// The benchmark's client: many keep-alive connections on one epoll loop, with no Qt, so that it
// costs little and stays out of the simulator's thread. Blocks until every connection is done.
StreamLoadResult runStreamLoad(const StreamLoadOptions &options);

} // namespace ys::bench
