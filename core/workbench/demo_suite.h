#pragma once

#include "domain/suite.h"

#include <QUrl>
#include <vector>

namespace ys {

// The built-in "demo" suite: the given simulated providers (DemoHost::providers()) through a
// short latency probe (30 requests at concurrency 4), a context sweep to 120K, a concurrency
// sweep, and a short run of each kind that ends in a verdict.
Suite demoSuite(std::vector<ProviderConfig> providers);
inline const QString kDemoSuiteName = QStringLiteral("demo");
// The demo is run as a queue item claimed by the process that starts it (docs/workers.md), so
// the Team page has a queue and a worker to show; this is its claim's lease, renewed every
// third of it while the demo runs.
constexpr qint64 kDemoLeaseMs = 60 * 1000;

// Points a stored demo suite at the simulator running now (its port changes between runs): the
// providers that match one of simulated by name and model move to simBaseUrl.
void rebaseDemoSuite(Suite &suite, const std::vector<ProviderConfig> &simulated,
                     const QUrl &simBaseUrl);

} // namespace ys
