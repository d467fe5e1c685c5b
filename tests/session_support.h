#pragma once

// Suites of one scenario, running a suite to its end into a database file, and reading back what
// the session stored: what the engine, runner and scenario tests do the same way before their own
// checks.
#include "domain/suite.h"
#include "fixtures.h"
#include "run/session_runner.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"

#include <QSignalSpy>
#include <QString>
#include <QTest>
#include <functional>
#include <optional>
#include <vector>

namespace ys::test {

// A closed-loop scenario of `requests` attempts, `concurrency` at a time, with prompts and answers
// of these lengths; its total timeout the scenario's default unless given.
inline Scenario closedLoopScenario(int requests, int concurrency, int promptTokens,
                                   int maxOutputTokens, std::optional<int> timeoutMs = {})
{
    Scenario s;
    s.requests = requests;
    s.concurrency = concurrency;
    s.promptTokens = promptTokens;
    s.maxOutputTokens = maxOutputTokens;
    if (timeoutMs)
        s.timeoutMs = *timeoutMs;
    return s;
}

// An open-loop scenario: arrivals at ratePerS on a fixed schedule, `requests` of them with at most
// `concurrency` in flight, with prompts and answers of these lengths.
inline Scenario openLoopScenario(double ratePerS, int requests, int concurrency, int promptTokens,
                                 int maxOutputTokens)
{
    Scenario s = closedLoopScenario(requests, concurrency, promptTokens, maxOutputTokens);
    s.load = QStringLiteral("open");
    s.ratePerS = ratePerS;
    return s;
}

// A suite of one scenario over these providers.
inline Suite suiteOf(const QString &name, std::vector<ProviderConfig> providers,
                     const Scenario &scenario)
{
    Suite suite;
    suite.name = name;
    suite.providers = std::move(providers);
    suite.scenarios = {scenario};
    return suite;
}

// A suite of one provider "A" (model "m", openai-chat, at an address nothing listens on) with
// these extras, and one default scenario: what the storage tests write straight into a repository.
inline Suite offlineSuite(const QString &name, const ProviderExtras &extras = {})
{
    return suiteOf(name,
                   {simProvider(QStringLiteral("A"), QUrl(QStringLiteral("http://127.0.0.1:1/v1")),
                                QStringLiteral("m"), extras)},
                   Scenario{});
}

// The ids of a session a test writes straight into a repository (no network): the session's, its
// first provider's and the run of its first scenario.
struct WrittenRun {
    qint64 session = 0;
    qint64 provider = 0;
    qint64 run = 0;
};

// Creates a session of the suite in repo, its first provider and a run of its first scenario;
// none, with *error set, when a step fails.
inline std::optional<WrittenRun> createFirstRun(SessionRepository &repo, const Suite &suite,
                                                QString *error)
{
    const auto session = repo.createSession(suite, error);
    const auto provider =
        session ? repo.ensureProvider(*session, suite.providers.front(), error) : std::nullopt;
    const auto run = provider ? repo.createRun(*session, *provider, suite.scenarios.front(), error)
                              : std::nullopt;
    if (!run)
        return std::nullopt;
    return WrittenRun{*session, *provider, *run};
}

// How a session ended: its id and status ("finished", "cancelled", ...). Id 0 when it did not
// start (status empty) or did not finish in time (status "timeout"), *error saying which.
struct SessionEnd {
    qint64 id = 0;
    QString status;
};

// Starts the request on the runner and waits up to timeoutMs for the session to finish;
// whileRunning, when given, is called once it has started.
inline SessionEnd runToEnd(SessionRunner &runner, SessionRequest request, int timeoutMs,
                           QString *error,
                           const std::function<void(SessionRunner &)> &whileRunning = {})
{
    QSignalSpy finished(&runner, &SessionRunner::finished);
    if (!runner.start(std::move(request), error))
        return {};
    if (whileRunning)
        whileRunning(runner);
    if (!finished.wait(timeoutMs)) {
        *error = QStringLiteral("the session did not finish within %1 ms").arg(timeoutMs);
        return {0, QStringLiteral("timeout")};
    }
    return {finished.first().at(0).toLongLong(), finished.first().at(1).toString()};
}

// The same for a whole suite into dbPath, on a runner of its own.
inline SessionEnd runSuiteToEnd(const Suite &suite, const QString &dbPath, int timeoutMs,
                                QString *error)
{
    SessionRunner runner;
    return runToEnd(runner, SessionRequest{suite, dbPath, std::nullopt, {}}, timeoutMs, error);
}

// The same, keeping every measured attempt as the runner reported it (sampleMeasured: with its
// absolute start, startedAtNs, which a simulator's ground truth is compared with).
inline SessionEnd runMeasuring(SessionRequest request, int timeoutMs, std::vector<Sample> *measured,
                               QString *error)
{
    SessionRunner runner;
    QObject::connect(&runner, &SessionRunner::sampleMeasured,
                     [measured](const Sample &s) { measured->push_back(s); });
    return runToEnd(runner, std::move(request), timeoutMs, error);
}

// A "dialect" column with a row for each of the four dialects, for a test's _data function.
inline void addDialectRows()
{
    QTest::addColumn<QString>("dialect");
    for (const char *d : {"openai-chat", "openai-responses", "anthropic-messages", "gemini"})
        QTest::newRow(d) << QString::fromLatin1(d);
}

// What a session stored: its runs and, for each, its samples; its summary when asked for.
struct StoredSession {
    SessionEnd end;
    std::vector<RunRecord> runs;
    std::vector<std::vector<Sample>> samples; // per run, in the order of runs
    std::optional<SessionSummary> summary;

    // Every run's samples, one run after the other.
    std::vector<Sample> allSamples() const
    {
        std::vector<Sample> out;
        for (const auto &run : samples)
            out.insert(out.end(), run.begin(), run.end());
        return out;
    }
};

enum class WithSummary { No, Yes };

// Reads session `id` from dbPath, or none with *error set when the database does not open or
// the summary (when asked for) does not load.
inline std::optional<StoredSession> readSession(const QString &dbPath, qint64 id,
                                                WithSummary withSummary, QString *error)
{
    Database db(dbPath);
    if (!db.open(error))
        return std::nullopt;
    SessionRepository repo(db);
    StoredSession out;
    out.runs = repo.runs(id, error);
    for (const RunRecord &run : out.runs)
        out.samples.push_back(repo.samples(run.id, error));
    if (withSummary == WithSummary::Yes) {
        out.summary = loadSessionSummary(repo, id, error);
        if (!out.summary)
            return std::nullopt;
    }
    return out;
}

// Runs the request to its end on a runner of its own and reads back what the session stored,
// with its summary; none, with a warning saying why, when it did not run or cannot be read.
inline std::optional<StoredSession> runAndRead(SessionRequest request, int timeoutMs)
{
    const QString dbPath = request.dbPath;
    SessionRunner runner;
    QString error;
    const SessionEnd end = runToEnd(runner, std::move(request), timeoutMs, &error);
    if (end.id == 0) {
        qWarning() << "session did not run:" << error;
        return std::nullopt;
    }
    auto stored = readSession(dbPath, end.id, WithSummary::Yes, &error);
    if (!stored) {
        qWarning() << error;
        return std::nullopt;
    }
    stored->end = end;
    return stored;
}

// Only the summary of session `id` in dbPath, or none with *error set.
inline std::optional<SessionSummary> readSummary(const QString &dbPath, qint64 id, QString *error)
{
    Database db(dbPath);
    if (!db.open(error))
        return std::nullopt;
    SessionRepository repo(db);
    return loadSessionSummary(repo, id, error);
}

// The session's own record (its calibration, ...), or none with *error set.
inline std::optional<SessionInfo> readSessionInfo(const QString &dbPath, qint64 id, QString *error)
{
    Database db(dbPath);
    if (!db.open(error))
        return std::nullopt;
    return SessionRepository(db).session(id, error);
}

// The events the session recorded, oldest first; empty with *error set when they cannot be read.
inline std::vector<SessionEvent> readEvents(const QString &dbPath, qint64 id, QString *error)
{
    Database db(dbPath);
    if (!db.open(error))
        return {};
    return SessionRepository(db).events(id, error);
}

// The summary of the provider of that name, or null.
inline const ProviderSummary *providerNamed(const SessionSummary &s, const QString &name)
{
    for (const ProviderSummary &p : s.providers)
        if (p.name == name)
            return &p;
    return nullptr;
}

} // namespace ys::test
