#pragma once

#include "domain/suite.h"

#include <QUrl>

namespace ys {

// The built-in "demo" suite: every bundled simulated profile through a short latency probe
// (30 requests at concurrency 4), against a simulator at simBaseUrl.
Suite demoSuite(const QUrl &simBaseUrl);
inline const QString kDemoSuiteName = QStringLiteral("demo");

// Points a stored demo suite at the simulator running now (its port changes between runs).
void rebaseDemoSuite(Suite &suite, const QUrl &simBaseUrl);

} // namespace ys
