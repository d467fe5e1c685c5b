#pragma once

#include "analysis/routing_policy.h"
#include "domain/provider_config.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace ys {

// A routing policy as a LiteLLM proxy's config.yaml (docs/cli.md, `route --litellm`):
// model_list with each provider of the chain (model_name, litellm_params with model, api_base and
// api_key as an os.environ/ reference, model_info with its prices), and router_settings with
// num_retries, timeout, fallbacks, allowed_fails and cooldown_time. A key is never written: only
// an env: reference becomes os.environ/NAME; any other is left out with a warning.
struct LiteLlmConfig {
    QByteArray yaml;
    QStringList warnings; // for people: what could not be carried over
};

class LiteLlmExport {
    Q_DECLARE_TR_FUNCTIONS(ys::LiteLlmExport)
public:
    // The policy's chain from these providers (a suite's, a session's); nullopt with *error
    // naming a provider of the chain that is not among them.
    static std::optional<LiteLlmConfig> write(const RoutingPolicy &policy,
                                              const std::vector<ProviderConfig> &providers,
                                              QString *error);
    // LiteLLM's model string of a provider: "<litellm provider>/<model>", openai/ for the OpenAI
    // dialects and OpenAI-compatible servers, anthropic/ and gemini/ for theirs.
    static QString modelOf(const ProviderConfig &provider);
};

} // namespace ys
