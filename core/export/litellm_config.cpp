#include "export/litellm_config.h"

#include <yaml-cpp/yaml.h>

#include <string>

namespace ys {

namespace {

std::string utf8(const QString &s)
{
    return s.toStdString();
}

// The api_key of litellm_params for a key reference, or empty (with a warning) when it cannot
// be one. Never the key itself: a suite holds references only, and anything else is left out.
QString litellmKeyOf(const ProviderConfig &p, QStringList *warnings)
{
    const QString ref = p.apiKeyRef.trimmed();
    if (ref.isEmpty())
        return {};
    if (ref.startsWith(QLatin1StringView("env:")) && ref.size() > 4)
        return QStringLiteral("os.environ/") + ref.mid(4);
    if (ref.startsWith(QLatin1StringView("keychain:")))
        warnings->append(LiteLlmExport::tr("%1: api_key left out: its key is in the keychain "
                                           "(%2), which LiteLLM does not read; put it in an "
                                           "environment variable and set api_key: "
                                           "os.environ/NAME")
                             .arg(p.name, ref));
    else
        warnings->append(LiteLlmExport::tr("%1: api_key left out: it is not a key reference "
                                           "(env:NAME); the value is not written")
                             .arg(p.name));
    return {};
}

void writeModelEntry(YAML::Emitter &out, const ProviderConfig &p, QStringList *warnings)
{
    out << YAML::BeginMap << YAML::Key << "model_name" << YAML::Value << utf8(p.name);
    out << YAML::Key << "litellm_params" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "model" << YAML::Value << utf8(LiteLlmExport::modelOf(p));
    if (p.baseUrl.isValid() && !p.baseUrl.isEmpty())
        out << YAML::Key << "api_base" << YAML::Value
            << utf8(p.baseUrl.toString(QUrl::RemoveUserInfo));
    const QString key = litellmKeyOf(p, warnings);
    if (!key.isEmpty())
        out << YAML::Key << "api_key" << YAML::Value << utf8(key);
    else if (!p.apiKeyRef.isEmpty())
        out << YAML::Comment("api_key left out: see the warnings of the export");
    out << YAML::EndMap;
    if (p.price) {
        // LiteLLM prices per token; a suite per million tokens.
        out << YAML::Key << "model_info" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "input_cost_per_token" << YAML::Value << p.price->inputPerMtok / 1e6;
        out << YAML::Key << "output_cost_per_token" << YAML::Value << p.price->outputPerMtok / 1e6;
        out << YAML::EndMap;
    }
    out << YAML::EndMap;
}

void writeRouterSettings(YAML::Emitter &out, const RoutingPolicy &policy)
{
    out << YAML::Key << "router_settings" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "num_retries" << YAML::Value << policy.retries;
    if (policy.latencyBudgetMs) {
        out << YAML::Key << "timeout" << YAML::Value << *policy.latencyBudgetMs / 1000.0;
        out << YAML::Comment("seconds: the latency budget");
    }
    if (!policy.fallbacks.empty()) {
        out << YAML::Key << "fallbacks" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
        out << YAML::Key << utf8(policy.primary) << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (const QString &f : policy.fallbacks)
            out << utf8(f);
        out << YAML::EndSeq << YAML::EndMap << YAML::EndSeq;
    }
    if (policy.breaker) {
        out << YAML::Key << "allowed_fails" << YAML::Value << policy.breaker->failureThreshold;
        out << YAML::Comment(utf8(QStringLiteral("LiteLLM counts failures per minute; the "
                                                 "breaker's window is %1 s")
                                      .arg(policy.breaker->windowS)));
        out << YAML::Key << "cooldown_time" << YAML::Value << policy.breaker->openS;
    }
    out << YAML::EndMap;
}

} // namespace

QString LiteLlmExport::modelOf(const ProviderConfig &p)
{
    QString prefix = QStringLiteral("openai/");
    if (p.dialect == QLatin1StringView("anthropic-messages"))
        prefix = QStringLiteral("anthropic/");
    else if (p.dialect == QLatin1StringView("gemini"))
        prefix = QStringLiteral("gemini/");
    return prefix + p.model;
}

std::optional<LiteLlmConfig> LiteLlmExport::write(const RoutingPolicy &policy,
                                                  const std::vector<ProviderConfig> &providers,
                                                  QString *error)
{
    std::vector<const ProviderConfig *> chain;
    QStringList names{policy.primary};
    for (const QString &f : policy.fallbacks)
        names.append(f);
    for (const QString &name : names) {
        const ProviderConfig *found = nullptr;
        for (const ProviderConfig &p : providers)
            if (p.name == name)
                found = &p;
        if (!found) {
            *error = tr("LiteLLM configuration: no provider \"%1\" to route to").arg(name);
            return std::nullopt;
        }
        chain.push_back(found);
    }
    LiteLlmConfig config;
    YAML::Emitter out;
    out.SetDoublePrecision(9); // $ per token and seconds as people write them, not 17 digits
    out << YAML::Comment(utf8(
        QStringLiteral("LiteLLM proxy configuration written by Yardstick from the routing "
                       "policy%1")
            .arg(policy.useCase.isEmpty() ? QString() : QStringLiteral(" for ") + policy.useCase)));
    out << YAML::BeginMap << YAML::Key << "model_list" << YAML::Value << YAML::BeginSeq;
    for (const ProviderConfig *p : chain)
        writeModelEntry(out, *p, &config.warnings);
    out << YAML::EndSeq;
    writeRouterSettings(out, policy);
    out << YAML::EndMap;
    if (!out.good()) {
        *error = tr("LiteLLM configuration: %1").arg(QString::fromStdString(out.GetLastError()));
        return std::nullopt;
    }
    config.yaml = QByteArray(out.c_str()) + '\n';
    return config;
}

} // namespace ys
