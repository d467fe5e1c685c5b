#include "analysis/contract_summary.h"

#include "domain/contract_check.h"

#include <algorithm>
#include <cmath>

namespace ys {

const ContractCheckRate *ContractSummary::rate(const QString &check) const
{
    const auto it = std::find_if(perCheck.begin(), perCheck.end(),
                                 [&](const ContractCheckRate &r) { return r.check == check; });
    return it == perCheck.end() ? nullptr : &*it;
}

std::optional<std::pair<double, double>> wilsonInterval(int passed, int n, double z)
{
    if (n <= 0)
        return std::nullopt;
    const double p = double(passed) / n;
    const double z2 = z * z;
    const double centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1.0 + z2 / n);
    return std::make_pair(std::max(0.0, centre - half), std::min(1.0, centre + half));
}

std::optional<ContractSummary> summarizeContract(const std::vector<ContractAnswer> &answers)
{
    ContractSummary s;
    for (const ContractAnswer &a : answers) {
        const auto stored = ContractCheck::fromStored(a.stored);
        if (!stored || stored->results.empty())
            continue;
        ++s.answers;
        bool all = true;
        for (const ContractCheckResult &r : stored->results) {
            if (!s.checks.contains(r.check)) {
                s.checks << r.check;
                s.perCheck.push_back({r.check, 0, 0, {}, {}});
            }
            ContractCheckRate &rate =
                *std::find_if(s.perCheck.begin(), s.perCheck.end(),
                              [&](const ContractCheckRate &c) { return c.check == r.check; });
            ++rate.checked;
            rate.passed += r.passed ? 1 : 0;
            all = all && r.passed;
            if (!r.passed)
                s.failures.push_back({a.sampleId, a.runId, a.requestIndex, a.attempt, r.check,
                                      r.path, r.detail, stored->prompt, stored->answer});
        }
        s.passed += all ? 1 : 0;
    }
    if (s.answers == 0)
        return std::nullopt;
    for (ContractCheckRate &r : s.perCheck) {
        r.rate = double(r.passed) / r.checked;
        r.ci = wilsonInterval(r.passed, r.checked);
    }
    s.passRate = double(s.passed) / s.answers;
    s.passRateCi = wilsonInterval(s.passed, s.answers);
    return s;
}

} // namespace ys
