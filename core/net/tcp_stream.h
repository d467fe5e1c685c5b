#pragma once

#include "net/fd_watch.h"
#include "net/tls_session.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QString>
#include <memory>

class QHostInfo;

namespace ys {

// How a TCP connection failed.
enum class TcpError {
    None,
    ConnectionRefused,
    HostNotFound,
    Reset, // the peer reset the connection
    Other,
    ProxyRefused, // the forward proxy did not open the tunnel (or closed it)
    TlsUntrusted, // the server's certificate was not trusted
    Tls,          // any other TLS failure (a refused client certificate, a protocol error)
};

// One client TCP connection on a non-blocking socket, read and written by its owner directly
// (no buffer of its own on the way in). Names are resolved through QHostInfo, each address is
// tried in turn, and readiness comes through an FdWatch: on a network lane straight from its
// epoll loop. Lives on the thread that created it. Handlers must not delete the stream from
// inside a callback (deleteLater() is fine).
class TcpStream final : public QObject, private FdWatch::Handler {
    Q_OBJECT
public:
    class Handler {
    public:
        virtual void tcpConnected() = 0;
        // There is something to read(): data, the end of the stream or an error.
        virtual void tcpReadable() = 0;
        // Everything write() was given is now with the kernel.
        virtual void tcpWritten() = 0;
        // Connecting failed, or writing did; the stream is closed.
        virtual void tcpFailed(TcpError error, const QString &message) = 0;
        // The steps of connecting, before tcpConnected(): the TCP connection is up (to the proxy
        // with a tunnel), the proxy opened the tunnel, the TLS handshake ended.
        virtual void tcpSocketConnected() {}
        virtual void tcpTunnelled() {}
        virtual void tcpEncrypted() {}

    protected:
        ~Handler() = default;
    };

    TcpStream(Handler *handler, QObject *parent = nullptr);
    ~TcpStream() override;

    // Before connectToHost(): the host connected to is a forward proxy, asked with CONNECT for
    // a tunnel to targetHost:targetPort (proxyAuthorization, when not empty, is sent as
    // Proxy-Authorization).
    void setTunnel(const QString &targetHost, quint16 targetPort,
                   const QByteArray &proxyAuthorization);
    // Before connectToHost(): TLS over the connection (through the tunnel, with one), verifying
    // the server's certificate for serverName. read() and write() then carry plaintext.
    void setTls(std::shared_ptr<const TlsSettings> settings, const QString &serverName);

    void connectToHost(const QString &host, quint16 port);
    bool isConnected() const { return m_state == State::Connected; }
    // The peer closed or reset: a short read no longer means there is nothing more to read.
    bool isPeerClosing() const { return m_peerClosing; }

    // Reads up to max bytes: the count (> 0), 0 at the end of the stream, -1 when there is
    // nothing now, -2 on an error (then error() and errorString() say which). With data,
    // *arrivalNs is when the last of it reached this host (the kernel's receive time, on the
    // monotonic clock), or -1 when the kernel gave none (as for the first packets a process
    // receives, while the kernel is still turning its time stamps on).
    qint64 read(char *data, qint64 max, qint64 *arrivalNs);
    // Sends what the kernel takes now and the rest when it has room; tcpWritten() follows once
    // all of it is sent. False when the connection is not usable (the error is reported).
    bool write(QByteArrayView bytes);
    qint64 bytesToWrite() const { return m_out.size() - m_outPos; }
    // When the send call that handed the kernel the last of what write() was given began (the
    // monotonic clock): what the bytes cannot have left before, however late this thread runs
    // after the call.
    qint64 lastSendNs() const { return m_lastSendNs; }
    // True when the server sent something or closed while nothing was asked of it.
    bool hasUnexpectedInput();
    void close();

    TcpError error() const { return m_error; }
    QString errorString() const { return m_errorString; }

private:
    enum class State {
        Unconnected,
        Resolving,
        Connecting,
        Tunnelling,
        Handshaking,
        Connected,
        Closed
    };

    void fdReadable(bool closing) override;
    void fdWritable() override;
    void onLookedUp(const QHostInfo &info);
    void tryNextAddress();
    void onConnectFinished();
    void becomeReady();
    qint64 recvRaw(char *data, qint64 max, qint64 *arrivalNs);
    // tcp_stream_secure.cpp: the tunnel and TLS.
    void startTunnel();
    void readTunnel();
    void startTls();
    // Feeds the TLS session everything the socket holds; the last read: -1 (drained), 0 (the
    // end) or -2 (an error).
    qint64 drainCipher();
    void continueHandshake();
    qint64 readTls(char *data, qint64 max, qint64 *arrivalNs);
    bool writeTls(QByteArrayView bytes);
    bool tlsHasUnexpectedInput();
    void sendCipher();
    void flushOut();
    void setError(int errnoValue);
    void failWith(TcpError error, const QString &message);
    void closeFd();

    Handler *m_handler;
    FdWatch m_watch;
    int m_fd = -1;
    int m_lookupId = -1;
    State m_state = State::Unconnected;
    QString m_host;
    quint16 m_port = 0;
    QList<QHostAddress> m_addresses;
    int m_nextAddress = 0;
    int m_lastConnectErrno = 0;
    QByteArray m_out;
    qsizetype m_outPos = 0;
    qint64 m_lastSendNs = 0;
    TcpError m_error = TcpError::None;
    bool m_peerClosing = false;
    QString m_errorString;
    // The tunnel and TLS asked for (kept across connects), and their state on this connection.
    QString m_tunnelHost;
    quint16 m_tunnelPort = 0;
    QByteArray m_tunnelAuthorization;
    QByteArray m_tunnelIn; // the proxy's answer so far
    std::shared_ptr<const TlsSettings> m_tlsSettings;
    QString m_tlsName;
    std::unique_ptr<TlsSession> m_tls;
    QByteArray m_cipherIn;         // room for ciphertext reads
    qint64 m_cipherArrivalNs = -1; // when the last ciphertext read arrived
    bool m_cipherDrained = true;   // the last ciphertext read took all the kernel had
};

} // namespace ys
