#pragma once

// One request sent through a NetworkPool's lanes as a session sends it, waited for on the
// calling thread's event loop.
#include "provider/http_attempt.h"
#include "provider/transport_options.h"
#include "run/network_pool.h"
#include "util/monotonic_clock.h"

#include <QEventLoop>
#include <QSslCertificate>
#include <QTimer>
#include <memory>
#include <optional>

namespace ys::test {

// The attempt's sample, or nothing when it had not finished within timeoutMs.
inline std::optional<Sample> runOnLane(NetworkPool &pool, const Dialect &dialect,
                                       const HttpRequestParts &parts, int timeoutMs,
                                       std::shared_ptr<const TransportOptions> transport = {})
{
    auto *attempt = new HttpAttempt(dialect, parts, {}, {});
    if (transport)
        attempt->setTransport(std::move(transport));
    QEventLoop loop;
    QObject::connect(attempt, &HttpAttempt::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    pool.start(attempt, monotonicNs());
    loop.exec();
    std::optional<Sample> sample;
    if (attempt->isFinished())
        sample = attempt->sample();
    attempt->deleteLater(); // on its lane
    return sample;
}

// A provider's transport asking for this HTTP version and trusting the server certificate certPem
// (PEM), on QtNetwork and on the lanes' own TLS alike.
inline std::shared_ptr<const TransportOptions> trustingTransport(HttpVersionChoice choice,
                                                                 const QByteArray &certPem)
{
    auto transport = std::make_shared<TransportOptions>();
    transport->httpVersion = choice;
    transport->caCertificates = QSslCertificate::fromData(certPem, QSsl::Pem);
    auto tls = std::make_shared<TlsSettings>();
    tls->caPem = certPem;
    transport->tls = tls;
    return transport;
}

} // namespace ys::test
