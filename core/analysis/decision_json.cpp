#include "analysis/decision_json.h"

#include "analysis/json_or_null.h"

#include "analysis/comparisons.h"
#include "analysis/pareto.h"
#include "analysis/scores.h"
#include "analysis/slo.h"

namespace ys {

using nlohmann::json;

namespace {

json nameOf(const std::vector<ParetoEntry> &points, int i)
{
    return points[std::size_t(i)].provider.toStdString();
}

json optionalName(const std::optional<QString> &name)
{
    return name ? json(name->toStdString()) : json(nullptr);
}

} // namespace

json paretoJson(const SessionSummary &summary)
{
    const ParetoAnalysis a = paretoOf(summary);
    json j;
    j["latency_figure"] = latencyFigureName(a.latencyFigure).toStdString();
    j["cost_figure"] = "usd_per_1k_measured";
    j["points"] = json::array();
    for (const ParetoEntry &p : a.points) {
        j["points"].push_back({{"provider", p.provider.toStdString()},
                               {"usd_per_1k", p.usdPer1k},
                               {"usd_per_1k_ci", intervalOrNull(p.usdPer1kCi)},
                               {"latency_ms", p.latencyMs},
                               {"latency_ci", intervalOrNull(p.latencyCi)}});
    }
    j["unplaced"] = json::array();
    for (const QString &name : a.unplaced)
        j["unplaced"].push_back(name.toStdString());
    j["front"] = json::array();
    for (int i : a.front)
        j["front"].push_back(nameOf(a.points, i));
    j["knee"] = a.knee ? nameOf(a.points, *a.knee) : json(nullptr);
    j["segments"] = json::array();
    for (const ParetoSegment &s : a.segments) {
        j["segments"].push_back({{"from", nameOf(a.points, s.from)},
                                 {"to", nameOf(a.points, s.to)},
                                 {"slope", s.slope},
                                 {"shape", segmentShapeName(s.shape).toStdString()}});
    }
    return j;
}

json scoreJson(const SessionSummary &summary, const std::vector<ScoreCriterion> &criteria)
{
    QString error;
    const auto table = Scores::ofSession(summary, criteria, &error);
    if (!table)
        return nullptr; // criteria come checked by Scores::criteria: not reached
    json j;
    j["weights"] = json::object();
    for (const ScoreCriterion &c : table->criteria)
        j["weights"][c.name.toStdString()] = c.weight;
    j["dropped"] = json::array();
    for (const QString &name : table->dropped)
        j["dropped"].push_back(name.toStdString());
    j["providers"] = json::array();
    for (const ScoreRow &r : table->rows) {
        json normalised = json::object();
        for (std::size_t c = 0; c < table->criteria.size(); ++c)
            normalised[table->criteria[c].name.toStdString()] = orNull(r.normalised[c]);
        j["providers"].push_back({{"provider", r.name.toStdString()},
                                  {"normalised", normalised},
                                  {"score", orNull(r.score)},
                                  {"rank", orNull(r.rank)}});
    }
    j["sensitivity"] = json::array();
    for (const WeightSensitivity &s : table->sensitivity) {
        j["sensitivity"].push_back({{"weight", s.criterion.toStdString()},
                                    {"raise_by", orNull(s.raiseBy)},
                                    {"raise_top", optionalName(s.raiseTop)},
                                    {"lower_by", orNull(s.lowerBy)},
                                    {"lower_top", optionalName(s.lowerTop)}});
    }
    j["top_stability"] = orNull(table->topStability);
    return j;
}

json comparisonsJson(const SessionSummary &summary)
{
    json rows = json::array();
    for (const PairComparison &c : comparisonTable(summary)) {
        rows.push_back({{"a", c.a.toStdString()},
                        {"b", c.b.toStdString()},
                        {"figure", comparedFigureName(c.figure).toStdString()},
                        {"difference_ms", c.result.difference},
                        {"ci", c.result.ciLow && c.result.ciHigh
                                   ? json::array({*c.result.ciLow, *c.result.ciHigh})
                                   : json(nullptr)},
                        {"p_value", c.result.pValue},
                        {"p_holm", c.result.adjustedPValue},
                        {"n_a", c.result.n1},
                        {"n_b", c.result.n2},
                        {"subsampled", c.subsampled}});
    }
    return rows;
}

json sloJson(const SessionSummary &summary, const SloObjectives &objectives)
{
    if (!objectives.any())
        return nullptr;
    json j;
    j["objectives"] = {{"ttft_ms", orNull(objectives.ttftMs)},
                       {"tpot_ms", orNull(objectives.tpotMs)},
                       {"e2e_ms", orNull(objectives.e2eMs)}};
    j["providers"] = json::array();
    for (const ProviderSummary &p : summary.providers) {
        const SloAttainment a = sloAttainment(p, objectives);
        j["providers"].push_back({{"provider", p.name.toStdString()},
                                  {"requests", a.requests},
                                  {"attained", a.attained},
                                  {"meets_ttft", orNull(a.meetsTtft)},
                                  {"meets_tpot", orNull(a.meetsTpot)},
                                  {"meets_e2e", orNull(a.meetsE2e)},
                                  {"share", orNull(a.share)},
                                  {"goodput_per_s", orNull(a.goodputPerS)},
                                  {"wall_span_s", orNull(p.wallSpanS)}});
    }
    return j;
}

void addDecisionJson(json &doc, const SessionSummary &summary,
                     const std::vector<ScoreCriterion> &criteria)
{
    doc["pareto"] = paretoJson(summary);
    doc["score"] = scoreJson(summary, criteria);
    doc["comparisons"] = comparisonsJson(summary);
    doc["slo"] = sloJson(summary, summary.requirements.slo);
}

} // namespace ys
