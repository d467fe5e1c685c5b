#include "cli/cli_commands.h"

#include "cli/cli_gate.h"
#include "cli/cli_output.h"
#include "util/number_text.h"

#include "analysis/gates.h"
#include "analysis/price_source_json.h"
#include "analysis/run_summary.h"
#include "analysis/summary_json.h"
#include "demo/sim_demo_host.h"
#include "domain/calibration_record.h"
#include "domain/session_status.h"
#include "models/contract_text.h"
#include "models/eta_text.h"
#include "models/figure_text.h"
#include "models/insight_text.h"
#include "models/results_text.h"
#include "run/cost_estimate.h"
#include "run/metrics_endpoint.h"
#include "run/session_plan.h"
#include "run/session_runner.h"
#include "storage/database.h"
#include "storage/drift_loader.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"
#include "tokenize/bpe_tokenizer.h"
#include "util/log.h"
#include "workbench/background_reader.h"
#include "workbench/claimed_run.h"
#include "workbench/demo_suite.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>
#include <map>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

using cli::out;

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

QString cell(const std::optional<double> &v, int decimals)
{
    return v ? fixedNumber(*v, decimals) : QStringLiteral("—");
}

// One line: the providers by score, with the weights used.
QString scoreLine(const SessionSummary &summary, const std::vector<ScoreCriterion> &criteria)
{
    QString error;
    const auto table = Scores::ofSession(summary, criteria, &error);
    if (!table)
        return {};
    QStringList weights;
    for (const ScoreCriterion &c : table->criteria)
        weights << QStringLiteral("%1 %2").arg(c.name).arg(c.weight);
    std::vector<const ScoreRow *> ranked;
    for (const ScoreRow &r : table->rows)
        if (r.rank)
            ranked.push_back(&r);
    if (ranked.empty())
        return {};
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const ScoreRow *a, const ScoreRow *b) { return *a->rank < *b->rank; });
    QStringList rows;
    for (const ScoreRow *r : ranked)
        rows << QStringLiteral("%1. %2 %3")
                    .arg(*r->rank)
                    .arg(r->name)
                    .arg(fixedNumber(*r->score, 3));
    return CliCommands::tr("Score (%1): %2")
        .arg(weights.join(QStringLiteral(", ")), rows.join(QStringLiteral("; ")));
}

void printSummaryText(const SessionSummary &summary, const std::vector<ScoreCriterion> &criteria)
{
    const Requirements &req = summary.requirements;
    out() << CliCommands::tr("Session %1 (%2), %3")
                 .arg(summary.info.id)
                 .arg(summary.info.suiteName, SessionStatusText::displayText(summary.info.status))
          << '\n';
    out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
                 .arg(CliCommands::tr("provider"), -28)
                 .arg(CliCommands::tr("succ/n"), 7)
                 .arg(CliCommands::tr("TTFT p50"), 9)
                 .arg(CliCommands::tr("E2E p95"), 9)
                 .arg(CliCommands::tr("tok/s"), 7)
                 .arg(CliCommands::tr("$/1K"), 9)
                 .arg(CliCommands::tr("context"), 8)
                 .arg(CliCommands::tr("gates"));
    for (std::size_t i = 0; i < summary.providers.size(); ++i) {
        const ProviderSummary &p = summary.providers[i];
        const GateVerdict v = Gates::verdict(summary, i);
        out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
                     .arg(p.name.left(28), -28)
                     .arg(FigureText::successes(p), 7)
                     .arg(cell(p.ttftMs.p50, 1), 9)
                     .arg(cell(Gates::gatedLatency(p).p95, 1), 9)
                     .arg(cell(p.outputTokensPerSecondP50, 0), 7)
                     .arg(cell(p.usdPer1kBlended, 5), 9)
                     .arg(p.contextWindow ? FigureText::contextWindow(*p.contextWindow)
                                          : QStringLiteral("—"),
                          8)
                     .arg(Gates::describe(v.overall()));
        if (Gates::latencyFromIntendedStart(p))
            out() << QStringLiteral("    ")
                  << CliCommands::tr("E2E p95 above: open loop, from the intended start (queue "
                                     "delay included), as the latency gate reads it; %1 ms from "
                                     "the actual start")
                         .arg(cell(p.e2eMs.p95, 1))
                  << '\n';
        if (p.successes < p.attempts)
            out() << QStringLiteral("    ")
                  << CliCommands::tr("outcomes: %1").arg(FigureText::outcomeBreakdown(p)) << '\n';
        for (const QString &line : FigureText::latencyScenarios(p))
            out() << QStringLiteral("    ") << line << '\n';
        out() << QStringLiteral("    ") << PriceSourceText::line(p.price) << '\n';
        if (p.askedRatePerS || p.achievedRatePerS)
            out() << QStringLiteral("    ")
                  << CliCommands::tr("open loop: %1 requests/s achieved of %2 asked")
                         .arg(cell(p.achievedRatePerS, 2), cell(p.askedRatePerS, 2))
                  << '\n';
        for (const QString &line : resultsTextLines(p.results))
            out() << QStringLiteral("    ") << line << '\n';
        constexpr int kFailuresShown = 20;
        if (p.contract)
            for (const QString &line : ContractText::lines(*p.contract, kFailuresShown))
                out() << QStringLiteral("    ") << line << '\n';
    }
    for (const QString &line : InsightText::lines(summary))
        out() << line << '\n';
    if (const QString line = scoreLine(summary, criteria); !line.isEmpty())
        out() << line << '\n';
    if (const auto calibration = CalibrationRecord::fromJson(summary.info.calibration))
        out() << CalibrationText::describe(*calibration) << '\n';
    else
        out() << CliCommands::tr("Client delivery overhead: not measured") << '\n';
    const QStringList gates = Gates::describe(req);
    out() << CliCommands::tr("Gates: %1 (E2E in open loop from the intended start). "
                             "Percentiles: linear interpolation (type 7).")
                 .arg(gates.isEmpty() ? CliCommands::tr("none") : gates.join(QStringLiteral("; ")))
          << '\n';
    out().flush();
}

// Shows a problem on stderr, as the command line always has, and keeps it in the log file.
void complain(const QString &message)
{
    err() << message << '\n';
    err().flush();
    Log::toFileOnly(QtWarningMsg, lcApp(), message);
}

constexpr std::size_t kMaxLoggedDiagnostics = 3;
constexpr qsizetype kMaxLoggedDiagnostic = 500;
constexpr qint64 kProgressLineMs = 10000;

// One log line per provider of a finished session (attempts, successes and the outcomes), and
// one for each of its commonest diagnostics.
void logSessionSummary(const QString &dbPath, qint64 sessionId)
{
    if (!lcEngine().isInfoEnabled())
        return;
    Database db(dbPath);
    QString error;
    if (!db.open(&error)) {
        qCWarning(lcStorage).noquote() << error;
        return;
    }
    SessionRepository repo(db);
    const auto summary = loadSessionView(repo, sessionId, &error);
    if (!summary) {
        qCWarning(lcStorage).noquote() << error;
        return;
    }
    for (const ProviderSummary &p : summary->providers) {
        QStringList outcomes;
        for (int i = 0; i < kOutcomeCount; ++i) {
            if (p.outcomes[std::size_t(i)] > 0)
                outcomes << QStringLiteral("%1 %2").arg(
                    outcomeName(Outcome(i)), QString::number(p.outcomes[std::size_t(i)]));
        }
        qCInfo(lcEngine).noquote()
            << QStringLiteral(
                   "session %1, provider \"%2\" (%3, model %4): run %5, %6/%7 successful; %8")
                   .arg(QString::number(sessionId), p.name, p.dialect, p.model,
                        p.runStatus ? sessionStatusName(*p.runStatus) : QString(),
                        QString::number(p.successes), QString::number(p.attempts),
                        outcomes.join(QStringLiteral(", ")));
        if (p.successes == p.attempts || !p.runId)
            continue;
        // The commonest diagnostics of the failed attempts, as stored (already redacted).
        std::map<QString, int> diagnostics;
        for (const Sample &sample : repo.samples(p.runId, &error)) {
            if (!sample.error.isEmpty())
                ++diagnostics[sample.error.left(kMaxLoggedDiagnostic)];
        }
        std::vector<std::pair<int, QString>> byCount;
        for (const auto &[text, count] : diagnostics)
            byCount.emplace_back(count, text);
        std::stable_sort(byCount.begin(), byCount.end(),
                         [](const auto &a, const auto &b) { return a.first > b.first; });
        if (byCount.size() > kMaxLoggedDiagnostics)
            byCount.resize(kMaxLoggedDiagnostics);
        for (const auto &[count, text] : byCount)
            qCInfo(lcEngine).noquote()
                << QStringLiteral("session %1, provider \"%2\": %3 x %4")
                       .arg(QString::number(sessionId), p.name, QString::number(count), text);
    }
}

// Opens an existing database for reading; a missing file is an error, not a new database.
std::unique_ptr<Database> openExisting(const QString &path)
{
    if (!Database::isPostgresUrl(path) && !QFileInfo::exists(path)) {
        err() << CliCommands::tr("%1: no such database").arg(path) << '\n';
        err().flush();
        return nullptr;
    }
    auto db = std::make_unique<Database>(path);
    QString error;
    if (!db->open(&error)) {
        err() << error << '\n';
        err().flush();
        return nullptr;
    }
    return db;
}

// Every provider named on the command line is one of the suite's; else says which is not.
bool providersKnown(const Suite &suite, const QStringList &names)
{
    for (const QString &name : names) {
        const bool known = std::any_of(suite.providers.begin(), suite.providers.end(),
                                       [&](const ProviderConfig &p) { return p.name == name; });
        if (!known) {
            complain(
                CliCommands::tr("No provider named \"%1\" in suite \"%2\"").arg(name, suite.name));
            return false;
        }
    }
    return true;
}

// With a budget, the plan's estimate is shown before anything starts; a session past its budget
// is refused by the runner, which runs this same plan (exit code 2).
void showEstimate(const SessionPlan &plan)
{
    const CostEstimate &estimate = plan.estimate();
    if (!estimate.guarded())
        return;
    err() << CostEstimateText::line(estimate) << '\n';
    err().flush();
}

// The suite a run command runs (the demo's on its simulator, or a file), with the requirements
// a --requirements file sets. Returns the exit code when it cannot be had.
// The run's progress: a log line at each new provider, and on stderr in every mode (stdout stays
// the summary alone, JSON with --json) a line at each new provider, else every 10 s.
void printProgress(SessionRunner &runner, QObject *context)
{
    struct Lines {
        QString lastProvider;
        QElapsedTimer sinceLine;
    };
    auto lines = std::make_shared<Lines>();
    QObject::connect(
        &runner, &SessionRunner::progress, context,
        [lines](int done, int total, const QString &provider, qint64 etaMs) {
            QString &lastProvider = lines->lastProvider;
            QElapsedTimer &sinceLine = lines->sinceLine;
            const bool newProvider = provider != lastProvider && !provider.isEmpty();
            if (newProvider) {
                lastProvider = provider;
                qCInfo(lcEngine).noquote()
                    << QStringLiteral("%1 of %2 requests done, now %3")
                           .arg(QString::number(done), QString::number(total), provider);
            }
            if (lastProvider.isEmpty() ||
                (!newProvider && sinceLine.isValid() && sinceLine.elapsed() < kProgressLineMs))
                return;
            sinceLine.start();
            const QString eta = EtaText::format(etaMs);
            if (eta.isEmpty())
                err() << CliCommands::tr("[%1/%2] %3").arg(done).arg(total).arg(lastProvider)
                      << '\n';
            else
                err()
                    << CliCommands::tr("[%1/%2] %3, %4").arg(done).arg(total).arg(lastProvider, eta)
                    << '\n';
            err().flush();
        });
}

// The demo's queue item (docs/workers.md): enqueued claimed by this process and kept by a
// ClaimedRun that follows the runner; the loop ends when the item is marked.
struct DemoClaim {
    std::unique_ptr<BackgroundReader> store;
    std::unique_ptr<ClaimedRun> run;

    static DemoClaim make(const QString &db, const Suite &suite, SessionRunner &runner,
                          QEventLoop &loop)
    {
        DemoClaim c;
        c.store = std::make_unique<BackgroundReader>(db, nullptr, QStringLiteral("ys-run-claim"));
        c.run = std::make_unique<ClaimedRun>(*c.store, kDemoLeaseMs);
        QObject::connect(c.run.get(), &ClaimedRun::notQueued, &loop, [](const QString &e) {
            complain(CliCommands::tr("The demo runs without a queue item: %1").arg(e));
        });
        QObject::connect(c.run.get(), &ClaimedRun::settled, &loop, [&loop] { loop.quit(); });
        c.run->enqueueOwn(suite, &runner);
        return c;
    }
};

std::optional<int> loadRunSuite(const CliRunOptions &options, SimDemoHost &demo, Suite &suite)
{
    QString error;
    if (options.suite == kDemoSuiteName) {
        QUrl url = options.simulator;
        if (url.isEmpty()) {
            url = demo.start(&error);
            if (url.isEmpty()) {
                complain(CliCommands::tr("Cannot start the built-in simulator: %1").arg(error));
                return 1;
            }
        }
        suite = demoSuite(demo.providers(url));
    } else {
        auto loaded = Suite::loadFile(options.suite, &error);
        if (!loaded) {
            complain(error);
            return 2;
        }
        suite = *loaded;
    }
    if (!options.requirements.isEmpty()) {
        auto requirements = Requirements::loadFile(options.requirements, &error);
        if (!requirements) {
            complain(error);
            return 2;
        }
        suite.requirements = *requirements; // stored with the session, so show's gates agree
    }
    return std::nullopt;
}

} // namespace

int CliCommands::run(const CliRunOptions &options)
{
    // An unknown baseline is bad input found before anything runs.
    if (const auto code = CliGate::checkBaseline(options.dbPath, options.baseline))
        return *code;
    SimDemoHost demo;
    Suite suite;
    if (const auto code = loadRunSuite(options, demo, suite))
        return *code;
    QString error;
    if (!providersKnown(suite, options.providers))
        return 2;
    std::optional<SessionPlan> plan = SessionPlan::make(suite, options.providers, &error);
    if (!plan) {
        complain(error);
        return 2;
    }
    showEstimate(*plan);

    SessionRunner runner;
    MetricsEndpoint metrics;
    if (!options.metricsListen.isEmpty()) {
        if (!metrics.listen(options.metricsListen, &error)) {
            complain(tr("--metrics-listen: %1").arg(error));
            return 2;
        }
        metrics.attach(&runner);
    }
    SessionRequest request;
    request.suite = suite;
    request.dbPath = options.dbPath;
    request.onlyProviders = options.providers;
    request.plan = std::move(plan);
    QEventLoop loop;
    qint64 sessionId = 0;
    SessionStatus status = SessionStatus::Running;
    QObject::connect(&runner, &SessionRunner::warning, &loop,
                     [](const QString &message) { complain(message); });
    QElapsedTimer clock;
    QObject::connect(&runner, &SessionRunner::sessionStarted, &loop, [&](qint64 id) {
        qCInfo(lcEngine).noquote()
            << QStringLiteral("session %1 started: suite \"%2\", %3 providers, %4 scenarios, "
                              "database %5")
                   .arg(QString::number(id), suite.name,
                        QString::number(options.providers.isEmpty()
                                            ? qsizetype(suite.providers.size())
                                            : options.providers.size()),
                        QString::number(suite.scenarios.size()), options.dbPath);
    });
    printProgress(runner, &loop);
    // The demo goes through the database's run queue as a worker's run would (docs/workers.md).
    const DemoClaim claim = options.suite == kDemoSuiteName && options.providers.isEmpty()
                                ? DemoClaim::make(options.dbPath, suite, runner, loop)
                                : DemoClaim{};
    ClaimedRun *claimed = claim.run.get();
    QObject::connect(&runner, &SessionRunner::finished, &loop, [&](qint64 id, SessionStatus s) {
        sessionId = id;
        status = s;
        if (!claimed)
            loop.quit();
    });
    clock.start();
    if (!runner.start(std::move(request), &error)) {
        complain(error);
        if (claimed) {
            claimed->failBeforeStart(error);
            loop.exec();
        }
        return 2;
    }
    loop.exec();
    qCInfo(lcEngine).noquote() << QStringLiteral("session %1 ended %2 after %3 s")
                                      .arg(QString::number(sessionId), sessionStatusName(status),
                                           fixedNumber(double(clock.elapsed()) / 1000.0, 1));
    if (!sessionId)
        return 1;
    logSessionSummary(options.dbPath, sessionId);
    const int shown = show(options.dbPath, sessionId, options.json);
    if (status != SessionStatus::Finished || shown != 0)
        return status == SessionStatus::Finished ? shown : 1;
    if (options.gate)
        return CliGate::gate({options.dbPath, sessionId, {}, options.json, options.json},
                             options.baseline);
    return 0;
}

int CliCommands::list(const QString &dbPath, bool json)
{
    auto db = openExisting(dbPath);
    if (!db)
        return 2;
    SessionRepository repo(*db);
    QString error;
    const auto sessions = repo.sessions(&error);
    if (!error.isEmpty()) {
        err() << error << '\n';
        return 1;
    }
    if (json) {
        nlohmann::json doc = nlohmann::json::array();
        for (const SessionInfo &s : sessions) {
            doc.push_back(
                {{"session", s.id},
                 {"suite", s.suiteName.toStdString()},
                 {"started", s.startedAt.toUTC().toString(Qt::ISODateWithMs).toStdString()},
                 {"status", sessionStatusName(s.status).toStdString()},
                 {"providers", s.providerCount},
                 {"runs", s.runCount},
                 {"samples", s.sampleCount}});
        }
        out() << QString::fromStdString(doc.dump(2)) << '\n';
    } else {
        for (const SessionInfo &s : sessions)
            out() << tr("%1  %2  %3  %4  %5 providers, %6 samples")
                         .arg(s.id, 5)
                         .arg(s.startedAt.toUTC().toString(Qt::ISODate), s.suiteName,
                              SessionStatusText::displayText(s.status))
                         .arg(s.providerCount)
                         .arg(s.sampleCount)
                  << '\n';
    }
    out().flush();
    return 0;
}

int CliCommands::show(const QString &dbPath, std::optional<qint64> sessionId, bool json,
                      const std::vector<ScoreCriterion> &criteria)
{
    const std::vector<ScoreCriterion> weights =
        criteria.empty() ? Scores::defaultCriteria() : criteria;
    auto db = openExisting(dbPath);
    if (!db)
        return 2;
    SessionRepository repo(*db);
    QString error;
    if (!sessionId) {
        const auto sessions = repo.sessions(&error);
        if (sessions.empty()) {
            err() << tr("%1 holds no sessions").arg(dbPath) << '\n';
            return 1;
        }
        sessionId = sessions.front().id;
    }
    auto summary = loadSessionView(repo, *sessionId, &error);
    if (!summary) {
        err() << error << '\n';
        return 1;
    }
    if (json)
        out() << QString::fromUtf8(sessionSummaryJson(*summary, weights)) << '\n';
    else
        printSummaryText(*summary, weights);
    out().flush();
    return 0;
}

int CliCommands::tokens(const QString &encoding, const QString &path, bool ids, bool specialTokens)
{
    const std::optional<Encoding> enc = encodingFromName(encoding);
    if (!enc) {
        err() << tr("Unknown encoding \"%1\"; use cl100k_base or o200k_base.").arg(encoding)
              << '\n';
        return 2;
    }
    QFile file;
    const bool isStdin = path == QLatin1StringView("-");
    if (isStdin)
        file.open(stdin, QIODevice::ReadOnly);
    else
        file.setFileName(path);
    if (!file.isOpen() && !file.open(QIODevice::ReadOnly)) {
        err() << tr("%1: cannot read: %2").arg(path, file.errorString()) << '\n';
        return 2;
    }
    const QByteArray bytes = file.readAll();
    const Tokenizer &tokenizer = Tokenizer::shared(*enc);
    const SpecialTokens specials = specialTokens ? SpecialTokens::AsSpecial : SpecialTokens::AsText;
    if (!ids) {
        out() << tokenizer.countUtf8(bytes, specials) << '\n';
        out().flush();
        return 0;
    }
    QByteArray text;
    text.reserve(bytes.size() * 2 + 2);
    text += '[';
    bool first = true;
    for (const TokenId id : tokenizer.encodeUtf8(bytes, specials)) {
        if (!first)
            text += ',';
        first = false;
        text += QByteArray::number(id);
    }
    text += "]\n";
    out().flush();
    QFile stdoutFile;
    stdoutFile.open(stdout, QIODevice::WriteOnly);
    stdoutFile.write(text);
    return 0;
}

} // namespace ys
