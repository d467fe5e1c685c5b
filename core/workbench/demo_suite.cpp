#include "workbench/demo_suite.h"

#include <algorithm>

namespace ys {

Suite demoSuite(std::vector<ProviderConfig> providers)
{
    Suite suite;
    suite.name = kDemoSuiteName;
    suite.providers = std::move(providers);
    Scenario probe;
    probe.kind = QStringLiteral("latency");
    probe.requests = 30;
    probe.concurrency = 4;
    probe.promptTokens = 1000;
    probe.maxOutputTokens = 128;
    probe.timeoutMs = 30000;
    suite.scenarios.push_back(probe);

    // How latency and cost grow with the prompt, up to 128K (a provider with a smaller window
    // skips the points past it and says so).
    Scenario sweep;
    sweep.kind = QStringLiteral("context_sweep");
    sweep.contextSweep.promptTokens = {1000, 8000, 32000, 64000, 120000};
    sweep.contextSweep.requestsPerPoint = 2;
    sweep.concurrency = 2;
    sweep.maxOutputTokens = 32;
    sweep.timeoutMs = 60000;
    suite.scenarios.push_back(sweep);

    // Where throughput stops growing with the requests in flight.
    Scenario levels;
    levels.kind = QStringLiteral("concurrency_sweep");
    levels.concurrencySweep.levels = {1, 4, 8, 16};
    levels.promptTokens = 500;
    levels.maxOutputTokens = 64;
    levels.timeoutMs = 30000;
    suite.scenarios.push_back(levels);
    return suite;
}

void rebaseDemoSuite(Suite &suite, const std::vector<ProviderConfig> &simulated,
                     const QUrl &simBaseUrl)
{
    if (suite.name != kDemoSuiteName)
        return;
    for (ProviderConfig &p : suite.providers) {
        const bool isSimulated =
            std::any_of(simulated.begin(), simulated.end(),
                        [&](const auto &s) { return s.model == p.model && s.name == p.name; });
        if (isSimulated)
            p.baseUrl = simBaseUrl;
    }
}

} // namespace ys
