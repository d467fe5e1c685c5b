#include "run/load_runner.h"

#include "provider/dialect.h"
#include "provider/http_attempt.h"
#include "run/arrival_schedule.h"
#include "run/prompt_source.h"
#include "tokenize/approx_tokens.h"
#include "util/monotonic_clock.h"

namespace ys {

namespace {
constexpr qint64 kNsPerS = 1'000'000'000;

RetryConfig retryConfigFor(const Scenario &s)
{
    RetryConfig c;
    c.maxRetries = s.retries;
    return c;
}
} // namespace

LoadRunner::LoadRunner(RunPlan plan, std::vector<QNetworkAccessManager *> managers, QObject *parent)
    : QObject(parent)
    , m_plan(std::move(plan))
    , m_managers(std::move(managers))
    , m_dialect(makeDialect(m_plan.provider.dialect))
    , m_retry(retryConfigFor(m_plan.scenario), m_plan.seed ^ 0x9e3779b97f4a7c15ull)
{
    Q_ASSERT(!m_managers.empty());
    m_tick.setSingleShot(true);
    m_tick.setTimerType(Qt::PreciseTimer);
    connect(&m_tick, &QTimer::timeout, this, &LoadRunner::onTick);
}

LoadRunner::~LoadRunner()
{
    for (HttpAttempt *a : m_inFlight) {
        a->disconnect(this);
        delete a;
    }
}

void LoadRunner::start()
{
    const Scenario &sc = m_plan.scenario;
    m_planned = sc.requests + sc.warmup;
    m_startNs = monotonicNs();
    if (!m_dialect || m_planned <= 0) {
        m_done = true;
        QTimer::singleShot(0, this, &LoadRunner::finished);
        return;
    }
    if (sc.isOpenLoop()) {
        LoadShape shape;
        shape.arrival = sc.arrival == QLatin1StringView("poisson") ? LoadShape::Arrival::Poisson
                                                                   : LoadShape::Arrival::Constant;
        shape.startRatePerS = sc.ratePerS;
        shape.endRatePerS = sc.rampToRatePerS.value_or(sc.ratePerS);
        shape.rampSeconds = sc.rampToRatePerS ? sc.rampSeconds : 0.0;
        shape.count = m_planned;
        shape.durationSeconds = sc.durationS;
        shape.seed = sc.seed ^ m_plan.seed;
        m_schedule = ArrivalSchedule::build(shape);
        m_planned = int(m_schedule.size());
    }
    onTick();
}

bool LoadRunner::limitReached(qint64 nowNs) const
{
    const auto &d = m_plan.scenario.durationS;
    return d && double(nowNs - m_startNs) >= *d * double(kNsPerS);
}

void LoadRunner::onTick()
{
    if (m_cancelled || m_done)
        return;
    const qint64 now = monotonicNs();
    if (m_plan.scenario.isOpenLoop()) {
        // Every arrival that is due joins the queue with its own intended time, even when the
        // tick came late: lateness is queue delay, not a shifted schedule.
        while (m_nextArrival < m_schedule.size() && m_startNs + m_schedule[m_nextArrival] <= now) {
            m_queue.push_back({int(m_nextArrival), 0, m_startNs + m_schedule[m_nextArrival], {}});
            ++m_nextArrival;
        }
        if (m_nextArrival < m_schedule.size()) {
            const qint64 due = m_startNs + m_schedule[m_nextArrival];
            m_tick.start(int(std::max<qint64>(0, (due - now) / 1'000'000)));
        }
    } else {
        while (!limitReached(now) && m_nextRequest < m_planned &&
               int(m_inFlight.size() + m_queue.size()) < m_plan.scenario.concurrency) {
            m_queue.push_back({m_nextRequest++, 0, now, {}});
        }
    }
    pump();
    maybeFinish();
}

void LoadRunner::pump()
{
    while (!m_paused && !m_cancelled && !m_queue.empty() &&
           int(m_inFlight.size()) < m_plan.scenario.concurrency) {
        const Pending p = m_queue.front();
        m_queue.pop_front();
        launch(p);
    }
}

void LoadRunner::launch(const Pending &pending)
{
    RequestSpec spec;
    // A retry sends the same prompt as its first attempt.
    spec.prompt =
        PromptSource::make(m_plan.scenario.promptTokens, m_plan.seed, pending.requestIndex);
    spec.maxOutputTokens = m_plan.scenario.maxOutputTokens;
    spec.stream = m_plan.scenario.stream;

    AttemptTimeouts timeouts;
    timeouts.totalMs = m_plan.scenario.timeoutMs;
    timeouts.connectMs = m_plan.scenario.connectTimeoutMs;
    timeouts.firstTokenMs = m_plan.scenario.firstTokenTimeoutMs;
    timeouts.idleMs = m_plan.scenario.idleTimeoutMs;
    QList<QByteArray> secrets;
    if (!m_plan.apiKey.isEmpty())
        secrets.append(m_plan.apiKey);
    auto *attempt =
        new HttpAttempt(*m_dialect, m_dialect->buildRequest(m_plan.provider, spec, m_plan.apiKey),
                        timeouts, secrets, this);
    attempt->setIdentity(m_plan.runId, m_launches, approxTokenCount(spec.prompt));
    attempt->setRequest(pending.requestIndex, pending.attemptNumber, pending.retryDelayNs,
                        pending.requestIndex < m_plan.scenario.warmup);
    connect(attempt, &HttpAttempt::finished, this, &LoadRunner::onAttemptFinished);
    m_inFlight.push_back(attempt);
    m_maxInFlight = std::max(m_maxInFlight, int(m_inFlight.size()));
    // Spread attempts over the managers: one QNetworkAccessManager opens at most six
    // connections per host.
    attempt->start(m_managers[std::size_t(m_launches) % m_managers.size()], pending.intendedNs);
    ++m_launches;
}

void LoadRunner::onAttemptFinished(HttpAttempt *attempt)
{
    const qint64 freedAt = monotonicNs();
    std::erase(m_inFlight, attempt);
    Sample sample = attempt->sample();
    if (m_plan.provider.price && sample.inputTokens && sample.outputTokens)
        sample.costUsd = m_plan.provider.price->cost(*sample.inputTokens, *sample.outputTokens,
                                                     sample.cachedTokens.value_or(0));
    attempt->deleteLater();

    const RetryDecision retry =
        m_cancelled ? RetryDecision{}
                    : m_retry.decide(sample.attemptNumber, sample.outcome, sample.httpStatus,
                                     sample.retryAfterHeaders, QDateTime::currentDateTimeUtc());
    Q_EMIT sampleReady(sample);
    if (retry.retry) {
        auto *timer = new QTimer(this);
        timer->setSingleShot(true);
        timer->setTimerType(Qt::PreciseTimer);
        const Pending next{sample.requestIndex, sample.attemptNumber + 1, freedAt + retry.delayNs,
                           retry.delayNs};
        connect(timer, &QTimer::timeout, this, [this, timer, next] {
            std::erase(m_retryTimers, timer);
            timer->deleteLater();
            if (m_cancelled)
                return maybeFinish();
            m_queue.push_front(next);
            pump();
        });
        m_retryTimers.push_back(timer);
        timer->start(int(retry.delayNs / 1'000'000));
    } else {
        ++m_finishedRequests;
        Q_EMIT requestFinished(m_finishedRequests, m_planned);
    }
    if (!m_plan.scenario.isOpenLoop())
        onTick(); // a slot freed: the closed loop starts the next request now
    else
        pump();
    maybeFinish();
}

void LoadRunner::maybeFinish()
{
    if (m_done || !m_inFlight.empty() || !m_retryTimers.empty())
        return;
    const qint64 now = monotonicNs();
    const bool nothingLeft =
        m_cancelled ||
        (m_queue.empty() &&
         (m_plan.scenario.isOpenLoop() ? m_nextArrival >= m_schedule.size()
                                       : (m_nextRequest >= m_planned || limitReached(now))));
    if (!nothingLeft)
        return;
    m_done = true;
    m_tick.stop();
    Q_EMIT finished();
}

void LoadRunner::setPaused(bool paused)
{
    m_paused = paused;
    if (!paused && m_startNs != 0) {
        pump();
        maybeFinish();
    }
}

void LoadRunner::cancel()
{
    if (m_cancelled)
        return;
    m_cancelled = true;
    m_tick.stop();
    m_queue.clear();
    for (QTimer *t : m_retryTimers)
        t->deleteLater();
    m_retryTimers.clear();
    const auto inFlight = m_inFlight; // cancel() re-enters onAttemptFinished
    for (HttpAttempt *a : inFlight)
        a->cancel();
    maybeFinish();
}

} // namespace ys
