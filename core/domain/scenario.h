#pragma once

#include <QString>

namespace ys {

// One scenario of a suite. Only the latency probe exists so far; kinds grow with the product.
struct Scenario {
    QString kind = QStringLiteral("latency");
    int requests = 30;
    int concurrency = 4;
    int promptTokens = 1000;
    int maxOutputTokens = 384;
    int timeoutMs = 60000; // per attempt, total
    bool stream = true;
};

} // namespace ys
