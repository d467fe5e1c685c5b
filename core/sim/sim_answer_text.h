#pragma once

#include "sim/sim_profile.h"
#include "sim/sim_text.h"

#include <QString>
#include <optional>
#include <vector>

namespace ys {

class Tokenizer;

// The whole text of one simulated answer, written before the first event leaves so that usage
// can report what the profile's encoding counts in it, as a real provider reports its tokenizer's
// count of what it generated. Decode timing stays in the plan's own units (one per SimText
// piece); only the reported counts are BPE tokens.
struct SimAnswerText {
    std::vector<QString> pieces; // one per planned event; the last ones may be empty after a cut
    std::vector<int> running;    // the encoding's count of the text up to each piece's end
    int tokens = 0;              // the encoding's count of all pieces together
    bool cut = false;            // shortened to stay within the request's output limit
};

// What the simulated model recalls of a "needle" fact. A prompt that states
// `secret code is CODE` (CODE: 4 to 16 of A-Z, 0-9 and '-') and later asks
// `What is the secret code?` (any case) gets the lead "The secret code is CODE. " when the fact
// lay in the part of the prompt the model processed, and a lead that admits not knowing when it
// did not. keptTokens, when set, is how many tokens from the end of the prompt were processed
// (context_overflow "truncate" keeps the end, as Ollama does). A fact processed is repeated
// with recall's chance at its depth and the processed size, drawn from `draw` (uniform in
// [0, 1)); a fact not repeated gets the same lead as one lost. Empty without such a question.
QString simNeedleLead(const QString &prompt, const Tokenizer &tokenizer,
                      std::optional<int> keptTokens, const SimNeedleRecall &recall = {},
                      double draw = 0);

// Draws the pieces of each planned event from text, lead first, and counts them. With a
// maxTokens limit the text is cut, from the end, until the count fits.
SimAnswerText simAnswerText(const SimPlan &plan, SimText &text, const QString &lead,
                            const Tokenizer &tokenizer, std::optional<int> maxTokens);

// A fixed text (a golden or structured answer, sim/sim_answers.h) spread over the planned
// events by characters, counted and cut the same way.
SimAnswerText simFixedAnswerText(const SimPlan &plan, const QString &text,
                                 const Tokenizer &tokenizer, std::optional<int> maxTokens);

} // namespace ys
