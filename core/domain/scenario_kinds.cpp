#include "domain/scenario_kinds.h"

#include "domain/suite_fields.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace ys::scenariokinds {

using nlohmann::json;
using namespace suitefields;

namespace {

bool is(const Scenario &s, const char *kind)
{
    return s.kind == QLatin1StringView(kind);
}

// A list that must rise strictly: sweep points and levels are read in order.
void requireAscending(const std::vector<int> &v, const QString &where, const char *key)
{
    for (std::size_t i = 1; i < v.size(); ++i)
        if (v[i] <= v[i - 1])
            throw SuiteError{Suite::tr("%1.%2: the values must rise (%3 follows %4)")
                                 .arg(where, QLatin1StringView(key))
                                 .arg(v[i])
                                 .arg(v[i - 1])};
}

QStringList strategiesField(const json &s, const QString &where, QStringList fallback)
{
    auto it = s.find("strategies");
    if (it == s.end())
        return fallback;
    if (!it->is_array() || it->empty())
        throw SuiteError{Suite::tr("%1.strategies: expected a non-empty list").arg(where)};
    const QStringList known{QStringLiteral("none"), QStringLiteral("retry"),
                            QStringLiteral("breaker_fallback")};
    QStringList out;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json &v = (*it)[i];
        const QString name = v.is_string() ? q(v.get<std::string>()) : QString();
        if (!known.contains(name) || out.contains(name))
            throw SuiteError{Suite::tr("%1.strategies[%2]: expected one of %3, each once")
                                 .arg(where)
                                 .arg(i)
                                 .arg(known.join(QStringLiteral(", ")))};
        out.append(name);
    }
    return out;
}

} // namespace

QStringList names()
{
    return {QStringLiteral("latency"),       QStringLiteral("context_sweep"),
            QStringLiteral("context_limit"), QStringLiteral("concurrency_sweep"),
            QStringLiteral("stability"),     QStringLiteral("multi_turn"),
            QStringLiteral("cache"),         QStringLiteral("resilience"),
            QStringLiteral("rate_limit"),    QStringLiteral("determinism")};
}

QString title(const QString &kind)
{
    if (kind == QLatin1StringView("latency"))
        return Suite::tr("Latency");
    if (kind == QLatin1StringView("context_sweep"))
        return Suite::tr("Context sweep");
    if (kind == QLatin1StringView("context_limit"))
        return Suite::tr("Context limit");
    if (kind == QLatin1StringView("concurrency_sweep"))
        return Suite::tr("Concurrency sweep");
    if (kind == QLatin1StringView("stability"))
        return Suite::tr("Streaming stability");
    if (kind == QLatin1StringView("multi_turn"))
        return Suite::tr("Multi-turn recall");
    if (kind == QLatin1StringView("cache"))
        return Suite::tr("Prompt cache");
    if (kind == QLatin1StringView("resilience"))
        return Suite::tr("Resilience");
    if (kind == QLatin1StringView("rate_limit"))
        return Suite::tr("Rate limits");
    if (kind == QLatin1StringView("determinism"))
        return Suite::tr("Determinism");
    return kind;
}

bool isKnown(const QString &kind)
{
    return names().contains(kind);
}

std::vector<const char *> fields(const QString &kind)
{
    if (kind == QLatin1StringView("context_sweep"))
        return {"requests_per_point"}; // prompt_tokens is common, a list here
    if (kind == QLatin1StringView("context_limit"))
        return {"claimed", "precision", "max_probes"};
    if (kind == QLatin1StringView("concurrency_sweep"))
        return {"levels", "requests_per_level"};
    if (kind == QLatin1StringView("stability"))
        return {"stall_ms"};
    if (kind == QLatin1StringView("multi_turn"))
        return {"turns", "conversations", "tokens_per_turn"};
    if (kind == QLatin1StringView("cache"))
        return {"prefix_tokens", "pairs"};
    if (kind == QLatin1StringView("resilience"))
        return {"strategies", "slo_ms"};
    if (kind == QLatin1StringView("rate_limit"))
        return {"start_rps", "max_rps", "step_s", "step_factor", "max_requests"};
    if (kind == QLatin1StringView("determinism"))
        return {"repeats", "prompts"};
    return {};
}

void applyDefaults(Scenario &s)
{
    if (is(s, "stability"))
        s.maxOutputTokens = 2000;
    if (is(s, "determinism") || is(s, "multi_turn"))
        s.maxOutputTokens = 64;
    if (is(s, "cache") || is(s, "context_limit") || is(s, "context_sweep"))
        s.maxOutputTokens = 32;
}

void parse(const json &s, const QString &where, Scenario &sc)
{
    if (is(sc, "context_sweep")) {
        ContextSweepParams &p = sc.contextSweep;
        p.promptTokens = intListField(s, "prompt_tokens", where, p.promptTokens, 1, 10'000'000);
        requireAscending(p.promptTokens, where, "prompt_tokens");
        p.requestsPerPoint =
            intField(s, "requests_per_point", where, p.requestsPerPoint, 1, 10'000);
    } else if (is(sc, "context_limit")) {
        ContextLimitParams &p = sc.contextLimit;
        if (s.contains("claimed"))
            p.claimed = intField(s, "claimed", where, 0, 16, 100'000'000);
        p.precision = numberField(s, "precision", where, p.precision, 0.0001, 0.5);
        p.maxProbes = intField(s, "max_probes", where, p.maxProbes, 2, 100);
    } else if (is(sc, "concurrency_sweep")) {
        ConcurrencySweepParams &p = sc.concurrencySweep;
        p.levels = intListField(s, "levels", where, p.levels, 1, 4096);
        requireAscending(p.levels, where, "levels");
        if (s.contains("requests_per_level"))
            p.requestsPerLevel = intField(s, "requests_per_level", where, 0, 1, 1'000'000);
        p.durationS = sc.durationS; // duration_s is read as a common field: here it is per level
    } else if (is(sc, "stability")) {
        sc.stability.stallMs = intListField(s, "stall_ms", where, sc.stability.stallMs, 1, 600'000);
        requireAscending(sc.stability.stallMs, where, "stall_ms");
    } else if (is(sc, "multi_turn")) {
        MultiTurnParams &p = sc.multiTurn;
        p.turns = intField(s, "turns", where, p.turns, 2, 1000);
        p.conversations = intField(s, "conversations", where, p.conversations, 1, 1000);
        p.tokensPerTurn = intField(s, "tokens_per_turn", where, p.tokensPerTurn, 16, 1'000'000);
    } else if (is(sc, "cache")) {
        sc.cache.prefixTokens =
            intField(s, "prefix_tokens", where, sc.cache.prefixTokens, 16, 10'000'000);
        sc.cache.pairs = intField(s, "pairs", where, sc.cache.pairs, 1, 10'000);
    } else if (is(sc, "resilience")) {
        ResilienceParams &p = sc.resilience;
        p.strategies = strategiesField(s, where, p.strategies);
        if (s.contains("slo_ms"))
            p.sloMs = intField(s, "slo_ms", where, 0, 1, 3'600'000);
        p.retries = sc.retries > 0 ? sc.retries : p.retries;
    } else if (is(sc, "rate_limit")) {
        RateLimitParams &p = sc.rateLimit;
        p.startRps = numberField(s, "start_rps", where, p.startRps, 0.001, 100'000);
        p.maxRps =
            numberField(s, "max_rps", where, std::max(p.maxRps, p.startRps), p.startRps, 100'000);
        p.stepS = numberField(s, "step_s", where, p.stepS, 0.1, 3600);
        p.stepFactor = numberField(s, "step_factor", where, p.stepFactor, 1.01, 10);
        p.maxRequests = intField(s, "max_requests", where, p.maxRequests, 1, 1'000'000);
    } else if (is(sc, "determinism")) {
        sc.determinism.repeats = intField(s, "repeats", where, sc.determinism.repeats, 2, 10'000);
        sc.determinism.prompts = intField(s, "prompts", where, sc.determinism.prompts, 1, 10'000);
    }
}

void write(const Scenario &sc, json &j)
{
    if (sc.needleDepth)
        j["needle_depth"] = *sc.needleDepth;
    if (is(sc, "context_sweep")) {
        j["prompt_tokens"] = sc.contextSweep.promptTokens;
        j["requests_per_point"] = sc.contextSweep.requestsPerPoint;
    } else if (is(sc, "context_limit")) {
        if (sc.contextLimit.claimed)
            j["claimed"] = *sc.contextLimit.claimed;
        j["precision"] = sc.contextLimit.precision;
        j["max_probes"] = sc.contextLimit.maxProbes;
    } else if (is(sc, "concurrency_sweep")) {
        j["levels"] = sc.concurrencySweep.levels;
        if (sc.concurrencySweep.requestsPerLevel)
            j["requests_per_level"] = *sc.concurrencySweep.requestsPerLevel;
    } else if (is(sc, "stability")) {
        j["stall_ms"] = sc.stability.stallMs;
    } else if (is(sc, "multi_turn")) {
        j["turns"] = sc.multiTurn.turns;
        j["conversations"] = sc.multiTurn.conversations;
        j["tokens_per_turn"] = sc.multiTurn.tokensPerTurn;
    } else if (is(sc, "cache")) {
        j["prefix_tokens"] = sc.cache.prefixTokens;
        j["pairs"] = sc.cache.pairs;
    } else if (is(sc, "resilience")) {
        json list = json::array();
        for (const QString &name : sc.resilience.strategies)
            list.push_back(name.toStdString());
        j["strategies"] = list;
        if (sc.resilience.sloMs)
            j["slo_ms"] = *sc.resilience.sloMs;
    } else if (is(sc, "rate_limit")) {
        j["start_rps"] = sc.rateLimit.startRps;
        j["max_rps"] = sc.rateLimit.maxRps;
        j["step_s"] = sc.rateLimit.stepS;
        j["step_factor"] = sc.rateLimit.stepFactor;
        j["max_requests"] = sc.rateLimit.maxRequests;
    } else if (is(sc, "determinism")) {
        j["repeats"] = sc.determinism.repeats;
        j["prompts"] = sc.determinism.prompts;
    }
}

} // namespace ys::scenariokinds
