#pragma once

#include "sim/sim_faults.h"
#include "tokenize/encoding.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace ys {

// One simulated provider: how fast it answers, how long its answers are, and which limits it
// enforces. Profiles come from a JSON file:
//
//   {"format": "yardstick-sim-profiles/1",
//    "profiles": [
//     {"name": "Simulated Sonnet-class",     display name (required)
//      "model": "sim-sonnet-class",          id that clients put in "model", unique (required)
//      "ttft_ms": {"median": 150, "p95": 190},
//                                            base time to first token, lognormal with
//                                            mu = ln(median), sigma = ln(p95 / median) / 1.6449
//                                            (required; p95 >= median > 0)
//      "prefill_tokens_per_s": 40000,        TTFT += prompt_tokens / this rate (required, > 0)
//      "decode_tokens_per_s": 800,           decode speed after the first event (required, > 0)
//      "decode_jitter": 0.15,                interval of an event carrying n tokens is
//                                            n / decode_tokens_per_s * max(0.2, 1 + jitter *
//                                            N(0,1)) (default 0)
//      "tokens_per_event": {"min": 1, "max": 3},
//                                            tokens in one streamed chunk, uniform (default 1..1)
//      "output_tokens": {"min": 40, "max": 80},
//                                            natural answer length, uniform; capped by the
//                                            request's max_tokens / max_completion_tokens, in which
//                                            case the finish reason is "length" (required, min >=
//                                            1)
//      "capacity": 0,                        0 = unlimited; else at most this many requests
//      generate
//                                            at once and the others wait in FIFO order, the wait
//                                            adding to their TTFT (default 0)
//      "context_window": 200000,             more prompt tokens than this -> HTTP 400
//                                            "context_length_exceeded" (required, >= 1)
//      "encoding": "o200k_base",             the tokenizer that counts prompt tokens (and cached
//                                            ones): "o200k_base" or "cl100k_base" (default o200k)
//      "fingerprint_every": 0,               > 0: OpenAI chat's system_fingerprint changes every
//                                            N requests, as a provider's deployment would
//                                            (default 0: one fingerprint)
//      "usage": true,                        false: stream_options.include_usage is ignored and
//                                            non-streaming replies carry no usage (default true)
//      "api_key": null,                      a string: requests must carry this key in their
//                                            dialect's header ("Authorization: Bearer", x-api-key,
//                                            x-goog-api-key), else HTTP 401 with the dialect's
//                                            error body (default null)
//      "price": {"input_per_mtok": 0.8, "output_per_mtok": 2.4},
//                                            advertised list price in USD per million tokens, for
//                                            the app's demo suite; the server ignores it (optional)
//      "seed": 1,                            seeds every random draw (default 0)
//      "context_overflow": "error",          past context_window: "error" answers the dialect's
//                                            context-length error (HTTP 400); "truncate" processes
//                                            only the last context_window tokens, answers HTTP 200
//                                            and reports the truncated prompt count, as Ollama
//                                            does (default "error")
//      "prefix_cache": {"min_tokens": 1024, "ttft_saving": 0.8, "max_prefixes": 100000},
//                                            remembers prompt prefixes in 512-character blocks
//                                            (LRU, at most max_prefixes block hashes); a prompt
//                                            whose longest remembered prefix counts >= min_tokens
//                                            reports those tokens as cached in the dialect's usage
//                                            field, and their share of the prefill time shrinks by
//                                            ttft_saving (0..1). Absent or null: no cache
//      "rate_limits": {"requests_per_min": 60, "tokens_per_min": 90000},
//                                            token buckets per API key (each may be omitted or 0 =
//                                            unlimited); a request costs its prompt tokens plus
//                                            its max output tokens (else output_tokens.max). Over a
//                                            limit: HTTP 429 with retry-after and the dialect's
//                                            rate-limit headers, which every reply then carries
//      "faults": {"server_error_500": 0.01, "stall": {"probability": 0.05, "param": 2000}}
//                                            faults injected at random (seeded): each with its
//                                            probability per request, and an optional parameter
//                                            (see SimFault in sim_faults.h for the names and
//                                            what each parameter means). A request can also ask
//                                            for faults itself: "x-sim-fault: NAME[=PARAM], ..."
//     }
//    ]}
//
// Every profile answers on every dialect's endpoint (OpenAI Chat Completions and Responses,
// Anthropic Messages, Gemini generateContent / streamGenerateContent), looked up by model name.
// Unknown fields are errors, so a typo never silently falls back to a default.

enum class SimContextOverflow { Error, Truncate };

struct SimPrefixCacheConfig {
    int minTokens = 1024;
    double ttftSaving = 0.8;
    int maxPrefixes = 100000;
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

    std::int64_t ttftNs() const { return events.front().offsetNs; }
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
    bool usage = true;
    QString apiKey; // empty: no key required
    std::optional<SimPrice> price;
    std::uint64_t seed = 0;
    SimContextOverflow contextOverflow = SimContextOverflow::Error;
    std::optional<SimPrefixCacheConfig> prefixCache;
    SimRateLimits rateLimits;
    std::vector<SimFaultRate> faults;

    // maxTokens is the request's output limit (max_tokens, max_completion_tokens,
    // max_output_tokens, maxOutputTokens), when it sent one (>= 1). cachedTokens of the prompt
    // came from the prefix cache and prefill only (1 - ttft_saving) of their time.
    SimPlan plan(std::uint64_t requestNumber, int promptTokens, std::optional<int> maxTokens,
                 int cachedTokens = 0) const;

    // The faults this profile injects into request number requestNumber (seeded draw).
    SimFaultSet drawFaults(std::uint64_t requestNumber) const;

    // On failure these return an empty list and set *error to a message naming the file (for
    // loadFile), the profile and the field at fault.
    static std::vector<SimProfile> load(const QByteArray &json, QString *error);
    static std::vector<SimProfile> loadFile(const QString &path, QString *error);

    // The six bundled profiles (resource :/sim/demo_profiles.json).
    static std::vector<SimProfile> demoProfiles();
};

} // namespace ys
