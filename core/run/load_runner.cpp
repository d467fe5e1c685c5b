#include "run/load_runner.h"

#include "analysis/in_flight.h"
#include "domain/answer_contract.h"
#include "domain/contract_check.h"
#include "domain/tool_check.h"
#include "domain/workload.h"
#include "pricing/price_clock.h"
#include "provider/dialect.h"
#include "provider/http_attempt.h"
#include "run/arrival_schedule.h"
#include "run/circuit_breaker.h"
#include "run/network_pool.h"
#include "run/price_resolution.h"
#include "run/prompt_source.h"
#include "tokenize/bpe_tokenizer.h"
#include "util/log.h"
#include "util/monotonic_clock.h"
#include "util/units.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

namespace ys {

namespace {

// Reported prompt tokens below this share of what was sent mean the provider dropped part of
// the prompt without saying so. Generous, since the local count of a proprietary tokenizer's
// family is an estimate; small prompts are left alone for the same reason.
constexpr double kSilentTruncationRatio = 0.7;
constexpr qint64 kSilentTruncationMinTokens = 256;

RetryConfig retryConfigFor(const Scenario &s)
{
    RetryConfig c;
    c.maxRetries = s.retries;
    return c;
}

} // namespace

LoadRunner::LoadRunner(RunPlan plan, NetworkPool *pool,
                       std::function<CircuitBreaker *(const QString &)> breakerFor, QObject *parent)
    : QObject(parent)
    , m_plan(std::move(plan))
    , m_self{m_plan.provider, m_plan.apiKey, m_plan.transport}
    , m_pool(pool)
    , m_breakerFor(std::move(breakerFor))
    , m_retry(retryConfigFor(m_plan.scenario), m_plan.seed ^ 0x9e3779b97f4a7c15ull)
{
    Q_ASSERT(m_pool);
    for (int t = 0; t < targetCount(); ++t) {
        const ProviderConfig &p = target(t).provider;
        m_dialects.push_back(makeDialect(p.dialect));
        m_encodings.push_back(EncodingRegistry::forModel(p.model, p.dialect));
        m_identities.emplace_back();
        CircuitBreaker *b = m_breakerFor ? m_breakerFor(p.name) : nullptr;
        m_breakerEventsSeen.push_back(b ? b->events().size() : 0);
    }
    m_tick.setSingleShot(true);
    m_tick.setTimerType(Qt::PreciseTimer);
    connect(&m_tick, &QTimer::timeout, this, &LoadRunner::onTick);
}

LoadRunner::~LoadRunner()
{
    // The attempts live on the pool's lanes: cancel and delete them there.
    for (HttpAttempt *a : m_inFlight) {
        a->disconnect(this);
        NetworkPool::cancel(a);
        a->deleteLater();
    }
}

const RunTarget &LoadRunner::target(int index) const
{
    return index == 0 ? m_self : m_plan.fallbacks[std::size_t(index - 1)];
}

StepRequest LoadRunner::promptFor(int target, int requestIndex)
{
    const auto key = std::make_pair(target, requestIndex);
    if (auto it = m_prompts.find(key); it != m_prompts.end())
        return it->second;
    StepRequest r;
    if (m_plan.prompts)
        r = m_plan.prompts(requestIndex, m_encodings[std::size_t(target)]);
    else
        r.prompt = PromptSource::make(Workload::promptTokensFor(m_plan.scenario, requestIndex),
                                      m_plan.seed, requestIndex, m_encodings[std::size_t(target)]);
    m_prompts.emplace(key, r);
    return r;
}

void LoadRunner::prepareAhead(int launchedIndex)
{
    // Keep the prompts of the next requests built, right after a launch, so that building one
    // never delays a request that is due.
    const int next = launchedIndex + m_promptsAhead;
    if (next < m_planned)
        promptFor(0, next);
}

void LoadRunner::forgetPrompt(int requestIndex)
{
    for (int t = 0; t < targetCount(); ++t)
        m_prompts.erase(std::make_pair(t, requestIndex));
}

void LoadRunner::start()
{
    const Scenario &sc = m_plan.scenario;
    // What every request asks for (the suite made sure json_schema has a contract's schema).
    if (sc.responseFormat == QLatin1StringView("json"))
        m_format = RequestSpec::Format::Json;
    else if (sc.responseFormat == QLatin1StringView("json_schema") && sc.contract &&
             sc.contract->schema)
        m_format = RequestSpec::Format::JsonSchema;
    m_planned = sc.requests + sc.warmup;
    // The first prompts are built (and the tokenizer loaded) before the clock starts: building
    // is the client's work and must not show up as the provider's queueing.
    constexpr qint64 kPromptTokenBudget = 2'000'000;
    m_promptsAhead = int(std::clamp<qint64>(kPromptTokenBudget / std::max(1, sc.promptTokens), 1,
                                            std::max(1, sc.concurrency * 4)));
    if (m_dialects.front()) {
        for (int i = 0; i < std::min(m_planned, m_promptsAhead); ++i)
            promptFor(0, i);
    }
    m_startNs = monotonicNs();
    m_wallStart = PriceClock::now();
    if (!m_dialects.front() || m_planned <= 0) {
        m_done = true;
        QTimer::singleShot(0, this, &LoadRunner::finished);
        return;
    }
    if (sc.trace) {
        m_schedule = ArrivalSchedule::fromOffsets(Workload::traceOffsetsNs(sc), sc.trace->timeScale,
                                                  m_planned, sc.durationS);
        m_planned = int(m_schedule.size());
    } else if (sc.isOpenLoop()) {
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
    return d && double(nowNs - m_startNs) >= *d * kNsPerS;
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

void LoadRunner::record(const QString &kind, const QJsonObject &detail)
{
    const QByteArray json = QJsonDocument(detail).toJson(QJsonDocument::Compact);
    qCInfo(lcEngine).noquote() << QStringLiteral("run %1 event %2 %3")
                                      .arg(QString::number(m_plan.runId), kind,
                                           QString::fromUtf8(json));
    Q_EMIT eventRecorded(kind, json);
}

void LoadRunner::noteBreaker(int t, std::optional<bool> success, qint64 nowNs)
{
    CircuitBreaker *b = m_breakerFor ? m_breakerFor(target(t).provider.name) : nullptr;
    if (!b)
        return;
    if (success)
        *success ? b->recordSuccess(nowNs) : b->recordFailure(nowNs);
    std::size_t &seen = m_breakerEventsSeen[std::size_t(t)];
    const auto &events = b->events();
    for (; seen < events.size(); ++seen) {
        const CircuitBreaker::Event &e = events[seen];
        record(QStringLiteral("breaker"),
               {{QStringLiteral("provider"), target(t).provider.name},
                {QStringLiteral("from"), CircuitBreaker::stateName(e.from)},
                {QStringLiteral("to"), CircuitBreaker::stateName(e.to)},
                {QStringLiteral("reason"), e.reason},
                {QStringLiteral("offset_ms"), double(e.atNs - m_startNs) / 1e6}});
    }
}

void LoadRunner::launch(Pending pending)
{
    // A provider whose breaker is open is not sent the request: the next of the fallback chain
    // is, or nobody.
    const qint64 now = monotonicNs();
    for (;;) {
        CircuitBreaker *b =
            m_breakerFor ? m_breakerFor(target(pending.target).provider.name) : nullptr;
        const bool allowed = !b || b->allow(now);
        noteBreaker(pending.target, std::nullopt, now); // open → half-open happens in allow()
        if (allowed)
            break;
        record(QStringLiteral("breaker_refused"),
               {{QStringLiteral("provider"), target(pending.target).provider.name},
                {QStringLiteral("request_index"), pending.requestIndex}});
        if (pending.target + 1 >= targetCount()) {
            // Refused everywhere: the request ends here, unsent. Continue on the next turn of
            // the event loop, not recursively, however many are refused in a row.
            ++m_refusalsPending;
            QMetaObject::invokeMethod(this, &LoadRunner::requestDone, Qt::QueuedConnection);
            return;
        }
        record(QStringLiteral("fallback"),
               {{QStringLiteral("request_index"), pending.requestIndex},
                {QStringLiteral("from"), target(pending.target).provider.name},
                {QStringLiteral("to"), target(pending.target + 1).provider.name},
                {QStringLiteral("reason"), QStringLiteral("breaker_open")}});
        ++pending.target;
    }
    const RunTarget &to = target(pending.target);
    const Dialect *dialect = m_dialects[std::size_t(pending.target)].get();
    if (!dialect) { // a fallback with a dialect this build lacks: checked before the run starts
        ++m_refusalsPending;
        QMetaObject::invokeMethod(this, &LoadRunner::requestDone, Qt::QueuedConnection);
        return;
    }
    // A retry or a fallback sends the same prompt as the first attempt did (in the tokenizer
    // family of the provider it goes to).
    const StepRequest request = promptFor(pending.target, pending.requestIndex);
    prepareAhead(pending.requestIndex);
    RequestSpec spec;
    spec.prompt = request.prompt.text;
    spec.history = request.history;
    spec.temperature = request.temperature;
    spec.maxOutputTokens = Workload::maxOutputTokensFor(m_plan.scenario, pending.requestIndex);
    spec.stream = m_plan.scenario.stream;
    spec.format = m_format;
    spec.tools = m_plan.scenario.tools;
    spec.reasoning = m_plan.scenario.reasoning;
    if (m_format == RequestSpec::Format::JsonSchema)
        spec.schema = m_plan.scenario.contract->schema;

    AttemptTimeouts timeouts;
    timeouts.totalMs = m_plan.scenario.timeoutMs;
    timeouts.connectMs = m_plan.scenario.connectTimeoutMs;
    timeouts.firstTokenMs = m_plan.scenario.firstTokenTimeoutMs;
    timeouts.idleMs = m_plan.scenario.idleTimeoutMs;
    QList<QByteArray> secrets;
    for (int t = 0; t < targetCount(); ++t) {
        if (!target(t).apiKey.isEmpty())
            secrets.append(target(t).apiKey);
        const TransportOptions *transport = target(t).transport.get();
        if (transport && transport->proxy && !transport->proxy->password.isEmpty())
            secrets.append(transport->proxy->password);
    }
    auto *attempt = new HttpAttempt(*dialect, dialect->buildRequest(to.provider, spec, to.apiKey),
                                    timeouts, secrets);
    attempt->setTransport(to.transport);
    attempt->setIdentity(m_plan.runId, m_launches, request.prompt.tokens + request.historyTokens);
    attempt->setRequest(pending.requestIndex, pending.attemptNumber, pending.retryDelayNs,
                        pending.requestIndex < m_plan.scenario.warmup);
    connect(attempt, &HttpAttempt::finished, this, &LoadRunner::onAttemptFinished);
    m_inFlight.push_back(attempt);
    m_inFlightTarget.push_back(pending.target);
    m_maxInFlight = std::max(m_maxInFlight, int(m_inFlight.size()));
    // Its finished() comes back queued from the lane's thread.
    m_pool->start(attempt, pending.intendedNs);
    ++m_launches;
}

void LoadRunner::checkNeedle(Sample &sample, const QString &answer) const
{
    const auto it = m_prompts.find(std::make_pair(0, sample.requestIndex));
    if (it == m_prompts.end() || it->second.needle.isEmpty())
        return;
    if (outcomeIsSuccess(sample.outcome))
        sample.needleFound = answer.contains(it->second.needle, Qt::CaseInsensitive);
}

void LoadRunner::checkContract(Sample &sample, const QString &answer,
                               const std::vector<ToolCall> &calls) const
{
    const AnswerContract *contract = m_plan.scenario.contract.get();
    const ToolUse *tools = m_plan.scenario.tools.get();
    if ((!contract && !tools) || !outcomeIsSuccess(sample.outcome))
        return;
    const GoldenAnswer *golden = nullptr;
    std::vector<ContractCheckResult> results;
    if (contract) {
        const auto it = m_prompts.find(std::make_pair(0, sample.requestIndex));
        if (it != m_prompts.end() && it->second.goldenIndex >= 0 &&
            std::size_t(it->second.goldenIndex) < contract->golden.size())
            golden = &contract->golden[std::size_t(it->second.goldenIndex)];
        results = ContractCheck::check(*contract, answer, golden);
    }
    // The tool calls' arguments against their tools' schemas; a failure keeps the calls.
    const auto toolResult = tools ? ToolCheck::check(*tools, calls) : std::nullopt;
    if (toolResult)
        results.push_back(*toolResult);
    if (results.empty())
        return;
    const QString kept =
        calls.empty()
            ? answer
            : (answer.isEmpty() ? QString() : answer + QLatin1Char('\n')) + ToolCheck::text(calls);
    sample.contract = ContractCheck::stored(results, kept, golden);
}

void LoadRunner::checkSilentTruncation(Sample &sample) const
{
    if (!outcomeIsSuccess(sample.outcome) || !sample.inputTokens ||
        sample.localPromptTokens < kSilentTruncationMinTokens)
        return;
    const qint64 reported = *sample.inputTokens;
    if (double(reported) >= kSilentTruncationRatio * double(sample.localPromptTokens))
        return;
    sample.outcome = Outcome::SilentTruncation;
    sample.error = tr("The provider reported %1 prompt tokens for a prompt of %2 tokens: it "
                      "dropped part of the prompt without an error")
                       .arg(reported)
                       .arg(sample.localPromptTokens);
}

void LoadRunner::checkIdentity(int t, const Sample &sample)
{
    if (sample.modelReported.isEmpty() && sample.systemFingerprint.isEmpty())
        return;
    Identity &id = m_identities[std::size_t(t)];
    if (!id.known) {
        id = {sample.modelReported, sample.systemFingerprint, true};
        return;
    }
    if (id.model == sample.modelReported && id.fingerprint == sample.systemFingerprint)
        return;
    record(QStringLiteral("model_identity"),
           {{QStringLiteral("provider"), target(t).provider.name},
            {QStringLiteral("request_index"), sample.requestIndex},
            {QStringLiteral("from_model"), id.model},
            {QStringLiteral("from_fingerprint"), id.fingerprint},
            {QStringLiteral("to_model"), sample.modelReported},
            {QStringLiteral("to_fingerprint"), sample.systemFingerprint}});
    id = {sample.modelReported, sample.systemFingerprint, true};
}

void LoadRunner::onAttemptFinished(HttpAttempt *attempt)
{
    const qint64 freedAt = monotonicNs();
    const auto it = std::find(m_inFlight.begin(), m_inFlight.end(), attempt);
    if (it == m_inFlight.end())
        return;
    const int t = m_inFlightTarget[std::size_t(it - m_inFlight.begin())];
    m_inFlightTarget.erase(m_inFlightTarget.begin() + (it - m_inFlight.begin()));
    m_inFlight.erase(it);
    Sample sample = attempt->sample();
    sample.startOffsetNs = sample.startedAtNs - m_startNs;
    // Read before deleteLater(): the attempt lives on a lane's thread, which may delete it at once.
    const QString answer = attempt->answerText();
    const std::vector<ToolCall> calls = attempt->toolCalls();
    // The answer counted as the provider counts it (exactly for OpenAI's encodings, a proxy
    // otherwise), for token reconciliation; here rather than on the lane, whose time is the
    // measurement's. A tool call's arguments are output tokens too.
    const Tokenizer &tokenizer = Tokenizer::shared(m_encodings[std::size_t(t)].encoding);
    sample.localOutputTokens = tokenizer.count(answer);
    for (const ToolCall &call : calls)
        sample.localOutputTokens += tokenizer.count(QString::fromUtf8(call.arguments));
    checkNeedle(sample, answer);
    if (m_plan.keepText)
        sample.answerText = answer;
    attempt->deleteLater();
    const RunTarget &from = target(t);
    if (t > 0)
        sample.servedBy = from.provider.name;
    if (sample.reportedCostUsd)
        sample.costUsd = sample.reportedCostUsd; // what the provider billed, when it says
    else // at the price in force when the attempt started (off-peak prices, prompt-size tiers)
        sample.costUsd = PriceResolution::attemptCost(
            from.provider, sample,
            m_wallStart.addMSecs((sample.startedAtNs - m_startNs) / 1'000'000));
    checkSilentTruncation(sample);
    checkContract(sample, answer, calls);
    checkIdentity(t, sample);
    m_spans.emplace_back(sample.startedAtNs, sample.startedAtNs + sample.endNs);
    const std::optional<bool> failure = outcomeIsProviderFailure(sample.outcome);
    noteBreaker(t, failure ? std::optional<bool>(!*failure) : std::nullopt, freedAt);

    const RetryDecision retry =
        m_cancelled ? RetryDecision{}
                    : m_retry.decide(sample.attemptNumber, sample.outcome, sample.httpStatus,
                                     sample.firstTokenNs.has_value(), sample.retryAfterHeaders,
                                     QDateTime::currentDateTimeUtc());
    if (retry.waitTooLong)
        sample.error += tr("; not retried: the server asked for a wait longer than the %1 s cap")
                            .arg(m_retry.config().maxServerWaitS);
    if (!outcomeIsSuccess(sample.outcome))
        // One .arg() call with every argument: diagnostics may hold "%2F" and the like.
        qCInfo(lcEngine).noquote()
            << QStringLiteral("run %1, %2: request %3 attempt %4 %5 (HTTP %6, id %7)%8: %9")
                   .arg(QString::number(sample.runId), from.provider.name,
                        QString::number(sample.requestIndex), QString::number(sample.attemptNumber),
                        outcomeName(sample.outcome), QString::number(sample.httpStatus),
                        sample.requestId.isEmpty() ? QStringLiteral("-") : sample.requestId,
                        retry.retry
                            ? QStringLiteral(", retry in %1 ms").arg(retry.delayNs / 1'000'000)
                            : QString(),
                        sample.error);
    Q_EMIT sampleReady(sample);
    if (retry.retry) {
        auto *timer = new QTimer(this);
        timer->setSingleShot(true);
        timer->setTimerType(Qt::PreciseTimer);
        const Pending next{sample.requestIndex, sample.attemptNumber + 1, freedAt + retry.delayNs,
                           retry.delayNs, t};
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
    } else if (!m_cancelled && failure.value_or(false) && t + 1 < targetCount()) {
        // Failed for good on this provider: the next of the chain takes the request now.
        record(QStringLiteral("fallback"),
               {{QStringLiteral("request_index"), sample.requestIndex},
                {QStringLiteral("from"), from.provider.name},
                {QStringLiteral("to"), target(t + 1).provider.name},
                {QStringLiteral("reason"), outcomeName(sample.outcome)}});
        m_queue.push_front({sample.requestIndex, sample.attemptNumber + 1, freedAt, {}, t + 1});
    } else {
        forgetPrompt(sample.requestIndex);
        ++m_finishedRequests;
        Q_EMIT requestFinished(m_finishedRequests, m_planned);
    }
    if (!m_plan.scenario.isOpenLoop())
        onTick(); // a slot freed: the closed loop starts the next request now
    else
        pump();
    maybeFinish();
}

void LoadRunner::requestDone()
{
    --m_refusalsPending;
    ++m_finishedRequests;
    Q_EMIT requestFinished(m_finishedRequests, m_planned);
    if (!m_plan.scenario.isOpenLoop())
        onTick();
    else
        pump();
    maybeFinish();
}

int LoadRunner::achievedConcurrency() const
{
    return inFlight(m_spans, m_plan.scenario.concurrency).peak;
}

int LoadRunner::concurrencyCeiling() const
{
    return std::min(m_plan.scenario.concurrency, std::max(0, m_planned));
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
    if (!nothingLeft || m_refusalsPending > 0)
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
    // Each cancelled attempt still reports finished(), queued, and is stored as cancelled.
    for (HttpAttempt *a : m_inFlight)
        NetworkPool::cancel(a);
    maybeFinish();
}

} // namespace ys
