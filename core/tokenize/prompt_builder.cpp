#include "tokenize/prompt_builder.h"

#include "tokenize/bpe_tokenizer.h"

#include <algorithm>
#include <cmath>

namespace ys {

namespace {

const QString kParagraphEnd = QStringLiteral("\n\n");

quint64 splitmix(quint64 &state)
{
    quint64 z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

quint64 mixSeed(quint64 a, quint64 b)
{
    quint64 state = a ^ (b * 0xd1342543de82ef95ull);
    return splitmix(state);
}

// A unit may follow a paragraph end without changing how either is split into tokens only when
// it cannot extend the line breaks before it: no line break of its own and no "/" (o200k_base
// lets a symbol run take "\n/").
bool safeStart(const QString &text)
{
    if (text.isEmpty())
        return false;
    const QChar c = text.at(0);
    return c != QLatin1Char('\n') && c != QLatin1Char('\r') && c != QLatin1Char('/');
}

// The corpus's paragraphs as an endless stream: each pass over the corpus is in its own seeded
// order, so long prompts do not repeat with a short period and each seed reads differently.
class ParagraphStream {
public:
    ParagraphStream(const TextCorpus &corpus, quint64 seed)
        : m_corpus(corpus)
        , m_seed(seed)
    {
    }

    const QStringList &paragraph(qint64 index)
    {
        const qint64 n = m_corpus.paragraphs().size();
        const qint64 cycle = index / n;
        if (cycle != m_cycle) {
            m_cycle = cycle;
            m_order.resize(n);
            for (qint64 i = 0; i < n; ++i)
                m_order[i] = i;
            quint64 state = mixSeed(m_seed, quint64(cycle));
            for (qint64 i = n - 1; i > 0; --i)
                std::swap(m_order[i], m_order[qint64(splitmix(state) % quint64(i + 1))]);
        }
        return m_corpus.paragraphs().at(m_order[index % n]);
    }

private:
    const TextCorpus &m_corpus;
    quint64 m_seed;
    qint64 m_cycle = -1;
    std::vector<qint64> m_order;
};

// Writes text of exact base-token budgets from a paragraph stream. Every unit it appends ends
// with a paragraph end (or is the last thing written) and starts with a safe character, so the
// count of the whole is the sum of the counts of its units.
class Writer {
public:
    Writer(const TextCorpus &corpus, const Tokenizer &tokenizer, quint64 seed)
        : m_corpus(corpus)
        , m_tokenizer(tokenizer)
        , m_stream(corpus, seed)
        , m_joiner(corpus.joiner())
    {
    }

    qint64 count(const QString &text) const { return m_tokenizer.count(text); }

    // Appends text of exactly budget tokens; the last unit ends with suffix (a paragraph end
    // when more follows, nothing at the end of a message).
    bool fill(qint64 budget, const QString &suffix, QString &out)
    {
        qint64 r = budget;
        if (r == 0)
            return true;
        // Whole paragraphs while they leave room for a last unit of two tokens or more: a
        // one-token unit rarely exists.
        for (;;) {
            const QString unit = restText() + kParagraphEnd;
            const qint64 c = count(unit);
            if (c + 2 > r)
                break;
            out += unit;
            r -= c;
            nextParagraph();
        }
        for (int attempt = 0; attempt < 8; ++attempt) {
            QString source = restText();
            qint64 last = m_paragraph;
            while (count(source) < r + 8)
                source += m_joiner + m_stream.paragraph(++last).join(m_joiner);
            if (const auto tail = exactPrefix(source, r, suffix)) {
                out += *tail;
                m_paragraph = last + 1;
                m_sentence = 0;
                return true;
            }
            nextParagraph(); // no cut of this text has the exact count: start from the next
        }
        // A one-token budget: a lone punctuation unit is a single token in the encodings.
        if (r == 1) {
            for (const char *candidate : {".", "。", ")", ":", "!"}) {
                const QString unit = QString::fromUtf8(candidate) + suffix;
                if (count(unit) == 1) {
                    out += unit;
                    return true;
                }
            }
        }
        return false;
    }

    // Appends whole sentences totalling as close to budget as possible without passing it,
    // leaving either nothing or at least two tokens; returns the tokens appended.
    qint64 fillNear(qint64 budget, QString &out)
    {
        qint64 r = budget;
        qint64 total = 0;
        for (;;) {
            const QString unit = restText() + kParagraphEnd;
            const qint64 c = count(unit);
            if (c + 2 <= r || c == r) {
                out += unit;
                r -= c;
                total += c;
                nextParagraph();
                if (r == 0)
                    return total;
                continue;
            }
            break;
        }
        const QStringList &sentences = m_stream.paragraph(m_paragraph);
        qsizetype best = 0;
        qint64 bestCount = 0;
        for (qsizetype k = 1; m_sentence + k < sentences.size(); ++k) {
            const qint64 c = count(sentences.mid(m_sentence, k).join(m_joiner) + kParagraphEnd);
            if (c + 2 <= r || c == r) {
                best = k;
                bestCount = c;
            } else if (c > r) {
                break;
            }
        }
        if (best > 0) {
            out += sentences.mid(m_sentence, best).join(m_joiner) + kParagraphEnd;
            m_sentence += best;
            total += bestCount;
        }
        return total;
    }

private:
    QString restText()
    {
        const QStringList &sentences = m_stream.paragraph(m_paragraph);
        return sentences.mid(m_sentence).join(m_joiner);
    }

    void nextParagraph()
    {
        ++m_paragraph;
        m_sentence = 0;
    }

    enum CutQuality { AnyCut = 0, WordCut = 1, SentenceCut = 2 };

    CutQuality quality(const QString &source, qsizetype k) const
    {
        const QChar before = source.at(k - 1);
        const QChar after = k < source.size() ? source.at(k) : QChar(QLatin1Char(' '));
        if (before.isSpace())
            return AnyCut; // would leave a dangling space before the line break
        switch (m_corpus.corpus()) {
        case Corpus::English:
            if (after == QLatin1Char(' '))
                return (before == QLatin1Char('.') || before == QLatin1Char('!') ||
                        before == QLatin1Char('?'))
                           ? SentenceCut
                           : WordCut;
            return AnyCut;
        case Corpus::Chinese:
            if (before == QChar(0x3002) || before == QChar(0xff01) || before == QChar(0xff1f))
                return SentenceCut;
            if (before == QChar(0xff0c) || before == QChar(0x3001) || before == QChar(0xff1b) ||
                before == QChar(0xff1a))
                return WordCut;
            return AnyCut;
        case Corpus::Code:
            if (after == QLatin1Char('\n') || k == source.size())
                return SentenceCut;
            if (after == QLatin1Char(' '))
                return WordCut;
            return AnyCut;
        }
        return AnyCut;
    }

    // The cut of source whose count with suffix is exactly r, the best-placed near the end.
    std::optional<QString> exactPrefix(const QString &source, qint64 r, const QString &suffix)
    {
        const auto f = [&](qsizetype k) {
            return count(source.left(k) + suffix);
        };
        const qsizetype n = source.size();
        if (n == 0 || f(n) < r)
            return std::nullopt;
        // Counts grow with the cut almost monotonically (a merge can take one back), so a
        // binary search lands next to the exact cuts; the window below looks around it.
        qsizetype lo = 0, hi = n;
        while (lo < hi) {
            const qsizetype mid = lo + (hi - lo + 1) / 2;
            if (f(mid) <= r)
                lo = mid;
            else
                hi = mid - 1;
        }
        constexpr qsizetype kWindow = 64;
        const qsizetype from = std::max<qsizetype>(1, lo - kWindow);
        const qsizetype to = std::min(n, lo + kWindow);
        for (const CutQuality wanted : {SentenceCut, WordCut, AnyCut}) {
            for (qsizetype k = to; k >= from; --k) {
                if (k < n && source.at(k).isLowSurrogate())
                    continue;
                if (quality(source, k) != wanted)
                    continue;
                if (wanted == AnyCut && source.at(k - 1).isSpace())
                    continue;
                if (f(k) == r) {
                    QString text = source.left(k) + suffix;
                    if (!safeStart(text))
                        continue;
                    return text;
                }
            }
        }
        return std::nullopt;
    }

    const TextCorpus &m_corpus;
    const Tokenizer &m_tokenizer;
    ParagraphStream m_stream;
    QString m_joiner;
    qint64 m_paragraph = 0;
    qsizetype m_sentence = 0;
};

// "Request 12 of series 5f3a9c21.": the series tag comes from the seed, so (seed, index) pairs
// never share a first line.
QString uniqueLine(quint64 seed, int requestIndex)
{
    const quint64 tag = mixSeed(seed, 0x756e69717565ull) & 0xffffffffull;
    return QStringLiteral("Request %1 of series %2.")
               .arg(requestIndex)
               .arg(tag, 8, 16, QLatin1Char('0')) +
           kParagraphEnd;
}

} // namespace

Calibration Calibration::fromProbe(qint64 baseTokens, qint64 reportedTokens, double overheadTokens)
{
    Calibration c;
    c.overheadTokens = overheadTokens;
    if (baseTokens > 0)
        c.tokensPerBaseToken = (double(reportedTokens) - overheadTokens) / double(baseTokens);
    return c;
}

Calibration Calibration::fromProbes(std::span<const std::pair<qint64, qint64>> baseAndReported)
{
    if (baseAndReported.size() == 1)
        return fromProbe(baseAndReported[0].first, baseAndReported[0].second);
    double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const auto &[x, y] : baseAndReported) {
        n += 1;
        sx += double(x);
        sy += double(y);
        sxx += double(x) * double(x);
        sxy += double(x) * double(y);
    }
    Calibration c;
    const double d = n * sxx - sx * sx;
    if (n < 2 || d == 0)
        return n > 0 ? fromProbe(qint64(sx / n), qint64(sy / n)) : c;
    c.tokensPerBaseToken = (n * sxy - sx * sy) / d;
    c.overheadTokens = (sy - c.tokensPerBaseToken * sx) / n;
    return c;
}

PromptBuilder::PromptBuilder(const Tokenizer &tokenizer)
    : m_tokenizer(tokenizer)
{
}

PromptBuilder::PromptBuilder(const Tokenizer &tokenizer, const Calibration &calibration)
    : m_tokenizer(tokenizer)
    , m_calibration(calibration)
{
    if (!(m_calibration->tokensPerBaseToken > 0))
        m_calibration->tokensPerBaseToken = 1.0;
}

qint64 PromptBuilder::toBase(double providerTokens) const
{
    if (!m_calibration)
        return qint64(std::llround(providerTokens));
    return qint64(std::llround(providerTokens / m_calibration->tokensPerBaseToken));
}

qint64 PromptBuilder::toProvider(qint64 baseTokens) const
{
    if (!m_calibration)
        return baseTokens;
    return qint64(std::llround(m_calibration->tokensPerBaseToken * double(baseTokens)));
}

qint64 PromptBuilder::countTokens(QStringView text) const
{
    return toProvider(m_tokenizer.count(text));
}

std::optional<BuiltPrompt> PromptBuilder::build(const PromptSpec &spec, QString *error) const
{
    const auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return std::optional<BuiltPrompt>();
    };
    if (spec.targetTokens <= 0)
        return fail(tr("The target size must be at least one token."));
    if (spec.sharedPrefixTokens < 0 || spec.sharedPrefixTokens >= spec.targetTokens)
        return fail(tr("The shared prefix must be smaller than the target size."));
    if (!(spec.needleDepth >= 0.0 && spec.needleDepth <= 1.0))
        return fail(tr("The needle depth must be between 0 and 1."));
    const TextCorpus &corpus = TextCorpus::get(spec.corpus);
    const double overhead = m_calibration ? m_calibration->overheadTokens : 0.0;
    const qint64 baseTarget = toBase(double(spec.targetTokens) - overhead);

    QString prefix;
    if (spec.sharedPrefixTokens > 0) {
        // Seeded by the seed alone, so every request of the series starts with the same text.
        Writer shared(corpus, m_tokenizer, mixSeed(spec.seed, 0x736861726564ull));
        if (!shared.fill(toBase(spec.sharedPrefixTokens), kParagraphEnd, prefix))
            return fail(
                tr("Cannot build a shared prefix of %1 tokens.").arg(spec.sharedPrefixTokens));
    }
    if (spec.uniquePrefix)
        prefix += uniqueLine(spec.seed, spec.requestIndex);
    const QString needle = spec.needle.trimmed();
    const QString needleUnit = needle.isEmpty() ? QString() : needle + kParagraphEnd;
    const QString instruction = spec.instruction.trimmed();

    qint64 adjust = 0;
    for (int attempt = 0; attempt < 4; ++attempt) {
        Writer writer(corpus, m_tokenizer, mixSeed(spec.seed, quint64(spec.requestIndex) + 1));
        const qint64 fixed =
            writer.count(prefix) + writer.count(needleUnit) + writer.count(instruction);
        const qint64 body = baseTarget - fixed + adjust; // the haystack, without the needle
        if (body < 0)
            return fail(tr("%1 tokens are too few for this prompt: its fixed parts alone take %2.")
                            .arg(spec.targetTokens)
                            .arg(toProvider(fixed)));
        const QString suffix = instruction.isEmpty() ? QString() : kParagraphEnd;
        BuiltPrompt result;
        QString text = prefix;
        bool ok = true;
        if (!needle.isEmpty()) {
            const qint64 before =
                writer.fillNear(qint64(std::llround(spec.needleDepth * double(body))), text);
            result.needleOffset = text.size();
            result.needleTokenOffset = before;
            text += needleUnit;
            ok = writer.fill(body - before, suffix, text);
        } else {
            ok = writer.fill(body, suffix, text);
        }
        if (!ok)
            return fail(
                tr("Cannot fill a prompt of %1 tokens from this corpus.").arg(spec.targetTokens));
        text += instruction;
        const qint64 counted = m_tokenizer.count(text);
        if (counted != baseTarget) {
            // A unit joined its neighbour after all (a needle or instruction starting with a
            // character that merges): correct the body by the difference and build again.
            adjust += baseTarget - counted;
            continue;
        }
        result.text = text;
        result.baseTokens = counted;
        result.bodyTokens = body + writer.count(needleUnit);
        result.estimated = m_calibration.has_value();
        result.tokens = m_calibration
                            ? qint64(std::llround(m_calibration->providerTokens(double(counted))))
                            : counted;
        return result;
    }
    return fail(tr("Cannot build a prompt of exactly %1 tokens.").arg(spec.targetTokens));
}

std::optional<BuiltConversation> PromptBuilder::buildConversation(const ConversationSpec &spec,
                                                                  QString *error) const
{
    const auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return std::optional<BuiltConversation>();
    };
    if (spec.turns < 1)
        return fail(tr("A conversation needs at least one turn."));
    const TextCorpus &corpus = TextCorpus::get(spec.corpus);
    BuiltConversation result;
    result.estimated = m_calibration.has_value();
    if (!spec.systemPrompt.isEmpty())
        result.messages.push_back({QStringLiteral("system"), spec.systemPrompt});
    for (int t = 0; t < spec.turns; ++t) {
        result.messages.push_back({QStringLiteral("user"), QString()});
        if (t + 1 < spec.turns)
            result.messages.push_back({QStringLiteral("assistant"), QString()});
    }
    // Framing and roles are provider tokens already; the contents share the rest.
    qint64 fixed = spec.overhead.replyPriming;
    for (const ChatMessage &m : result.messages)
        fixed += spec.overhead.perMessage + countTokens(m.role);
    if (!spec.systemPrompt.isEmpty())
        fixed += countTokens(spec.systemPrompt);
    const double overhead = m_calibration ? m_calibration->overheadTokens : 0.0;
    const double contents = double(spec.targetTokens) - double(fixed) - overhead;
    const qsizetype first = spec.systemPrompt.isEmpty() ? 0 : 1;
    const qsizetype generated = qsizetype(result.messages.size()) - first;
    const QString unique = spec.uniquePrefix ? uniqueLine(spec.seed, spec.requestIndex) : QString();
    const qint64 baseContents = toBase(contents);
    const qint64 uniqueTokens = unique.isEmpty() ? 0 : m_tokenizer.count(unique);
    if (baseContents - uniqueTokens < 2 * generated)
        return fail(
            tr("%1 tokens are too few for %2 turns.").arg(spec.targetTokens).arg(spec.turns));

    Writer writer(corpus, m_tokenizer, mixSeed(spec.seed, quint64(spec.requestIndex) + 1));
    qint64 baseTotal = 0;
    for (qsizetype i = 0; i < generated; ++i) {
        // Even shares; the last user message takes the remainder.
        qint64 budget = baseContents / generated;
        if (i + 1 == generated)
            budget = baseContents - budget * (generated - 1);
        QString content;
        if (i == 0 && !unique.isEmpty()) {
            content = unique;
            budget -= uniqueTokens;
        }
        if (!writer.fill(budget, QString(), content))
            return fail(tr("Cannot fill a conversation of %1 tokens from this corpus.")
                            .arg(spec.targetTokens));
        const qint64 counted = m_tokenizer.count(content);
        if (counted != budget + (i == 0 ? uniqueTokens : 0))
            return fail(tr("Cannot fill a conversation of %1 tokens from this corpus.")
                            .arg(spec.targetTokens));
        result.messages[std::size_t(first + i)].content = content;
        baseTotal += counted;
    }
    result.tokens =
        fixed + (m_calibration
                     ? qint64(std::llround(m_calibration->providerTokens(double(baseTotal))))
                     : baseTotal);
    return result;
}

QString PromptBuilder::probeText(Corpus corpus, int baseTokens) const
{
    PromptBuilder exact(m_tokenizer);
    PromptSpec spec;
    spec.corpus = corpus;
    spec.targetTokens = baseTokens;
    spec.seed = 0x70726f6265ull;
    const auto built = exact.build(spec);
    return built ? built->text : QString();
}

} // namespace ys
