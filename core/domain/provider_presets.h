#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace ys {

// A known OpenAI-compatible server or service: what a provider entry gets when it names the
// preset instead of spelling out the dialect and address. Every field can still be overridden
// by the suite.
struct ProviderPreset {
    QString id;          // as written in a suite: "vllm", "deepseek", ...
    QString displayName; // "vLLM"
    QString dialect;     // always "openai-chat" for these
    QString baseUrl;     // the usual address (local servers: their default port)
    QString keyEnv;      // the usual environment variable for the key; empty: none needed
    bool local = false;  // self-hosted on the analyst's own machine or network
    // How the server streams reasoning, if at all: "reasoning_content" or "reasoning".
    QString reasoningField;
    // Usage in the stream's last chunk when stream_options.include_usage is sent. False where
    // servers are known to leave it out: counts are then NULL and marked estimated.
    bool streamsUsage = true;
    // Known to cut an over-long prompt silently with HTTP 200 (compare reported prompt tokens).
    bool truncatesSilently = false;
    QString note; // for the provider editor's tooltip
};

class ProviderPresets {
    Q_DECLARE_TR_FUNCTIONS(ys::ProviderPresets)
public:
    static const std::vector<ProviderPreset> &all();
    static std::optional<ProviderPreset> find(const QString &id);
    static QStringList ids();
};

} // namespace ys
