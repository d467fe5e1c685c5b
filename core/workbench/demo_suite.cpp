#include "workbench/demo_suite.h"

#include "sim/sim_profile.h"

#include <algorithm>

namespace ys {

Suite demoSuite(const QUrl &simBaseUrl)
{
    Suite suite;
    suite.name = kDemoSuiteName;
    for (const SimProfile &profile : SimProfile::demoProfiles()) {
        ProviderConfig p;
        p.name = profile.name;
        p.dialect = QStringLiteral("openai-chat");
        p.baseUrl = simBaseUrl;
        p.model = profile.model;
        if (profile.price) {
            Price price;
            price.inputPerMtok = profile.price->inputPerMTok;
            price.outputPerMtok = profile.price->outputPerMTok;
            p.price = price;
        }
        p.contextWindow = profile.contextWindow;
        suite.providers.push_back(p);
    }
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

void rebaseDemoSuite(Suite &suite, const QUrl &simBaseUrl)
{
    if (suite.name != kDemoSuiteName)
        return;
    const auto profiles = SimProfile::demoProfiles();
    for (ProviderConfig &p : suite.providers) {
        const bool simulated = std::any_of(profiles.begin(), profiles.end(), [&](const auto &sp) {
            return sp.model == p.model && sp.name == p.name;
        });
        if (simulated)
            p.baseUrl = simBaseUrl;
    }
}

} // namespace ys
