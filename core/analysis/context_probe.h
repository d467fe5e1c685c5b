#pragma once

#include "domain/sample.h"

#include <QtGlobal>
#include <optional>

namespace ys {

// How one context-limit probe ended (docs/measurements.md, "Context limit"). The window is
// judged from the provider's error and from the prompt tokens it reported first; the planted
// fact ("needle") decides only when no count was reported and the model was seen to repeat a
// fact at a size that surely fits (the control probe). A prompt taken whole whose fact was not
// repeated is a recall finding, never a truncation: repeating text is the model's habit, not
// its window.
enum class ProbeVerdict {
    Fits,         // taken whole
    Exceeded,     // refused with a context-length error
    Truncated,    // taken only in part, without an error
    Inconclusive, // failed otherwise (a timeout, a server error): says nothing of the window
};

struct ProbeJudgement {
    ProbeVerdict verdict = ProbeVerdict::Inconclusive;
    bool byNeedle = false;   // decided by the fact, for want of a reported count
    bool recallMiss = false; // taken whole, and its fact not repeated
};

// needleUsable: whether the control probe's answer repeated its fact; unset when there was no
// control (a session stored before it existed) or it told nothing.
ProbeJudgement judgeContextProbe(const Sample &sample, std::optional<bool> needleUsable);

// The size of the control probe for a claimed window: small enough to fit any window worth
// probing, large enough to hold the fact and the question (256 to 1,024 tokens, a 16th of the
// claim, never above it).
qint64 contextControlTokens(qint64 claimed);

} // namespace ys
