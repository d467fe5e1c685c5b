#include "net/tcp_stream.h"

// TcpStream's tunnel through a forward proxy (CONNECT) and its TLS, on the stream's own socket:
// the ciphertext is read with the same recvmsg() as plain data, so that decrypted data keeps the
// kernel's arrival time of the record that completed it.

namespace ys {

namespace {

constexpr qsizetype kMaxTunnelAnswer = 64 * 1024;
constexpr qsizetype kCipherRoom = 64 * 1024;

QByteArray authority(const QString &host, quint16 port)
{
    QByteArray h = host.toLatin1();
    if (h.contains(':') && !h.startsWith('['))
        h = '[' + h + ']';
    return h + ':' + QByteArray::number(port);
}

} // namespace

void TcpStream::setTunnel(const QString &targetHost, quint16 targetPort,
                          const QByteArray &proxyAuthorization)
{
    m_tunnelHost = targetHost;
    m_tunnelPort = targetPort;
    m_tunnelAuthorization = proxyAuthorization;
}

void TcpStream::setTls(std::shared_ptr<const TlsSettings> settings, const QString &serverName)
{
    m_tlsSettings = std::move(settings);
    m_tlsName = serverName;
}

void TcpStream::startTunnel()
{
    m_state = State::Tunnelling;
    m_tunnelIn.clear();
    const QByteArray target = authority(m_tunnelHost, m_tunnelPort);
    QByteArray request = "CONNECT " + target + " HTTP/1.1\r\nHost: " + target + "\r\n";
    if (!m_tunnelAuthorization.isEmpty())
        request += "Proxy-Authorization: " + m_tunnelAuthorization + "\r\n";
    request += "User-Agent: Yardstick\r\n\r\n";
    m_out.append(request);
    flushOut();
}

void TcpStream::readTunnel()
{
    char buffer[4096];
    for (;;) {
        qint64 arrival = -1;
        const qint64 n = recvRaw(buffer, sizeof buffer, &arrival);
        if (n == -1)
            return; // the rest later
        if (n == 0 || n == -2) {
            failWith(TcpError::ProxyRefused,
                     tr("the proxy %1:%2 closed the connection instead of opening a tunnel")
                         .arg(m_host)
                         .arg(m_port));
            return;
        }
        m_tunnelIn.append(buffer, n);
        const qsizetype end = m_tunnelIn.indexOf("\r\n\r\n");
        if (end < 0) {
            if (m_tunnelIn.size() > kMaxTunnelAnswer) {
                failWith(TcpError::ProxyRefused, tr("the proxy's answer to CONNECT is too long"));
                return;
            }
            continue;
        }
        const QByteArray statusLine = m_tunnelIn.left(m_tunnelIn.indexOf("\r\n"));
        const QList<QByteArray> parts = statusLine.split(' ');
        const int status = parts.size() >= 2 ? parts.at(1).toInt() : 0;
        if (!statusLine.startsWith("HTTP/1.") || status < 200 || status > 299) {
            failWith(TcpError::ProxyRefused,
                     tr("the proxy %1:%2 refused the tunnel to %3: %4")
                         .arg(m_host)
                         .arg(m_port)
                         .arg(QString::fromLatin1(authority(m_tunnelHost, m_tunnelPort)),
                              QString::fromLatin1(statusLine.left(200))));
            return;
        }
        // Whatever followed the answer is the server's, through the tunnel.
        const QByteArray rest = m_tunnelIn.mid(end + 4);
        m_tunnelIn.clear();
        m_handler->tcpTunnelled();
        if (m_state != State::Tunnelling)
            return;
        if (m_tlsSettings) {
            startTls();
            if (m_tls && !rest.isEmpty())
                m_tls->feed(rest.constData(), rest.size());
        } else {
            becomeReady();
        }
        return;
    }
}

void TcpStream::startTls()
{
    m_state = State::Handshaking;
    m_tls = std::make_unique<TlsSession>(*m_tlsSettings, m_tlsName);
    if (!m_tls->isValid()) {
        failWith(TcpError::Tls, m_tls->errorString());
        return;
    }
    m_watch.setWatched(true, false);
    continueHandshake();
}

qint64 TcpStream::drainCipher()
{
    if (m_cipherIn.size() < kCipherRoom)
        m_cipherIn.resize(kCipherRoom);
    for (;;) {
        qint64 arrival = -1;
        const qint64 n = recvRaw(m_cipherIn.data(), m_cipherIn.size(), &arrival);
        if (n <= 0)
            return n;
        m_tls->feed(m_cipherIn.constData(), n);
    }
}

void TcpStream::continueHandshake()
{
    if (const qint64 n = drainCipher(); n != -1) {
        failWith(TcpError::Tls,
                 n == 0 ? tr("the server closed the connection during the TLS handshake")
                        : m_errorString);
        return;
    }
    const TlsSession::Step step = m_tls->handshake();
    sendCipher();
    if (m_state != State::Handshaking)
        return;
    if (step == TlsSession::Step::Failed) {
        failWith(m_tls->verifyFailed() ? TcpError::TlsUntrusted : TcpError::Tls,
                 m_tls->errorString());
        return;
    }
    if (step == TlsSession::Step::Again)
        return;
    m_handler->tcpEncrypted();
    if (m_state == State::Handshaking)
        becomeReady();
}

void TcpStream::sendCipher()
{
    if (!m_tls->hasOutgoing())
        return;
    if (m_outPos == m_out.size()) {
        m_out.resize(0);
        m_outPos = 0;
    }
    m_out.append(m_tls->takeOutgoing());
    flushOut();
}

qint64 TcpStream::readTls(char *data, qint64 max, qint64 *arrivalNs)
{
    if (m_cipherIn.size() < kCipherRoom)
        m_cipherIn.resize(kCipherRoom);
    // Every whole record already received is decrypted before returning: a proxy or the network
    // can deliver several in one segment, and no readable socket would announce the rest.
    qint64 got = 0;
    for (;;) {
        const qint64 n = m_tls->read(data + got, max - got);
        if (n > 0) {
            got += n;
            if (got == max)
                break;
            continue;
        }
        // Records still to come: with the socket drained, its next arrival is announced (the watch
        // is edge-triggered); else what is in the kernel now is read as well.
        if (got > 0 && (n != 0 || m_cipherDrained))
            break; // the end or an error is reported by the next read
        if (n == -1)
            return 0; // close_notify: the end of the stream
        if (n == -2) {
            m_error = TcpError::Tls;
            m_errorString = m_tls->errorString();
            return -2;
        }
        qint64 arrival = -1;
        const qint64 received = recvRaw(m_cipherIn.data(), m_cipherIn.size(), &arrival);
        m_cipherDrained = received < m_cipherIn.size();
        if (received <= 0) {
            if (got > 0)
                break;
            return received; // -1: nothing now; 0: the end (without close_notify); -2: an error
        }
        m_tls->feed(m_cipherIn.constData(), received);
        m_cipherArrivalNs = arrival;
    }
    *arrivalNs = m_cipherArrivalNs;
    return got;
}

bool TcpStream::writeTls(QByteArrayView bytes)
{
    if (!m_tls->write(bytes)) {
        failWith(TcpError::Tls, m_tls->errorString());
        return false;
    }
    sendCipher();
    return true;
}

// A TLS 1.3 server sends session tickets after the handshake, whenever it likes: records
// without data are no reason to drop an idle connection; data, the end or an error are.
bool TcpStream::tlsHasUnexpectedInput()
{
    return drainCipher() != -1 || m_tls->hasInput(); // the end or an error, or data
}

} // namespace ys
