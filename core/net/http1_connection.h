#pragma once

#include "net/proxy_route.h"

#include "net/tcp_stream.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>
#include <memory>
#include <optional>
#include <utility>

namespace ys {

class Http1Pool;

// How an HTTP/1.1 exchange ended.
enum class Http1Error {
    None,
    ConnectionRefused,
    HostNotFound,
    RemoteClosed,        // the server closed (or reset) the connection before the end
    Protocol,            // the reply is not HTTP/1.x as this client reads it
    CrossOriginRedirect, // a redirect to another origin, not followed
    Aborted,             // abort() from the owner
    Socket,              // any other socket error
    Proxy,               // the forward proxy did not open the tunnel
    TlsUntrusted,        // the server's certificate was not trusted
    Tls,                 // any other TLS failure
};

// Where a connection goes, and how: the origin's host and port, TLS for https:// (the settings
// it trusts and presents), and a forward proxy (connected to instead; with TLS, a CONNECT tunnel
// to the origin). Connections are kept and reused per route. poolTag keeps apart the
// connections of attempts that must not share one (each provider's are its own, however many
// providers one server hosts); empty: any attempt on the route may reuse them.
struct Http1Route {
    QString host;
    quint16 port = 0;
    std::shared_ptr<const TlsSettings> tls; // set: https://
    std::optional<ProxyRoute> proxy;
    QString poolTag;

    QString key() const;
};

// The status line and header fields of one response.
struct Http1Head {
    int status = 0;
    QByteArray version;                               // "1.1", "1.0"
    QList<std::pair<QByteArray, QByteArray>> headers; // names as the server spelled them

    // The first field of that name, compared without case; empty when absent.
    QByteArray header(QByteArrayView name) const;
};

// One TCP connection to one origin, speaking HTTP/1.1 one request at a time. Lives on the thread
// that created it (a network lane) and is driven by that thread's event loop; at each wake-up it
// reads what the socket has straight into its own buffer, with one read when that is all there
// is, and parses the response from there (status line, header fields, a body framed by
// Content-Length, by chunked transfer coding or by the close of the connection). Connections are
// owned and reused by an Http1Pool.
class Http1Connection : public QObject, private TcpStream::Handler {
    Q_OBJECT
public:
    // What the connection reports about the request it carries. Calls arrive on the
    // connection's thread; a client may call detach() from inside any of them.
    class Client {
    public:
        virtual void connectStarted() = 0;
        // The TCP connection is up (to the proxy, with one).
        virtual void connected() = 0;
        // The proxy opened the tunnel; the TLS handshake ended.
        virtual void tunnelled() {}
        virtual void encrypted() {}
        // atNs: when the send call that handed the request's last bytes to the kernel began
        // (absolute monotonic).
        virtual void requestSent(qint64 atNs) = 0;
        // readAtNs: the absolute monotonic time of the read that completed the head.
        virtual void headReceived(const Http1Head &head, qint64 readAtNs) = 0;
        // The body bytes of one read from the socket (de-chunked); readAtNs is the absolute
        // monotonic time the read returned.
        virtual void bodyReceived(QByteArrayView bytes, qint64 readAtNs) = 0;
        // The response ended, its last byte at atNs (absolute monotonic, as readAtNs); the
        // connection may be handed back to the pool when reusable.
        virtual void completed(bool reusable, qint64 atNs) = 0;
        // responseStarted: some byte of the response had arrived before the failure. message:
        // the socket's error text, or a translated one for a reply that is not HTTP.
        virtual void failed(Http1Error error, const QString &message, bool responseStarted) = 0;

    protected:
        ~Client() = default;
    };

    Http1Connection(Http1Route route, Http1Pool *pool);
    ~Http1Connection() override;

    const Http1Route &route() const { return m_route; }
    const QString &host() const { return m_route.host; }
    quint16 port() const { return m_route.port; }
    // True until the connection carried its first request: connecting is part of that one.
    bool isFresh() const { return m_fresh; }
    // Connected, idle and with nothing unexpected from the server.
    bool isReusable() const;
    // When the connection last became idle (monotonic ns), for the pool's idle limit.
    qint64 idleSinceNs() const { return m_idleSinceNs; }

    // Sends one complete request (head and body) and reports to `client` until completed(),
    // failed() or detach(). noBody: the response to this request has no body (HEAD).
    void send(const QByteArray &request, bool noBody, Client *client);
    // Stops reporting and closes the connection; it is deleted later.
    void detach();

private:
    enum class State {
        Idle,
        Connecting,
        Head,
        BodyLength,
        BodyUntilClose,
        ChunkSize,
        ChunkData,
        ChunkDataEnd,
        Trailers,
        Dead,
    };

    enum class ReadEnd { More, EndOfStream, Error };

    void tcpConnected() override;
    void tcpReadable() override;
    void tcpWritten() override;
    void tcpFailed(TcpError error, const QString &message) override;
    void tcpSocketConnected() override;
    void tcpTunnelled() override;
    void tcpEncrypted() override;
    void writeRequest();
    ReadEnd readSocket(qint64 *arrivalNs);
    void onTransportError();
    void process(qint64 at);
    // The steps of process(); each returns false when it needs more bytes or failed.
    bool readChunkEnd();
    bool readChunkSize();
    bool parseHead(qint64 at);
    qsizetype headEnd() const; // after the blank line ending the head; -1 if not there yet
    static bool readHeadBlock(QByteArrayView block, Http1Head *head); // false: invalid
    bool startBody(const Http1Head &head); // the framing of the body; false: invalid
    bool readLine(QByteArrayView *line);
    void endMessage(qint64 at);
    void fail(Http1Error error, const QString &message);
    void failProtocol();
    void onClosed();
    void becomeDead();
    void compact();

    Http1Route m_route;
    QPointer<Http1Pool> m_pool;
    TcpStream *m_tcp = nullptr;
    Client *m_client = nullptr;
    QByteArray m_request;
    QByteArray m_in; // bytes read and not yet parsed, from m_pos
    qsizetype m_pos = 0;
    QByteArray m_out; // the de-chunked body of the current read
    Http1Head m_head;
    qint64 m_remaining = 0;
    qint64 m_idleSinceNs = 0;
    qint64 m_sentAtNs = 0; // the request was written (no reply can have arrived before)
    State m_state = State::Idle;
    bool m_fresh = true;
    bool m_noBody = false;
    bool m_keepAlive = true;
    bool m_sentReported = false;
    bool m_responseStarted = false;
    bool m_deleting = false;
};

// One request over HTTP/1.1, with the redirects it is allowed to follow: 301, 302, 303, 307 and
// 308 within the same origin (scheme, host, port); 307 and 308 repeat the method and body, the
// others become GET without a body. A redirect to another origin is reported, never followed.
// A reused keep-alive connection that the server had closed before this request is retried once
// on a new connection, as long as nothing of the response had arrived.
class Http1Exchange final : private Http1Connection::Client {
public:
    // What the exchange reports; the facts HttpAttempt records.
    class Receiver {
    public:
        virtual void http1ConnectStarted() = 0;
        virtual void http1Connected() = 0;
        virtual void http1Tunnelled() {}
        virtual void http1Encrypted() {}
        virtual void http1RequestSent(qint64 atNs) = 0; // as Client::requestSent
        virtual void http1Redirected() = 0;
        virtual void http1Head(const Http1Head &head, qint64 readAtNs) = 0;
        virtual void http1Body(QByteArrayView bytes, qint64 readAtNs) = 0;
        // atNs: when the response's last byte arrived (absolute monotonic, as readAtNs) for a
        // complete one; when the exchange stopped otherwise.
        virtual void http1Finished(Http1Error error, const QString &message, qint64 atNs) = 0;

    protected:
        ~Receiver() = default;
    };

    static constexpr int kMaxRedirects = 50;

    Http1Exchange(Http1Pool *pool, Receiver *receiver);
    ~Http1Exchange(); // drops the connection without reporting

    Http1Exchange(const Http1Exchange &) = delete;
    Http1Exchange &operator=(const Http1Exchange &) = delete;

    void start(const QUrl &url, const QByteArray &method,
               const QList<std::pair<QByteArray, QByteArray>> &headers, const QByteArray &body);
    // Stops the exchange; reports http1Finished(Aborted, no text) before returning unless it had
    // ended.
    void abort();
    bool isRunning() const { return m_running; }
    // The URL of the request now in flight (after the redirects followed).
    const QUrl &url() const { return m_url; }
    // Where a redirect to another origin pointed, resolved against url().
    const QUrl &redirectTarget() const { return m_redirectTarget; }

    // Sends the requests through this forward proxy (absolute-form request targets, its
    // credentials in Proxy-Authorization) instead of to the URL's host. Before start().
    void setProxy(const std::optional<ProxyRoute> &proxy) { m_proxy = proxy; }
    // What https:// requests trust and present; none: the system's authorities only.
    void setTls(std::shared_ptr<const TlsSettings> tls) { m_tls = std::move(tls); }
    // The route's pool tag (Http1Route): the connections this exchange may reuse. Before start().
    void setPoolTag(QString tag) { m_poolTag = std::move(tag); }

    // The request as sent on the wire (head and body). absoluteForm: the request target is the
    // whole URL, as a forward proxy takes it; proxyAuthorization, when not empty, is sent as
    // Proxy-Authorization.
    static QByteArray serialize(const QUrl &url, const QByteArray &method,
                                const QList<std::pair<QByteArray, QByteArray>> &headers,
                                const QByteArray &body, bool absoluteForm = false,
                                const QByteArray &proxyAuthorization = {});

private:
    void connectStarted() override;
    void connected() override;
    void tunnelled() override;
    void encrypted() override;
    void requestSent(qint64 atNs) override;
    void headReceived(const Http1Head &head, qint64 readAtNs) override;
    void bodyReceived(QByteArrayView bytes, qint64 readAtNs) override;
    void completed(bool reusable, qint64 atNs) override;
    void failed(Http1Error error, const QString &message, bool responseStarted) override;

    void sendNow();
    void finishWith(Http1Error error, const QString &message, qint64 atNs = -1);
    void dropConnection();

    QPointer<Http1Pool> m_pool;
    Receiver *m_receiver;
    QPointer<Http1Connection> m_connection;
    QUrl m_url;
    QByteArray m_method;
    QList<std::pair<QByteArray, QByteArray>> m_headers;
    QByteArray m_body;
    QUrl m_redirectTarget;
    QUrl m_followTo; // a same-origin redirect to follow once its response ended
    std::optional<ProxyRoute> m_proxy;
    std::shared_ptr<const TlsSettings> m_tls;
    QString m_poolTag;
    int m_redirects = 0;
    bool m_running = false;
    bool m_reused = false;
    bool m_retried = false;
};

} // namespace ys
