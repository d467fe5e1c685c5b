#include "tokenize/encoding_registry.h"

#include <QLocale>

namespace ys {

namespace {

struct Rule {
    const char *prefix; // matched against the lower-cased name without its vendor path
    const char *family;
    Encoding encoding;
    bool estimated;
};

// First match wins, so longer prefixes come before the shorter ones they extend ("gpt-4o"
// before "gpt-4"). OpenAI's own models are exact; the proxies for the others were chosen for a
// similar vocabulary (Llama 3's tokenizer extends cl100k_base) and are corrected by calibration.
constexpr Rule kRules[] = {
    {"gpt-4o", "openai", Encoding::O200kBase, false},
    {"chatgpt-4o", "openai", Encoding::O200kBase, false},
    {"gpt-4.1", "openai", Encoding::O200kBase, false},
    {"gpt-4.5", "openai", Encoding::O200kBase, false},
    {"gpt-5", "openai", Encoding::O200kBase, false},
    {"gpt-oss", "openai", Encoding::O200kBase, false},
    {"o1", "openai", Encoding::O200kBase, false},
    {"o3", "openai", Encoding::O200kBase, false},
    {"o4", "openai", Encoding::O200kBase, false},
    {"codex-", "openai", Encoding::O200kBase, false},
    {"computer-use-preview", "openai", Encoding::O200kBase, false},
    {"gpt-4", "openai", Encoding::Cl100kBase, false},
    {"gpt-3.5-turbo", "openai", Encoding::Cl100kBase, false},
    {"gpt-35-turbo", "openai", Encoding::Cl100kBase, false},
    {"text-embedding-3-", "openai", Encoding::Cl100kBase, false},
    {"text-embedding-ada-002", "openai", Encoding::Cl100kBase, false},
    {"davinci-002", "openai", Encoding::Cl100kBase, false},
    {"babbage-002", "openai", Encoding::Cl100kBase, false},
    {"claude", "anthropic", Encoding::O200kBase, true},
    {"gemini", "gemini", Encoding::O200kBase, true},
    {"gemma", "gemini", Encoding::O200kBase, true},
    {"qwen", "qwen", Encoding::O200kBase, true},
    {"qwq", "qwen", Encoding::O200kBase, true},
    {"llama", "llama", Encoding::Cl100kBase, true},
    {"meta-llama", "llama", Encoding::Cl100kBase, true},
    {"deepseek", "deepseek", Encoding::O200kBase, true},
    {"mistral", "mistral", Encoding::O200kBase, true},
    {"mixtral", "mistral", Encoding::O200kBase, true},
    {"codestral", "mistral", Encoding::O200kBase, true},
    {"ministral", "mistral", Encoding::O200kBase, true},
    {"magistral", "mistral", Encoding::O200kBase, true},
    {"grok", "xai", Encoding::O200kBase, true},
    {"command", "cohere", Encoding::O200kBase, true},
    {"glm", "zhipu", Encoding::O200kBase, true},
    {"chatglm", "zhipu", Encoding::O200kBase, true},
    {"kimi", "moonshot", Encoding::O200kBase, true},
    {"moonshot", "moonshot", Encoding::O200kBase, true},
    {"yi-", "01ai", Encoding::O200kBase, true},
    {"ernie", "baidu", Encoding::O200kBase, true},
    {"hunyuan", "tencent", Encoding::O200kBase, true},
    {"doubao", "bytedance", Encoding::O200kBase, true},
    {"minimax", "minimax", Encoding::O200kBase, true},
    {"abab", "minimax", Encoding::O200kBase, true},
    {"phi-", "microsoft", Encoding::O200kBase, true},
    {"jamba", "ai21", Encoding::O200kBase, true},
    {"nova", "amazon", Encoding::O200kBase, true},
};

} // namespace

EncodingInfo EncodingRegistry::forModel(QStringView model, QStringView dialect)
{
    QString name = model.trimmed().toString().toLower();
    const qsizetype slash = name.lastIndexOf(QLatin1Char('/'));
    if (slash >= 0)
        name = name.mid(slash + 1);
    for (const Rule &rule : kRules) {
        if (name.startsWith(QLatin1StringView(rule.prefix)))
            return {rule.encoding, rule.estimated, QString::fromLatin1(rule.family)};
    }
    if (dialect.startsWith(QLatin1StringView("anthropic")))
        return {Encoding::O200kBase, true, QStringLiteral("anthropic")};
    if (dialect.startsWith(QLatin1StringView("gemini")))
        return {Encoding::O200kBase, true, QStringLiteral("gemini")};
    // An OpenAI-compatible server may run any model: its tokenizer is unknown.
    return {Encoding::O200kBase, true, QStringLiteral("unknown")};
}

QString EncodingRegistry::formatCount(qint64 tokens, bool estimated)
{
    const QString number = QLocale().toString(tokens);
    return estimated ? tr("≈%1 (estimated)").arg(number) : number;
}

QString EncodingRegistry::describe(const EncodingInfo &info)
{
    if (!info.estimated)
        return tr("Exact count (%1)").arg(encodingName(info.encoding));
    return tr("Estimated with %1: this provider's tokenizer is not public, so its reported "
              "usage is the figure of record")
        .arg(encodingName(info.encoding));
}

} // namespace ys
