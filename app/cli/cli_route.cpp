#include "cli/cli_route.h"

#include "analysis/recommendation.h"
#include "analysis/routing_policy.h"
#include "analysis/routing_replay.h"
#include "analysis/routing_text.h"
#include "cli/cli_output.h"
#include "cli/cli_session.h"
#include "export/litellm_config.h"
#include "storage/routing_attempts.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"

#include <QSaveFile>
#include <cmath>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

using cli::fail;
using cli::out;
using nlohmann::json;

// What the command works on: the session's view and the policy.
struct RouteInput {
    std::unique_ptr<Database> db;
    std::optional<SessionSummary> summary;
    RoutingPolicy policy;
};

QString opt(const QCommandLineParser &parser, const char *name)
{
    return parser.value(QString::fromLatin1(name));
}

bool has(const QCommandLineParser &parser, const char *name)
{
    return parser.isSet(QString::fromLatin1(name));
}

// The policy the options name; nullopt with *error (bad input) when they do not give one.
std::optional<RoutingPolicy> routePolicyOf(const QCommandLineParser &parser,
                                           const SessionSummary &summary, QString *error)
{
    if (has(parser, "policy") && has(parser, "primary")) {
        *error = CliRoute::tr("route: give --policy or --primary, not both");
        return std::nullopt;
    }
    if (has(parser, "fallback") && !has(parser, "primary")) {
        *error = CliRoute::tr("route: --fallback needs --primary");
        return std::nullopt;
    }
    if (has(parser, "policy"))
        return RoutingPolicy::loadFile(opt(parser, "policy"), error);
    if (has(parser, "primary")) {
        std::vector<QString> ranked{opt(parser, "primary")};
        for (const QString &f : parser.values(QStringLiteral("fallback")))
            ranked.push_back(f);
        return RoutingPolicy::fromRanking(QString(), ranked, summary);
    }
    const Recommendation r = Recommender::recommend(summary, Recommender::useCaseOf(summary));
    if (!r.choice) {
        *error = CliRoute::tr("route: no provider of session %1 qualifies for the use case \"%2\"; "
                              "name one with --primary")
                     .arg(summary.info.id)
                     .arg(r.useCase.id);
        return std::nullopt;
    }
    return RoutingPolicy::fromRecommendation(r, summary);
}

// Writes bytes to path whole or not at all; false with *error naming the file.
bool writeWhole(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        *error = CliRoute::tr("%1: cannot be written: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

std::vector<ProviderConfig> routeProvidersOf(const RouteInput &in)
{
    if (in.summary->suite)
        return in.summary->suite->providers;
    QString ignored;
    std::vector<ProviderConfig> out;
    for (const ProviderRecord &p :
         SessionRepository(*in.db).providers(in.summary->info.id, &ignored))
        out.push_back(p.config);
    return out;
}

// --write-policy, --litellm, --apply-to/--out; an exit code (2) after saying what failed.
std::optional<int> writeRouteFiles(const QCommandLineParser &parser, const RouteInput &in)
{
    QString error;
    if (has(parser, "write-policy") &&
        !writeWhole(opt(parser, "write-policy"), in.policy.toJson(), &error))
        return fail(2, error);
    if (has(parser, "litellm")) {
        const auto config = LiteLlmExport::write(in.policy, routeProvidersOf(in), &error);
        if (!config)
            return fail(2, error);
        for (const QString &w : config->warnings)
            QTextStream(stderr) << w << '\n';
        if (!writeWhole(opt(parser, "litellm"), config->yaml, &error))
            return fail(2, error);
    }
    if (has(parser, "apply-to") != has(parser, "out"))
        return fail(2, CliRoute::tr("route: --apply-to SUITE and --out FILE go together"));
    if (has(parser, "apply-to")) {
        auto suite = Suite::loadFile(opt(parser, "apply-to"), &error);
        if (!suite || !in.policy.applyTo(*suite, &error))
            return fail(2, error);
        if (!writeWhole(opt(parser, "out"), suite->toJson(), &error))
            return fail(2, error);
    }
    return std::nullopt;
}

json optionalJson(const std::optional<double> &v)
{
    return v ? json(*v) : json(nullptr);
}

json figuresJson(const RoutingFigures &f)
{
    json served = json::array();
    for (const auto &[name, n] : f.servedBy)
        served.push_back({{"provider", name.toStdString()}, {"requests", n}});
    return {{"requests", f.requests},
            {"successes", f.successes},
            {"success_rate", optionalJson(f.successRate)},
            {"p50_ms", optionalJson(f.p50Ms)},
            {"p95_ms", optionalJson(f.p95Ms)},
            {"cost_usd", optionalJson(f.costUsd)},
            {"cost_per_request_usd", optionalJson(f.costPerRequestUsd)},
            {"slo_attainment", optionalJson(f.slo.share)},
            {"goodput_per_s", optionalJson(f.slo.goodputPerS)},
            {"attempts", f.attempts},
            {"fell_back", f.fellBack},
            {"breaker_refused", f.breakerRefused},
            {"breaker_opened", f.breakerOpened},
            {"served_by", served}};
}

void printRouteJson(const RouteInput &in, const RoutingReplayResult &r)
{
    json notes = json::array();
    for (const QString &n : r.notes)
        notes.push_back(n.toStdString());
    const json doc = {{"session", in.summary->info.id},
                      {"policy", json::parse(in.policy.toJson().toStdString())},
                      {"objectives",
                       {{"ttft_ms", optionalJson(r.objectives.ttftMs)},
                        {"tpot_ms", optionalJson(r.objectives.tpotMs)},
                        {"e2e_ms", optionalJson(r.objectives.e2eMs)}}},
                      {"primary_alone", figuresJson(r.primaryAlone)},
                      {"with_policy", figuresJson(r.withPolicy)},
                      {"notes", notes}};
    out() << QString::fromStdString(doc.dump(2)) << '\n';
}

void printPolicy(const RoutingPolicy &p)
{
    out() << RoutingText::headline(p) << '\n';
    out() << QStringLiteral("  ") << RoutingText::fallsBackOn(p) << '\n';
    out() << QStringLiteral("  ") << RoutingText::limits(p) << '\n';
}

void printRouteText(const RouteInput &in, const RoutingReplayResult &r)
{
    printPolicy(in.policy);
    out() << CliRoute::tr("What-if over session %1's measured attempts (SLO: %2):")
                 .arg(in.summary->info.id)
                 .arg(RoutingText::objectives(r.objectives))
          << '\n';
    const auto row = [](const QString &label, const QString &alone, const QString &with) {
        out() << QStringLiteral("  %1 %2 %3\n").arg(label, -24).arg(alone, 14).arg(with, 16);
    };
    row(QString(), CliRoute::tr("primary alone"), CliRoute::tr("with the policy"));
    for (const RoutingFigureRow &f : RoutingText::rows(r))
        row(f.label, f.alone, f.withPolicy);
    for (const QString &n : r.notes)
        out() << CliRoute::tr("Note: %1").arg(n) << '\n';
}

int route(const QCommandLineParser &parser)
{
    QString error;
    if (!has(parser, "db"))
        return fail(2, CliRoute::tr("route needs --db FILE"));
    const auto session = cli::CliSession::sessionOption(parser, &error);
    if (!error.isEmpty())
        return fail(2, error);
    RouteInput in;
    in.db = cli::CliSession::openDatabase(opt(parser, "db"), &error);
    if (!in.db)
        return fail(2, error);
    SessionRepository repo(*in.db);
    const auto id = session ? session : cli::CliSession::latestSession(repo, &error);
    if (id)
        in.summary = loadSessionView(repo, *id, &error);
    if (!in.summary)
        return fail(session ? 2 : 1, error);
    auto policy = routePolicyOf(parser, *in.summary, &error);
    if (!policy)
        return fail(2, error);
    in.policy = std::move(*policy);
    QStringList chain{in.policy.primary};
    for (const QString &f : in.policy.fallbacks)
        chain.append(f);
    const auto runs = loadRoutingRuns(repo, *in.summary, chain, &error);
    const auto result =
        runs ? RoutingReplay::replay(in.policy, *runs, in.summary->requirements.slo, &error)
             : std::nullopt;
    if (!result)
        return fail(2, CliRoute::tr("route: %1").arg(error));
    if (const auto code = writeRouteFiles(parser, in))
        return *code;
    if (has(parser, "json"))
        printRouteJson(in, *result);
    else
        printRouteText(in, *result);
    out().flush();
    return 0;
}

} // namespace

void CliRoute::addOptions(QCommandLineParser &parser)
{
    const auto add = [&](const char *name, const QString &help, const char *value) {
        parser.addOption(
            QCommandLineOption(QString::fromLatin1(name), help, QString::fromLatin1(value)));
    };
    add("policy", tr("route: the routing policy file (yardstick-routing/1)."), "file");
    add("primary", tr("route: the primary provider of the policy."), "name");
    add("fallback", tr("route: a fallback provider, in order (repeatable)."), "name");
    add("write-policy", tr("route: write the policy as JSON to this file."), "file");
    add("litellm", tr("route: write the policy as a LiteLLM proxy config.yaml to this file."),
        "file");
    add("apply-to", tr("route: write the policy into this suite (with --out)."), "suite");
}

std::optional<int> CliRoute::run(const QString &command, const QCommandLineParser &parser)
{
    if (command != QLatin1StringView("route"))
        return std::nullopt;
    return route(parser);
}

} // namespace ys
