#pragma once

#include "sim/sim_answers.h"
#include "sim/sim_faults.h"
#include "sim/sim_reasoning.h"
#include "sim/sim_tool_calls.h"
#include "tokenize/encoding.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

class SimRandom;

// One simulated provider: how fast it answers, how long its answers are, and which limits it
// enforces. Profiles come from a JSON file ("yardstick-sim-profiles/1") whose every field, with
// its type, default and meaning, is specified in docs/simulator-profiles.md; a change to the
// parser in sim_profile.cpp changes that document too. Unknown fields are errors, so a typo
// never silently falls back to a default.

enum class SimContextOverflow { Error, Truncate };

struct SimPrefixCacheConfig {
    int minTokens = 1024;
    double ttftSaving = 0.8;
    int maxPrefixes = 100000;
};

// How often the simulated model repeats a planted fact ("needle") that lies in the part of the
// prompt it processed, by prompt size and by the fact's depth: a small model that does not
// repeat text it was given, or one that loses facts past some size or in the middle of a long
// prompt. The default repeats every fact it processed.
struct SimNeedleRecall {
    double rate = 1.0;             // chance of repeating a processed fact, up to upToTokens
    std::optional<int> upToTokens; // processed prompt tokens past which rateBeyond applies
    double rateBeyond = 0.0;
    // The depths (share of the processed prompt before the fact, 0 to 1) at which the fact is
    // never repeated: "lost in the middle". Empty: none.
    std::optional<std::pair<double, double>> lostDepth;

    // The chance of repeating a fact at this depth of a prompt of processedTokens tokens.
    double chance(int processedTokens, double depth) const;
};

struct SimRateLimits {
    int requestsPerMin = 0; // 0: unlimited
    int tokensPerMin = 0;   // 0: unlimited
    bool any() const { return requestsPerMin > 0 || tokensPerMin > 0; }
};

struct SimPrice {
    double inputPerMTok = 0;
    double outputPerMTok = 0;
};

// A provider that reports each answer's cost itself in its usage (OpenRouter's usage.cost, US
// dollars), following the context cost curve C(w) = a·w^α·log2(1 + β·w) of the prompt tokens
// with a seeded multiplicative noise uniform in ±noise.
struct SimReportedCost {
    double a = 0;
    double alpha = 1;
    double beta = 0;
    double noise = 0;
};

// One streamed content event of a planned answer.
struct SimEvent {
    std::int64_t offsetNs = 0; // from the start of generation
    int tokens = 0;
};

// Everything random about one request, drawn when it is accepted, so that the server only has
// to write each event at its absolute due time.
struct SimPlan {
    std::uint64_t requestNumber = 0;
    std::int64_t baseTtftNs = 0;
    std::int64_t prefillNs = 0;   // already shortened by the prefix cache
    std::vector<SimEvent> events; // never empty; events.front().offsetNs is the TTFT
    int completionTokens = 0;
    bool truncated = false; // capped by the request's limit: finish_reason "length"
    // Reasoning: the first reasoningEvents events carry streamed thinking (none when hidden);
    // reasoningTokens is what it thought either way, and the answer's events start after it.
    int reasoningEvents = 0;
    int reasoningTokens = 0;

    std::int64_t ttftNs() const { return events.front().offsetNs; }
    // The first answer token's offset (after any reasoning).
    std::int64_t firstAnswerNs() const
    {
        return events[std::min(events.size() - 1, std::size_t(reasoningEvents))].offsetNs;
    }
    std::int64_t durationNs() const { return events.back().offsetNs; }
};

struct SimProfile {
    Q_DECLARE_TR_FUNCTIONS(ys::SimProfile)

public:
    QString name;
    QString model;
    double ttftMedianMs = 100;
    double ttftP95Ms = 100;
    double prefillTokensPerS = 10000;
    double prefillQuadraticSPerMTok2 = 0; // extra prefill: q * (prompt tokens / 1e6)^2 seconds
    double decodeTokensPerS = 100;
    double decodeJitter = 0;
    int tokensPerEventMin = 1;
    int tokensPerEventMax = 1;
    int outputTokensMin = 1;
    int outputTokensMax = 1;
    int capacity = 0;
    int contextWindow = 128000;
    Encoding encoding = Encoding::O200kBase; // counts the prompt tokens it reports
    int fingerprintEvery = 0; // > 0: the reported model fingerprint changes every N requests
    // Empty: a fingerprint derived from the model and seed. Set: this one, so that a test can
    // change a provider's deployment between two sessions without changing anything else.
    QString systemFingerprint;
    // Reported usage is the true count times these (rounded): a provider that over-counts.
    double promptUsageFactor = 1.0;
    double completionUsageFactor = 1.0;
    bool usage = true;
    QString apiKey; // empty: no key required
    std::optional<SimPrice> price;
    std::optional<SimReportedCost> reportedCost;
    std::uint64_t seed = 0;
    double divergence = 0; // at temperature 0: chance that an answer differs from the prompt's
    SimContextOverflow contextOverflow = SimContextOverflow::Error;
    SimNeedleRecall needleRecall;
    std::optional<SimPrefixCacheConfig> prefixCache;
    SimRateLimits rateLimits;
    std::vector<SimFaultRate> faults;
    SimAnswers answers; // structured answers that break their schema, golden answers
    std::optional<SimReasoning> reasoning;
    std::optional<SimToolCalls> toolCalls; // how a request that offers tools is answered

    // maxTokens is the request's output limit (max_tokens, max_completion_tokens,
    // max_output_tokens, maxOutputTokens), when it sent one (>= 1). cachedTokens of the prompt
    // came from the prefix cache and prefill only (1 - ttft_saving) of their time.
    // contentKey, when set, draws the answer length from it instead of the request number, so
    // that requests with the same key (the same prompt at temperature 0) get the same length.
    SimPlan plan(std::uint64_t requestNumber, int promptTokens, std::optional<int> maxTokens,
                 int cachedTokens = 0,
                 std::optional<std::uint64_t> contentKey = std::nullopt) const;

    // What request number requestNumber with this many prompt tokens costs by reportedCost
    // (seeded draw); nullopt without it.
    std::optional<double> reportedCostUsd(std::uint64_t requestNumber, int promptTokens) const;

    // The faults this profile injects into request number requestNumber (seeded draw).
    SimFaultSet drawFaults(std::uint64_t requestNumber) const;

    // The same provider with every time it takes multiplied by factor: the first token's
    // median and P95 and the quadratic prefill term, and the prefill and decode rates divided.
    // Limits, sizes, faults and rate limits stay. For a test of what a window does with a run,
    // not of the providers' latencies.
    void scaleTimes(double factor);

    // On failure these return an empty list and set *error to a message naming the file (for
    // loadFile), the profile and the field at fault.
    static std::vector<SimProfile> load(const QByteArray &json, QString *error);
    static std::vector<SimProfile> loadFile(const QString &path, QString *error);

    // The six bundled profiles (resource :/sim/demo_profiles.json).
    static std::vector<SimProfile> demoProfiles();

private:
    // Puts the reasoning before the planned answer (plan()).
    void addReasoning(SimPlan &plan, SimRandom &random) const;
};

} // namespace ys
