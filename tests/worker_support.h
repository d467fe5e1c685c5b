#pragma once

// What the worker tests share: a suite file of one simulated provider, a store (an SQLite file,
// or a fresh database on the test PostgreSQL server) and yardstick-cli processes started against
// it with the password in their environment.
#include "fixtures.h"
#include "pg_fixture.h"
#include "suite_files.h"
#include "test_support.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <memory>
#include <nlohmann/json.hpp>

namespace ys::test {

// A suite of one provider at baseUrl asking model for `requests` requests one at a time.
inline QString writeWorkerSuite(const QTemporaryDir &dir, const QString &name, const QUrl &baseUrl,
                                const QString &model, int requests)
{
    const nlohmann::json provider = suiteProviderJson("sim", baseUrl, model.toStdString());
    const nlohmann::json scenario = latencyScenarioJson(requests, 1, 16, 8);
    return writeJsonFile(dir.filePath(name + QStringLiteral(".json")),
                         suiteJson(name.toStdString(), nlohmann::json::array({provider}),
                                   nlohmann::json::array({scenario})));
}

// The store a test case runs against: "sqlite" (a file in dir) or "postgres" (a fresh database).
struct WorkerStore {
    std::unique_ptr<PgDatabase> pg;
    QString location;
};

inline WorkerStore makeStore(const QString &backend, const QTemporaryDir &dir)
{
    WorkerStore s;
    if (backend == QLatin1StringView("postgres")) {
        s.pg = std::make_unique<PgDatabase>();
        s.location = s.pg->url();
    } else {
        s.location = dir.filePath(QStringLiteral("team.sqlite"));
    }
    return s;
}

// yardstick-cli with these arguments, started (not waited for), logging into dir.
inline std::unique_ptr<QProcess> startCli(const QStringList &args)
{
    auto p = std::make_unique<QProcess>();
    p->setProcessEnvironment(PgServer::environment());
    p->setProcessChannelMode(QProcess::MergedChannels);
    p->start(binDir() + QStringLiteral("/yardstick-cli"), args);
    return p;
}

} // namespace ys::test
