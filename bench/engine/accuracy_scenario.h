#pragma once

#include "bench_session.h"

namespace ys::bench {

// The accuracy scenario: client first-token and end times against the simulator's ground truth
// while the UI thread is kept busy. Returns the exit status bits of its targets.
struct AccuracyOptions {
    QString simBinary;
    int streams = 256;
    int requests = 768;
    StreamShape shape;
    BusyLoad busy{20, 25};
    bool tls = false; // https:// (HTTP/1.1 on the lanes' own TLS)
};

int accuracy(const AccuracyOptions &o, int repeat);

} // namespace ys::bench
