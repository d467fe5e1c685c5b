#include "analysis/recommendation_json.h"

#include "analysis/chunking_json.h"
#include "analysis/gates.h"
#include "analysis/json_or_null.h"
#include "analysis/recommendation_text.h"
#include "domain/use_case_json.h"

#include <nlohmann/json.hpp>

namespace ys {

using nlohmann::json;

namespace {

json marginJson(const RequirementMargin &m)
{
    return {{"gate", Gates::name(m.kind).toStdString()},
            {"requirement", m.requirement.toStdString()},
            {"result", Gates::name(m.result).toStdString()},
            {"value", orNull(m.value)},
            {"interval", intervalOrNull(m.interval)},
            {"threshold", m.threshold},
            {"at_most", m.atMost},
            {"margin", orNull(m.margin)},
            {"margin_at_interval", orNull(m.marginAtInterval)},
            {"holds_at_interval", m.result == GateResult::Pass}};
}

json providerJson(const ProviderRecommendation &p)
{
    json margins = json::array();
    for (const RequirementMargin &m : p.margins)
        margins.push_back(marginJson(m));
    json risks = json::array();
    for (const Risk &r : p.risks)
        risks.push_back(
            {{"kind", Recommender::name(r.kind).toStdString()}, {"text", r.text.toStdString()}});
    const QString exclusion = Recommender::name(p.exclusion);
    return {{"provider", p.name.toStdString()},
            {"standing", Recommender::name(p.standing).toStdString()},
            {"rank", orNull(p.rank)},
            {"score", orNull(p.score)},
            {"margins", margins},
            {"usd_per_1m", orNull(p.usdPer1m)},
            {"monthly_usd", orNull(p.monthlyUsd)},
            {"rate_limit_rps", orNull(p.rateLimitRps)},
            {"measured_attempts", p.measuredAttempts},
            {"exclusion", exclusion.isEmpty() ? json(nullptr) : json(exclusion.toStdString())},
            {"exclusion_gate",
             p.exclusionGate ? json(Gates::name(*p.exclusionGate).toStdString()) : json(nullptr)},
            {"reason", p.reason.isEmpty() ? json(nullptr) : json(p.reason.toStdString())},
            {"risks", risks}};
}

} // namespace

json recommendationJson(const Recommendation &rec)
{
    json j;
    j["use_case"] = usecasejson::toJson(rec.useCase);
    j["choice"] = rec.choice ? json(rec.choice->toStdString()) : json(nullptr);
    j["fallbacks"] = json::array();
    for (const QString &f : rec.fallbacks)
        j["fallbacks"].push_back(f.toStdString());
    j["headline"] = RecommendationText::headline(rec).toStdString();
    j["providers"] = json::array();
    for (const ProviderRecommendation &p : rec.providers)
        j["providers"].push_back(providerJson(p));
    j["chunking"] = rec.chunkingPlan
                        ? chunkingJsonValue(*rec.chunkingPlan,
                                            Chunking::arithmetic(*rec.chunkingPlan), rec.chunking)
                        : json(nullptr);
    return j;
}

} // namespace ys
