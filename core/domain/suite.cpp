#include "domain/suite.h"

#include "domain/answer_contract.h"
#include "domain/dialect_names.h"
#include "domain/network_fields.h"
#include "domain/provider_presets.h"
#include "domain/requirements_json.h"
#include "domain/scenario_kinds.h"
#include "domain/server_metrics_fields.h"
#include "domain/suite_fields.h"
#include "domain/tool_use.h"
#include "domain/use_case_json.h"
#include "pricing/price_json.h"
#include "util/read_file.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

namespace ys {

using nlohmann::json;
using namespace suitefields;

namespace {

double priceField(const json &obj, const char *key, const QString &where)
{
    const json &v = require(obj, key, where);
    if (!v.is_number() || v.get<double>() < 0)
        throw SuiteError{Suite::tr("%1.%2: expected a price of zero or more")
                             .arg(where, QLatin1StringView(key))};
    return v.get<double>();
}

double secondsField(const json &obj, const char *key, const QString &where, double fallback)
{
    auto it = obj.find(key);
    if (it == obj.end())
        return fallback;
    if (!it->is_number() || it->get<double>() <= 0 ||
        it->get<double>() > BreakerSettings::kMaxSeconds)
        throw SuiteError{Suite::tr("%1.%2: expected seconds, more than 0 and at most %3")
                             .arg(where, QLatin1StringView(key))
                             .arg(BreakerSettings::kMaxSeconds)};
    return it->get<double>();
}

// The price fields of a provider: the suite's own price (whole, or fields that override the
// catalog's), the catalog entry it names, and the price a stored session resolved.
void parsePricing(const json &p, const QString &where, ProviderConfig &cfg)
{
    if (auto it = p.find("price"); it != p.end()) {
        const QString pw = where + QStringLiteral(".price");
        if (!it->is_object())
            throw SuiteError{Suite::tr("%1: expected an object").arg(pw)};
        requireKnownFields(
            *it,
            {"input_per_mtok", "output_per_mtok", "cached_input_per_mtok", "cache_write_per_mtok"},
            pw);
        // Each field is optional: the suite's fields override the catalog's one by one.
        PriceOverride o;
        const auto field = [&](const char *key, std::optional<double> &out) {
            if (it->contains(key))
                out = priceField(*it, key, pw);
        };
        field("input_per_mtok", o.inputPerMtok);
        field("output_per_mtok", o.outputPerMtok);
        field("cached_input_per_mtok", o.cachedInputPerMtok);
        field("cache_write_per_mtok", o.cacheWritePerMtok);
        if (o.empty())
            throw SuiteError{Suite::tr("%1: expected at least one of input_per_mtok, "
                                       "output_per_mtok, cached_input_per_mtok, "
                                       "cache_write_per_mtok")
                                 .arg(pw)};
        if (o.complete())
            cfg.price = o.toPrice();
        else
            cfg.priceOverride = o;
    }
    if (p.contains("catalog")) {
        cfg.catalog = stringField(p, "catalog", where, true);
        const qsizetype slash = cfg.catalog.indexOf(QLatin1Char('/'));
        if (slash <= 0 || slash + 1 >= cfg.catalog.size())
            throw SuiteError{Suite::tr("%1.catalog: expected \"provider/model\", such as "
                                       "\"openai/gpt-4o-mini\"")
                                 .arg(where)};
    }
    // A stored session's suite keeps the price its session resolved.
    if (auto it = p.find("price_in_force"); it != p.end()) {
        QString error;
        auto resolved =
            pricejson::readResolved(*it, where + QStringLiteral(".price_in_force"), &error);
        if (!resolved)
            throw SuiteError{error};
        if (cfg.price)
            cfg.priceOverride = PriceOverride::of(*cfg.price);
        cfg.price = std::move(resolved);
    }
}

void parseBreakerAndFallback(const json &p, const QString &where, ProviderConfig &cfg)
{
    if (auto it = p.find("breaker"); it != p.end()) {
        const QString bw = where + QStringLiteral(".breaker");
        if (!it->is_object())
            throw SuiteError{Suite::tr("%1: expected an object").arg(bw)};
        requireKnownFields(*it, {"failure_threshold", "window_s", "open_s", "half_open_probes"},
                           bw);
        BreakerSettings b;
        b.failureThreshold = intField(*it, "failure_threshold", bw, b.failureThreshold, 1,
                                      BreakerSettings::kMaxFailureThreshold);
        b.windowS = secondsField(*it, "window_s", bw, b.windowS);
        b.openS = secondsField(*it, "open_s", bw, b.openS);
        b.halfOpenProbes = intField(*it, "half_open_probes", bw, b.halfOpenProbes, 1,
                                    BreakerSettings::kMaxHalfOpenProbes);
        cfg.breaker = b;
    }
    if (auto it = p.find("fallback"); it != p.end()) {
        const QString fw = where + QStringLiteral(".fallback");
        if (!it->is_array())
            throw SuiteError{Suite::tr("%1: expected an array of provider names").arg(fw)};
        for (std::size_t i = 0; i < it->size(); ++i) {
            if (!(*it)[i].is_string())
                throw SuiteError{
                    Suite::tr("%1[%2]: expected a provider name").arg(fw).arg(qsizetype(i))};
            cfg.fallback.append(q((*it)[i].get<std::string>()));
        }
    }
}

ProviderConfig parseProvider(const json &p, const QString &where)
{
    if (!p.is_object())
        throw SuiteError{Suite::tr("%1: expected an object").arg(where)};
    std::vector<const char *> known = {
        "name",    "dialect",        "base_url",      "model",   "api_key",
        "price",   "context_window", "preset",        "breaker", "fallback",
        "catalog", "price_in_force", "server_metrics"};
    known.insert(known.end(), std::begin(kNetworkFieldNames), std::end(kNetworkFieldNames));
    requireKnownFields(p, known, where);
    ProviderConfig cfg;
    cfg.name = stringField(p, "name", where, true);
    if (cfg.name.trimmed().isEmpty())
        throw SuiteError{Suite::tr("%1.name: must not be empty").arg(where)};
    std::optional<ProviderPreset> preset;
    if (p.contains("preset")) {
        cfg.preset = stringField(p, "preset", where, true);
        preset = ProviderPresets::find(cfg.preset);
        if (!preset)
            throw SuiteError{
                Suite::tr("%1.preset: unknown preset \"%2\" (known: %3)")
                    .arg(where, cfg.preset, ProviderPresets::ids().join(QStringLiteral(", ")))};
        cfg.preset = preset->id;
    }
    // A preset supplies the dialect, the address and the usual key variable; the suite's own
    // fields win.
    cfg.dialect = stringField(p, "dialect", where, !preset);
    if (cfg.dialect.isEmpty() && preset)
        cfg.dialect = preset->dialect;
    if (!knownDialects().contains(cfg.dialect))
        throw SuiteError{Suite::tr("%1.dialect: unsupported dialect \"%2\" (supported: %3)")
                             .arg(where, cfg.dialect, knownDialects().join(QStringLiteral(", ")))};
    QString url = stringField(p, "base_url", where, !preset);
    if (url.isEmpty() && preset)
        url = preset->baseUrl;
    cfg.baseUrl = QUrl(url, QUrl::StrictMode);
    if (!cfg.baseUrl.isValid() || (cfg.baseUrl.scheme() != QLatin1StringView("http") &&
                                   cfg.baseUrl.scheme() != QLatin1StringView("https")))
        throw SuiteError{Suite::tr("%1.base_url: \"%2\" is not an http(s) URL").arg(where, url)};
    cfg.model = stringField(p, "model", where, true);
    cfg.apiKeyRef = stringField(p, "api_key", where, false);
    if (cfg.apiKeyRef.isEmpty() && preset && !preset->keyEnv.isEmpty())
        cfg.apiKeyRef = QStringLiteral("env:") + preset->keyEnv;
    if (!cfg.apiKeyRef.isEmpty() && !isSecretReference(cfg.apiKeyRef))
        // Never echo the value: it may be a pasted key.
        throw SuiteError{Suite::tr("%1.api_key: must be a reference such as env:NAME or "
                                   "keychain:ID, never the key itself")
                             .arg(where)};
    parsePricing(p, where, cfg);
    if (p.contains("context_window"))
        cfg.contextWindow = intField(p, "context_window", where, 0, 1, 100'000'000);
    parseBreakerAndFallback(p, where, cfg);
    if (auto it = p.find("server_metrics"); it != p.end())
        cfg.serverMetrics = parseServerMetrics(*it, where + QStringLiteral(".server_metrics"));
    cfg.network = parseNetworkFields(p, where);
    return cfg;
}

// prompt_tokens or max_output_tokens: a number or a size distribution; the nominal size is its
// mean. context_sweep's list of prompt sizes is its kind's to read.
void parseSize(const json &s, const char *key, const QString &where, const Scenario &sc, int max,
               int *nominal, std::optional<SizeDistribution> *distribution)
{
    auto it = s.find(key);
    if (it == s.end())
        return;
    if (it->is_array() && sc.kind == QLatin1StringView("context_sweep"))
        return;
    QString error;
    const auto d = SizeDistribution::parse(
        *it, QStringLiteral("%1.%2").arg(where, QLatin1StringView(key)), 1, max, &error);
    if (!d)
        throw SuiteError{error};
    *nominal = d->nominal();
    if (!d->isFixed())
        *distribution = d;
}

// "trace": {"file": PATH, "time_scale": X}. The trace sets the arrivals and the sizes, so the
// fields that would set them too are refused rather than silently ignored.
void parseTrace(const json &s, const QString &where, const QString &baseDir, Scenario &sc)
{
    const QString tw = where + QStringLiteral(".trace");
    const json &t = s.at("trace");
    if (!t.is_object())
        throw SuiteError{Suite::tr("%1: expected an object").arg(tw)};
    requireKnownFields(t, {"file", "time_scale"}, tw);
    if (sc.kind != QLatin1StringView("latency"))
        throw SuiteError{Suite::tr("%1: only a latency scenario replays a trace").arg(tw)};
    for (const char *key : {"prompt_tokens", "max_output_tokens", "rate_per_s", "arrival",
                            "ramp_to_rate_per_s", "ramp_s"}) {
        if (s.contains(key))
            throw SuiteError{Suite::tr("%1.%2: a trace scenario takes its arrivals and sizes from "
                                       "the trace")
                                 .arg(where, QLatin1StringView(key))};
    }
    if (sc.load != QLatin1StringView("open") && s.contains("load"))
        throw SuiteError{Suite::tr("%1.load: a trace is replayed open loop").arg(where)};
    TraceReplay replay;
    replay.file = stringField(t, "file", tw, true);
    if (replay.file.isEmpty())
        throw SuiteError{Suite::tr("%1.file: must not be empty").arg(tw)};
    if (auto it = t.find("time_scale"); it != t.end()) {
        if (!it->is_number() || !(it->get<double>() > 0) || it->get<double>() > 1e6)
            throw SuiteError{
                Suite::tr("%1.time_scale: expected a number above zero, at most 1000000").arg(tw)};
        replay.timeScale = it->get<double>();
    }
    replay.path = QDir::cleanPath(QDir(baseDir).absoluteFilePath(replay.file));
    QString error;
    auto trace = Trace::loadFile(replay.path, &error);
    if (!trace)
        throw SuiteError{Suite::tr("%1.file: %2").arg(tw, error)};
    const int count = int(trace->entries.size());
    if (sc.warmup >= count)
        throw SuiteError{
            Suite::tr("%1.warmup: the trace holds only %2 requests").arg(where).arg(count)};
    if (!s.contains("requests"))
        sc.requests = count - sc.warmup;
    else if (sc.requests + sc.warmup > count)
        throw SuiteError{Suite::tr("%1.requests: the trace holds only %2 requests (warm-up "
                                   "included)")
                             .arg(where)
                             .arg(count)};
    replay.trace = std::make_shared<const Trace>(std::move(*trace));
    Workload::replayTrace(sc, std::move(replay));
}

// A scenario's answer contract. Only a latency scenario takes one (its prompts are the ones a
// contract and golden answers are about); golden answers set the requests to their number
// unless the scenario sets them.
void parseContract(const json &c, bool requestsSet, const QString &where, const QString &baseDir,
                   Scenario &sc)
{
    const QString cw = where + QStringLiteral(".contract");
    if (sc.kind != QLatin1StringView("latency"))
        throw SuiteError{
            Suite::tr("%1: only a latency scenario checks its answers against a contract").arg(cw)};
    QString error;
    auto contract = AnswerContractParser::parse(c, cw, baseDir, &error);
    if (!contract)
        throw SuiteError{error};
    if (!contract->golden.empty() && !requestsSet)
        sc.requests = int(contract->golden.size());
    if (!contract->golden.empty() && sc.needleDepth)
        throw SuiteError{
            Suite::tr("%1.golden: golden prompts carry no needle; drop needle_depth").arg(cw)};
    sc.contract = std::make_shared<const AnswerContract>(std::move(*contract));
}

// What the requests ask for; a JSON Schema is the contract's own, so one must be set.
void parseResponseFormat(const json &s, const QString &where, Scenario &sc)
{
    sc.responseFormat = stringField(s, "response_format", where, true);
    const QString rw = where + QStringLiteral(".response_format");
    if (sc.responseFormat != QLatin1StringView("text") &&
        sc.responseFormat != QLatin1StringView("json") &&
        sc.responseFormat != QLatin1StringView("json_schema"))
        throw SuiteError{Suite::tr("%1: \"%2\" is none of text, json and json_schema")
                             .arg(rw, sc.responseFormat)};
    if (sc.kind != QLatin1StringView("latency") && sc.responseFormat != QLatin1StringView("text"))
        throw SuiteError{
            Suite::tr("%1: only a latency scenario asks for structured output").arg(rw)};
    if (sc.responseFormat == QLatin1StringView("json_schema") &&
        !(sc.contract && sc.contract->schema))
        throw SuiteError{Suite::tr("%1: json_schema asks for the contract's schema, and the "
                                   "scenario's contract has none")
                             .arg(rw)};
}

// The tools a latency scenario offers, and the reasoning any scenario's requests ask for.
void parseToolsAndReasoning(const json &s, const QString &where, const QString &baseDir,
                            Scenario &sc)
{
    if (auto it = s.find("tools"); it != s.end()) {
        if (sc.kind != QLatin1StringView("latency"))
            throw SuiteError{
                Suite::tr("%1.tools: only a latency scenario offers tools").arg(where)};
        const auto choice = s.find("tool_choice");
        QString error;
        auto tools =
            ToolUse::parse(*it, choice == s.end() ? nullptr : &*choice, where, baseDir, &error);
        if (!tools)
            throw SuiteError{error};
        sc.tools = std::make_shared<const ToolUse>(std::move(*tools));
    } else if (s.contains("tool_choice")) {
        throw SuiteError{Suite::tr("%1.tool_choice: the scenario offers no tools").arg(where)};
    }
    if (s.contains("reasoning_effort")) {
        sc.reasoning.effort = stringField(s, "reasoning_effort", where, true);
        if (!ReasoningAsk::efforts().contains(sc.reasoning.effort))
            throw SuiteError{Suite::tr("%1.reasoning_effort: \"%2\" is none of %3")
                                 .arg(where, sc.reasoning.effort,
                                      ReasoningAsk::efforts().join(QStringLiteral(", ")))};
    }
    if (s.contains("thinking_budget_tokens"))
        sc.reasoning.budgetTokens = intField(s, "thinking_budget_tokens", where, 0, 1, 1'000'000);
}

// What a scenario asks of its answers: its prompts' instruction, its contract and the format
// its requests ask for.
void parseAnswerFields(const json &s, bool requestsSet, const QString &where,
                       const QString &baseDir, Scenario &sc)
{
    if (s.contains("instruction"))
        sc.instruction = stringField(s, "instruction", where, true);
    if (auto it = s.find("contract"); it != s.end())
        parseContract(*it, requestsSet, where, baseDir, sc);
    if (s.contains("response_format"))
        parseResponseFormat(s, where, sc);
    parseToolsAndReasoning(s, where, baseDir, sc);
}

// The fields every scenario takes, whatever its kind.
std::vector<const char *> commonScenarioFields()
{
    return {"kind",
            "requests",
            "concurrency",
            "prompt_tokens",
            "max_output_tokens",
            "timeout_ms",
            "stream",
            "load",
            "rate_per_s",
            "arrival",
            "ramp_to_rate_per_s",
            "ramp_s",
            "duration_s",
            "warmup",
            "seed",
            "connect_timeout_ms",
            "first_token_timeout_ms",
            "idle_timeout_ms",
            "retries",
            "needle_depth",
            "instruction",
            "contract",
            "response_format",
            "tools",
            "tool_choice",
            "reasoning_effort",
            "thinking_budget_tokens",
            "trace"};
}

Scenario parseScenario(const json &object, const QString &where, const QString &baseDir)
{
    if (!object.is_object())
        throw SuiteError{Suite::tr("%1: expected an object").arg(where)};
    Scenario sc;
    sc.kind = stringField(object, "kind", where, true);
    if (!scenariokinds::isKnown(sc.kind))
        throw SuiteError{
            Suite::tr("%1.kind: unknown scenario kind \"%2\" (supported: %3)")
                .arg(where, sc.kind, scenariokinds::names().join(QStringLiteral(", ")))};
    std::vector<const char *> known = commonScenarioFields();
    for (const char *f : scenariokinds::fields(sc.kind))
        known.push_back(f);
    requireKnownFields(object, known, where);
    scenariokinds::applyDefaults(sc);
    // A context sweep's prompt_tokens is its list of points, read with the kind's fields.
    json s = object;
    if (sc.kind == QLatin1StringView("context_sweep"))
        s.erase("prompt_tokens");
    sc.requests = intField(s, "requests", where, sc.requests, 1, 1'000'000);
    sc.concurrency = intField(s, "concurrency", where, sc.concurrency, 1, 4096);
    parseSize(s, "prompt_tokens", where, sc, 10'000'000, &sc.promptTokens, &sc.promptDistribution);
    parseSize(s, "max_output_tokens", where, sc, 1'000'000, &sc.maxOutputTokens,
              &sc.outputDistribution);
    sc.timeoutMs = intField(s, "timeout_ms", where, sc.timeoutMs, 0, 3'600'000);
    sc.connectTimeoutMs =
        intField(s, "connect_timeout_ms", where, sc.connectTimeoutMs, 0, 3'600'000);
    sc.firstTokenTimeoutMs =
        intField(s, "first_token_timeout_ms", where, sc.firstTokenTimeoutMs, 0, 3'600'000);
    sc.idleTimeoutMs = intField(s, "idle_timeout_ms", where, sc.idleTimeoutMs, 0, 3'600'000);
    sc.retries = intField(s, "retries", where, sc.retries, 0, 10);
    sc.warmup = intField(s, "warmup", where, sc.warmup, 0, 100'000);
    sc.seed = quint64(intField(s, "seed", where, int(sc.seed), 0, 2'000'000'000));
    if (auto it = s.find("stream"); it != s.end()) {
        if (!it->is_boolean())
            throw SuiteError{Suite::tr("%1.stream: expected true or false").arg(where)};
        sc.stream = it->get<bool>();
    }
    if (s.contains("load")) {
        sc.load = stringField(s, "load", where, true);
        if (sc.load != QLatin1StringView("closed") && sc.load != QLatin1StringView("open"))
            throw SuiteError{
                Suite::tr("%1.load: \"%2\" is neither closed nor open").arg(where, sc.load)};
    }
    if (s.contains("arrival")) {
        sc.arrival = stringField(s, "arrival", where, true);
        if (sc.arrival != QLatin1StringView("constant") &&
            sc.arrival != QLatin1StringView("poisson"))
            throw SuiteError{Suite::tr("%1.arrival: \"%2\" is neither constant nor poisson")
                                 .arg(where, sc.arrival)};
    }
    auto positive = [&](const char *key) -> std::optional<double> {
        auto it = s.find(key);
        if (it == s.end())
            return std::nullopt;
        if (!it->is_number() || !(it->get<double>() > 0))
            throw SuiteError{Suite::tr("%1.%2: expected a number above zero")
                                 .arg(where, QLatin1StringView(key))};
        return it->get<double>();
    };
    sc.ratePerS = positive("rate_per_s").value_or(0);
    sc.rampToRatePerS = positive("ramp_to_rate_per_s");
    sc.rampSeconds = positive("ramp_s").value_or(0);
    sc.durationS = positive("duration_s");
    if (s.contains("trace"))
        parseTrace(s, where, baseDir, sc);
    if (sc.isOpenLoop() && !sc.trace && sc.ratePerS <= 0)
        throw SuiteError{Suite::tr("%1.rate_per_s: an open-loop scenario needs a rate").arg(where)};
    if (s.contains("needle_depth"))
        sc.needleDepth = numberField(s, "needle_depth", where, 0.5, 0.0, 1.0);
    parseAnswerFields(s, object.contains("requests"), where, baseDir, sc);
    scenariokinds::parse(object, where, sc);
    return sc;
}

} // namespace

std::optional<Suite> Suite::parse(const QByteArray &bytes, const QString &source, QString *error)
{
    return fromJsonText(bytes, source, error, [&source](const json &doc) {
        if (!doc.is_object())
            throw SuiteError{tr("%1: a suite must be a JSON object").arg(source)};
        requireKnownFields(
            doc,
            {"format", "name", "providers", "scenarios", "budget_usd", "requirements", "use_case"},
            source);
        const QString format = stringField(doc, "format", source, true);
        if (format != QLatin1StringView("yardstick-suite/1"))
            throw SuiteError{tr("%1.format: \"%2\" is not a suite format this version reads "
                                "(expected yardstick-suite/1)")
                                 .arg(source, format)};
        Suite suite;
        suite.name = stringField(doc, "name", source, true);
        if (auto it = doc.find("budget_usd"); it != doc.end()) {
            if (!it->is_number() || !(it->get<double>() > 0) || !std::isfinite(it->get<double>()))
                throw SuiteError{
                    tr("%1.budget_usd: expected an amount in US dollars above zero").arg(source)};
            suite.budgetUsd = it->get<double>();
        }
        if (auto it = doc.find("requirements"); it != doc.end())
            suite.requirements =
                requirementsjson::fromJson(*it, source + QStringLiteral(".requirements"));
        if (auto it = doc.find("use_case"); it != doc.end()) {
            // The use case's requirements are the suite's, unless the suite sets its own, which
            // then replace the use case's: one set of gates for the verdicts and the advice.
            suite.useCase = usecasejson::fromJson(*it, source + QStringLiteral(".use_case"));
            if (suite.requirements)
                suite.useCase->requirements = *suite.requirements;
            else
                suite.requirements = suite.useCase->requirements;
        }
        const json &providers = require(doc, "providers", source);
        if (!providers.is_array() || providers.empty())
            throw SuiteError{tr("%1.providers: expected a non-empty array").arg(source)};
        for (std::size_t i = 0; i < providers.size(); ++i)
            suite.providers.push_back(
                parseProvider(providers[i], QStringLiteral("%1.providers[%2]").arg(source).arg(i)));
        for (std::size_t i = 0; i < suite.providers.size(); ++i)
            for (std::size_t j = 0; j < i; ++j)
                if (suite.providers[i].name == suite.providers[j].name)
                    throw SuiteError{tr("%1.providers[%2].name: \"%3\" is used twice")
                                         .arg(source)
                                         .arg(i)
                                         .arg(suite.providers[i].name)};
        // Fallbacks name other providers of this suite.
        for (std::size_t i = 0; i < suite.providers.size(); ++i) {
            const ProviderConfig &p = suite.providers[i];
            for (qsizetype k = 0; k < p.fallback.size(); ++k) {
                const QString &name = p.fallback.at(k);
                const bool known =
                    std::any_of(suite.providers.begin(), suite.providers.end(),
                                [&name](const ProviderConfig &o) { return o.name == name; });
                if (!known || name == p.name)
                    throw SuiteError{
                        tr("%1.providers[%2].fallback[%3]: \"%4\" is not another provider of "
                           "this suite")
                            .arg(source)
                            .arg(qsizetype(i))
                            .arg(k)
                            .arg(name)};
            }
        }
        const json &scenarios = require(doc, "scenarios", source);
        if (!scenarios.is_array() || scenarios.empty())
            throw SuiteError{tr("%1.scenarios: expected a non-empty array").arg(source)};
        // A trace's relative path is read from the suite file's folder.
        const QString baseDir = QFileInfo(source).absolutePath();
        for (std::size_t i = 0; i < scenarios.size(); ++i)
            suite.scenarios.push_back(parseScenario(
                scenarios[i], QStringLiteral("%1.scenarios[%2]").arg(source).arg(i), baseDir));
        return suite;
    });
}

std::optional<Suite> Suite::loadFile(const QString &path, QString *error)
{
    return parseWholeFile(path, tr("%1: cannot read the suite file (%2)"), error, &Suite::parse);
}

QByteArray Suite::toJson() const
{
    json doc;
    doc["format"] = "yardstick-suite/1";
    doc["name"] = name.toStdString();
    if (budgetUsd)
        doc["budget_usd"] = *budgetUsd;
    // A use case carries the suite's requirements (with the preset they started from), so that
    // the file holds one set of gates.
    if (useCase) {
        UseCase u = *useCase;
        if (requirements)
            u.requirements = *requirements;
        doc["use_case"] = usecasejson::toJson(u);
    } else if (requirements) {
        doc["requirements"] = requirementsjson::toJson(*requirements);
    }
    doc["providers"] = json::array();
    for (const ProviderConfig &p : providers) {
        json j;
        j["name"] = p.name.toStdString();
        j["dialect"] = p.dialect.toStdString();
        j["base_url"] = p.baseUrl.toString().toStdString();
        j["model"] = p.model.toStdString();
        if (!p.apiKeyRef.isEmpty())
            j["api_key"] = p.apiKeyRef.toStdString();
        // The suite's own price fields; once resolved, the price in force beside them.
        const bool resolved = p.price && !p.price->source.isEmpty();
        const std::optional<PriceOverride> own =
            resolved ? p.priceOverride
                     : (p.price ? std::optional(PriceOverride::of(*p.price)) : p.priceOverride);
        if (own && !own->empty()) {
            j["price"] = json::object();
            const auto put = [&](const char *key, const std::optional<double> &v) {
                if (v)
                    j["price"][key] = *v;
            };
            put("input_per_mtok", own->inputPerMtok);
            put("output_per_mtok", own->outputPerMtok);
            put("cached_input_per_mtok", own->cachedInputPerMtok);
            put("cache_write_per_mtok", own->cacheWritePerMtok);
        }
        if (!p.catalog.isEmpty())
            j["catalog"] = p.catalog.toStdString();
        if (resolved)
            j["price_in_force"] = pricejson::writeResolved(*p.price);
        if (p.contextWindow)
            j["context_window"] = *p.contextWindow;
        if (!p.preset.isEmpty())
            j["preset"] = p.preset.toStdString();
        if (p.breaker)
            j["breaker"] = {{"failure_threshold", p.breaker->failureThreshold},
                            {"window_s", p.breaker->windowS},
                            {"open_s", p.breaker->openS},
                            {"half_open_probes", p.breaker->halfOpenProbes}};
        if (!p.fallback.isEmpty()) {
            j["fallback"] = json::array();
            for (const QString &f : p.fallback)
                j["fallback"].push_back(f.toStdString());
        }
        if (p.serverMetrics)
            j["server_metrics"] = serverMetricsJson(*p.serverMetrics);
        writeNetworkFields(p.network, j);
        doc["providers"].push_back(j);
    }
    doc["scenarios"] = json::array();
    for (const Scenario &s : scenarios)
        doc["scenarios"].push_back(json::parse(scenarioJson(s).toStdString()));
    return QByteArray::fromStdString(doc.dump(2));
}

QByteArray Suite::scenarioJson(const Scenario &s)
{
    {
        json j = {{"kind", s.kind.toStdString()},
                  {"requests", s.requests},
                  {"concurrency", s.concurrency},
                  {"prompt_tokens",
                   s.promptDistribution ? s.promptDistribution->toJson() : json(s.promptTokens)},
                  {"max_output_tokens",
                   s.outputDistribution ? s.outputDistribution->toJson() : json(s.maxOutputTokens)},
                  {"timeout_ms", s.timeoutMs},
                  {"connect_timeout_ms", s.connectTimeoutMs},
                  {"first_token_timeout_ms", s.firstTokenTimeoutMs},
                  {"idle_timeout_ms", s.idleTimeoutMs},
                  {"retries", s.retries},
                  {"warmup", s.warmup},
                  {"seed", s.seed},
                  {"stream", s.stream},
                  {"load", s.load.toStdString()}};
        if (s.trace) {
            // The resolved path, so that a stored suite reads the same file wherever it is
            // parsed again.
            j.erase("prompt_tokens");
            j.erase("max_output_tokens");
            j["trace"] = {{"file", s.trace->path.toStdString()},
                          {"time_scale", s.trace->timeScale}};
        } else if (s.isOpenLoop()) {
            j["rate_per_s"] = s.ratePerS;
            j["arrival"] = s.arrival.toStdString();
        }
        if (s.rampToRatePerS) {
            j["ramp_to_rate_per_s"] = *s.rampToRatePerS;
            j["ramp_s"] = s.rampSeconds;
        }
        if (s.durationS)
            j["duration_s"] = *s.durationS;
        if (!s.instruction.isEmpty())
            j["instruction"] = s.instruction.toStdString();
        if (s.contract)
            j["contract"] = s.contract->toJson();
        if (s.responseFormat != QLatin1StringView("text"))
            j["response_format"] = s.responseFormat.toStdString();
        if (s.tools)
            s.tools->write(j);
        if (!s.reasoning.effort.isEmpty())
            j["reasoning_effort"] = s.reasoning.effort.toStdString();
        if (s.reasoning.budgetTokens)
            j["thinking_budget_tokens"] = *s.reasoning.budgetTokens;
        scenariokinds::write(s, j);
        return QByteArray::fromStdString(j.dump());
    }
}

} // namespace ys
