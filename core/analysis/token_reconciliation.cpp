#include "analysis/token_reconciliation.h"

#include "analysis/percentile.h"

#include <algorithm>
#include <cmath>

namespace ys {

namespace {

std::optional<qint64> reportedOutput(const Sample &s)
{
    if (!s.outputTokens)
        return std::nullopt;
    // Hidden reasoning is billed as output but never reaches the answer text.
    return std::max<qint64>(0, *s.outputTokens - s.reasoningTokens.value_or(0));
}

// Sums and per-attempt ratios of one side, before they become a ReconciliationSide.
struct SideTally {
    qint64 reported = 0;
    qint64 local = 0;
    qint64 difference = 0;
    std::vector<double> ratios;

    void add(qint64 r, qint64 l, qint64 allowance)
    {
        reported += r;
        local += l;
        const qint64 excess = r - l;
        difference += excess < 0 ? excess : std::max<qint64>(0, excess - allowance);
        ratios.push_back(double(r) / double(l));
    }

    ReconciliationSide finish(bool exact) const
    {
        ReconciliationSide side;
        side.attempts = int(ratios.size());
        if (ratios.empty())
            return side;
        side.reportedTokens = reported;
        side.localTokens = local;
        side.ratio = double(reported) / double(local);
        side.ratioP5 = percentile(ratios, 5);
        side.ratioP50 = percentile(ratios, 50);
        side.ratioP95 = percentile(ratios, 95);
        side.difference = double(difference) / double(local);
        side.flagged = exact && std::abs(*side.difference) > kReconciliationTolerance;
        return side;
    }
};

} // namespace

AttemptTokenRatio attemptTokenRatio(const Sample &sample)
{
    AttemptTokenRatio r;
    if (sample.inputTokens && sample.localPromptTokens > 0)
        r.input = double(*sample.inputTokens) / double(sample.localPromptTokens);
    if (const auto out = reportedOutput(sample); out && sample.localOutputTokens > 0)
        r.output = double(*out) / double(sample.localOutputTokens);
    return r;
}

struct TokenReconciler::Tallies {
    SideTally input;
    SideTally output;
};

TokenReconciler::TokenReconciler(const ProviderConfig &provider)
    : m_tallies(std::make_unique<Tallies>())
{
    m_rec.provider = provider.name;
    m_rec.model = provider.model;
    m_rec.encoding = EncodingRegistry::forModel(provider.model, provider.dialect);
}

TokenReconciler::~TokenReconciler() = default;
TokenReconciler::TokenReconciler(TokenReconciler &&) noexcept = default;
TokenReconciler &TokenReconciler::operator=(TokenReconciler &&) noexcept = default;

void TokenReconciler::add(const Sample &s)
{
    // A failed attempt's answer is incomplete, and another provider's attempt counts with that
    // provider's tokenizer.
    if (s.warmup || !s.servedBy.isEmpty() || !outcomeIsSuccess(s.outcome))
        return;
    ++m_rec.attempts;
    if (!s.inputTokens && !s.outputTokens) {
        ++m_rec.withoutUsage;
        return;
    }
    if (s.inputTokens && s.localPromptTokens > 0)
        m_tallies->input.add(*s.inputTokens, s.localPromptTokens, kTemplateAllowanceTokens);
    if (const auto out = reportedOutput(s); out && s.localOutputTokens > 0)
        m_tallies->output.add(*out, s.localOutputTokens, 0);
}

TokenReconciliation TokenReconciler::finish() const
{
    TokenReconciliation rec = m_rec;
    const bool exact = !rec.encoding.estimated;
    rec.input = m_tallies->input.finish(exact);
    rec.output = m_tallies->output.finish(exact);
    return rec;
}

TokenReconciliation reconcileTokens(const ProviderConfig &provider,
                                    const std::vector<Sample> &samples)
{
    TokenReconciler reconciler(provider);
    for (const Sample &s : samples)
        reconciler.add(s);
    return reconciler.finish();
}

} // namespace ys
