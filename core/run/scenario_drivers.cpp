#include "run/scenario_drivers.h"

#include "domain/answer_contract.h"
#include "domain/workload.h"
#include "tokenize/bpe_tokenizer.h"
#include "tokenize/prompt_builder.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>

namespace ys {

namespace {

quint64 mix(quint64 a, quint64 b)
{
    quint64 x = a ^ (b + 0x9e3779b97f4a7c15ull + (a << 6) + (a >> 2));
    x ^= x >> 31;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 29;
    return x;
}

const QString &summariseInstruction()
{
    static const QString s = QStringLiteral("Summarise the notes above in one paragraph.");
    return s;
}

// A prompt of the step's size, unique per request, carrying the scenario's needle when it asks
// for one.
StepPrompts uniquePrompts(const Scenario &sc, quint64 seed)
{
    return [sc, seed](int index, const EncodingInfo &encoding) {
        StepRequest r;
        if (sc.contract && !sc.contract->golden.empty()) {
            // Golden prompts as they are, the measured requests from the first one on.
            const int n = int(sc.contract->golden.size());
            r.goldenIndex = (((index - sc.warmup) % n) + n) % n;
            const QString &text = sc.contract->golden[std::size_t(r.goldenIndex)].prompt;
            r.prompt = {text, Tokenizer::shared(encoding.encoding).count(text), encoding.estimated};
            return r;
        }
        PromptSpec spec;
        spec.targetTokens = std::max(1, Workload::promptTokensFor(sc, index));
        spec.seed = seed;
        spec.requestIndex = index;
        spec.instruction = sc.instruction.isEmpty() ? summariseInstruction() : sc.instruction;
        if (sc.needleDepth) {
            r.needle = needleCode(seed, index);
            spec.needle = needleFact(r.needle);
            spec.needleDepth = *sc.needleDepth;
            spec.instruction = needleQuestion();
        }
        r.prompt = PromptSource::build(spec, encoding);
        return r;
    };
}

// A fixed list of steps, decided up front.
class ListDriver : public ScenarioDriver {
public:
    explicit ListDriver(std::vector<StepPlan> steps)
        : m_steps(std::move(steps))
    {
        for (const StepPlan &s : m_steps)
            m_planned += s.scenario.requests + s.scenario.warmup;
    }
    std::optional<StepPlan> next(const StepResult *) override
    {
        if (m_next >= m_steps.size())
            return std::nullopt;
        return m_steps[m_next++];
    }
    int plannedRequests() const override { return m_planned; }

private:
    std::vector<StepPlan> m_steps;
    std::size_t m_next = 0;
    int m_planned = 0;
};

StepPlan stepOf(const Scenario &sc, quint64 seed, QJsonObject label = {})
{
    StepPlan step;
    step.scenario = sc;
    step.label = std::move(label);
    step.prompts = uniquePrompts(sc, seed);
    step.seed = seed;
    return step;
}

std::unique_ptr<ScenarioDriver> contextSweep(const Scenario &sc, const ProviderConfig &p,
                                             quint64 seed)
{
    std::vector<StepPlan> steps;
    for (std::size_t i = 0; i < sc.contextSweep.promptTokens.size(); ++i) {
        const int tokens = sc.contextSweep.promptTokens[i];
        Scenario point = sc;
        point.promptTokens = tokens;
        point.requests = sc.contextSweep.requestsPerPoint;
        point.warmup = 0;
        QJsonObject label{{QStringLiteral("prompt_tokens"), tokens}};
        if (p.contextWindow && qint64(tokens) + sc.maxOutputTokens > *p.contextWindow) {
            // Not sent: the point and its reason are kept, with a run of no requests.
            point.requests = 0;
            label.insert(QStringLiteral("skipped"),
                         ScenarioDriver::tr("%1 prompt tokens and %2 output tokens exceed the "
                                            "provider's context window of %3")
                             .arg(tokens)
                             .arg(sc.maxOutputTokens)
                             .arg(*p.contextWindow));
        }
        steps.push_back(stepOf(point, mix(seed, i), label));
    }
    return std::make_unique<ListDriver>(std::move(steps));
}

std::unique_ptr<ScenarioDriver> concurrencySweep(const Scenario &sc, quint64 seed)
{
    std::vector<StepPlan> steps;
    for (std::size_t i = 0; i < sc.concurrencySweep.levels.size(); ++i) {
        const int level = sc.concurrencySweep.levels[i];
        Scenario s = sc;
        s.load = QStringLiteral("closed");
        s.concurrency = level;
        s.requests = sc.concurrencySweep.requestsPerLevel.value_or(std::max(8, 4 * level));
        s.durationS = sc.concurrencySweep.durationS;
        steps.push_back(stepOf(s, mix(seed, i), {{QStringLiteral("concurrency"), level}}));
    }
    return std::make_unique<ListDriver>(std::move(steps));
}

std::unique_ptr<ScenarioDriver> stability(const Scenario &sc, quint64 seed)
{
    QJsonArray stalls;
    for (int ms : sc.stability.stallMs)
        stalls.append(ms);
    return std::make_unique<ListDriver>(
        std::vector<StepPlan>{stepOf(sc, seed, {{QStringLiteral("stall_ms"), stalls}})});
}

// Pairs of requests that share a long prefix: the first of a pair finds nothing cached, the
// second can be served from a prefix cache. One at a time, so each warm request follows its
// cold one directly.
std::unique_ptr<ScenarioDriver> cache(const Scenario &sc, quint64 seed)
{
    Scenario s = sc;
    s.load = QStringLiteral("closed");
    s.concurrency = 1;
    s.requests = 2 * sc.cache.pairs;
    s.warmup = 0;
    const int prefix = sc.cache.prefixTokens;
    const int total = prefix + std::max(64, sc.promptTokens - prefix);
    s.promptTokens = total;
    StepPlan step = stepOf(s, seed,
                           {{QStringLiteral("prefix_tokens"), prefix},
                            {QStringLiteral("pairs"), sc.cache.pairs},
                            {QStringLiteral("prompt_tokens"), total}});
    step.prompts = [seed, prefix, total](int index, const EncodingInfo &encoding) {
        PromptSpec spec;
        spec.targetTokens = total;
        spec.seed = mix(seed, quint64(index / 2));
        spec.requestIndex = index % 2;
        spec.sharedPrefixTokens = prefix;
        spec.instruction = summariseInstruction();
        StepRequest r;
        r.prompt = PromptSource::build(spec, encoding);
        return r;
    };
    return std::make_unique<ListDriver>(std::vector<StepPlan>{step});
}

// The same few prompts repeated at temperature 0: request i sends prompt i mod prompts.
std::unique_ptr<ScenarioDriver> determinism(const Scenario &sc, quint64 seed)
{
    Scenario s = sc;
    const int prompts = sc.determinism.prompts;
    s.requests = prompts * sc.determinism.repeats;
    s.warmup = 0;
    StepPlan step = stepOf(s, seed,
                           {{QStringLiteral("prompts"), prompts},
                            {QStringLiteral("repeats"), sc.determinism.repeats}});
    step.prompts = [seed, prompts, tokens = sc.promptTokens](int index, const EncodingInfo &enc) {
        PromptSpec spec;
        spec.targetTokens = std::max(1, tokens);
        spec.seed = seed;
        spec.requestIndex = index % prompts;
        spec.instruction = summariseInstruction();
        StepRequest r;
        r.prompt = PromptSource::build(spec, enc);
        r.temperature = 0.0;
        return r;
    };
    return std::make_unique<ListDriver>(std::vector<StepPlan>{step});
}

// The same request sequence (count, sizes, load) under each strategy in turn.
std::unique_ptr<ScenarioDriver> resilience(const Scenario &sc, const ProviderConfig &p,
                                           quint64 seed)
{
    const int slo = sc.resilience.sloMs.value_or(sc.timeoutMs > 0 ? sc.timeoutMs : 60000);
    std::vector<StepPlan> steps;
    for (qsizetype i = 0; i < sc.resilience.strategies.size(); ++i) {
        const QString &name = sc.resilience.strategies.at(i);
        Scenario s = sc;
        StepPlan step =
            stepOf(s, mix(seed, quint64(i)),
                   {{QStringLiteral("strategy"), name}, {QStringLiteral("slo_ms"), slo}});
        step.sessionBreaker = false;
        step.fallbacks = false;
        step.scenario.retries = 0;
        if (name != QLatin1StringView("none"))
            step.scenario.retries = sc.resilience.retries;
        if (name == QLatin1StringView("breaker_fallback")) {
            step.breaker = p.breaker.value_or(BreakerSettings{});
            step.fallbacks = true;
        }
        steps.push_back(std::move(step));
    }
    return std::make_unique<ListDriver>(std::move(steps));
}

} // namespace

QString needleCode(quint64 seed, int index)
{
    static const char kAlphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    quint64 x = mix(seed ^ 0x5eed, quint64(index) + 1);
    QString code;
    for (int i = 0; i < 9; ++i) {
        if (i == 4) {
            code.append(QLatin1Char('-'));
            continue;
        }
        code.append(QLatin1Char(kAlphabet[x % 32]));
        x /= 32;
    }
    return code;
}

QString needleFact(const QString &code)
{
    return QStringLiteral("Remember this: the secret code is %1.").arg(code);
}

QString needleQuestion()
{
    return QStringLiteral("What is the secret code? Answer with the code.");
}

std::unique_ptr<ScenarioDriver> makeScenarioDriver(const Scenario &sc, const ProviderConfig &p,
                                                   quint64 seed)
{
    const QString &k = sc.kind;
    if (k == QLatin1StringView("context_sweep"))
        return contextSweep(sc, p, seed);
    if (k == QLatin1StringView("context_limit"))
        return makeContextLimitDriver(sc, p, seed);
    if (k == QLatin1StringView("concurrency_sweep"))
        return concurrencySweep(sc, seed);
    if (k == QLatin1StringView("stability"))
        return stability(sc, seed);
    if (k == QLatin1StringView("multi_turn"))
        return makeMultiTurnDriver(sc, seed);
    if (k == QLatin1StringView("cache"))
        return cache(sc, seed);
    if (k == QLatin1StringView("resilience"))
        return resilience(sc, p, seed);
    if (k == QLatin1StringView("rate_limit"))
        return makeRateLimitDriver(sc, seed);
    if (k == QLatin1StringView("determinism"))
        return determinism(sc, seed);
    return std::make_unique<ListDriver>(std::vector<StepPlan>{stepOf(sc, seed)});
}

} // namespace ys
