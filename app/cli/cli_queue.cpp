#include "cli/cli_queue.h"

#include "cli/cli_gate_baseline.h"
#include "cli/cli_output.h"
#include "cli/cli_worker.h"
#include "domain/suite.h"
#include "run/cost_estimate.h"
#include "run/session_plan.h"
#include "storage/database.h"
#include "storage/history_window.h"
#include "storage/run_queue.h"
#include "storage/session_repository.h"
#include "util/number_text.h"

#include <QDateTime>
#include <QFileInfo>
#include <QTextStream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

using cli::fail;
using cli::out;

QString option(const QCommandLineParser &parser, const char *name)
{
    return parser.value(QString::fromLatin1(name));
}

bool isSet(const QCommandLineParser &parser, const char *name)
{
    return parser.isSet(QString::fromLatin1(name));
}

// The database of --db, opened (an SQLite file is made when missing: a queue may come first).
std::unique_ptr<Database> openDb(const QCommandLineParser &parser, int *code)
{
    auto db = std::make_unique<Database>(option(parser, "db"));
    QString error;
    if (!db->open(&error)) {
        *code = fail(2, error);
        return nullptr;
    }
    return db;
}

// The suite of --suite, restricted to the --provider ones, as the JSON a worker runs.
std::optional<Suite> loadSuite(const QCommandLineParser &parser, int *code)
{
    const QString path = option(parser, "suite");
    if (path == QLatin1StringView("demo")) {
        *code = fail(2, CliQueue::tr("--suite demo runs on a simulator inside the process that "
                                     "enqueues it; queue and schedule need a suite file"));
        return std::nullopt;
    }
    QString error;
    auto suite = Suite::loadFile(path, &error);
    if (!suite) {
        *code = fail(2, error);
        return std::nullopt;
    }
    const QStringList only = parser.values(QStringLiteral("provider"));
    for (const QString &name : only) {
        if (std::none_of(suite->providers.begin(), suite->providers.end(),
                         [&](const ProviderConfig &p) { return p.name == name; })) {
            *code = fail(
                2, CliQueue::tr("No provider named \"%1\" in suite \"%2\"").arg(name, suite->name));
            return std::nullopt;
        }
    }
    if (!only.isEmpty())
        std::erase_if(suite->providers,
                      [&](const ProviderConfig &p) { return !only.contains(p.name); });
    return suite;
}

QString msText(std::optional<qint64> ms)
{
    return ms ? QDateTime::fromMSecsSinceEpoch(*ms, Qt::UTC).toString(Qt::ISODate)
              : QStringLiteral("—");
}

QString figure(const std::optional<double> &v, int decimals)
{
    return v ? fixedNumber(*v, decimals) : QStringLiteral("—");
}

nlohmann::json optionalJson(const std::optional<double> &v)
{
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// A stored gate_json as JSON, or null without one.
nlohmann::json gateJsonOf(const QByteArray &stored)
{
    if (stored.isEmpty())
        return nullptr;
    auto j = nlohmann::json::parse(stored.toStdString(), nullptr, false);
    return j.is_discarded() ? nlohmann::json(nullptr) : j;
}

// Each schedule's latest item the worker checked with the regression gate: its gate_json.
std::map<qint64, nlohmann::json> lastVerdicts(RunQueue &queue, QString *error)
{
    std::map<qint64, nlohmann::json> out;
    for (const QueueItem &i : queue.items(error)) {
        const nlohmann::json gate = gateJsonOf(i.gateJson);
        if (i.scheduleId && gate.is_object() && gate.contains("verdict")) {
            nlohmann::json last = gate["verdict"];
            last["item"] = i.id;
            out[*i.scheduleId] = last; // items in id order: the last one stays
        }
    }
    return out;
}

// "no regression", "regressed" or the reason it was not checked.
QString verdictText(const nlohmann::json &verdict)
{
    if (verdict.contains("error"))
        return CliQueue::tr("not checked");
    return verdict.value("regressed", false) ? CliQueue::tr("regressed")
                                             : CliQueue::tr("no regression");
}

// schedule list: every schedule, its interval or times and its next and last slot.
int listSchedules(const QCommandLineParser &parser)
{
    int code = 0;
    QString error;
    auto db = openDb(parser, &code);
    if (!db)
        return code;
    RunQueue queue(*db);
    const auto schedules = queue.schedules(&error);
    if (!error.isEmpty())
        return fail(1, error);
    const auto verdicts = lastVerdicts(queue, &error);
    if (!error.isEmpty())
        return fail(1, error);
    const auto lastOf = [&](qint64 id) {
        const auto it = verdicts.find(id);
        return it == verdicts.end() ? nlohmann::json(nullptr) : it->second;
    };
    if (isSet(parser, "json")) {
        nlohmann::json doc = nlohmann::json::array();
        for (const Schedule &s : schedules)
            doc.push_back(
                {{"id", s.id},
                 {"name", s.name.toStdString()},
                 {"every_s", s.everyS ? nlohmann::json(*s.everyS) : nlohmann::json(nullptr)},
                 {"at_utc", s.timesOfDay.isEmpty()
                                ? nlohmann::json(nullptr)
                                : nlohmann::json(RunQueue::timesText(s.timesOfDay).toStdString())},
                 {"next", msText(s.nextMs).toStdString()},
                 {"last", s.lastMs ? nlohmann::json(msText(s.lastMs).toStdString())
                                   : nlohmann::json(nullptr)},
                 {"enabled", s.enabled},
                 {"gate", gateJsonOf(s.gateJson)},
                 {"last_gate_verdict", lastOf(s.id)}});
        out() << QString::fromStdString(doc.dump(2)) << '\n';
    } else {
        for (const Schedule &s : schedules)
            out() << CliQueue::tr("%1  %2  %3  next %4  last %5%6")
                         .arg(s.id, 4)
                         .arg(
                             s.name,
                             s.everyS
                                 ? CliQueue::tr("every %1 s").arg(*s.everyS)
                                 : CliQueue::tr("at %1 UTC").arg(RunQueue::timesText(s.timesOfDay)),
                             msText(s.nextMs), msText(s.lastMs),
                             lastOf(s.id).is_object()
                                 ? CliQueue::tr("  gate: %1").arg(verdictText(lastOf(s.id)))
                                 : QString())
                  << '\n';
    }
    out().flush();
    return 0;
}

} // namespace

void CliQueue::addOptions(QCommandLineParser &parser)
{
    const auto opt = [&](const char *name, const QString &help, const char *value) {
        parser.addOption(
            QCommandLineOption(QString::fromLatin1(name), help, QString::fromLatin1(value)));
    };
    const auto flag = [&](const char *name, const QString &help) {
        parser.addOption(QCommandLineOption(QString::fromLatin1(name), help));
    };
    opt("count", tr("queue: enqueue the suite this many times (default 1)."), "n");
    flag("list", tr("queue: list the queue instead of adding to it."));
    opt("name", tr("worker: the worker's name (default host:pid); schedule add: its name."),
        "name");
    opt("lease", tr("worker: seconds a claim lasts without renewal (default 60)."), "s");
    flag("once", tr("worker: run one queued item at most, then exit."));
    opt("max-runs", tr("worker: exit after this many items."), "n");
    opt("idle-exit", tr("worker: exit after this many seconds without work."), "s");
    opt("every", tr("schedule add: enqueue every interval, e.g. 2m, 6h, 1d."), "interval");
    CliGateBaseline::addOptions(parser);
    opt("at", tr("schedule add: enqueue at these UTC times of day, e.g. 09:00,15:00."), "times");
    opt("window", tr("history: group sessions by windows of this length, e.g. 1h, 6h, 1d."),
        "interval");
    opt("by", tr("history: hour-of-day groups the sessions by the UTC hour they started in."),
        "grouping");
}

std::optional<int> CliQueue::run(const QStringList &args, const QCommandLineParser &parser)
{
    const QString command = args.first();
    const bool ours =
        command == QLatin1StringView("queue") || command == QLatin1StringView("worker") ||
        command == QLatin1StringView("schedule") || command == QLatin1StringView("history");
    if (!ours)
        return std::nullopt;
    if (!isSet(parser, "db"))
        return fail(2, tr("%1 needs --db FILE|postgresql://...").arg(command));
    if (command == QLatin1StringView("schedule"))
        return schedule(args, parser);
    if (args.size() != 1)
        return fail(2, tr("%1 takes no further arguments").arg(command));
    if (command == QLatin1StringView("queue"))
        return queue(parser);
    if (command == QLatin1StringView("history"))
        return history(parser);

    CliWorkerOptions o;
    o.db = option(parser, "db");
    o.name = option(parser, "name");
    o.once = isSet(parser, "once");
    o.metricsListen = option(parser, "metrics-listen");
    if (isSet(parser, "lease")) {
        const auto lease = RunQueue::parseEvery(option(parser, "lease"));
        if (!lease)
            return fail(
                2, tr("--lease: \"%1\" is not a number of seconds").arg(option(parser, "lease")));
        o.leaseS = *lease;
    }
    if (isSet(parser, "max-runs")) {
        bool ok = false;
        o.maxRuns = option(parser, "max-runs").toInt(&ok);
        if (!ok || o.maxRuns <= 0)
            return fail(
                2,
                tr("--max-runs: \"%1\" is not a positive number").arg(option(parser, "max-runs")));
    }
    if (isSet(parser, "idle-exit")) {
        const auto idle = RunQueue::parseEvery(option(parser, "idle-exit"));
        if (!idle)
            return fail(2, tr("--idle-exit: \"%1\" is not a number of seconds")
                               .arg(option(parser, "idle-exit")));
        o.idleExitS = *idle;
    }
    return CliWorker::run(o);
}

int CliQueue::queue(const QCommandLineParser &parser)
{
    int code = 0;
    const bool list = isSet(parser, "list");
    if (!list && !isSet(parser, "suite"))
        return fail(2, tr("Usage: queue --db URL --suite FILE [--provider NAME]... [--count N] "
                          "| queue --db URL --list [--json]"));
    int count = 1;
    if (isSet(parser, "count")) {
        bool ok = false;
        count = option(parser, "count").toInt(&ok);
        if (!ok || count <= 0)
            return fail(
                2, tr("--count: \"%1\" is not a positive number").arg(option(parser, "count")));
    }
    QByteArray gate;
    if (const auto bad = CliGateBaseline::readOptions(parser, &gate))
        return *bad;
    std::optional<Suite> suite;
    if (!list && !(suite = loadSuite(parser, &code)))
        return code;
    auto db = openDb(parser, &code);
    if (!db)
        return code;
    RunQueue queue(*db);
    QString error;
    if (list) {
        const auto items = queue.items(&error);
        if (!error.isEmpty())
            return fail(1, error);
        if (isSet(parser, "json")) {
            nlohmann::json doc = nlohmann::json::array();
            for (const QueueItem &i : items)
                doc.push_back({{"id", i.id},
                               {"suite", i.suiteName.toStdString()},
                               {"state", i.state.toStdString()},
                               {"schedule", i.scheduleId ? nlohmann::json(*i.scheduleId)
                                                         : nlohmann::json(nullptr)},
                               {"worker", i.worker.toStdString()},
                               {"claims", i.claims},
                               {"session", i.sessionId ? nlohmann::json(*i.sessionId)
                                                       : nlohmann::json(nullptr)},
                               {"enqueued", i.enqueuedAt.toStdString()},
                               {"finished", i.finishedAt.toStdString()},
                               {"error", i.error.toStdString()},
                               {"gate", gateJsonOf(i.gateJson)}});
            out() << QString::fromStdString(doc.dump(2)) << '\n';
        } else {
            for (const QueueItem &i : items)
                out() << tr("%1  %2  %3  worker %4 (claim %5)  session %6  %7")
                             .arg(i.id, 5)
                             .arg(i.state, -8)
                             .arg(i.suiteName, i.worker.isEmpty() ? QStringLiteral("—") : i.worker)
                             .arg(i.claims)
                             .arg(i.sessionId ? QString::number(*i.sessionId) : QStringLiteral("—"),
                                  i.error)
                      << '\n';
        }
        out().flush();
        return 0;
    }
    // The plan a worker will make, checked now: past the budget no worker would start it.
    const std::optional<SessionPlan> plan = SessionPlan::make(*suite, {}, &error);
    if (!plan)
        return fail(2, error);
    if (plan->refused(false))
        return fail(2, CostEstimateText::refusal(plan->estimate()));
    if (plan->estimate().guarded())
        QTextStream(stderr) << CostEstimateText::line(plan->estimate()) << '\n';
    const QByteArray json = suite->toJson();
    for (int n = 0; n < count; ++n) {
        const auto id = queue.enqueue(suite->name, json, std::nullopt, &error, gate);
        if (!id)
            return fail(1, error);
        out() << tr("Queued item %1: suite \"%2\"").arg(*id).arg(suite->name) << '\n';
    }
    out().flush();
    return 0;
}

int CliQueue::schedule(const QStringList &args, const QCommandLineParser &parser)
{
    const QString usage = tr("Usage: schedule add --db URL --suite FILE (--every 2m|6h | --at "
                             "09:00,15:00) [--name NAME] [--provider NAME]... [--gate-baseline "
                             "ID|latest [--tolerance T] [--alpha A]] | schedule list "
                             "--db URL [--json] | schedule remove --db URL ID");
    if (args.size() < 2)
        return fail(2, usage);
    const QString sub = args.at(1);
    int code = 0;
    QString error;
    if (sub == QLatin1StringView("add") && args.size() == 2) {
        if (!isSet(parser, "suite") || isSet(parser, "every") == isSet(parser, "at"))
            return fail(2, usage);
        std::optional<qint64> every;
        QList<QTime> times;
        if (isSet(parser, "every")) {
            every = RunQueue::parseEvery(option(parser, "every"));
            if (!every)
                return fail(2, tr("--every: \"%1\" is not an interval such as 2m, 6h or 1d")
                                   .arg(option(parser, "every")));
        } else {
            const auto parsed = RunQueue::parseTimes(option(parser, "at"));
            if (!parsed)
                return fail(2, tr("--at: \"%1\" is not a list of times of day such as "
                                  "09:00,15:00")
                                   .arg(option(parser, "at")));
            times = *parsed;
        }
        QByteArray gate;
        if (const auto bad = CliGateBaseline::readOptions(parser, &gate))
            return *bad;
        const auto suite = loadSuite(parser, &code);
        if (!suite)
            return code;
        auto db = openDb(parser, &code);
        if (!db)
            return code;
        RunQueue queue(*db);
        const QString name = isSet(parser, "name") ? option(parser, "name") : suite->name;
        const auto id = queue.addSchedule(name, suite->toJson(), every, times, &error, gate);
        if (!id)
            return fail(1, error);
        out() << tr("Schedule %1 \"%2\": %3")
                     .arg(*id)
                     .arg(name, every ? tr("every %1 s").arg(*every)
                                      : tr("at %1 UTC").arg(RunQueue::timesText(times)))
              << '\n';
        out().flush();
        return 0;
    }
    if (sub == QLatin1StringView("list") && args.size() == 2)
        return listSchedules(parser);
    if (sub == QLatin1StringView("remove") && args.size() == 3) {
        bool ok = false;
        const qint64 id = args.at(2).toLongLong(&ok);
        if (!ok || id <= 0)
            return fail(2, tr("schedule remove: \"%1\" is not a schedule id").arg(args.at(2)));
        auto db = openDb(parser, &code);
        if (!db)
            return code;
        RunQueue queue(*db);
        if (!queue.removeSchedule(id, &error))
            return fail(1, error);
        out() << tr("Schedule %1 removed").arg(id) << '\n';
        out().flush();
        return 0;
    }
    return fail(2, usage);
}

int CliQueue::history(const QCommandLineParser &parser)
{
    qint64 windowS = 86400;
    if (isSet(parser, "window")) {
        const auto w = RunQueue::parseEvery(option(parser, "window"));
        if (!w)
            return fail(2, tr("--window: \"%1\" is not an interval such as 1h, 6h or 1d")
                               .arg(option(parser, "window")));
        windowS = *w;
    }
    HistoryGrouping grouping = HistoryGrouping::Window;
    if (isSet(parser, "by")) {
        if (option(parser, "by") != QLatin1StringView("hour-of-day"))
            return fail(2, tr("--by: \"%1\" is not hour-of-day").arg(option(parser, "by")));
        grouping = HistoryGrouping::HourOfDay;
    }
    const QString path = option(parser, "db");
    if (!Database::isPostgresUrl(path) && !QFileInfo::exists(path))
        return fail(2, tr("%1: no such database").arg(path));
    int code = 0;
    auto db = openDb(parser, &code);
    if (!db)
        return code;
    SessionRepository repo(*db);
    QString error;
    const auto rows = HistoryWindow::load(repo, option(parser, "suite"), windowS, grouping, &error);
    if (!error.isEmpty())
        return fail(1, error);
    const auto groupText = [&](const HistoryWindowRow &r) {
        return grouping == HistoryGrouping::HourOfDay
                   ? QStringLiteral("%1:00Z").arg(r.hourOfDay, 2, 10, QLatin1Char('0'))
                   : msText(r.groupStartMs);
    };
    if (isSet(parser, "json")) {
        nlohmann::json doc = nlohmann::json::array();
        for (const HistoryWindowRow &r : rows) {
            nlohmann::json row{{"provider", r.provider.toStdString()},
                               {"sessions", r.sessions},
                               {"ttft_p50_ms", optionalJson(r.ttftP50Ms)},
                               {"e2e_p50_ms", optionalJson(r.e2eP50Ms)},
                               {"output_tokens_per_s", optionalJson(r.tokensPerS)}};
            if (grouping == HistoryGrouping::HourOfDay)
                row["hour_utc"] = r.hourOfDay;
            else
                row["window_start"] = msText(r.groupStartMs).toStdString();
            doc.push_back(row);
        }
        out() << QString::fromStdString(doc.dump(2)) << '\n';
    } else {
        out() << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                     .arg(grouping == HistoryGrouping::HourOfDay ? tr("hour (UTC)")
                                                                 : tr("window start (UTC)"),
                          -21)
                     .arg(tr("provider"), -24)
                     .arg(tr("sessions"), 8)
                     .arg(tr("TTFT p50"), 9)
                     .arg(tr("E2E p50"), 9)
                     .arg(tr("tok/s"), 7);
        for (const HistoryWindowRow &r : rows)
            out() << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                         .arg(groupText(r), -21)
                         .arg(r.provider.left(24), -24)
                         .arg(r.sessions, 8)
                         .arg(figure(r.ttftP50Ms, 1), 9)
                         .arg(figure(r.e2eP50Ms, 1), 9)
                         .arg(figure(r.tokensPerS, 0), 7);
        out() << tr("Each figure is the median over the group's finished sessions of the "
                    "session's own p50.")
              << '\n';
    }
    out().flush();
    return 0;
}

} // namespace ys
