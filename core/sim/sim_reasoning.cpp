#include "sim/sim_reasoning.h"

#include "sim/sim_profile.h"
#include "sim/sim_text.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace ys {

std::optional<std::pair<QString, QString>> readSimReasoning(const nlohmann::json &profile,
                                                            std::optional<SimReasoning> *out)
{
    const auto it = profile.find("reasoning");
    if (it == profile.end() || it->is_null())
        return std::nullopt;
    const QString field = QStringLiteral("reasoning");
    const auto problem = [&](const char *member, const QString &text) {
        return std::make_pair(field + QLatin1Char('.') + QLatin1StringView(member), text);
    };
    if (!it->is_object())
        return std::make_pair(field, SimProfile::tr("expected an object"));
    for (auto m = it->begin(); m != it->end(); ++m)
        if (m.key() != "tokens" && m.key() != "tokens_per_s" && m.key() != "streamed")
            return std::make_pair(field + QLatin1Char('.') + QString::fromStdString(m.key()),
                                  SimProfile::tr("unknown field"));
    SimReasoning r;
    const auto tokens = it->find("tokens");
    if (tokens == it->end() || !tokens->is_number_integer() || tokens->get<long long>() < 1 ||
        tokens->get<long long>() > 10'000'000)
        return problem("tokens", SimProfile::tr("expected a whole number from 1 to 10000000"));
    r.tokens = int(tokens->get<long long>());
    if (const auto rate = it->find("tokens_per_s"); rate != it->end() && !rate->is_null()) {
        if (!rate->is_number() || !(rate->get<double>() > 0))
            return problem("tokens_per_s", SimProfile::tr("expected a number above 0"));
        r.tokensPerS = rate->get<double>();
    }
    if (const auto streamed = it->find("streamed"); streamed != it->end() && !streamed->is_null()) {
        if (!streamed->is_boolean())
            return problem("streamed", SimProfile::tr("expected true or false"));
        r.streamed = streamed->get<bool>();
    }
    *out = r;
    return std::nullopt;
}

void SimProfile::addReasoning(SimPlan &plan, SimRandom &random) const
{
    // The thinking takes its tokens' time at its rate from where the answer would have begun;
    // the answer follows it. Streamed, it goes out in events of tokens_per_event, the first at
    // the TTFT; each later one when its tokens are thought.
    const double rate = reasoning->tokensPerS > 0 ? reasoning->tokensPerS : decodeTokensPerS;
    const std::int64_t start = plan.events.front().offsetNs;
    const auto timeOf = [rate](int tokens) {
        return std::llround(double(tokens) / rate * 1e9);
    };
    const std::int64_t thinking = timeOf(reasoning->tokens);
    for (SimEvent &e : plan.events)
        e.offsetNs += thinking;
    plan.reasoningTokens = reasoning->tokens;
    if (!reasoning->streamed)
        return;
    std::vector<SimEvent> thoughts;
    int done = 0;
    while (done < reasoning->tokens) {
        const int tokens = std::min(reasoning->tokens - done,
                                    random.uniformInt(tokensPerEventMin, tokensPerEventMax));
        thoughts.push_back({start + timeOf(done), tokens});
        done += tokens;
    }
    plan.reasoningEvents = int(thoughts.size());
    plan.events.insert(plan.events.begin(), thoughts.begin(), thoughts.end());
}

} // namespace ys
