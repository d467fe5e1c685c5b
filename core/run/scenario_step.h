#pragma once

#include "domain/provider_config.h"
#include "domain/sample.h"
#include "domain/scenario.h"
#include "provider/dialect.h"
#include "run/prompt_source.h"
#include "tokenize/encoding_registry.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace ys {

// What one logical request of a step sends, and what its answer is checked for.
struct StepRequest {
    SourcedPrompt prompt;          // the last user message
    std::vector<ChatTurn> history; // earlier turns of a conversation
    qint64 historyTokens = 0;      // their tokens, as the prompt builder counted them
    QString needle;                // a fact the answer must repeat; empty: not checked
    int goldenIndex = -1;          // the contract's golden answer this prompt is; -1: none
    std::optional<double> temperature;
};

// Builds request `requestIndex` of a step in the provider's tokenizer family. Called on the
// network thread, ahead of the request's start.
using StepPrompts = std::function<StepRequest(int requestIndex, const EncodingInfo &encoding)>;

// One step of a scenario: one run, stored as such, with what makes it this step.
struct StepPlan {
    Scenario scenario;   // this step's load: requests, concurrency, sizes, retries
    QJsonObject label;   // what the step is (a sweep point, a level, a turn...): kept with the run
    StepPrompts prompts; // empty: unique prompts of scenario.promptTokens (PromptSource)
    quint64 seed = 0;    // the run's seed (schedule, retry jitter); 0: one of the session's
    // The step's own circuit breaker for the provider (resilience), instead of the session's.
    std::optional<BreakerSettings> breaker;
    bool sessionBreaker = true; // the session's breaker of the provider, when it has one
    bool fallbacks = true;      // send failed requests to the provider's fallbacks, if it has any
    bool keepSamples = false;   // hand the step's samples (with answer text) back to the driver
};

// How a step went, for a driver that decides the next step from it.
struct StepResult {
    QJsonObject label;
    std::vector<Sample> samples; // only when the plan asked to keep them; warm-up excluded
    bool cancelled = false;
};

// Turns one scenario of one provider into its steps. Adaptive kinds (a context-limit search, a
// rate ramp, a conversation) decide each step from the one before.
class ScenarioDriver {
    Q_DECLARE_TR_FUNCTIONS(ys::ScenarioDriver)
public:
    virtual ~ScenarioDriver() = default;
    // The next step, given how the last one went (nullptr before the first); nullopt when the
    // scenario is done.
    virtual std::optional<StepPlan> next(const StepResult *last) = 0;
    // The requests the scenario is expected to send (an upper bound for adaptive kinds).
    virtual int plannedRequests() const = 0;
};

// The driver of a scenario's kind for one provider; seed makes its prompts reproducible.
std::unique_ptr<ScenarioDriver> makeScenarioDriver(const Scenario &scenario,
                                                   const ProviderConfig &provider, quint64 seed);

// Needles: a fact of the form the documentation gives ("The secret code is K7Q2-X9PA.") and the
// question that asks for it.
QString needleCode(quint64 seed, int index);
QString needleFact(const QString &code);
QString needleQuestion();

} // namespace ys
