#include "sim/sim_answer_text.h"

#include "tokenize/bpe_tokenizer.h"

#include <QRegularExpression>
#include <algorithm>
#include <climits>

namespace ys {

namespace {

QString joined(const std::vector<QString> &pieces)
{
    QString all;
    for (const QString &piece : pieces)
        all += piece;
    return all;
}

// Drops the text past `length` characters, piece by piece from the end.
void keepLength(std::vector<QString> &pieces, qsizetype length)
{
    for (QString &piece : pieces) {
        if (piece.size() > length)
            piece.truncate(length);
        length -= piece.size();
    }
}

// A space before an ASCII letter starts a pre-token in both encodings, and BPE never merges
// across pre-tokens, so the count of a text is the sum of the counts of its parts split there.
bool splitsCounts(const QString &text, qsizetype at)
{
    return at > 0 && at + 1 < text.size() && text.at(at) == QLatin1Char(' ') &&
           text.at(at + 1).unicode() < 128 && text.at(at + 1).isLetter();
}

// The running counts, each a count of the text since the last such split: linear, not quadratic.
std::vector<int> runningCounts(const std::vector<QString> &pieces, const Tokenizer &tokenizer)
{
    std::vector<int> running;
    running.reserve(pieces.size());
    QString all;
    qsizetype settledChars = 0;
    int settledTokens = 0;
    for (const QString &piece : pieces) {
        all += piece;
        qsizetype split = all.size() - 1;
        while (split > settledChars && !splitsCounts(all, split))
            --split;
        if (split > settledChars) {
            settledTokens +=
                int(tokenizer.count(QStringView(all).mid(settledChars, split - settledChars)));
            settledChars = split;
        }
        running.push_back(settledTokens + int(tokenizer.count(QStringView(all).mid(settledChars))));
    }
    return running;
}

} // namespace

QString simNeedleLead(const QString &prompt, const Tokenizer &tokenizer,
                      std::optional<int> keptTokens, const SimNeedleRecall &recall, double draw)
{
    static const QRegularExpression question(QStringLiteral("what is the secret code\\?"),
                                             QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression fact(QStringLiteral("secret code is ([A-Z0-9-]{4,16})"));
    const qsizetype asked = prompt.lastIndexOf(question);
    if (asked < 0)
        return {};
    // The last statement of the fact before the question is the one the model answers with.
    QRegularExpressionMatch found;
    for (auto it = fact.globalMatch(QStringView(prompt).left(asked)); it.hasNext();)
        found = it.next();
    const QString unknown = QStringLiteral("I do not know the secret code. ");
    if (!found.hasMatch())
        return unknown;
    // Tokens from the fact to the end of the prompt, and the processed prompt's size.
    const auto after = qint64(tokenizer.count(QStringView(prompt).mid(found.capturedStart())));
    const qint64 whole = qint64(tokenizer.count(prompt));
    const qint64 processed = keptTokens ? std::min<qint64>(*keptTokens, whole) : whole;
    if (after > processed)
        return unknown; // the fact lay in the part of the prompt that was dropped
    const double depth = processed > 0 ? double(processed - after) / double(processed) : 0;
    if (draw >= recall.chance(int(std::min<qint64>(processed, INT_MAX)), depth))
        return unknown;
    return QStringLiteral("The secret code is %1. ").arg(found.captured(1));
}

namespace {

// Counts the answer's pieces, cut from the end until the count fits maxTokens.
SimAnswerText fitted(SimAnswerText answer, const Tokenizer &tokenizer, std::optional<int> maxTokens)
{
    const QString all = joined(answer.pieces);
    answer.tokens = int(tokenizer.count(all));
    if (!maxTokens || *maxTokens < 1 || answer.tokens <= *maxTokens) {
        answer.running = runningCounts(answer.pieces, tokenizer);
        return answer;
    }

    // Over the limit: whole pieces go first, then characters (never half a surrogate pair).
    answer.cut = true;
    qsizetype length = all.size();
    for (auto piece = answer.pieces.rbegin(); piece != answer.pieces.rend(); ++piece) {
        if (tokenizer.count(QStringView(all).left(length - piece->size())) <= *maxTokens)
            break;
        length -= piece->size();
    }
    while (length > 1 && tokenizer.count(QStringView(all).left(length)) > *maxTokens)
        length -= all.at(length - 1).isLowSurrogate() ? 2 : 1;
    keepLength(answer.pieces, length);
    answer.tokens = int(tokenizer.count(QStringView(all).left(length)));
    answer.running = runningCounts(answer.pieces, tokenizer);
    return answer;
}

} // namespace

SimAnswerText simAnswerText(const SimPlan &plan, SimText &text, const QString &lead,
                            const Tokenizer &tokenizer, std::optional<int> maxTokens)
{
    SimAnswerText answer;
    answer.pieces.reserve(plan.events.size());
    for (const SimEvent &event : plan.events)
        answer.pieces.push_back(text.take(event.tokens));
    if (!answer.pieces.empty())
        answer.pieces.front().prepend(lead);
    return fitted(std::move(answer), tokenizer, maxTokens);
}

SimAnswerText simFixedAnswerText(const SimPlan &plan, const QString &text,
                                 const Tokenizer &tokenizer, std::optional<int> maxTokens)
{
    SimAnswerText answer;
    const qsizetype n = qsizetype(std::max<std::size_t>(1, plan.events.size()));
    answer.pieces.reserve(std::size_t(n));
    qsizetype from = 0;
    for (qsizetype i = 1; i <= n; ++i) {
        qsizetype to = text.size() * i / n;
        if (to > 0 && to < text.size() && text.at(to).isLowSurrogate())
            ++to; // never half a surrogate pair
        answer.pieces.push_back(text.mid(from, std::max<qsizetype>(0, to - from)));
        from = std::max(from, to);
    }
    return fitted(std::move(answer), tokenizer, maxTokens);
}

} // namespace ys
