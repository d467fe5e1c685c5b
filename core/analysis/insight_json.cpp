#include "analysis/insight_json.h"

#include "analysis/json_or_null.h"

#include "tokenize/encoding.h"

namespace ys {

using nlohmann::json;

namespace {

json sideJson(const ReconciliationSide &side)
{
    json j;
    j["attempts"] = side.attempts;
    j["reported_tokens"] = side.attempts > 0 ? json(side.reportedTokens) : json(nullptr);
    j["local_tokens"] = side.attempts > 0 ? json(side.localTokens) : json(nullptr);
    j["ratio"] = orNull(side.ratio);
    j["ratio_p5"] = orNull(side.ratioP5);
    j["ratio_p50"] = orNull(side.ratioP50);
    j["ratio_p95"] = orNull(side.ratioP95);
    j["difference"] = orNull(side.difference);
    j["flagged"] = side.flagged;
    return j;
}

json stringsJson(const QStringList &values)
{
    json j = json::array();
    for (const QString &v : values)
        j.push_back(v.toStdString());
    return j;
}

} // namespace

json reconciliationJson(const std::vector<TokenReconciliation> &providers)
{
    json out = json::array();
    for (const TokenReconciliation &r : providers) {
        json j;
        j["provider"] = r.provider.toStdString();
        j["model"] = r.model.toStdString();
        j["family"] = r.encoding.family.toStdString();
        j["encoding"] = encodingName(r.encoding.encoding).toStdString();
        j["estimated"] = r.encoding.estimated;
        j["attempts"] = r.attempts;
        j["without_usage"] = r.withoutUsage;
        j["template_allowance_tokens"] = kTemplateAllowanceTokens;
        j["tolerance"] = kReconciliationTolerance;
        j["input"] = sideJson(r.input);
        j["output"] = sideJson(r.output);
        j["flagged"] = r.flagged();
        out.push_back(std::move(j));
    }
    return out;
}

json driftJson(const std::vector<DriftEvent> &events)
{
    json out = json::array();
    for (const DriftEvent &e : events) {
        json j;
        j["provider"] = e.provider.toStdString();
        j["model"] = e.model.toStdString();
        j["figure"] = driftFigureName(e.figure).toStdString();
        j["from_session"] = e.fromSession;
        j["to_session"] = e.toSession;
        const bool sets = e.figure == DriftFigure::Model || e.figure == DriftFigure::Fingerprint;
        j["before"] = sets ? stringsJson(e.beforeValues) : orNull(e.before);
        j["after"] = sets ? stringsJson(e.afterValues) : orNull(e.after);
        j["difference"] = orNull(e.difference);
        j["difference_ci"] =
            e.ciLow && e.ciHigh ? json::array({*e.ciLow, *e.ciHigh}) : json(nullptr);
        j["relative"] = orNull(e.relative);
        j["p_value"] = orNull(e.pValue);
        j["p_adjusted"] = orNull(e.adjustedPValue);
        out.push_back(std::move(j));
    }
    return out;
}

} // namespace ys
