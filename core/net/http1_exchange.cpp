#include "net/http1_connection.h"

#include "net/ascii_case.h"
#include "net/http1_pool.h"
#include "util/monotonic_clock.h"

// Http1Exchange: one request over the pool's connections, and the redirects it follows.

namespace ys {

namespace {

bool isRedirect(int status)
{
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

int defaultPort(const QUrl &url)
{
    return url.scheme() == QLatin1StringView("https") ? 443 : 80;
}

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    return a.scheme().compare(b.scheme(), Qt::CaseInsensitive) == 0 &&
           a.host().compare(b.host(), Qt::CaseInsensitive) == 0 &&
           a.port(defaultPort(a)) == b.port(defaultPort(b));
}

// Header values come from configuration; a line break in one must not start a new field.
QByteArray oneLine(QByteArray value)
{
    for (char &c : value) {
        if (c == '\r' || c == '\n')
            c = ' ';
    }
    return value;
}

} // namespace

Http1Exchange::Http1Exchange(Http1Pool *pool, Receiver *receiver)
    : m_pool(pool)
    , m_receiver(receiver)
{
}

Http1Exchange::~Http1Exchange()
{
    m_running = false;
    dropConnection();
}

QByteArray Http1Exchange::serialize(const QUrl &url, const QByteArray &method,
                                    const QList<std::pair<QByteArray, QByteArray>> &headers,
                                    const QByteArray &body, bool absoluteForm,
                                    const QByteArray &proxyAuthorization)
{
    QByteArray target =
        url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::RemoveFragment);
    if (!target.startsWith('/'))
        target.prepend('/');
    if (absoluteForm)
        target = url.toEncoded(QUrl::RemoveUserInfo | QUrl::RemoveFragment | QUrl::RemovePath |
                               QUrl::RemoveQuery) +
                 target;
    QByteArray host = url.host(QUrl::FullyEncoded).toLatin1();
    if (host.contains(':'))
        host = '[' + host + ']';
    if (url.port() != -1 && url.port() != defaultPort(url))
        host += ':' + QByteArray::number(url.port());

    QByteArray request;
    request.reserve(256 + body.size());
    request += method;
    request += ' ';
    request += target;
    request += " HTTP/1.1\r\nHost: ";
    request += host;
    request += "\r\n";
    bool userAgent = false;
    for (const auto &[name, value] : headers) {
        if (equalsNoCase(name, "host") || equalsNoCase(name, "content-length") ||
            equalsNoCase(name, "connection") || equalsNoCase(name, "accept-encoding") ||
            equalsNoCase(name, "transfer-encoding"))
            continue;
        userAgent = userAgent || equalsNoCase(name, "user-agent");
        request += oneLine(name);
        request += ": ";
        request += oneLine(value);
        request += "\r\n";
    }
    if (!userAgent)
        request += "User-Agent: Yardstick\r\n";
    if (!proxyAuthorization.isEmpty()) {
        request += "Proxy-Authorization: ";
        request += oneLine(proxyAuthorization);
        request += "\r\n";
    }
    // Compressed streams arrive in bursts; identity keeps event arrival times honest.
    request += "Accept-Encoding: identity\r\nConnection: keep-alive\r\n";
    if (!body.isEmpty() || (method != "GET" && method != "HEAD")) {
        request += "Content-Length: ";
        request += QByteArray::number(body.size());
        request += "\r\n";
    }
    request += "\r\n";
    request += body;
    return request;
}

void Http1Exchange::start(const QUrl &url, const QByteArray &method,
                          const QList<std::pair<QByteArray, QByteArray>> &headers,
                          const QByteArray &body)
{
    m_url = url;
    m_method = method;
    m_headers = headers;
    m_body = body;
    m_redirectTarget.clear();
    m_followTo.clear();
    m_redirects = 0;
    m_retried = false;
    m_running = true;
    sendNow();
}

void Http1Exchange::sendNow()
{
    if (!m_pool) {
        finishWith(Http1Error::Aborted, {}); // the lane is going away
        return;
    }
    const bool https = m_url.scheme() == QLatin1StringView("https");
    static const auto systemOnly = std::make_shared<const TlsSettings>();
    const Http1Route route{m_url.host(), quint16(m_url.port(defaultPort(m_url))),
                           https ? (m_tls ? m_tls : systemOnly) : nullptr, m_proxy, m_poolTag};
    Http1Connection *connection = m_pool->acquire(route);
    m_connection = connection;
    m_reused = !connection->isFresh();
    // Through a proxy, plain http:// names the whole URL; https:// goes through its tunnel.
    const QByteArray request = m_proxy && !https ? serialize(m_url, m_method, m_headers, m_body,
                                                             true, m_proxy->authorization())
                                                 : serialize(m_url, m_method, m_headers, m_body);
    connection->send(request, m_method == "HEAD", this);
}

void Http1Exchange::abort()
{
    if (!m_running)
        return;
    dropConnection();
    m_followTo.clear();
    finishWith(Http1Error::Aborted, {}); // the owner knows why
}

void Http1Exchange::dropConnection()
{
    if (Http1Connection *connection = m_connection.data()) {
        m_connection = nullptr;
        connection->detach();
    }
}

void Http1Exchange::finishWith(Http1Error error, const QString &message, qint64 atNs)
{
    m_running = false;
    m_receiver->http1Finished(error, message, atNs >= 0 ? atNs : monotonicNs());
}

void Http1Exchange::connectStarted()
{
    m_receiver->http1ConnectStarted();
}

void Http1Exchange::connected()
{
    m_receiver->http1Connected();
}

void Http1Exchange::tunnelled()
{
    m_receiver->http1Tunnelled();
}

void Http1Exchange::encrypted()
{
    m_receiver->http1Encrypted();
}

void Http1Exchange::requestSent(qint64 atNs)
{
    m_receiver->http1RequestSent(atNs);
}

void Http1Exchange::headReceived(const Http1Head &head, qint64 readAtNs)
{
    if (isRedirect(head.status) && m_redirects < kMaxRedirects) {
        const QByteArray location = head.header("location");
        if (!location.isEmpty()) {
            const QUrl target = m_url.resolved(QUrl::fromEncoded(location));
            if (sameOrigin(m_url, target) && target.isValid()) {
                // Followed once this response is over; its head and body are not the reply.
                m_followTo = target;
                if (head.status != 307 && head.status != 308) {
                    if (m_method != "HEAD")
                        m_method = "GET";
                    m_body.clear();
                    m_headers.removeIf([](const std::pair<QByteArray, QByteArray> &h) {
                        return equalsNoCase(h.first, "content-type");
                    });
                }
                return;
            }
            // The request carries the key: another origin never hears from this client.
            m_redirectTarget = target;
            m_receiver->http1Head(head, readAtNs);
            if (!m_running)
                return;
            dropConnection();
            finishWith(Http1Error::CrossOriginRedirect, {}); // redirectTarget() says where
            return;
        }
    }
    m_receiver->http1Head(head, readAtNs);
}

void Http1Exchange::bodyReceived(QByteArrayView bytes, qint64 readAtNs)
{
    if (m_followTo.isEmpty())
        m_receiver->http1Body(bytes, readAtNs);
}

void Http1Exchange::completed(bool reusable, qint64 atNs)
{
    Http1Connection *connection = m_connection.data();
    m_connection = nullptr;
    if (m_pool)
        m_pool->release(connection, reusable);
    else if (connection)
        connection->detach();
    if (!m_followTo.isEmpty()) {
        ++m_redirects;
        m_url = std::exchange(m_followTo, QUrl());
        m_retried = false;
        m_receiver->http1Redirected();
        if (m_running)
            sendNow();
        return;
    }
    finishWith(Http1Error::None, {}, atNs);
}

void Http1Exchange::failed(Http1Error error, const QString &message, bool responseStarted)
{
    m_connection = nullptr;
    // A kept-alive connection the server closed while it was idle: the request never reached
    // it, so it goes again once on a new connection.
    if (m_reused && !responseStarted && !m_retried && error == Http1Error::RemoteClosed) {
        m_retried = true;
        sendNow();
        return;
    }
    m_followTo.clear();
    finishWith(error, message);
}

} // namespace ys
