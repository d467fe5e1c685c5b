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
    SimDemoHost();
    ~SimDemoHost() override;

    std::vector<ProviderConfig> providers(const QUrl &baseUrl) const override;
    QUrl start(QString *error) override;

private:
    std::unique_ptr<SimHost> m_sim;
};

} // namespace ys
