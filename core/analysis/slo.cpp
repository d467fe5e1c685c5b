#include "analysis/slo.h"

namespace ys {

namespace {

// NaN (not measured) never meets an objective.
bool meets(double value, const std::optional<double> &limit)
{
    return value <= *limit;
}

} // namespace

SloAttainment sloAttainment(const std::vector<AttemptTiming> &timings,
                            std::optional<double> wallSpanS, const SloObjectives &objectives)
{
    SloAttainment a;
    a.requests = int(timings.size());
    int ttft = 0, tpot = 0, e2e = 0;
    for (const AttemptTiming &t : timings) {
        if (!t.success)
            continue; // a failed request never attains
        const bool okTtft = !objectives.ttftMs || meets(t.ttftMs, objectives.ttftMs);
        const bool okTpot = !objectives.tpotMs || meets(t.tpotMs, objectives.tpotMs);
        const bool okE2e = !objectives.e2eMs || meets(t.e2eMs, objectives.e2eMs);
        ttft += okTtft ? 1 : 0;
        tpot += okTpot ? 1 : 0;
        e2e += okE2e ? 1 : 0;
        a.attained += okTtft && okTpot && okE2e ? 1 : 0;
    }
    if (objectives.ttftMs)
        a.meetsTtft = ttft;
    if (objectives.tpotMs)
        a.meetsTpot = tpot;
    if (objectives.e2eMs)
        a.meetsE2e = e2e;
    if (a.requests > 0)
        a.share = double(a.attained) / a.requests;
    if (wallSpanS && *wallSpanS > 0)
        a.goodputPerS = a.attained / *wallSpanS;
    return a;
}

SloAttainment sloAttainment(const ProviderSummary &summary, const SloObjectives &objectives)
{
    return sloAttainment(summary.timings, summary.wallSpanS, objectives);
}

} // namespace ys
