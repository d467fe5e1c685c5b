#include "run/closed_loop_runner.h"

#include "provider/dialect.h"
#include "provider/http_attempt.h"
#include "run/prompt_source.h"
#include "tokenize/approx_tokens.h"
#include "util/monotonic_clock.h"

#include <QTimer>

namespace ys {

ClosedLoopRunner::ClosedLoopRunner(RunPlan plan, std::vector<QNetworkAccessManager *> managers,
                                   QObject *parent)
    : QObject(parent)
    , m_plan(std::move(plan))
    , m_managers(std::move(managers))
    , m_dialect(makeDialect(m_plan.provider.dialect))
{
    Q_ASSERT(!m_managers.empty());
}

ClosedLoopRunner::~ClosedLoopRunner()
{
    for (HttpAttempt *a : m_inFlight) {
        a->disconnect(this);
        delete a;
    }
}

void ClosedLoopRunner::start()
{
    if (!m_dialect || m_plan.scenario.requests <= 0) {
        m_done = true;
        QTimer::singleShot(0, this, &ClosedLoopRunner::finished);
        return;
    }
    const qint64 now = monotonicNs();
    const int initial = std::min(m_plan.scenario.concurrency, m_plan.scenario.requests);
    for (int i = 0; i < initial; ++i)
        launch(now);
}

void ClosedLoopRunner::launch(qint64 intendedStartNs)
{
    const int number = m_started++;
    RequestSpec spec;
    spec.prompt = PromptSource::make(m_plan.scenario.promptTokens, m_plan.seed, number);
    spec.maxOutputTokens = m_plan.scenario.maxOutputTokens;
    spec.stream = m_plan.scenario.stream;
    const int promptTokens = approxTokenCount(spec.prompt);

    QList<QByteArray> secrets;
    if (!m_plan.apiKey.isEmpty())
        secrets.append(m_plan.apiKey);
    auto *attempt =
        new HttpAttempt(*m_dialect, m_dialect->buildRequest(m_plan.provider, spec, m_plan.apiKey),
                        m_plan.scenario.timeoutMs, secrets, this);
    attempt->setIdentity(m_plan.runId, number, promptTokens);
    connect(attempt, &HttpAttempt::finished, this, &ClosedLoopRunner::onAttemptFinished);
    m_inFlight.push_back(attempt);
    // Spread attempts over the managers: one QNetworkAccessManager opens at most six
    // connections per host.
    attempt->start(m_managers[std::size_t(number) % m_managers.size()], intendedStartNs);
}

void ClosedLoopRunner::onAttemptFinished(HttpAttempt *attempt)
{
    const qint64 freedAt = monotonicNs();
    std::erase(m_inFlight, attempt);
    Sample sample = attempt->sample();
    if (m_plan.provider.price && sample.inputTokens && sample.outputTokens)
        sample.costUsd = m_plan.provider.price->cost(*sample.inputTokens, *sample.outputTokens,
                                                     sample.cachedTokens.value_or(0));
    attempt->deleteLater();
    ++m_completed;
    Q_EMIT sampleReady(sample);

    if (!m_cancelled && m_started < m_plan.scenario.requests) {
        launch(freedAt);
    } else if (m_inFlight.empty() && !m_done) {
        m_done = true;
        Q_EMIT finished();
    }
}

void ClosedLoopRunner::cancel()
{
    if (m_cancelled)
        return;
    m_cancelled = true;
    const auto inFlight = m_inFlight; // cancel() re-enters onAttemptFinished
    for (HttpAttempt *a : inFlight)
        a->cancel();
    if (m_inFlight.empty() && !m_done) {
        m_done = true;
        Q_EMIT finished();
    }
}

} // namespace ys
