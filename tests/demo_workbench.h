#pragma once

// A workbench whose simulator serves the demo providers, as the GUI tests that run them open it.
#include "demo/sim_demo_host.h"
#include "workbench/workbench.h"

#include <QString>
#include <QUrl>
#include <memory>
#include <vector>

namespace ys::test {

// Opens a workbench on the database at dbPath with the demo simulator, and sets *url to the
// simulator's address; null, with *error set, when either fails.
inline std::unique_ptr<Workbench> openDemoWorkbench(const QString &dbPath, QUrl *url,
                                                    QString *error)
{
    auto wb = std::make_unique<Workbench>(dbPath, std::make_unique<SimDemoHost>());
    if (!wb->open(error))
        return nullptr;
    *url = wb->simulatorUrl(error);
    if (url->isEmpty())
        return nullptr;
    return wb;
}

// The first `count` of the demo simulator's providers at url (all of them when it has fewer).
inline std::vector<ProviderConfig> firstDemoProviders(const QUrl &url, std::size_t count)
{
    std::vector<ProviderConfig> providers = SimDemoHost().providers(url);
    if (providers.size() > count)
        providers.resize(count);
    return providers;
}

} // namespace ys::test
