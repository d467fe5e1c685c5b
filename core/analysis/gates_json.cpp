#include "analysis/gates_json.h"

#include "analysis/json_or_null.h"

#include "domain/requirements_json.h"

namespace ys {

using nlohmann::json;

json gatesJson(const GateVerdict &v)
{
    json checks = json::object();
    for (const Gate &g : v.gates) {
        json c;
        c["verdict"] = Gates::name(g.result).toStdString();
        c["value"] = g.value ? json(*g.value) : json(nullptr);
        c["interval"] = intervalOrNull(g.interval);
        c["threshold"] = g.threshold;
        c["comparison"] = g.atMost ? "<=" : ">=";
        c["source"] = g.source.toStdString();
        checks[Gates::name(g.kind).toStdString()] = c;
    }
    json j;
    j["overall"] = Gates::name(v.overall()).toStdString();
    j["passed"] = v.passed();
    j["min_passed"] = v.minPassed;
    j["count"] = v.gates.size();
    j["checks"] = checks;
    return j;
}

json requirementsJson(const Requirements &r)
{
    json j = requirementsjson::toJson(r);
    j["preset"] = r.preset.isEmpty() ? json(nullptr) : json(r.preset.toStdString());
    return j;
}

} // namespace ys
