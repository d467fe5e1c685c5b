#pragma once

// Suite files (yardstick-suite/1) as the command-line tests write them: providers on a simulator,
// latency scenarios, and the file itself. Each test passes the figures its checks depend on.
#include <QFile>
#include <QString>
#include <QUrl>
#include <nlohmann/json.hpp>
#include <string>

namespace ys::test {

// A provider of the simulator at baseUrl in the openai-chat dialect, with `extra` members (price,
// context_window, ...) added.
inline nlohmann::json suiteProviderJson(const std::string &name, const QUrl &baseUrl,
                                        const std::string &model,
                                        const nlohmann::json &extra = nlohmann::json::object())
{
    nlohmann::json p{{"name", name},
                     {"dialect", "openai-chat"},
                     {"base_url", baseUrl.toString().toStdString()},
                     {"model", model}};
    p.update(extra);
    return p;
}

// The price and context window most command-line tests give their provider: $0.50 and $1.50 per
// million input and output tokens, a window of 128,000 tokens.
inline nlohmann::json pricedProviderExtras()
{
    return {{"price", {{"input_per_mtok", 0.5}, {"output_per_mtok", 1.5}}},
            {"context_window", 128000}};
}

// A latency scenario, with `extra` members (warmup, ...) added.
inline nlohmann::json latencyScenarioJson(int requests, int concurrency, int promptTokens,
                                          int maxOutputTokens,
                                          const nlohmann::json &extra = nlohmann::json::object())
{
    nlohmann::json s{{"kind", "latency"},
                     {"requests", requests},
                     {"concurrency", concurrency},
                     {"prompt_tokens", promptTokens},
                     {"max_output_tokens", maxOutputTokens}};
    s.update(extra);
    return s;
}

// A suite of these providers and scenarios (arrays), with `extra` members (requirements, ...).
inline nlohmann::json suiteJson(const std::string &name, const nlohmann::json &providers,
                                const nlohmann::json &scenarios,
                                const nlohmann::json &extra = nlohmann::json::object())
{
    nlohmann::json doc{{"format", "yardstick-suite/1"},
                       {"name", name},
                       {"providers", providers},
                       {"scenarios", scenarios}};
    doc.update(extra);
    return doc;
}

// Writes bytes to path, replacing what was there: whether all of them were written.
inline bool writeFileBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// Writes doc to path, indented by two: the path, or empty when it cannot be written.
inline QString writeJsonFile(const QString &path, const nlohmann::json &doc)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QByteArray::fromStdString(doc.dump(2)));
    return path;
}

} // namespace ys::test
