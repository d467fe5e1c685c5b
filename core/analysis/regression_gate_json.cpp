#include "analysis/regression_gate_json.h"

#include "analysis/json_or_null.h"

namespace ys {

using nlohmann::json;

namespace {

json namesJson(const QStringList &names)
{
    json out = json::array();
    for (const QString &name : names)
        out.push_back(name.toStdString());
    return out;
}

json regressionCheckJson(const RegressionCheck &c)
{
    const DiffRow &r = c.row;
    json j;
    j["provider"] = r.provider.toStdString();
    j["figure"] = diffFigureName(r.figure).toStdString();
    j["before"] = orNull(r.before);
    j["after"] = orNull(r.after);
    j["change"] = orNull(r.change);
    j["relative_change"] = orNull(c.relativeChange);
    j["interval"] = r.ciLow && r.ciHigh ? json::array({*r.ciLow, *r.ciHigh}) : json(nullptr);
    j["p_value"] = orNull(c.pValue);
    j["p_value_uncorrected"] = orNull(r.rawPValue ? r.rawPValue : r.pValue);
    j["worse"] = c.worse;
    j["significant"] = c.significant;
    j["beyond_tolerance"] = c.beyondTolerance;
    j["regression"] = c.regression;
    return j;
}

} // namespace

json regressionGateJson(const RegressionGate &gate, qint64 session, qint64 baseline)
{
    json figures = json::array();
    for (const RegressionCheck &c : gate.checks)
        figures.push_back(regressionCheckJson(c));
    json j;
    j["session"] = session;
    j["baseline"] = baseline;
    j["tolerance"] = gate.options.tolerance;
    j["alpha"] = gate.options.alpha;
    j["correction"] = "holm";
    j["tests"] = gate.tests;
    j["regressed"] = gate.regressed();
    j["only_in_baseline"] = namesJson(gate.onlyInBaseline);
    j["only_in_session"] = namesJson(gate.onlyInSession);
    j["figures"] = figures;
    return j;
}

} // namespace ys
