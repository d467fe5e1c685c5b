#include "domain/provider_presets.h"

namespace ys {

const std::vector<ProviderPreset> &ProviderPresets::all()
{
    static const std::vector<ProviderPreset> presets = [] {
        const QString chat = QStringLiteral("openai-chat");
        std::vector<ProviderPreset> p;
        p.push_back({QStringLiteral("vllm"),
                     QStringLiteral("vLLM"),
                     chat,
                     QStringLiteral("http://127.0.0.1:8000/v1"),
                     {},
                     true,
                     QStringLiteral("reasoning_content"),
                     true,
                     false,
                     tr("Self-hosted vLLM OpenAI-compatible server; reasoning models stream "
                        "reasoning_content when started with a reasoning parser.")});
        p.push_back({QStringLiteral("llama.cpp"),
                     QStringLiteral("llama.cpp server"),
                     chat,
                     QStringLiteral("http://127.0.0.1:8080/v1"),
                     {},
                     true,
                     QStringLiteral("reasoning_content"),
                     true,
                     false,
                     tr("llama.cpp llama-server; older builds answer an over-long prompt with "
                        "HTTP 500 exceed_context_size_error.")});
        p.push_back({QStringLiteral("ollama"),
                     QStringLiteral("Ollama"),
                     chat,
                     QStringLiteral("http://127.0.0.1:11434/v1"),
                     {},
                     true,
                     QStringLiteral("reasoning"),
                     true,
                     true,
                     tr("Ollama's /v1 endpoint; it truncates prompts longer than num_ctx "
                        "silently, so reported prompt tokens are checked against what was "
                        "sent.")});
        p.push_back({QStringLiteral("deepseek"), QStringLiteral("DeepSeek"), chat,
                     QStringLiteral("https://api.deepseek.com/v1"),
                     QStringLiteral("DEEPSEEK_API_KEY"), false, QStringLiteral("reasoning_content"),
                     true, false,
                     tr("DeepSeek API; deepseek-reasoner streams reasoning_content before the "
                        "answer.")});
        p.push_back({QStringLiteral("qwen"), QStringLiteral("Qwen (DashScope compatible mode)"),
                     chat, QStringLiteral("https://dashscope.aliyuncs.com/compatible-mode/v1"),
                     QStringLiteral("DASHSCOPE_API_KEY"), false,
                     QStringLiteral("reasoning_content"), true, false,
                     tr("Alibaba Cloud DashScope in OpenAI-compatible mode; thinking models "
                        "stream reasoning_content.")});
        p.push_back({QStringLiteral("moonshot"), QStringLiteral("Moonshot (Kimi)"), chat,
                     QStringLiteral("https://api.moonshot.cn/v1"),
                     QStringLiteral("MOONSHOT_API_KEY"), false, QStringLiteral("reasoning_content"),
                     true, false, tr("Moonshot AI's Kimi API.")});
        p.push_back({QStringLiteral("zhipu"), QStringLiteral("Zhipu (BigModel)"), chat,
                     QStringLiteral("https://open.bigmodel.cn/api/paas/v4"),
                     QStringLiteral("ZHIPUAI_API_KEY"), false, QStringLiteral("reasoning_content"),
                     true, false, tr("Zhipu AI BigModel open platform (GLM models).")});
        p.push_back({QStringLiteral("openrouter"), QStringLiteral("OpenRouter"), chat,
                     QStringLiteral("https://openrouter.ai/api/v1"),
                     QStringLiteral("OPENROUTER_API_KEY"), false, QStringLiteral("reasoning"), true,
                     false,
                     tr("OpenRouter gateway; the model that served a request is reported per "
                        "response.")});
        return p;
    }();
    return presets;
}

std::optional<ProviderPreset> ProviderPresets::find(const QString &id)
{
    for (const ProviderPreset &p : all()) {
        if (p.id.compare(id, Qt::CaseInsensitive) == 0)
            return p;
    }
    return std::nullopt;
}

QStringList ProviderPresets::ids()
{
    QStringList out;
    for (const ProviderPreset &p : all())
        out.append(p.id);
    return out;
}

} // namespace ys
