#include "run/prompt_source.h"

#include "tokenize/approx_tokens.h"

namespace ys {

namespace {
const char kCorpus[] =
    "Procurement teams compare language model services on latency, cost and context length. "
    "A fair comparison sends the same prompt to every provider, at the same load, and keeps "
    "every measurement so that a figure can be traced back to the requests behind it. "
    "Streaming answers are timed from the moment a request leaves the client until the first "
    "token arrives and until the last byte is read. Percentiles describe the tail that users "
    "feel; the median alone hides it. Prices are quoted per million tokens, separately for "
    "input and output, and the blend depends on the workload. ";
}

QString PromptSource::make(int targetTokens, quint64 runSeed, int requestNumber)
{
    // ASCII text of 4·N characters is exactly N approximate tokens.
    const int chars = std::max(1, targetTokens) * 4;
    QString text = QStringLiteral("Request %1-%2. Summarise the following notes in one paragraph. ")
                       .arg(runSeed, 0, 16)
                       .arg(requestNumber);
    text.reserve(chars);
    const QString corpus = QString::fromLatin1(kCorpus);
    while (text.size() < chars)
        text += corpus;
    text.truncate(chars);
    Q_ASSERT(approxTokenCount(text) == std::max(1, targetTokens));
    return text;
}

} // namespace ys
