#pragma once

#include "bench_session.h"

namespace ys::bench {

// The cost scenario: the client's CPU per SSE event and the events/s it sustains, then the same
// streams read by a bare client for the floor. Returns the exit status bits of its targets.
struct CostOptions {
    QString simBinary;
    int streams = 64;
    int requests = 256;
    StreamShape shape{20, 25, 2000, 0, 3000, 3000};
    bool threads = true;
    // Also over https:// (HTTP/1.1 on the lanes' own TLS), each repetition right after the
    // http:// one, and the ratio of the two.
    bool tls = false;
};

int cost(const CostOptions &o, int repeat);

} // namespace ys::bench
