#include "domain/requirements.h"

#include "domain/requirements_json.h"
#include "domain/suite_fields.h"
#include "util/read_file.h"

#include <cmath>

namespace ys {

using namespace suitefields;

namespace {

// The presets: the line of a latency-sensitive service, and three use cases.
Requirements realtimeSupport()
{
    // A live support chat: the line, and the first words on screen within 150 ms.
    Requirements r;
    r.preset = QStringLiteral("realtime_support");
    r.maxTtftP95Ms = 150.0;
    r.slo.ttftMs = 150.0;
    return r;
}

Requirements knowledgeBaseSummaries()
{
    // Summaries of long documents: the whole document in one prompt, its first token within
    // 800 ms, and the cost of what was really billed; the answer's length sets the end-to-end
    // time, so that is not a gate.
    Requirements r = Requirements::none();
    r.preset = QStringLiteral("knowledge_base_summaries");
    r.maxTtftP95Ms = 800.0;
    r.maxUsdPer1k = 0.0015;
    r.minContextTokens = 128000;
    return r;
}

Requirements complianceReview()
{
    // A review pipeline that runs in batches: no latency gate; the billed cost and a window for
    // whole filings.
    Requirements r = Requirements::none();
    r.preset = QStringLiteral("compliance_review");
    r.maxUsdPer1k = 0.0015;
    r.minContextTokens = 128000;
    return r;
}

Requirements codingAssistant()
{
    // Completions in an editor: the first token within 500 ms (typing must not wait), a window
    // that takes a repository's context, and a cost ceiling above the line's (longer answers).
    Requirements r = Requirements::none();
    r.preset = QStringLiteral("coding_assistant");
    r.maxTtftP95Ms = 500.0;
    r.maxUsdPer1k = 0.003;
    r.minContextTokens = 128000;
    r.slo.ttftMs = 500.0;
    return r;
}

Requirements batchOffline()
{
    // Batch and offline jobs: nobody waits, so no latency gate; the billed cost, lower than the
    // line's, is what decides.
    Requirements r = Requirements::none();
    r.preset = QStringLiteral("batch_offline");
    r.maxUsdPer1k = 0.001;
    return r;
}

Requirements contractAudit()
{
    // Answers a pipeline parses: at least 99.9% of them hold to their contract (a JSON Schema,
    // golden answers), whatever their speed or price.
    Requirements r = Requirements::none();
    r.preset = QStringLiteral("contract_audit");
    r.minContractPassRate = 0.999;
    return r;
}

// A threshold: absent keeps `current`, null removes the gate, else a finite number ≥ 0.
std::optional<double> threshold(const json &obj, const char *key, const QString &where,
                                std::optional<double> current)
{
    auto it = obj.find(key);
    if (it == obj.end())
        return current;
    if (it->is_null())
        return std::nullopt;
    if (!it->is_number())
        throw SuiteError{Requirements::tr("%1.%2: expected a number (or null for no gate)")
                             .arg(where, QLatin1StringView(key))};
    const double v = it->get<double>();
    if (!std::isfinite(v) || v < 0)
        throw SuiteError{Requirements::tr("%1.%2: %3 is negative; a threshold is a number ≥ 0")
                             .arg(where, QLatin1StringView(key))
                             .arg(v)};
    return v;
}

std::optional<double> positive(const json &obj, const char *key, const QString &where,
                               std::optional<double> current)
{
    const auto v = threshold(obj, key, where, current);
    if (v && *v <= 0 && obj.contains(key))
        throw SuiteError{Requirements::tr("%1.%2: expected a number above zero")
                             .arg(where, QLatin1StringView(key))};
    return v;
}

} // namespace

int Requirements::gateCount() const
{
    return int(maxP95LatencyMs.has_value()) + int(maxTtftP95Ms.has_value()) +
           int(maxUsdPer1k.has_value()) + int(minContextTokens.has_value()) +
           int(minContractPassRate.has_value());
}

Requirements Requirements::none()
{
    Requirements r;
    r.preset.clear();
    r.maxP95LatencyMs.reset();
    r.maxUsdPer1k.reset();
    r.minContextTokens.reset();
    return r;
}

QStringList Requirements::presetNames()
{
    return {QStringLiteral("line"),
            QStringLiteral("realtime_support"),
            QStringLiteral("knowledge_base_summaries"),
            QStringLiteral("compliance_review"),
            QStringLiteral("contract_audit"),
            QStringLiteral("coding_assistant"),
            QStringLiteral("batch_offline")};
}

std::optional<Requirements> Requirements::fromPreset(const QString &name)
{
    if (name == QLatin1StringView("line"))
        return Requirements{};
    if (name == QLatin1StringView("realtime_support"))
        return realtimeSupport();
    if (name == QLatin1StringView("knowledge_base_summaries"))
        return knowledgeBaseSummaries();
    if (name == QLatin1StringView("compliance_review"))
        return complianceReview();
    if (name == QLatin1StringView("contract_audit"))
        return contractAudit();
    if (name == QLatin1StringView("coding_assistant"))
        return codingAssistant();
    if (name == QLatin1StringView("batch_offline"))
        return batchOffline();
    return std::nullopt;
}

std::optional<Requirements> Requirements::parse(const QByteArray &bytes, const QString &source,
                                                QString *error)
{
    return fromJsonText(bytes, source, error, [&source](const json &doc) {
        return requirementsjson::fromJson(doc, source);
    });
}

std::optional<Requirements> Requirements::loadFile(const QString &path, QString *error)
{
    return parseWholeFile(path, tr("%1: cannot read the requirements file (%2)"), error,
                          &Requirements::parse);
}

namespace requirementsjson {

Requirements fromJson(const json &obj, const QString &where)
{
    if (!obj.is_object())
        throw SuiteError{Requirements::tr("%1: requirements must be a JSON object").arg(where)};
    requireKnownFields(obj,
                       {"preset", "max_e2e_p95_ms", "max_ttft_p95_ms", "max_usd_per_1k", "basis",
                        "list_weights", "min_context_tokens", "min_contract_pass_rate", "slo",
                        "min_passed"},
                       where);
    Requirements r = Requirements::none();
    const QString preset = stringField(obj, "preset", where, false);
    if (obj.contains("preset")) {
        const auto base = Requirements::fromPreset(preset);
        if (!base)
            throw SuiteError{
                Requirements::tr("%1.preset: unknown preset \"%2\" (known: %3)")
                    .arg(where, preset, Requirements::presetNames().join(QStringLiteral(", ")))};
        r = *base;
    }
    r.maxP95LatencyMs = threshold(obj, "max_e2e_p95_ms", where, r.maxP95LatencyMs);
    r.maxTtftP95Ms = threshold(obj, "max_ttft_p95_ms", where, r.maxTtftP95Ms);
    r.maxUsdPer1k = threshold(obj, "max_usd_per_1k", where, r.maxUsdPer1k);
    if (auto it = obj.find("min_context_tokens"); it != obj.end()) {
        if (it->is_null())
            r.minContextTokens.reset();
        else if (!it->is_number_integer() || it->get<long long>() < 0)
            throw SuiteError{Requirements::tr("%1.min_context_tokens: expected a whole number of "
                                              "tokens ≥ 0 (or null for no gate)")
                                 .arg(where)};
        else
            r.minContextTokens = it->get<qint64>();
    }
    r.minContractPassRate = threshold(obj, "min_contract_pass_rate", where, r.minContractPassRate);
    if (r.minContractPassRate && *r.minContractPassRate > 1)
        throw SuiteError{Requirements::tr("%1.min_contract_pass_rate: %2 is above 1; the rate is "
                                          "a share (0.999 for 99.9%)")
                             .arg(where)
                             .arg(*r.minContractPassRate)};
    if (obj.contains("basis")) {
        const QString basis = stringField(obj, "basis", where, false);
        if (basis == QLatin1StringView("measured"))
            r.costBasis = CostBasis::Measured;
        else if (basis == QLatin1StringView("list"))
            r.costBasis = CostBasis::List;
        else
            throw SuiteError{
                Requirements::tr("%1.basis: \"%2\" is neither \"measured\" nor \"list\"")
                    .arg(where, basis)};
    }
    if (auto it = obj.find("list_weights"); it != obj.end()) {
        const QString ww = where + QStringLiteral(".list_weights");
        if (!it->is_object())
            throw SuiteError{
                Requirements::tr("%1: expected {\"input\": 3, \"output\": 1}").arg(ww)};
        requireKnownFields(*it, {"input", "output"}, ww);
        r.listInputWeight = *threshold(*it, "input", ww, r.listInputWeight);
        r.listOutputWeight = *threshold(*it, "output", ww, r.listOutputWeight);
        if (!(r.listInputWeight + r.listOutputWeight > 0))
            throw SuiteError{Requirements::tr("%1: the weights may not both be 0").arg(ww)};
    }
    if (auto it = obj.find("slo"); it != obj.end()) {
        const QString sw = where + QStringLiteral(".slo");
        if (!it->is_object())
            throw SuiteError{Requirements::tr("%1: expected an object of ttft_ms, tpot_ms and "
                                              "e2e_ms")
                                 .arg(sw)};
        requireKnownFields(*it, {"ttft_ms", "tpot_ms", "e2e_ms"}, sw);
        r.slo.ttftMs = positive(*it, "ttft_ms", sw, r.slo.ttftMs);
        r.slo.tpotMs = positive(*it, "tpot_ms", sw, r.slo.tpotMs);
        r.slo.e2eMs = positive(*it, "e2e_ms", sw, r.slo.e2eMs);
    }
    if (auto it = obj.find("min_passed"); it != obj.end()) {
        if (it->is_null()) {
            r.minPassed.reset();
        } else {
            const int gates = r.gateCount();
            if (!it->is_number_integer() || it->get<long long>() < 1 ||
                it->get<long long>() > gates)
                throw SuiteError{Requirements::tr("%1.min_passed: expected a whole number within "
                                                  "1..%2, the number of gates set")
                                     .arg(where)
                                     .arg(gates)};
            r.minPassed = int(it->get<long long>());
        }
    }
    return r;
}

json toJson(const Requirements &r)
{
    const auto orNull = [](const auto &v) {
        return v ? json(*v) : json(nullptr);
    };
    json j;
    j["max_e2e_p95_ms"] = orNull(r.maxP95LatencyMs);
    j["max_ttft_p95_ms"] = orNull(r.maxTtftP95Ms);
    j["max_usd_per_1k"] = orNull(r.maxUsdPer1k);
    j["basis"] = r.costBasis == CostBasis::List ? "list" : "measured";
    j["list_weights"] = {{"input", r.listInputWeight}, {"output", r.listOutputWeight}};
    j["min_context_tokens"] = orNull(r.minContextTokens);
    if (r.minContractPassRate) // only when set: older readers know no such field
        j["min_contract_pass_rate"] = *r.minContractPassRate;
    json slo = json::object();
    if (r.slo.ttftMs)
        slo["ttft_ms"] = *r.slo.ttftMs;
    if (r.slo.tpotMs)
        slo["tpot_ms"] = *r.slo.tpotMs;
    if (r.slo.e2eMs)
        slo["e2e_ms"] = *r.slo.e2eMs;
    j["slo"] = slo;
    j["min_passed"] = orNull(r.minPassed);
    return j;
}

} // namespace requirementsjson

} // namespace ys
