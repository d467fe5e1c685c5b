#include "run/retry_policy.h"

#include <QLocale>
#include <cmath>

namespace ys {

namespace {

QByteArray header(const QList<std::pair<QByteArray, QByteArray>> &headers, const char *name)
{
    for (const auto &[n, v] : headers)
        if (n.compare(name, Qt::CaseInsensitive) == 0)
            return v.trimmed();
    return {};
}

std::optional<double> parseNumber(const QByteArray &text)
{
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < 0)
        return std::nullopt;
    return v;
}

QDateTime parseHttpDate(const QByteArray &text)
{
    // RFC 9110 IMF-fixdate, e.g. "Wed, 21 Oct 2015 07:28:00 GMT".
    QDateTime t = QLocale::c().toDateTime(QString::fromLatin1(text),
                                          QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    if (t.isValid())
        t.setTimeSpec(Qt::UTC);
    return t;
}

} // namespace

RetryPolicy::RetryPolicy(RetryConfig config, std::uint64_t seed)
    : m_config(config)
    , m_rng(seed)
{
}

bool RetryPolicy::isRetryable(Outcome outcome, int httpStatus, bool answerStarted)
{
    if (answerStarted)
        return false;
    switch (outcome) {
    case Outcome::ContextExceeded:
    case Outcome::QuotaExhausted:
    case Outcome::AuthError:
    case Outcome::Ok:
    case Outcome::TruncatedByLimit:
    case Outcome::SilentTruncation:
    case Outcome::Cancelled:
    // Part of the answer was already delivered; repeating it is a new request, not a retry.
    case Outcome::StreamError:
    case Outcome::StreamCut:
    case Outcome::MalformedStream:
    // A certificate that was not trusted is not trusted a second later either.
    case Outcome::TlsError:
        return false;
    case Outcome::RateLimited:
    case Outcome::Overloaded:
    case Outcome::ServerError:
    case Outcome::ConnectionError:
    case Outcome::TimeoutConnect:
    case Outcome::TimeoutFirstToken:
    case Outcome::TimeoutIdle:
    case Outcome::TimeoutTotal:
    // Nothing was delivered: asking again is a fair second chance, as for a server error.
    case Outcome::EmptyResponse:
        return true;
    case Outcome::ClientError:
        return httpStatus == 408 || httpStatus == 409;
    }
    return false;
}

std::optional<std::int64_t>
RetryPolicy::serverDelayNs(const QList<std::pair<QByteArray, QByteArray>> &headers,
                           const QDateTime &now)
{
    if (const auto ms = parseNumber(header(headers, "retry-after-ms")))
        return std::int64_t(std::llround(*ms * 1e6));
    const QByteArray after = header(headers, "retry-after");
    if (after.isEmpty())
        return std::nullopt;
    if (const auto seconds = parseNumber(after))
        return std::int64_t(std::llround(*seconds * 1e9));
    const QDateTime when = parseHttpDate(after);
    if (!when.isValid())
        return std::nullopt;
    return std::max<std::int64_t>(0, now.msecsTo(when) * 1'000'000);
}

RetryDecision RetryPolicy::decide(int retriesSoFar, Outcome outcome, int httpStatus,
                                  bool answerStarted,
                                  const QList<std::pair<QByteArray, QByteArray>> &headers,
                                  const QDateTime &now)
{
    RetryDecision d;
    if (retriesSoFar >= m_config.maxRetries || !isRetryable(outcome, httpStatus, answerStarted))
        return d;
    if (const auto server = serverDelayNs(headers, now)) {
        if (double(*server) > m_config.maxServerWaitS * 1e9) {
            d.waitTooLong = true;
            return d;
        }
        d.retry = true;
        d.fromServer = true;
        d.delayNs = *server;
        return d;
    }
    const double backoff =
        std::min(m_config.initialBackoffS * std::pow(2.0, retriesSoFar), m_config.maxBackoffS);
    std::uniform_real_distribution<double> jitter(0.0, m_config.jitterFraction);
    d.retry = true;
    d.delayNs = std::int64_t(std::llround(backoff * (1.0 - jitter(m_rng)) * 1e9));
    return d;
}

} // namespace ys
