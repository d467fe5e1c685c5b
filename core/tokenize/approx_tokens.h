#pragma once

#include <QStringView>

namespace ys {

// A documented approximation of a prompt's token count, used until the exact BPE tokenizer lands:
// every CJK ideograph, kana or hangul syllable counts as one token, and every other run of
// characters counts as one token per four characters (rounded up per run). The client's prompt
// builder and the simulator both use it, so their counts agree with each other exactly.
int approxTokenCount(QStringView text);

} // namespace ys
