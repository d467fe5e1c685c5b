#include "analysis/kind_results.h"

#include "analysis/percentile.h"
#include "util/units.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace ys {

namespace {

bool isTimeout(Outcome o)
{
    return o == Outcome::TimeoutIdle || o == Outcome::TimeoutTotal || o == Outcome::ConnectionError;
}

// An answer came back: a success, or a reply to a prompt the provider silently truncated, which
// is exactly the answer a multi-turn recall must see (the fact it lost is the finding).
bool answered(Outcome o)
{
    return outcomeIsSuccess(o) || o == Outcome::SilentTruncation;
}

// The rate-limit headers of a reply, as "name: value" lines were kept.
std::vector<std::pair<QString, QString>> limitHeaders(const QString &lines)
{
    std::vector<std::pair<QString, QString>> out;
    for (const QString &line : lines.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        if (colon <= 0)
            continue;
        const QString name = line.left(colon).trimmed().toLower();
        if (name.contains(QLatin1StringView("ratelimit")) ||
            name == QLatin1StringView("retry-after"))
            out.emplace_back(name, line.mid(colon + 1).trimmed());
    }
    return out;
}

} // namespace

StabilityResult KindAnalysis::stability(const std::vector<StepData> &steps)
{
    StabilityResult r;
    std::vector<double> gaps;
    for (const StepData &step : steps) {
        for (const QJsonValue &v : step.label.value(QStringLiteral("stall_ms")).toArray())
            if (std::none_of(r.stalls.begin(), r.stalls.end(),
                             [&](const auto &p) { return p.first == v.toInt(); }))
                r.stalls.emplace_back(v.toInt(), 0);
        for (const Sample &s : step.samples) {
            if (s.warmup)
                continue;
            ++r.attempts;
            if (s.outcome == Outcome::StreamCut || (s.firstTokenNs && isTimeout(s.outcome)))
                ++r.cuts;
            if (outcomeIsSuccess(s.outcome))
                ++r.finishReasons[s.finishReason.isEmpty() ? QStringLiteral("none")
                                                           : s.finishReason];
            // Gaps between deliveries, on every attempt that streamed (a cut one too: its
            // stalls happened).
            for (std::size_t i = 1; i < s.eventTimesNs.size(); ++i)
                if (s.eventTimesNs[i] != s.eventTimesNs[i - 1])
                    gaps.push_back(double(s.eventTimesNs[i] - s.eventTimesNs[i - 1]) / kNsPerMs);
        }
    }
    for (auto &[threshold, count] : r.stalls)
        count = int(
            std::count_if(gaps.begin(), gaps.end(), [t = threshold](double g) { return g >= t; }));
    if (!gaps.empty())
        r.longestStallMs = *std::max_element(gaps.begin(), gaps.end());
    r.itlMs = distributionOf(std::move(gaps));
    return r;
}

MultiTurnResult KindAnalysis::multiTurn(const std::vector<StepData> &steps)
{
    MultiTurnResult r;
    std::map<int, const StepData *> byTurn;
    for (const StepData &s : steps)
        byTurn[s.label.value(QStringLiteral("turn")).toInt()] = &s;
    bool recalledBefore = false, measured = false;
    for (const auto &[turn, step] : byTurn) {
        std::vector<double> ttft, cost, prompt;
        int planted = 0, recalled = 0, attempts = 0, replied = 0, cut = 0;
        for (const Sample &s : step->samples) {
            if (s.warmup || !s.servedBy.isEmpty())
                continue;
            ++attempts;
            if (s.costUsd)
                cost.push_back(*s.costUsd);
            if (!answered(s.outcome))
                continue;
            ++replied;
            if (s.outcome == Outcome::SilentTruncation || promptWasCut(s))
                ++cut;
            if (s.firstTokenNs)
                ttft.push_back(double(*s.firstTokenNs) / kNsPerMs);
            if (s.inputTokens)
                prompt.push_back(double(*s.inputTokens));
            if (s.needleFound) {
                ++planted;
                recalled += *s.needleFound ? 1 : 0;
            }
        }
        const std::optional<double> recall =
            planted > 0 ? std::optional<double>(double(recalled) / planted) : std::nullopt;
        r.recallByTurn.push_back(recall);
        r.ttftByTurnMs.push_back(percentile(ttft, 50));
        r.costByTurnUsd.push_back(mean(cost));
        r.promptTokensByTurn.push_back(percentile(prompt, 50));
        r.successByTurn.push_back(attempts > 0 ? std::optional<double>(double(replied) / attempts)
                                               : std::nullopt);
        r.truncatedByTurn.push_back(replied > 0 ? std::optional<double>(double(cut) / replied)
                                                : std::nullopt);
        if (attempts > 0 && 2 * replied < attempts && !r.failingFromTurn)
            r.failingFromTurn = turn;
        if (replied > 0 && 2 * cut > replied && !r.truncatedFromTurn)
            r.truncatedFromTurn = turn;
        if (recall && *recall >= 0.5)
            recalledBefore = true;
        else if (recall && recalledBefore && !r.recallLostAtTurn)
            r.recallLostAtTurn = turn;
        measured = measured || recall.has_value();
    }
    r.neverRecalled = measured && !recalledBefore;
    return r;
}

CacheResult KindAnalysis::cache(const std::vector<StepData> &steps)
{
    CacheResult r;
    std::vector<double> cold, warm, coldCost, warmCost;
    std::map<int, double> coldByPair, warmByPair;
    qint64 warmInput = 0, warmCached = 0;
    for (const StepData &step : steps) {
        r.pairs = step.label.value(QStringLiteral("pairs")).toInt();
        for (const Sample &s : step.samples) {
            if (s.warmup || !outcomeIsSuccess(s.outcome) || !s.firstTokenNs)
                continue;
            const bool isWarm = s.requestIndex % 2 == 1;
            const double t = double(*s.firstTokenNs) / kNsPerMs;
            (isWarm ? warm : cold).push_back(t);
            (isWarm ? warmByPair : coldByPair)[s.requestIndex / 2] = t;
            if (s.costUsd)
                (isWarm ? warmCost : coldCost).push_back(*s.costUsd);
            if (isWarm && s.inputTokens) {
                warmInput += *s.inputTokens;
                warmCached += s.cachedTokens.value_or(0);
            }
        }
    }
    r.coldTtftMs = percentile(cold, 50);
    r.warmTtftMs = percentile(warm, 50);
    if (r.coldTtftMs && r.warmTtftMs)
        r.ttftDropMs = *r.coldTtftMs - *r.warmTtftMs;
    if (warmInput > 0)
        r.cachedTokenShare = double(warmCached) / double(warmInput);
    const auto coldMean = mean(coldCost);
    const auto warmMean = mean(warmCost);
    if (coldMean && warmMean)
        r.savingUsdPerRequest = *coldMean - *warmMean;
    // Detected when the provider says it served cached tokens, or when the warm request of
    // nearly every pair was clearly faster than its cold one (by 10% of the cold median).
    int faster = 0, paired = 0;
    for (const auto &[pair, c] : coldByPair) {
        if (auto w = warmByPair.find(pair); w != warmByPair.end()) {
            ++paired;
            faster += w->second < 0.9 * c ? 1 : 0;
        }
    }
    if (paired > 0 || warmInput > 0)
        r.detected = r.cachedTokenShare.value_or(0) > 0 ||
                     (paired >= 3 && double(faster) >= 0.8 * paired && r.ttftDropMs &&
                      *r.ttftDropMs >= 0.1 * *r.coldTtftMs);
    return r;
}

ResilienceResult KindAnalysis::resilience(const std::vector<StepData> &steps)
{
    ResilienceResult r;
    for (const StepData &step : steps) {
        ResilienceStrategy st;
        st.name = step.label.value(QStringLiteral("strategy")).toString();
        r.sloMs = step.label.value(QStringLiteral("slo_ms")).toInt();
        // A request's attempts, in order: its time is what they and the waits between them
        // took; every attempt after its first is what the strategy spent on top of sending it
        // once (a failed attempt is rarely billed: a 500 reports no usage, but the retry that
        // succeeds is paid at the list price).
        struct Request {
            double ms = 0;
            bool ok = false;
            bool fallback = false;
            std::vector<std::optional<double>> costs;
        };
        std::map<int, Request> requests;
        bool anyCost = false;
        std::vector<const Sample *> ordered;
        for (const Sample &s : step.samples)
            if (!s.warmup)
                ordered.push_back(&s);
        std::stable_sort(ordered.begin(), ordered.end(), [](const Sample *a, const Sample *b) {
            return a->attemptNumber < b->attemptNumber;
        });
        for (const Sample *s : ordered) {
            ++st.attempts;
            Request &q = requests[s->requestIndex];
            q.ms += double(s->queueDelayNs + s->endNs + s->retryDelayNs.value_or(0)) / kNsPerMs;
            q.costs.push_back(s->costUsd);
            anyCost = anyCost || s->costUsd.has_value();
            q.ok = outcomeIsSuccess(s->outcome);
            q.fallback = !s->servedBy.isEmpty();
        }
        double extra = 0;
        for (const auto &[index, q] : requests)
            for (std::size_t i = 1; i < q.costs.size(); ++i)
                extra += q.costs[i].value_or(0);
        st.requests = std::max(step.planned, int(requests.size()));
        std::vector<double> ok;
        int attained = 0, fallback = 0;
        for (const auto &[index, q] : requests) {
            fallback += q.fallback ? 1 : 0;
            if (!q.ok)
                continue;
            ok.push_back(q.ms);
            attained += q.ms <= r.sloMs ? 1 : 0;
        }
        if (st.requests > 0) {
            st.sloAttainment = double(attained) / st.requests;
            st.fallbackShare = double(fallback) / st.requests;
        }
        st.p95Ms = percentile(ok, 95);
        if (anyCost)
            st.retryCostUsd = extra;
        r.strategies.push_back(std::move(st));
    }
    return r;
}

RateLimitResult KindAnalysis::rateLimit(const std::vector<StepData> &steps)
{
    RateLimitResult r;
    const StepData *measured = nullptr;
    for (const StepData &step : steps) {
        const double rate = step.label.value(QStringLiteral("rate_per_s")).toDouble();
        r.maxRpsTried = std::max(r.maxRpsTried.value_or(0), rate);
        int limited = 0;
        for (const Sample &s : step.samples) {
            ++r.requests;
            if (s.outcome == Outcome::RateLimited)
                ++limited;
            auto h = limitHeaders(s.responseHeaders);
            if (!h.empty())
                r.headers = std::move(h);
        }
        r.rateLimited += limited;
        if (limited > 0 && !r.first429Rps)
            r.first429Rps = rate;
        if (limited > 0)
            measured = &step; // the last step that met the limit: the hold, when there was one
    }
    if (!measured)
        return r;
    // What the provider let through once it was limiting: accepted requests after the step's
    // first 429, as a rate from the first to the last of them.
    qint64 first429 = -1;
    for (const Sample &s : measured->samples)
        if (s.outcome == Outcome::RateLimited && (first429 < 0 || s.startOffsetNs < first429))
            first429 = s.startOffsetNs;
    std::vector<std::pair<qint64, qint64>> accepted; // start, tokens
    for (const Sample &s : measured->samples)
        if (s.startOffsetNs >= first429 && outcomeIsSuccess(s.outcome))
            accepted.emplace_back(s.startOffsetNs,
                                  s.inputTokens.value_or(0) + s.outputTokens.value_or(0));
    std::sort(accepted.begin(), accepted.end());
    if (accepted.size() >= 3) {
        const double seconds = double(accepted.back().first - accepted.front().first) / 1e9;
        qint64 tokens = 0;
        for (std::size_t i = 1; i < accepted.size(); ++i)
            tokens += accepted[i].second;
        if (seconds > 0) {
            r.requestsPerMin = 60.0 * double(accepted.size() - 1) / seconds;
            r.tokensPerMin = 60.0 * double(tokens) / seconds;
        }
    }
    return r;
}

DeterminismResult KindAnalysis::determinism(const std::vector<StepData> &steps)
{
    DeterminismResult r;
    int modal = 0;
    for (const StepData &step : steps) {
        const int prompts = std::max(1, step.label.value(QStringLiteral("prompts")).toInt());
        r.prompts = prompts;
        std::vector<std::map<quint64, int>> answers;
        answers.resize(std::size_t(prompts));
        for (const Sample &s : step.samples) {
            if (s.warmup || !outcomeIsSuccess(s.outcome))
                continue;
            ++answers[std::size_t(s.requestIndex % prompts)][s.textHash];
            ++r.answers;
        }
        for (const auto &counts : answers) {
            int most = 0;
            for (const auto &[hash, n] : counts)
                most = std::max(most, n);
            modal += most;
            r.distinctAnswers += int(counts.size());
        }
    }
    if (r.answers > 0)
        r.identicalShare = double(modal) / r.answers;
    return r;
}

} // namespace ys
