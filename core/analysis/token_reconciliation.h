#pragma once

#include "domain/provider_config.h"
#include "domain/sample.h"
#include "tokenize/encoding_registry.h"

#include <memory>
#include <optional>
#include <vector>

namespace ys {

// Token reconciliation: the tokens Yardstick counted itself (the prompt it built, the answer
// text it received, in the encoding the provider's model uses) against the usage the provider
// reported for the same attempt. A provider whose encoding Yardstick has (OpenAI's models) must
// agree within 1%; any other family's count is a proxy, so its ratio is shown as an estimate and
// never flagged. The definitions are in docs/measurements.md ("Token reconciliation").

// The prompt side allows for a chat template: a provider adds a few tokens of framing per
// message that the local count of a single prompt does not include (OpenAI's: 3 a message, the
// role, 3 to prime the reply). Up to this many reported tokens above the local count are framing,
// not a difference; fewer tokens than counted are always a difference.
inline constexpr qint64 kTemplateAllowanceTokens = 16;
// An exact-encoding provider is flagged beyond this relative difference.
inline constexpr double kReconciliationTolerance = 0.01;

// One attempt's reported / local ratios (unset where either count is missing or zero). The
// output side compares the visible answer: reported output tokens less reported reasoning tokens.
struct AttemptTokenRatio {
    std::optional<double> input;
    std::optional<double> output;
};
AttemptTokenRatio attemptTokenRatio(const Sample &sample);

// One side (prompt or answer) of a provider's reconciliation.
struct ReconciliationSide {
    int attempts = 0; // attempts with both a reported and a local count
    qint64 reportedTokens = 0;
    qint64 localTokens = 0;
    std::optional<double> ratio;   // reportedTokens / localTokens
    std::optional<double> ratioP5; // spread of the per-attempt ratios: P5, median, P95
    std::optional<double> ratioP50;
    std::optional<double> ratioP95;
    // (reported − local), less the template allowance on the prompt side, over localTokens:
    // the relative difference the flag is about.
    std::optional<double> difference;
    bool flagged = false;
};

struct TokenReconciliation {
    QString provider;
    QString model;
    EncodingInfo encoding; // estimated: the local count is a proxy, never flagged
    int attempts = 0;      // successful attempts of the provider's own (no warm-up)
    int withoutUsage = 0;  // of those, attempts the provider reported no usage for
    ReconciliationSide input;
    ReconciliationSide output;
    bool flagged() const { return input.flagged || output.flagged; }
};

// The reconciliation of one provider's run, fed one attempt at a time in the run's order (a
// summary of a big run never holds its samples all at once).
class TokenReconciler {
public:
    explicit TokenReconciler(const ProviderConfig &provider);
    ~TokenReconciler();
    TokenReconciler(TokenReconciler &&) noexcept;
    TokenReconciler &operator=(TokenReconciler &&) noexcept;

    void add(const Sample &sample);
    TokenReconciliation finish() const;

private:
    struct Tallies;
    TokenReconciliation m_rec;
    std::unique_ptr<Tallies> m_tallies;
};

// The reconciliation of one provider's run.
TokenReconciliation reconcileTokens(const ProviderConfig &provider,
                                    const std::vector<Sample> &samples);

} // namespace ys
