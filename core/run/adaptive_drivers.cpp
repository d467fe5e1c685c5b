#include "run/scenario_drivers.h"

#include "analysis/context_probe.h"
#include "tokenize/bpe_tokenizer.h"
#include "tokenize/prompt_builder.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>

namespace ys {

namespace {

// Where a context-limit probe plants its fact: at the start, so that a provider that keeps the
// end of an over-long prompt loses it.
constexpr double kLimitNeedleDepth = 0.0;

// Binary search for the largest prompt the provider takes whole. A control probe at a size
// that surely fits comes first and asks whether the model repeats a planted fact at all; then
// the claim, then halves. Each probe is one request carrying a fact near its start and asking
// for it at the end. A probe fails by an error (context_exceeded) or by a prompt the provider
// counted short (analysis/context_probe.h); the fact decides only where no count came back and
// the control showed that the model repeats facts.
class ContextLimitDriver : public ScenarioDriver {
public:
    ContextLimitDriver(const Scenario &sc, const ProviderConfig &p, quint64 seed)
        : m_scenario(sc)
        , m_seed(seed)
    {
        m_claimed = sc.contextLimit.claimed ? sc.contextLimit.claimed : p.contextWindow;
        m_scenario.requests = 1;
        m_scenario.concurrency = 1;
        m_scenario.warmup = 0;
        m_scenario.retries = 0;
        m_scenario.load = QStringLiteral("closed");
    }

    std::optional<StepPlan> next(const StepResult *last) override
    {
        if (!m_claimed) {
            if (m_probes++ > 0)
                return std::nullopt;
            Scenario s = m_scenario;
            s.requests = 0;
            StepPlan step;
            step.scenario = s;
            step.label = {{QStringLiteral("skipped"),
                           tr("no context window to verify: set the provider's context_window "
                              "or the scenario's claimed")}};
            return step;
        }
        if (last)
            learn(*last);
        if (m_done || m_probes >= m_scenario.contextLimit.maxProbes)
            return std::nullopt;
        if (m_probes == 0)
            return probe(contextControlTokens(*m_claimed), true);
        if (!m_claimTried && (!m_failAt || *m_failAt > *m_claimed)) {
            m_claimTried = true;
            return probe(*m_claimed, false);
        }
        if (!m_failAt)
            return std::nullopt; // the claim fits: nothing left to find
        if (double(*m_failAt - m_fitAt) <= m_scenario.contextLimit.precision * double(*m_failAt))
            return std::nullopt;
        const qint64 size = (m_fitAt + *m_failAt) / 2;
        if (size <= m_fitAt || size >= *m_failAt)
            return std::nullopt;
        return probe(size, false);
    }

    int plannedRequests() const override { return m_scenario.contextLimit.maxProbes; }

private:
    StepPlan probe(qint64 size, bool control)
    {
        const int index = m_probes++;
        Scenario s = m_scenario;
        s.promptTokens = int(std::min<qint64>(size, 100'000'000));
        StepPlan step;
        step.scenario = s;
        step.keepSamples = true;
        step.label = {{QStringLiteral("probe"), index},
                      {QStringLiteral("prompt_tokens"), double(size)},
                      {QStringLiteral("claimed"), double(*m_claimed)}};
        if (control)
            step.label.insert(QStringLiteral("control"), true);
        const quint64 seed = m_seed;
        step.prompts = [seed, index, size](int, const EncodingInfo &encoding) {
            StepRequest r;
            r.needle = needleCode(seed, index);
            PromptSpec spec;
            spec.targetTokens = int(size);
            spec.seed = seed;
            spec.requestIndex = index;
            spec.needle = needleFact(r.needle);
            spec.needleDepth = kLimitNeedleDepth;
            spec.instruction = needleQuestion();
            r.prompt = PromptSource::build(spec, encoding);
            return r;
        };
        m_lastSize = size;
        m_lastControl = control;
        return step;
    }

    void learn(const StepResult &last)
    {
        if (last.cancelled || last.samples.empty()) {
            m_done = true;
            return;
        }
        const Sample &s = last.samples.back();
        const ProbeJudgement j = judgeContextProbe(s, m_needleUsable);
        if (m_lastControl && j.verdict == ProbeVerdict::Fits && s.needleFound)
            m_needleUsable = *s.needleFound;
        switch (j.verdict) {
        case ProbeVerdict::Exceeded:
        case ProbeVerdict::Truncated:
            m_failAt = m_failAt ? std::min(*m_failAt, m_lastSize) : m_lastSize;
            return;
        case ProbeVerdict::Fits:
            m_fitAt = std::max(m_fitAt, m_lastSize);
            return;
        case ProbeVerdict::Inconclusive:
            // A timeout or a server error says nothing about the window: stop rather than
            // guess; the result reports what was learned so far.
            m_done = true;
            return;
        }
    }

    Scenario m_scenario;
    quint64 m_seed;
    std::optional<qint64> m_claimed;
    std::optional<qint64> m_failAt;
    std::optional<bool> m_needleUsable;
    qint64 m_fitAt = 0;
    qint64 m_lastSize = 0;
    int m_probes = 0;
    bool m_lastControl = false;
    bool m_claimTried = false;
    bool m_done = false;
};

// Open-loop steps at a rising rate until the provider answers 429 steadily, then one longer
// step at that rate to measure what it lets through. Never more than max_requests in all.
class RateLimitDriver : public ScenarioDriver {
public:
    RateLimitDriver(const Scenario &sc, quint64 seed)
        : m_scenario(sc)
        , m_seed(seed)
    {
        m_scenario.load = QStringLiteral("open");
        m_scenario.arrival = QStringLiteral("constant");
        m_scenario.rampToRatePerS.reset();
        m_scenario.durationS.reset();
        m_scenario.retries = 0; // a 429 must be seen, not retried away
        m_scenario.warmup = 0;
        m_rate = sc.rateLimit.startRps;
    }

    std::optional<StepPlan> next(const StepResult *last) override
    {
        const RateLimitParams &p = m_scenario.rateLimit;
        if (last) {
            if (last->cancelled || m_holding)
                return std::nullopt;
            int limited = 0;
            for (const Sample &s : last->samples)
                limited += s.outcome == Outcome::RateLimited ? 1 : 0;
            const bool sustained =
                limited >= 3 && double(limited) >= 0.2 * double(last->samples.size());
            if (sustained) {
                m_holding = true;
            } else {
                if (m_rate >= p.maxRps)
                    return std::nullopt;
                m_rate = std::min(p.maxRps, m_rate * p.stepFactor);
            }
        }
        const int left = p.maxRequests - m_sent;
        if (left <= 0)
            return std::nullopt;
        const double seconds = m_holding ? std::max(2.0 * p.stepS, 10.0) : p.stepS;
        const int count = std::min(left, std::max(1, int(std::ceil(m_rate * seconds))));
        m_sent += count;
        Scenario s = m_scenario;
        s.ratePerS = m_rate;
        s.requests = count;
        s.concurrency = std::max(s.concurrency, std::min(4096, int(std::ceil(m_rate * 30))));
        StepPlan step;
        step.scenario = s;
        step.keepSamples = true;
        step.label = {
            {QStringLiteral("rate_per_s"), m_rate},
            {QStringLiteral("phase"), m_holding ? QStringLiteral("hold") : QStringLiteral("ramp")},
            {QStringLiteral("step"), m_steps++}};
        const quint64 seed = m_seed ^ quint64(m_steps) * 0x100000001b3ull;
        const int tokens = s.promptTokens;
        step.prompts = [seed, tokens](int index, const EncodingInfo &encoding) {
            StepRequest r;
            r.prompt = PromptSource::make(tokens, seed, index, encoding);
            return r;
        };
        return step;
    }

    int plannedRequests() const override { return m_scenario.rateLimit.maxRequests; }

private:
    Scenario m_scenario;
    quint64 m_seed;
    double m_rate = 1;
    int m_sent = 0;
    int m_steps = 0;
    bool m_holding = false;
};

// Conversations that grow by one turn per step. Turn 1 plants a fact; every turn asks for it.
// The assistant turns of the history are a fixed short acknowledgement, not the model's own
// answers: the fact can then come only from turn 1, and every provider is sent the same
// conversation.
class MultiTurnDriver : public ScenarioDriver {
public:
    MultiTurnDriver(const Scenario &sc, quint64 seed)
        : m_scenario(sc)
        , m_seed(seed)
    {
        m_scenario.requests = sc.multiTurn.conversations;
        m_scenario.concurrency = std::min(sc.concurrency, sc.multiTurn.conversations);
        m_scenario.load = QStringLiteral("closed");
        m_scenario.warmup = 0;
        m_scenario.promptTokens = sc.multiTurn.tokensPerTurn;
    }

    std::optional<StepPlan> next(const StepResult *last) override
    {
        if ((last && last->cancelled) || m_turn >= m_scenario.multiTurn.turns)
            return std::nullopt;
        const int turn = ++m_turn;
        StepPlan step;
        step.scenario = m_scenario;
        step.label = {{QStringLiteral("turn"), turn}};
        const quint64 seed = m_seed;
        const int perTurn = m_scenario.multiTurn.tokensPerTurn;
        step.prompts = [seed, perTurn, turn](int conversation, const EncodingInfo &encoding) {
            StepRequest r;
            r.needle = needleCode(seed, conversation);
            const QString ack = QStringLiteral("Noted.");
            const qint64 ackTokens = Tokenizer::shared(encoding.encoding).count(ack);
            for (int t = 1; t < turn; ++t) {
                SourcedPrompt earlier = message(seed, perTurn, conversation, t, r.needle, encoding);
                r.historyTokens += earlier.tokens + ackTokens;
                r.history.push_back({ChatTurn::Role::User, std::move(earlier.text)});
                r.history.push_back({ChatTurn::Role::Assistant, ack});
            }
            r.prompt = message(seed, perTurn, conversation, turn, r.needle, encoding);
            return r;
        };
        return step;
    }

    int plannedRequests() const override
    {
        return m_scenario.multiTurn.turns * m_scenario.multiTurn.conversations;
    }

private:
    // The user message of one turn: notes of the turn's size, the fact in turn 1, the question
    // at the end of every turn.
    static SourcedPrompt message(quint64 seed, int tokens, int conversation, int turn,
                                 const QString &code, const EncodingInfo &encoding)
    {
        PromptSpec spec;
        spec.targetTokens = tokens;
        spec.seed = seed ^ (quint64(conversation + 1) << 32);
        spec.requestIndex = turn;
        spec.instruction = needleQuestion();
        if (turn == 1) {
            spec.needle = needleFact(code);
            spec.needleDepth = 0.5;
        }
        return PromptSource::build(spec, encoding);
    }

    Scenario m_scenario;
    quint64 m_seed;
    int m_turn = 0;
};

} // namespace

std::unique_ptr<ScenarioDriver> makeContextLimitDriver(const Scenario &sc, const ProviderConfig &p,
                                                       quint64 seed)
{
    return std::make_unique<ContextLimitDriver>(sc, p, seed);
}

std::unique_ptr<ScenarioDriver> makeRateLimitDriver(const Scenario &sc, quint64 seed)
{
    return std::make_unique<RateLimitDriver>(sc, seed);
}

std::unique_ptr<ScenarioDriver> makeMultiTurnDriver(const Scenario &sc, quint64 seed)
{
    return std::make_unique<MultiTurnDriver>(sc, seed);
}

} // namespace ys
