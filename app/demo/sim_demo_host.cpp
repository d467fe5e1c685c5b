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
