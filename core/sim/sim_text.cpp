#include "sim/sim_text.h"

#include <QByteArray>
#include <array>
#include <cmath>
#include <numbers>

namespace ys {

namespace {

std::uint64_t splitMix64(std::uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

// Stream 1 is the answer text; the other streams are taken by the request planner.
constexpr std::uint64_t kTextStream = 1;

// The vocabulary is written for this simulator; its only job is to look like prose in a
// benchmark's raw-response viewer.
constexpr std::array kWords = {
    "the",       "a",         "of",        "and",     "to",       "in",         "is",
    "that",      "for",       "it",        "as",      "with",     "on",         "this",
    "be",        "are",       "by",        "at",      "from",     "or",         "an",
    "which",     "can",       "more",      "than",    "when",     "each",       "one",
    "model",     "request",   "response",  "token",   "tokens",   "latency",    "cost",
    "context",   "window",    "stream",    "answer",  "prompt",   "server",     "client",
    "benchmark", "result",    "results",   "median",  "tail",     "percentile", "budget",
    "provider",  "price",     "input",     "output",  "cache",    "batch",      "queue",
    "capacity",  "decode",    "prefill",   "first",   "last",     "time",       "second",
    "measure",   "measured",  "compare",   "faster",  "slower",   "cheaper",    "steady",
    "under",     "load",      "traffic",   "peak",    "hour",     "minute",     "usage",
    "report",    "chart",     "table",     "front",   "trade",    "off",        "between",
    "quality",   "accuracy",  "retry",     "error",   "limit",    "rate",       "quota",
    "stable",    "length",    "document",  "summary", "question", "analyst",    "team",
    "choose",    "option",    "run",       "runs",    "session",  "simulated",  "vendor",
    "shows",     "suggests",  "depends",   "stays",   "grows",    "falls",      "holds",
    "typical",   "expected",  "realistic", "careful", "simple",   "clear",      "useful",
    "however",   "therefore", "meanwhile", "overall", "roughly",  "about",      "nearly",
    "large",     "small",     "long",      "short",   "higher",   "lower",      "better",
    "two",       "three",     "ten",       "hundred", "thousand", "per",        "every",
};

constexpr std::array kChineseWords = {
    "的",     "是",   "在",   "和",   "了",   "我们", "可以", "模型",   "延迟", "成本",
    "上下文", "测试", "性能", "服务", "请求", "结果", "分析", "吞吐",   "价格", "数据",
    "稳定",   "流式", "输出", "输入", "缓存", "评估", "选择", "提供商", "比较", "时间",
};

constexpr std::array kEmoji = {"🙂", "🚀", "✅", "📈", "⏱️", "🤖", "💡", "🔍"};

QString fromUtf8(const char *text)
{
    return QString::fromUtf8(text);
}

} // namespace

std::uint64_t simStreamSeed(std::uint64_t profileSeed, std::uint64_t requestNumber,
                            std::uint64_t stream)
{
    return splitMix64(splitMix64(splitMix64(profileSeed) ^ requestNumber) ^
                      (stream * 0x2545F491ULL));
}

std::uint64_t simStableHash(QStringView text)
{
    std::uint64_t hash = 0xCBF29CE484222325ULL;
    const QByteArray utf8 = text.toUtf8();
    for (const char c : utf8) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001B3ULL;
    }
    return hash;
}

double SimRandom::uniform01()
{
    return double(m_engine() >> 11) * 0x1.0p-53;
}

int SimRandom::uniformInt(int low, int high)
{
    if (high <= low)
        return low;
    // Lemire-style rejection keeps the draw unbiased for every range size.
    const std::uint64_t range = std::uint64_t(std::int64_t(high) - low) + 1;
    const std::uint64_t limit = (~std::uint64_t(0)) - ((~std::uint64_t(0)) % range + 1) % range;
    std::uint64_t x = m_engine();
    while (x > limit)
        x = m_engine();
    return int(std::int64_t(low) + std::int64_t(x % range));
}

double SimRandom::normal()
{
    if (m_hasSpare) {
        m_hasSpare = false;
        return m_spareNormal;
    }
    // Box-Muller; 1 - u keeps the logarithm's argument in (0, 1].
    const double u1 = 1.0 - uniform01();
    const double u2 = uniform01();
    const double radius = std::sqrt(-2.0 * std::log(u1));
    const double angle = 2.0 * std::numbers::pi * u2;
    m_spareNormal = radius * std::sin(angle);
    m_hasSpare = true;
    return radius * std::cos(angle);
}

SimText::SimText(std::uint64_t profileSeed, std::uint64_t requestNumber)
    : m_random(simStreamSeed(profileSeed, requestNumber, kTextStream))
{
}

void SimText::startSentence()
{
    m_chinese = m_random.uniform01() < 0.12;
    m_sentenceLeft = m_chinese ? m_random.uniformInt(4, 9) : m_random.uniformInt(5, 15);
    m_sentenceStart = true;
}

QString SimText::next()
{
    if (m_sentenceLeft < 0) {
        if (!m_lineStart) {
            const double r = m_random.uniform01();
            if (r < 0.04)
                return QLatin1Char(' ') +
                       fromUtf8(kEmoji[m_random.uniformInt(0, int(kEmoji.size()) - 1)]);
            if (r < 0.12) {
                m_lineStart = true;
                return QStringLiteral("\n\n");
            }
        }
        startSentence();
    }
    if (m_sentenceLeft == 0) {
        m_sentenceLeft = -1;
        if (m_chinese)
            return QStringLiteral("。");
        const double r = m_random.uniform01();
        return r < 0.05   ? QStringLiteral("?")
               : r < 0.08 ? QStringLiteral("!")
                          : QStringLiteral(".");
    }
    --m_sentenceLeft;

    const bool first = m_sentenceStart;
    const bool lineStart = m_lineStart;
    m_sentenceStart = false;
    m_lineStart = false;

    if (m_chinese) {
        QString word =
            fromUtf8(kChineseWords[m_random.uniformInt(0, int(kChineseWords.size()) - 1)]);
        return (first && !lineStart) ? QLatin1Char(' ') + word : word;
    }
    if (!first && m_sentenceLeft > 0 && m_random.uniform01() < 0.05)
        return QStringLiteral(",");
    QString word = fromUtf8(kWords[m_random.uniformInt(0, int(kWords.size()) - 1)]);
    if (first)
        word[0] = word[0].toUpper();
    return lineStart ? word : QLatin1Char(' ') + word;
}

QString SimText::take(int tokens)
{
    QString text;
    for (int i = 0; i < tokens; ++i)
        text += next();
    return text;
}

} // namespace ys
