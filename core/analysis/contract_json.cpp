#include "analysis/contract_json.h"

#include "analysis/json_or_null.h"

namespace ys {

using json = nlohmann::json;

json contractJson(const std::optional<ContractSummary> &contract)
{
    if (!contract)
        return nullptr;
    const ContractSummary &c = *contract;
    json checks = json::array();
    for (const ContractCheckRate &r : c.perCheck)
        checks.push_back({{"check", r.check.toStdString()},
                          {"checked", r.checked},
                          {"passed", r.passed},
                          {"rate", orNull(r.rate)},
                          {"rate_ci", intervalOrNull(r.ci)}});
    json failures = json::array();
    for (const ContractFailure &f : c.failures) {
        json one = {{"sample", f.sampleId},
                    {"run", f.runId},
                    {"request_index", f.requestIndex},
                    {"attempt", f.attempt},
                    {"check", f.check.toStdString()},
                    {"detail", f.detail.toStdString()},
                    {"answer_excerpt", f.answer.left(kContractExcerptChars).toStdString()}};
        if (f.check == QLatin1StringView("schema"))
            one["path"] = f.path.toStdString();
        if (!f.prompt.isEmpty())
            one["prompt"] = f.prompt.toStdString();
        failures.push_back(std::move(one));
    }
    return {{"answers", c.answers},
            {"passed", c.passed},
            {"pass_rate", orNull(c.passRate)},
            {"pass_rate_ci", intervalOrNull(c.passRateCi)},
            {"checks", std::move(checks)},
            {"failures", std::move(failures)}};
}

} // namespace ys
