#pragma once

// The session, provider and run the storage benchmarks (bench_storage, bench_storage_pg) insert
// their samples into.

#include "domain/suite.h"
#include "storage/database.h"
#include "storage/session_repository.h"

#include <optional>

namespace ys::bench {

// One provider (never called) and one scenario.
inline Suite benchSuite()
{
    Suite suite;
    suite.name = QStringLiteral("bench");
    ProviderConfig p;
    p.name = QStringLiteral("bench");
    p.dialect = QStringLiteral("openai-chat");
    p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:1/v1"));
    p.model = QStringLiteral("bench-model");
    suite.providers.push_back(p);
    suite.scenarios.push_back(Scenario{});
    return suite;
}

// A session, a provider and a run to insert into, in a database of the current schema.
inline std::optional<qint64> prepareRun(Database &db, QString *error)
{
    SessionRepository repo(db);
    const Suite suite = benchSuite();
    const auto session = repo.createSession(suite, error);
    if (!session)
        return std::nullopt;
    const auto provider = repo.ensureProvider(*session, suite.providers.front(), error);
    if (!provider)
        return std::nullopt;
    return repo.createRun(*session, *provider, suite.scenarios.front(), error);
}

} // namespace ys::bench
