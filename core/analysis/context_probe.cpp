#include "analysis/context_probe.h"

#include <algorithm>

namespace ys {

ProbeJudgement judgeContextProbe(const Sample &sample, std::optional<bool> needleUsable)
{
    ProbeJudgement j;
    if (sample.outcome == Outcome::ContextExceeded) {
        j.verdict = ProbeVerdict::Exceeded;
        return j;
    }
    if (sample.outcome == Outcome::SilentTruncation) {
        j.verdict = ProbeVerdict::Truncated;
        return j;
    }
    if (!outcomeIsSuccess(sample.outcome))
        return j;
    if (sample.inputTokens && sample.localPromptTokens > 0) {
        j.verdict = promptWasCut(sample) ? ProbeVerdict::Truncated : ProbeVerdict::Fits;
        j.recallMiss = j.verdict == ProbeVerdict::Fits && sample.needleFound == false;
        return j;
    }
    // No count reported: the fact is the only witness, and only for a model that repeats facts.
    if (needleUsable != false && sample.needleFound == false) {
        j.verdict = ProbeVerdict::Truncated;
        j.byNeedle = true;
        return j;
    }
    j.verdict = ProbeVerdict::Fits;
    j.byNeedle = sample.needleFound.has_value() && needleUsable != false;
    return j;
}

qint64 contextControlTokens(qint64 claimed)
{
    return std::min(claimed, std::clamp<qint64>(claimed / 16, 256, 1024));
}

} // namespace ys
