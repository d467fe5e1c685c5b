#pragma once

#include <QByteArray>
#include <QString>
#include <QUrl>
#include <cstdint>

namespace ys::bench {

struct BareFigures {
    bool valid = false;
    QString error;
    std::int64_t events = 0; // SSE data lines received
    std::int64_t reads = 0;  // reads that returned data
    std::int64_t cpuNs = 0;  // the client thread's CPU time, user and system
    std::int64_t wallNs = 0;
};

// The floor under any client of the same streams: `requests` streaming requests, `streams` at a
// time over keep-alive connections to the simulator, each socket non-blocking on one
// edge-triggered epoll set and read once per arrival into a fixed buffer, on the calling thread.
// It only counts the SSE data lines and finds where each response ends; nothing is parsed,
// decoded, timed or stored. What it costs per event is what the kernel's loopback receive path
// costs on this machine.
BareFigures runBareClient(const QUrl &baseUrl, const QByteArray &request, int streams,
                          int requests);

} // namespace ys::bench
