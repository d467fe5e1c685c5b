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
