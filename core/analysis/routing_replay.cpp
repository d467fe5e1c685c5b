#include "analysis/routing_replay.h"

#include "analysis/percentile.h"
#include "domain/circuit_breaker.h"
#include "util/units.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <queue>

namespace ys {

namespace {

constexpr double kReplayNan = std::numeric_limits<double>::quiet_NaN();

// One provider's measured attempts by logical request, each request's in attempt order.
struct ReplayProvider {
    QString name;
    std::vector<int> order; // its request indices, ascending
    std::map<int, std::vector<const RoutedAttempt *>> byRequest;
};

ReplayProvider replayProviderOf(const RunAttempts &run)
{
    ReplayProvider p;
    p.name = run.provider;
    for (const RoutedAttempt &a : run.attempts)
        if (a.servedBy.isEmpty()) // its own attempts: a fallback's in its run are not its figures
            p.byRequest[a.requestIndex].push_back(&a);
    for (auto &[index, list] : p.byRequest) {
        std::sort(list.begin(), list.end(), [](const RoutedAttempt *x, const RoutedAttempt *y) {
            return x->attemptNumber < y->attemptNumber;
        });
        p.order.push_back(index);
    }
    return p;
}

// What a logical request came to.
struct ReplayRequest {
    qint64 startNs = 0; // arrival (open loop) or the moment a slot took it (closed loop)
    qint64 endNs = 0;
    bool success = false;
    int servedBy = -1;
    double ttftMs = kReplayNan;
    double tpotMs = kReplayNan;
    bool fellBack = false;
    bool refused = false;
};

struct ReplayEvent {
    enum Kind { Arrive, Begin, End };
    qint64 atNs = 0;
    qint64 seq = 0;
    Kind kind = Begin;
    int request = 0;  // position among the primary's requests
    int target = 0;   // 0 the primary, k fallbacks[k - 1]
    int attempt = 0;  // retry number on that provider
    bool cut = false; // End: given up at the latency budget
    bool operator>(const ReplayEvent &o) const
    {
        return atNs != o.atNs ? atNs > o.atNs : seq > o.seq;
    }
};

// The discrete-event replay of one policy (docs/measurements.md, "Routing policies and their
// what-if"): requests start as the measured run's load would start them, each attempt takes
// the time its measured counterpart took (at most the budget), and the primary's breaker is
// driven on that clock.
class PolicyReplay {
public:
    PolicyReplay(const RoutingPolicy &policy, std::vector<ReplayProvider> chain,
                 const RunAttempts &primaryRun)
        : m_policy(policy)
        , m_chain(std::move(chain))
        , m_run(primaryRun)
    {
        if (policy.breaker) {
            BreakerConfig c;
            c.failureThreshold = policy.breaker->failureThreshold;
            c.windowNs = qint64(policy.breaker->windowS * 1e9);
            c.openNs = qint64(policy.breaker->openS * 1e9);
            c.halfOpenProbes = policy.breaker->halfOpenProbes;
            m_breaker = std::make_unique<CircuitBreaker>(c);
        }
    }

    RoutingFigures run(const SloObjectives &objectives);
    const QStringList &notes() const { return m_notes; }

private:
    const RoutedAttempt *attemptFor(int target, int request, int attempt);
    void push(ReplayEvent e)
    {
        e.seq = m_seq++;
        m_events.push(e);
    }
    void begin(ReplayEvent e);
    void end(const ReplayEvent &e);
    void finish(int request, qint64 atNs, bool success, int target, const RoutedAttempt *last);
    void startNext(qint64 atNs);
    void note(const QString &text)
    {
        if (!m_notes.contains(text))
            m_notes.append(text);
    }
    RoutingFigures figures(const SloObjectives &objectives) const;

    const RoutingPolicy &m_policy;
    std::vector<ReplayProvider> m_chain;
    const RunAttempts &m_run;
    std::unique_ptr<CircuitBreaker> m_breaker;
    std::priority_queue<ReplayEvent, std::vector<ReplayEvent>, std::greater<>> m_events;
    std::vector<ReplayRequest> m_requests;
    std::vector<qint64> m_attemptStart; // per request: when its current attempt started
    std::deque<int> m_waiting;          // open loop: arrived, waiting for a slot
    int m_inFlight = 0;
    int m_next = 0; // closed loop: the next request to start
    qint64 m_seq = 0;
    int m_attempts = 0;
    int m_refusals = 0;
    std::optional<double> m_cost;
    QStringList m_notes;
};

const RoutedAttempt *PolicyReplay::attemptFor(int target, int request, int attempt)
{
    const ReplayProvider &p = m_chain[std::size_t(target)];
    const int index = m_chain.front().order[std::size_t(request)];
    auto it = p.byRequest.find(index);
    if (it == p.byRequest.end()) {
        // It measured fewer requests: its attempts are taken again, in order.
        const int reused = p.order[std::size_t(request) % p.order.size()];
        it = p.byRequest.find(reused);
        note(RoutingReplay::tr("%1 measured fewer requests than %2: its attempts are reused in "
                               "order")
                 .arg(p.name, m_chain.front().name));
    }
    return std::size_t(attempt) < it->second.size() ? it->second[std::size_t(attempt)] : nullptr;
}

void PolicyReplay::begin(ReplayEvent e)
{
    for (;;) {
        if (std::size_t(e.target) >= m_chain.size()) {
            m_requests[std::size_t(e.request)].refused = true;
            finish(e.request, e.atNs, false, -1, nullptr);
            return;
        }
        if (e.target == 0 && m_breaker && !m_breaker->allow(e.atNs)) {
            ++m_refusals;
            m_requests[std::size_t(e.request)].fellBack = true;
            ++e.target;
            e.attempt = 0;
            continue;
        }
        break;
    }
    const RoutedAttempt *a = attemptFor(e.target, e.request, e.attempt);
    ++m_attempts;
    m_attemptStart[std::size_t(e.request)] = e.atNs;
    qint64 took = a->endNs;
    e.cut = m_policy.latencyBudgetMs && took > qint64(*m_policy.latencyBudgetMs) * 1'000'000;
    if (e.cut)
        took = qint64(*m_policy.latencyBudgetMs) * 1'000'000; // given up: nothing billed
    else if (a->costUsd)
        m_cost = m_cost.value_or(0.0) + *a->costUsd;
    e.kind = ReplayEvent::End;
    e.atNs += took;
    push(e);
}

void PolicyReplay::end(const ReplayEvent &e)
{
    const RoutedAttempt *a = attemptFor(e.target, e.request, e.attempt);
    const Outcome outcome = e.cut ? Outcome::TimeoutTotal : a->outcome;
    if (e.target == 0 && m_breaker) {
        const std::optional<bool> failure = outcomeIsProviderFailure(outcome);
        if (failure)
            *failure ? m_breaker->recordFailure(e.atNs) : m_breaker->recordSuccess(e.atNs);
    }
    if (outcomeIsSuccess(outcome))
        return finish(e.request, e.atNs, true, e.target, a);
    if (e.attempt < m_policy.retries) {
        if (const RoutedAttempt *again = attemptFor(e.target, e.request, e.attempt + 1)) {
            ReplayEvent next = e;
            next.kind = ReplayEvent::Begin;
            next.attempt = e.attempt + 1;
            next.atNs = e.atNs + again->retryDelayNs.value_or(0);
            return push(next);
        }
        if (outcomeIsProviderFailure(outcome).value_or(false))
            note(RoutingReplay::tr("The session measured fewer retries than the policy's %1: a "
                                   "failure goes on after the retries measured")
                     .arg(m_policy.retries));
    }
    if (m_policy.fallbackOn.contains(outcomeName(outcome)) &&
        std::size_t(e.target) + 1 < m_chain.size()) {
        m_requests[std::size_t(e.request)].fellBack = true;
        ReplayEvent next = e;
        next.kind = ReplayEvent::Begin;
        next.target = e.target + 1;
        next.attempt = 0;
        next.cut = false;
        return push(next);
    }
    finish(e.request, e.atNs, false, e.target, a);
}

void PolicyReplay::finish(int request, qint64 atNs, bool success, int target,
                          const RoutedAttempt *last)
{
    ReplayRequest &r = m_requests[std::size_t(request)];
    r.endNs = atNs;
    r.success = success;
    if (success) {
        r.servedBy = target;
        if (last->firstTokenNs)
            r.ttftMs =
                double(m_attemptStart[std::size_t(request)] - r.startNs + *last->firstTokenNs) /
                kNsPerMs;
        r.tpotMs = last->timing.tpotMs;
    }
    --m_inFlight;
    startNext(atNs);
}

void PolicyReplay::startNext(qint64 atNs)
{
    const int lanes = std::max(1, m_run.concurrency);
    if (m_run.openLoop) {
        while (m_inFlight < lanes && !m_waiting.empty()) {
            const int i = m_waiting.front();
            m_waiting.pop_front();
            ++m_inFlight;
            push({atNs, 0, ReplayEvent::Begin, i, 0, 0, false});
        }
        return;
    }
    while (m_inFlight < lanes && m_next < int(m_requests.size())) {
        m_requests[std::size_t(m_next)].startNs = atNs;
        ++m_inFlight;
        push({atNs, 0, ReplayEvent::Begin, m_next++, 0, 0, false});
    }
}

RoutingFigures PolicyReplay::run(const SloObjectives &objectives)
{
    const ReplayProvider &primary = m_chain.front();
    m_requests.assign(primary.order.size(), {});
    m_attemptStart.assign(primary.order.size(), 0);
    if (m_run.openLoop) {
        for (std::size_t i = 0; i < primary.order.size(); ++i) {
            const RoutedAttempt *first = primary.byRequest.at(primary.order[i]).front();
            m_requests[i].startNs = first->intendedOffsetNs;
            push({first->intendedOffsetNs, 0, ReplayEvent::Arrive, int(i), 0, 0, false});
        }
    } else {
        startNext(0);
    }
    while (!m_events.empty()) {
        const ReplayEvent e = m_events.top();
        m_events.pop();
        if (e.kind == ReplayEvent::Arrive) {
            m_waiting.push_back(e.request);
            startNext(e.atNs);
        } else if (e.kind == ReplayEvent::Begin) {
            begin(e);
        } else {
            end(e);
        }
    }
    return figures(objectives);
}

// The figures every way of routing reports, from its requests' timings.
RoutingFigures figuresOf(const std::vector<AttemptTiming> &timings, std::optional<double> spanS,
                         const SloObjectives &objectives)
{
    RoutingFigures f;
    f.requests = int(timings.size());
    std::vector<double> e2e;
    for (const AttemptTiming &t : timings)
        if (t.success) {
            ++f.successes;
            e2e.push_back(t.e2eMs);
        }
    if (f.requests > 0)
        f.successRate = double(f.successes) / f.requests;
    f.p50Ms = percentile(e2e, 50);
    f.p95Ms = percentile(std::move(e2e), 95);
    f.slo = sloAttainment(timings, spanS, objectives);
    return f;
}

RoutingFigures PolicyReplay::figures(const SloObjectives &objectives) const
{
    std::vector<AttemptTiming> timings;
    qint64 first = std::numeric_limits<qint64>::max(), last = 0;
    std::vector<int> served(m_chain.size(), 0);
    int fellBack = 0;
    for (const ReplayRequest &r : m_requests) {
        timings.push_back({r.ttftMs, r.tpotMs, double(r.endNs - r.startNs) / kNsPerMs, r.success});
        first = std::min(first, r.startNs);
        last = std::max(last, r.endNs);
        if (r.servedBy >= 0)
            ++served[std::size_t(r.servedBy)];
        fellBack += r.fellBack ? 1 : 0;
    }
    std::optional<double> span;
    if (!m_requests.empty() && last > first)
        span = double(last - first) / 1e9;
    RoutingFigures f = figuresOf(timings, span, objectives);
    f.attempts = m_attempts;
    f.fellBack = fellBack;
    f.breakerRefused = m_refusals;
    if (m_breaker)
        for (const CircuitBreaker::Event &e : m_breaker->events())
            f.breakerOpened += e.to == CircuitBreaker::State::Open ? 1 : 0;
    f.costUsd = m_cost;
    if (m_cost && f.requests > 0)
        f.costPerRequestUsd = *m_cost / f.requests;
    for (std::size_t k = 0; k < m_chain.size(); ++k)
        f.servedBy.emplace_back(m_chain[k].name, served[k]);
    return f;
}

const RunAttempts *runNamed(const std::vector<RunAttempts> &runs, const QString &name)
{
    for (const RunAttempts &r : runs)
        if (r.provider == name)
            return &r;
    return nullptr;
}

} // namespace

std::optional<RoutingReplayResult> RoutingReplay::replay(const RoutingPolicy &policy,
                                                         const std::vector<RunAttempts> &runs,
                                                         const SloObjectives &objectives,
                                                         QString *error)
{
    QStringList names{policy.primary};
    for (const QString &f : policy.fallbacks)
        names.append(f);
    std::vector<ReplayProvider> chain;
    for (const QString &name : names) {
        const RunAttempts *run = runNamed(runs, name);
        ReplayProvider p = run ? replayProviderOf(*run) : ReplayProvider{};
        if (!run || p.order.empty()) {
            *error = tr("%1: no measured attempts of its own in the session to replay").arg(name);
            return std::nullopt;
        }
        chain.push_back(std::move(p));
    }
    const RunAttempts &primaryRun = *runNamed(runs, policy.primary);
    RoutingReplayResult result;
    result.policy = policy;
    result.objectives = objectives;
    PolicyReplay with(policy, chain, primaryRun);
    result.withPolicy = with.run(objectives);
    RoutingPolicy alone = policy;
    alone.fallbacks.clear();
    alone.breaker.reset();
    alone.latencyBudgetMs.reset();
    PolicyReplay without(alone, {chain.front()}, primaryRun);
    result.primaryAlone = without.run(objectives);
    result.notes = with.notes();
    for (const QString &n : without.notes())
        if (!result.notes.contains(n))
            result.notes.append(n);
    return result;
}

RoutingFigures RoutingReplay::measured(const RunAttempts &run, const QStringList &chain,
                                       const SloObjectives &objectives)
{
    std::map<int, std::vector<const RoutedAttempt *>> byRequest;
    for (const RoutedAttempt &a : run.attempts)
        byRequest[a.requestIndex].push_back(&a);
    std::vector<AttemptTiming> timings;
    std::vector<int> served(std::size_t(chain.size()), 0);
    RoutingFigures counts;
    std::optional<double> cost;
    qint64 first = std::numeric_limits<qint64>::max(), last = 0;
    for (auto &[index, list] : byRequest) {
        std::sort(list.begin(), list.end(), [](const RoutedAttempt *x, const RoutedAttempt *y) {
            return x->attemptNumber < y->attemptNumber;
        });
        qint64 before = 0; // the request's time before its last attempt
        bool fellBack = false;
        for (const RoutedAttempt *a : list) {
            before += a->retryDelayNs.value_or(0) + a->queueDelayNs;
            if (a != list.back())
                before += a->endNs;
            if (a->costUsd)
                cost = cost.value_or(0.0) + *a->costUsd;
            fellBack = fellBack || !a->servedBy.isEmpty();
        }
        const RoutedAttempt &end = *list.back();
        const bool success = outcomeIsSuccess(end.outcome);
        const double ttft = end.firstTokenNs && success
                                ? double(before + *end.firstTokenNs) / kNsPerMs
                                : kReplayNan;
        timings.push_back({ttft, success ? end.timing.tpotMs : kReplayNan,
                           double(before + end.endNs) / kNsPerMs, success});
        first = std::min(first, list.front()->intendedOffsetNs);
        last = std::max(last, end.intendedOffsetNs + end.queueDelayNs + end.endNs);
        counts.attempts += int(list.size());
        counts.fellBack += fellBack ? 1 : 0;
        const qsizetype k = chain.indexOf(end.servedBy.isEmpty() ? run.provider : end.servedBy);
        if (success && k >= 0)
            ++served[std::size_t(k)];
    }
    // A request every breaker refused left no attempt: it counts, failed, against the plan.
    for (int i = int(timings.size()); i < run.plannedRequests; ++i)
        timings.push_back({kReplayNan, kReplayNan, 0, false});
    std::optional<double> span;
    if (!byRequest.empty() && last > first)
        span = double(last - first) / 1e9;
    RoutingFigures f = figuresOf(timings, span, objectives);
    f.attempts = counts.attempts;
    f.fellBack = counts.fellBack;
    f.costUsd = cost;
    if (cost && f.requests > 0)
        f.costPerRequestUsd = *cost / f.requests;
    for (qsizetype k = 0; k < chain.size(); ++k)
        f.servedBy.emplace_back(chain.at(k), served[std::size_t(k)]);
    return f;
}

} // namespace ys
