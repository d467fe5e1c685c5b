#pragma once

#include "domain/provider_config.h"

#include <QString>
#include <QUrl>
#include <vector>

namespace ys {

// The simulated providers the demo suite runs against, as the workbench sees them. The simulator
// itself is a library (ys_sim) that no client layer links: app/ hands the workbench an
// implementation built on it (app/demo/sim_demo_host.h), so core/ never includes sim/.
class DemoHost {
public:
    virtual ~DemoHost() = default;

    // The demo's providers, pointed at baseUrl (a running simulator).
    virtual std::vector<ProviderConfig> providers(const QUrl &baseUrl) const = 0;
    // Starts the simulator on first use and returns its address; empty with *error set when it
    // cannot start. Later calls return the same address.
    virtual QUrl start(QString *error) = 0;
};

} // namespace ys
