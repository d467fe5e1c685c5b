#include "demo/sim_demo_host.h"

#include "sim/sim_host.h"
#include "sim/sim_profile.h"

namespace ys {

SimDemoHost::SimDemoHost(double timeScale)
    : m_timeScale(timeScale)
{
}

SimDemoHost::~SimDemoHost() = default;

std::vector<ProviderConfig> SimDemoHost::providers(const QUrl &baseUrl) const
{
    std::vector<ProviderConfig> providers;
    for (const SimProfile &profile : SimProfile::demoProfiles()) {
        ProviderConfig p;
        p.name = profile.name;
        p.dialect = QStringLiteral("openai-chat");
        p.baseUrl = baseUrl;
        p.model = profile.model;
        if (profile.price) {
            Price price;
            price.inputPerMtok = profile.price->inputPerMTok;
            price.outputPerMtok = profile.price->outputPerMTok;
            p.price = price;
        }
        p.contextWindow = profile.contextWindow;
        // A profile with a capacity serves like a self-hosted engine with a batch of that
        // size: its runs read the simulator's /metrics, so the Server metrics view shows its
        // queue filling as the concurrency sweep passes the capacity.
        if (profile.capacity > 0) {
            ServerMetricsSettings metrics;
            metrics.url = baseUrl;
            metrics.url.setPath(QStringLiteral("/metrics"));
            metrics.intervalMs = 250;
            p.serverMetrics = metrics;
        }
        providers.push_back(p);
    }
    return providers;
}

QUrl SimDemoHost::start(QString *error)
{
    if (!m_sim) {
        std::vector<SimProfile> profiles = SimProfile::demoProfiles();
        if (m_timeScale != 1.0)
            for (SimProfile &p : profiles)
                p.scaleTimes(m_timeScale);
        auto sim = std::make_unique<SimHost>(std::move(profiles));
        if (!sim->start(error))
            return {};
        m_sim = std::move(sim);
    }
    return m_sim->baseUrl();
}

} // namespace ys
