#include "workbench/connection_test.h"

#include "domain/outcome.h"
#include "provider/dialect.h"
#include "provider/http_attempt.h"
#include "provider/secrets.h"
#include "run/network_pool.h"
#include "util/monotonic_clock.h"

#include <QMetaObject>

namespace ys {

QString ConnectionResult::summary() const
{
    if (!ok)
        return tr("Failed: %1").arg(error);
    const QString ttft = ttftMs ? tr("%1 ms").arg(*ttftMs, 0, 'f', 0) : tr("not measured");
    const QString who = model.isEmpty() ? tr("not reported") : model;
    return tr("HTTP %1 · first token after %2 · model %3").arg(httpStatus).arg(ttft, who);
}

ConnectionTest::ConnectionTest(QObject *parent)
    : QObject(parent)
{
}

ConnectionTest::~ConnectionTest()
{
    // The pool deletes an attempt still on its lanes; nothing may call back into this object.
    if (m_attempt)
        disconnect(m_attempt, nullptr, this, nullptr);
    m_pool.reset();
}

void ConnectionTest::failNow(const QString &error)
{
    m_result = {};
    m_result.error = error;
    QMetaObject::invokeMethod(
        this, [this] { Q_EMIT finished(m_result); }, Qt::QueuedConnection);
}

void ConnectionTest::start(const ProviderConfig &provider)
{
    cancel();
    std::unique_ptr<Dialect> dialect = makeDialect(provider.dialect);
    if (!dialect)
        return failNow(tr("unknown dialect \"%1\"").arg(provider.dialect));
    QByteArray key;
    QString keyError;
    if (!Secrets::resolve(provider.apiKeyRef, &key, &keyError))
        return failNow(keyError);
    auto transport =
        TransportOptions::resolve(provider, ProxyEnvironment::fromProcess(), &keyError);
    if (!transport)
        return failNow(keyError);

    RequestSpec spec;
    spec.prompt = tr("Reply with the single word OK.");
    spec.maxOutputTokens = kMaxOutputTokens;
    spec.stream = true;
    AttemptTimeouts timeouts;
    timeouts.connectMs = 10'000;
    timeouts.firstTokenMs = 30'000;
    timeouts.idleMs = 15'000;
    timeouts.totalMs = 60'000;
    QList<QByteArray> secrets;
    if (!key.isEmpty())
        secrets.append(key);

    if (!m_pool)
        m_pool = std::make_unique<NetworkPool>();
    m_pool->ensureLanes(1);
    // The previous dialect may still be in use by a cancelled attempt finishing on its lane:
    // keep it until the pool has let go of that attempt (onAttemptFinished).
    m_dialect = std::move(dialect);
    m_attempt = new HttpAttempt(*m_dialect, m_dialect->buildRequest(provider, spec, key), timeouts,
                                secrets);
    m_attempt->setTransport(std::make_shared<const TransportOptions>(std::move(*transport)));
    m_attempt->setIdentity(0, 0, 0);
    connect(m_attempt, &HttpAttempt::finished, this, &ConnectionTest::onAttemptFinished);
    m_pool->start(m_attempt, monotonicNs());
}

void ConnectionTest::cancel()
{
    if (!m_attempt)
        return;
    HttpAttempt *attempt = m_attempt;
    m_attempt = nullptr;
    disconnect(attempt, nullptr, this, nullptr);
    NetworkPool::cancel(attempt);
    // Its lane deletes it once the cancel is through; the dialect it uses must live until then,
    // so a cancelled test ends the pool (which waits for its lanes) before another starts.
    m_pool.reset();
}

void ConnectionTest::onAttemptFinished(HttpAttempt *attempt)
{
    if (attempt != m_attempt)
        return;
    m_attempt = nullptr;
    const Sample &s = attempt->sample();
    m_result = {};
    m_result.httpStatus = s.httpStatus;
    m_result.outcome = outcomeName(s.outcome);
    m_result.model = s.modelReported;
    m_result.fingerprint = s.systemFingerprint;
    if (s.firstTokenNs)
        m_result.ttftMs = double(*s.firstTokenNs) / 1e6;
    m_result.ok = outcomeIsSuccess(s.outcome);
    if (!m_result.ok) {
        QString words = OutcomeText::display(s.outcome);
        if (s.httpStatus > 0)
            words = tr("%1 (HTTP %2)").arg(words).arg(s.httpStatus);
        if (!s.error.isEmpty())
            words = tr("%1: %2").arg(words, s.error);
        m_result.error = words;
    }
    attempt->deleteLater(); // on its lane
    Q_EMIT finished(m_result);
}

} // namespace ys
