#pragma once

#include "workbench/demo_host.h"

#include <memory>

namespace ys {

class SimHost;

// The demo's simulator in this process: the bundled demo profiles served by a SimHost on
// 127.0.0.1, started on first use. It joins the workbench (core/) to the simulator (ys_sim),
// which is why it lives in app/.
class SimDemoHost : public DemoHost {
public:
    // timeScale multiplies every time the simulated providers take (SimProfile::scaleTimes): 1
    // for the demo as analysts see it; a test of the window's handling of a run may run it
    // faster.
    explicit SimDemoHost(double timeScale = 1.0);
    ~SimDemoHost() override;

    std::vector<ProviderConfig> providers(const QUrl &baseUrl) const override;
    QUrl start(QString *error) override;

private:
    double m_timeScale;
    std::unique_ptr<SimHost> m_sim;
};

} // namespace ys
