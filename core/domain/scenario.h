#pragma once

#include "domain/trace.h"
#include "domain/workload.h"

#include <QString>
#include <optional>

namespace ys {

// One scenario of a suite. Only the latency probe exists so far; kinds grow with the product.
struct Scenario {
    QString kind = QStringLiteral("latency");
    int requests = 30;
    int concurrency = 4; // closed loop: attempts in flight; open loop: the most in flight
    // The nominal sizes (the mean when a distribution or a trace sets them), for estimates and
    // anything else that needs one number. What request i sends: Workload::promptTokensFor and
    // Workload::maxOutputTokensFor.
    int promptTokens = 1000;
    int maxOutputTokens = 384;
    std::optional<SizeDistribution> promptDistribution; // none: every prompt is promptTokens
    std::optional<SizeDistribution> outputDistribution; // none: every request maxOutputTokens
    // Trace replay: open loop at the trace's offsets, each request with the trace's sizes.
    std::optional<TraceReplay> trace;
    bool stream = true;

    // Load. Closed: `concurrency` attempts in flight, the next starting as one ends. Open:
    // arrivals on a fixed schedule (constant or Poisson, optionally ramped) whatever the
    // provider does, so queueing shows up as latency from the intended start.
    QString load = QStringLiteral("closed");      // "closed" or "open"
    double ratePerS = 0;                          // open loop
    QString arrival = QStringLiteral("constant"); // "constant" or "poisson"
    std::optional<double> rampToRatePerS;
    double rampSeconds = 0;
    std::optional<double> durationS; // stop starting requests after this time
    int warmup = 0;                  // extra first requests, stored but left out of statistics
    quint64 seed = 1;

    // Per-attempt limits in milliseconds (0: off).
    int timeoutMs = 60000; // total
    int connectTimeoutMs = 10000;
    int firstTokenTimeoutMs = 60000;
    int idleTimeoutMs = 30000;
    int retries = 0; // SDK-style retries per request; off by default

    bool isOpenLoop() const { return load == QLatin1StringView("open"); }
};

} // namespace ys
