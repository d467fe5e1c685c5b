#include "analysis/routing_policy.h"

#include "analysis/recommendation.h"
#include "domain/outcome.h"
#include "domain/suite_fields.h"

#include <QFile>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

using nlohmann::json;
using suitefields::SuiteError;

constexpr const char *kRoutingFormat = "yardstick-routing/1";

QString routingWhere(const QString &source, const char *field)
{
    return QStringLiteral("%1: %2").arg(source, QLatin1StringView(field));
}

// A breaker object, with the suite's limits (docs/suite-format.md, "Breaker").
BreakerSettings readRoutingBreaker(const json &obj, const QString &where)
{
    if (!obj.is_object())
        throw SuiteError{RoutingPolicy::tr("%1: expected an object").arg(where)};
    suitefields::requireKnownFields(
        obj, {"failure_threshold", "window_s", "open_s", "half_open_probes"}, where);
    BreakerSettings b;
    b.failureThreshold = suitefields::intField(obj, "failure_threshold", where, b.failureThreshold,
                                               1, BreakerSettings::kMaxFailureThreshold);
    const auto seconds = [&](const char *key, double fallback) {
        const double v =
            suitefields::numberField(obj, key, where, fallback, 0, BreakerSettings::kMaxSeconds);
        if (v <= 0)
            throw SuiteError{
                RoutingPolicy::tr("%1.%2: expected seconds, more than 0 and at most %3")
                    .arg(where, QLatin1StringView(key))
                    .arg(BreakerSettings::kMaxSeconds)};
        return v;
    };
    b.windowS = seconds("window_s", b.windowS);
    b.openS = seconds("open_s", b.openS);
    b.halfOpenProbes = suitefields::intField(obj, "half_open_probes", where, b.halfOpenProbes, 1,
                                             BreakerSettings::kMaxHalfOpenProbes);
    return b;
}

// fallback_on as given: every name an outcome class, and the set the runner reacts to (a
// narrower or wider set has no suite field to live in, so it is refused rather than lost).
QStringList readFallbackOn(const json &list, const QString &where)
{
    if (!list.is_array())
        throw SuiteError{RoutingPolicy::tr("%1: expected a list of outcome classes").arg(where)};
    QStringList names;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json &v = list[i];
        const auto outcome =
            v.is_string() ? outcomeFromName(suitefields::q(v.get<std::string>())) : std::nullopt;
        if (!outcome)
            throw SuiteError{RoutingPolicy::tr("%1[%2]: expected an outcome class name such as "
                                               "\"server_error\"")
                                 .arg(where)
                                 .arg(qsizetype(i))};
        if (!outcomeIsProviderFailure(*outcome).value_or(false))
            throw SuiteError{RoutingPolicy::tr("%1[%2]: \"%3\" is not a failure of the provider; "
                                               "the runner does not fall back on it")
                                 .arg(where)
                                 .arg(qsizetype(i))
                                 .arg(outcomeName(*outcome))};
        if (!names.contains(outcomeName(*outcome)))
            names.append(outcomeName(*outcome));
    }
    for (const QString &name : RoutingPolicy::runnerFallbackOn())
        if (!names.contains(name))
            throw SuiteError{RoutingPolicy::tr("%1: \"%2\" is missing; the runner falls back on "
                                               "every failure of the provider")
                                 .arg(where, name)};
    return RoutingPolicy::runnerFallbackOn();
}

std::vector<QString> readProviderNames(const json &list, const QString &where)
{
    if (!list.is_array())
        throw SuiteError{RoutingPolicy::tr("%1: expected a list of provider names").arg(where)};
    std::vector<QString> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (!list[i].is_string() || list[i].get<std::string>().empty())
            throw SuiteError{
                RoutingPolicy::tr("%1[%2]: expected a provider name").arg(where).arg(qsizetype(i))};
        out.push_back(suitefields::q(list[i].get<std::string>()));
    }
    return out;
}

RoutingPolicy readRoutingPolicy(const json &doc, const QString &source)
{
    if (!doc.is_object())
        throw SuiteError{RoutingPolicy::tr("%1: expected a JSON object").arg(source)};
    suitefields::requireKnownFields(doc,
                                    {"format", "use_case", "primary", "fallbacks", "fallback_on",
                                     "latency_budget_ms", "retries", "breaker"},
                                    source);
    const QString format = suitefields::stringField(doc, "format", source, true);
    if (format != QLatin1StringView(kRoutingFormat))
        throw SuiteError{RoutingPolicy::tr("%1: format: expected \"%2\", not \"%3\"")
                             .arg(source, QLatin1StringView(kRoutingFormat), format)};
    RoutingPolicy p;
    p.useCase = suitefields::stringField(doc, "use_case", source, false);
    p.primary = suitefields::stringField(doc, "primary", source, true);
    if (p.primary.isEmpty())
        throw SuiteError{RoutingPolicy::tr("%1: primary: expected a provider name").arg(source)};
    if (auto it = doc.find("fallbacks"); it != doc.end())
        p.fallbacks = readProviderNames(*it, routingWhere(source, "fallbacks"));
    for (std::size_t i = 0; i < p.fallbacks.size(); ++i) {
        const QString &f = p.fallbacks[i];
        if (f == p.primary || std::count(p.fallbacks.begin(), p.fallbacks.end(), f) > 1)
            throw SuiteError{RoutingPolicy::tr("%1: fallbacks[%2]: \"%3\" is the primary or named "
                                               "twice")
                                 .arg(source)
                                 .arg(qsizetype(i))
                                 .arg(f)};
    }
    if (auto it = doc.find("fallback_on"); it != doc.end())
        p.fallbackOn = readFallbackOn(*it, routingWhere(source, "fallback_on"));
    if (auto it = doc.find("latency_budget_ms"); it != doc.end() && !it->is_null())
        p.latencyBudgetMs = suitefields::intField(doc, "latency_budget_ms", source, 0, 1,
                                                  RoutingPolicy::kMaxBudgetMs);
    p.retries = suitefields::intField(doc, "retries", source, 0, 0, RoutingPolicy::kMaxRetries);
    if (auto it = doc.find("breaker"); it != doc.end() && !it->is_null())
        p.breaker = readRoutingBreaker(*it, routingWhere(source, "breaker"));
    return p;
}

const ProviderConfig *providerOf(const Suite &suite, const QString &name)
{
    for (const ProviderConfig &p : suite.providers)
        if (p.name == name)
            return &p;
    return nullptr;
}

} // namespace

QStringList RoutingPolicy::runnerFallbackOn()
{
    QStringList names;
    for (int i = 0; i < kOutcomeCount; ++i)
        if (outcomeIsProviderFailure(Outcome(i)).value_or(false))
            names.append(outcomeName(Outcome(i)));
    return names;
}

QByteArray RoutingPolicy::toJson() const
{
    json doc = {{"format", kRoutingFormat}, {"primary", primary.toStdString()}};
    if (!useCase.isEmpty())
        doc["use_case"] = useCase.toStdString();
    doc["fallbacks"] = json::array();
    for (const QString &f : fallbacks)
        doc["fallbacks"].push_back(f.toStdString());
    doc["fallback_on"] = json::array();
    for (const QString &c : fallbackOn)
        doc["fallback_on"].push_back(c.toStdString());
    doc["latency_budget_ms"] = latencyBudgetMs ? json(*latencyBudgetMs) : json(nullptr);
    doc["retries"] = retries;
    if (breaker)
        doc["breaker"] = {{"failure_threshold", breaker->failureThreshold},
                          {"window_s", breaker->windowS},
                          {"open_s", breaker->openS},
                          {"half_open_probes", breaker->halfOpenProbes}};
    else
        doc["breaker"] = nullptr;
    return QByteArray::fromStdString(doc.dump(2)) + '\n';
}

std::optional<RoutingPolicy> RoutingPolicy::parse(const QByteArray &bytes, const QString &source,
                                                  QString *error)
{
    return suitefields::fromJsonText(
        bytes, source, error, [&](const json &doc) { return readRoutingPolicy(doc, source); });
}

std::optional<RoutingPolicy> RoutingPolicy::loadFile(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot be read: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    return parse(f.readAll(), path, error);
}

RoutingPolicy RoutingPolicy::fromRanking(const QString &useCase,
                                         const std::vector<QString> &rankedQualifying,
                                         const SessionSummary &summary)
{
    RoutingPolicy p;
    p.useCase = useCase;
    if (!rankedQualifying.empty()) {
        p.primary = rankedQualifying.front();
        p.fallbacks.assign(rankedQualifying.begin() + 1, rankedQualifying.end());
    }
    const Requirements &req = summary.requirements;
    // A per-request objective, never the P95 line: giving every request up at the line would
    // abandon the slowest twentieth that still answers within the requirement.
    const std::optional<double> budget = req.slo.e2eMs;
    if (budget && *budget > 0)
        p.latencyBudgetMs = std::clamp(int(std::ceil(*budget)), 1, kMaxBudgetMs);
    p.breaker = BreakerSettings{};
    if (summary.suite)
        for (const Scenario &s : summary.suite->scenarios)
            if (s.kind == QLatin1StringView("latency")) {
                p.retries = s.retries;
                // Without an objective, the time the session itself gave a request up after:
                // applied to a suite, the policy then keeps the timeout its requests ran with.
                if (!p.latencyBudgetMs && s.timeoutMs > 0)
                    p.latencyBudgetMs = s.timeoutMs;
                break;
            }
    return p;
}

RoutingPolicy RoutingPolicy::fromRecommendation(const Recommendation &recommendation,
                                                const SessionSummary &summary)
{
    std::vector<QString> ranked;
    if (recommendation.choice)
        ranked.push_back(*recommendation.choice);
    ranked.insert(ranked.end(), recommendation.fallbacks.begin(), recommendation.fallbacks.end());
    return fromRanking(recommendation.useCase.id, ranked, summary);
}

bool RoutingPolicy::applyTo(Suite &suite, QString *error) const
{
    if (!providerOf(suite, primary)) {
        *error =
            tr("routing policy: the primary \"%1\" is not a provider of the suite").arg(primary);
        return false;
    }
    for (std::size_t i = 0; i < fallbacks.size(); ++i)
        if (!providerOf(suite, fallbacks[i]) || fallbacks[i] == primary) {
            *error = tr("routing policy: fallbacks[%1]: \"%2\" is not another provider of the "
                        "suite")
                         .arg(qsizetype(i))
                         .arg(fallbacks[i]);
            return false;
        }
    if (!useCase.isEmpty() && suite.useCase && suite.useCase->id != useCase) {
        *error = tr("routing policy: it is for the use case \"%1\", the suite for \"%2\"")
                     .arg(useCase, suite.useCase->id);
        return false;
    }
    for (ProviderConfig &p : suite.providers)
        if (p.name == primary) {
            p.fallback = QStringList(fallbacks.begin(), fallbacks.end());
            p.breaker = breaker;
        }
    for (Scenario &s : suite.scenarios) {
        s.timeoutMs = latencyBudgetMs.value_or(0);
        s.retries = retries;
    }
    return true;
}

std::optional<RoutingPolicy> RoutingPolicy::fromSuite(const Suite &suite, const QString &primary,
                                                      QString *error)
{
    const ProviderConfig *p = providerOf(suite, primary);
    if (!p) {
        *error = tr("%1: no provider \"%2\"").arg(suite.name, primary);
        return std::nullopt;
    }
    RoutingPolicy policy;
    if (suite.useCase)
        policy.useCase = suite.useCase->id;
    policy.primary = primary;
    policy.fallbacks.assign(p->fallback.begin(), p->fallback.end());
    policy.breaker = p->breaker;
    for (std::size_t i = 0; i < suite.scenarios.size(); ++i) {
        const Scenario &s = suite.scenarios[i];
        const Scenario &first = suite.scenarios.front();
        const auto differs = [&](const char *field, int mine, int theirs) {
            *error = tr("%1: scenarios[%2].%3 (%4) differs from scenarios[0]'s (%5): a routing "
                        "policy has one")
                         .arg(suite.name)
                         .arg(qsizetype(i))
                         .arg(QLatin1StringView(field))
                         .arg(mine)
                         .arg(theirs);
        };
        if (s.timeoutMs != first.timeoutMs) {
            differs("timeout_ms", s.timeoutMs, first.timeoutMs);
            return std::nullopt;
        }
        if (s.retries != first.retries) {
            differs("retries", s.retries, first.retries);
            return std::nullopt;
        }
    }
    if (!suite.scenarios.empty()) {
        if (suite.scenarios.front().timeoutMs > 0)
            policy.latencyBudgetMs = suite.scenarios.front().timeoutMs;
        policy.retries = suite.scenarios.front().retries;
    }
    return policy;
}

} // namespace ys
