#include "net/http1_connection.h"

#include "net/ascii_case.h"
#include "net/http1_pool.h"
#include "util/monotonic_clock.h"

#include <algorithm>
#include <cstring>

namespace ys {

namespace {

constexpr qsizetype kMaxHeadBytes = 256 * 1024;
constexpr qsizetype kMaxLineBytes = 64 * 1024; // a chunk size line or a trailer field
// Room for one read: far more than a stream delivers between two wake-ups, so one read is all
// it takes; a full buffer is read again.
constexpr qsizetype kReadRoom = 64 * 1024;

// Whether a comma-separated header value lists `token` (without case).
bool hasToken(QByteArrayView value, QByteArrayView token)
{
    while (!value.isEmpty()) {
        const qsizetype comma = value.indexOf(',');
        const QByteArrayView item = (comma < 0 ? value : value.first(comma)).trimmed();
        if (equalsNoCase(item, token))
            return true;
        if (comma < 0)
            break;
        value = value.sliced(comma + 1);
    }
    return false;
}

} // namespace

QByteArray Http1Head::header(QByteArrayView name) const
{
    for (const auto &[n, v] : headers) {
        if (equalsNoCase(n, name))
            return v;
    }
    return {};
}

// ---------------------------------------------------------------------------------------------

QString Http1Route::key() const
{
    QString key = (tls ? QStringLiteral("https://") : QStringLiteral("http://")) + host +
                  QLatin1Char(':') + QString::number(port);
    if (proxy)
        key += QStringLiteral(" via ") + QString::fromUtf8(proxy->user) + QLatin1Char('@') +
               proxy->address();
    if (tls)
        key += QLatin1Char(' ') + QString::fromLatin1(tls->cacheKey().toHex());
    if (!poolTag.isEmpty())
        key += QStringLiteral(" for ") + poolTag;
    return key;
}

Http1Connection::Http1Connection(Http1Route route, Http1Pool *pool)
    : QObject(pool)
    , m_route(std::move(route))
    , m_pool(pool)
    , m_tcp(new TcpStream(this, this))
{
    if (m_route.tls && m_route.proxy)
        m_tcp->setTunnel(m_route.host, m_route.port, m_route.proxy->authorization());
    if (m_route.tls)
        m_tcp->setTls(m_route.tls, m_route.host);
}

Http1Connection::~Http1Connection()
{
    m_client = nullptr;
    m_state = State::Dead;
    m_tcp->close();
}

bool Http1Connection::isReusable() const
{
    return m_state == State::Idle && !m_fresh && !m_deleting && m_keepAlive &&
           m_tcp->isConnected() && m_pos == m_in.size() && !m_tcp->hasUnexpectedInput();
}

void Http1Connection::send(const QByteArray &request, bool noBody, Client *client)
{
    Q_ASSERT(!m_client && (m_state == State::Idle));
    m_client = client;
    m_request = request;
    m_noBody = noBody;
    m_head = {};
    m_keepAlive = true;
    m_sentReported = false;
    m_responseStarted = false;
    m_in.resize(0);
    m_pos = 0;
    if (m_fresh) {
        m_fresh = false;
        m_state = State::Connecting;
        m_client->connectStarted();
        if (m_client)
            m_tcp->connectToHost(m_route.proxy ? m_route.proxy->host : m_route.host,
                                 m_route.proxy ? m_route.proxy->port : m_route.port);
        return;
    }
    writeRequest();
}

void Http1Connection::detach()
{
    m_client = nullptr;
    becomeDead();
}

void Http1Connection::becomeDead()
{
    m_state = State::Dead;
    if (m_pool)
        m_pool->forget(this);
    if (m_deleting)
        return;
    m_deleting = true;
    m_tcp->close();
    deleteLater();
}

void Http1Connection::tcpSocketConnected()
{
    if (m_state == State::Connecting && m_client)
        m_client->connected();
}

void Http1Connection::tcpTunnelled()
{
    if (m_state == State::Connecting && m_client)
        m_client->tunnelled();
}

void Http1Connection::tcpEncrypted()
{
    if (m_state == State::Connecting && m_client)
        m_client->encrypted();
}

void Http1Connection::tcpConnected()
{
    if (m_state != State::Connecting || !m_client)
        return;
    writeRequest();
}

void Http1Connection::writeRequest()
{
    m_state = State::Head;
    const QByteArray request = std::exchange(m_request, QByteArray());
    m_tcp->write(request); // reports tcpWritten() at once when the kernel took it all
}

void Http1Connection::tcpWritten()
{
    if (!m_client || m_sentReported || m_state == State::Connecting)
        return;
    m_sentReported = true;
    m_client->requestSent(m_tcp->lastSendNs());
    m_sentAtNs = monotonicNs(); // after the client took its own time for it
}

void Http1Connection::tcpFailed(TcpError error, const QString &message)
{
    if (m_state == State::Dead)
        return;
    if (!m_client) {
        becomeDead();
        return;
    }
    switch (error) {
    case TcpError::ConnectionRefused:
        fail(Http1Error::ConnectionRefused, message);
        break;
    case TcpError::HostNotFound:
        fail(Http1Error::HostNotFound, message);
        break;
    case TcpError::Reset:
        fail(Http1Error::RemoteClosed, message);
        break;
    case TcpError::ProxyRefused:
        fail(Http1Error::Proxy, message);
        break;
    case TcpError::TlsUntrusted:
        fail(Http1Error::TlsUntrusted, message);
        break;
    case TcpError::Tls:
        fail(Http1Error::Tls, message);
        break;
    default:
        fail(Http1Error::Socket, message);
        break;
    }
}

Http1Connection::ReadEnd Http1Connection::readSocket(qint64 *arrivalNs)
{
    compact();
    *arrivalNs = -1;
    for (;;) {
        const qsizetype old = m_in.size();
        m_in.resize(old + kReadRoom); // within the capacity after the first few reads
        qint64 arrival = -1;
        const qint64 n = m_tcp->read(m_in.data() + old, kReadRoom, &arrival);
        m_in.resize(old + qsizetype(std::max<qint64>(n, 0)));
        if (n > 0)
            *arrivalNs = arrival;
        if (n == 0)
            return ReadEnd::EndOfStream;
        if (n == -2)
            return ReadEnd::Error;
        if (n == -1 || (n < kReadRoom && !m_tcp->isPeerClosing()))
            return ReadEnd::More; // all there was (or nothing)
    }
}

void Http1Connection::compact()
{
    // Moved by hand rather than removed: the buffer keeps its start and its room.
    const qsizetype rest = m_in.size() - m_pos;
    if (m_pos == 0)
        return;
    if (rest > 0)
        std::memmove(m_in.data(), m_in.constData() + m_pos, size_t(rest));
    m_in.resize(std::max<qsizetype>(rest, 0));
    m_pos = 0;
}

void Http1Connection::tcpReadable()
{
    if (m_state == State::Dead)
        return;
    qint64 arrival = -1;
    const ReadEnd end = readSocket(&arrival);
    // One time for everything the read returned: when its last byte reached this host, as the
    // kernel stamped it (never after now), so that how soon this thread got to run does not
    // count; else now. Never before the request went out.
    const qint64 at = arrival >= 0 ? std::max(arrival, m_sentAtNs) : monotonicNs();
    if (!m_client) {
        // An idle connection has nothing to say: whatever it sends makes it unusable.
        if (m_pos < m_in.size() || end != ReadEnd::More)
            becomeDead();
        return;
    }
    if (m_pos < m_in.size())
        process(at);
    if (end == ReadEnd::EndOfStream)
        onClosed();
    else if (end == ReadEnd::Error)
        onTransportError();
}

bool Http1Connection::readLine(QByteArrayView *line)
{
    const char *const data = m_in.constData() + m_pos;
    const qsizetype available = m_in.size() - m_pos;
    const void *lf = std::memchr(data, '\n', size_t(available));
    if (!lf) {
        if (available > kMaxLineBytes)
            failProtocol();
        return false;
    }
    qsizetype length = static_cast<const char *>(lf) - data;
    m_pos += length + 1;
    if (length > 0 && data[length - 1] == '\r')
        --length;
    *line = QByteArrayView(data, length);
    return true;
}

void Http1Connection::process(qint64 at)
{
    m_out.resize(0);
    if (m_pos < m_in.size())
        m_responseStarted = true;
    while (m_client) {
        const qsizetype available = m_in.size() - m_pos;
        const char *const data = m_in.constData() + m_pos;
        if (m_state == State::Head) {
            if (!parseHead(at))
                break;
            if (m_client && m_state == State::Idle)
                endMessage(at); // a response without a body
            continue;
        }
        if (m_state == State::BodyLength || m_state == State::ChunkData) {
            if (available == 0)
                break;
            const qsizetype take = qsizetype(std::min<qint64>(available, m_remaining));
            m_out.append(data, take);
            m_pos += take;
            m_remaining -= take;
            if (m_remaining == 0) {
                if (m_state == State::BodyLength)
                    endMessage(at);
                else
                    m_state = State::ChunkDataEnd;
            }
            continue;
        }
        if (m_state == State::BodyUntilClose) {
            if (available == 0)
                break;
            m_out.append(data, available);
            m_pos += available;
            continue;
        }
        if (m_state == State::ChunkDataEnd) {
            if (!readChunkEnd())
                break;
            continue;
        }
        if (m_state == State::ChunkSize) {
            if (!readChunkSize())
                break;
            continue;
        }
        if (m_state == State::Trailers) {
            QByteArrayView line;
            if (!readLine(&line))
                break;
            if (line.isEmpty())
                endMessage(at);
            continue;
        }
        break; // Idle, Connecting, Dead
    }
    if (m_client && !m_out.isEmpty()) {
        m_client->bodyReceived(QByteArrayView(m_out), at);
        m_out.resize(0);
    }
}

bool Http1Connection::readChunkEnd()
{
    const qsizetype available = m_in.size() - m_pos;
    const char *const data = m_in.constData() + m_pos;
    if (available == 0)
        return false;
    if (data[0] == '\n') {
        m_pos += 1;
    } else if (data[0] == '\r') {
        if (available < 2)
            return false;
        if (data[1] != '\n') {
            failProtocol();
            return false;
        }
        m_pos += 2;
    } else {
        failProtocol();
        return false;
    }
    m_state = State::ChunkSize;
    return true;
}

bool Http1Connection::readChunkSize()
{
    QByteArrayView line;
    if (!readLine(&line))
        return false;
    // chunk-size [ BWS ";" chunk-ext ] : hexadecimal digits, then anything after ';'.
    qint64 size = 0;
    qsizetype i = 0;
    for (; i < line.size(); ++i) {
        const char c = line[i];
        int digit;
        if (c >= '0' && c <= '9')
            digit = c - '0';
        else if (c >= 'a' && c <= 'f')
            digit = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            digit = c - 'A' + 10;
        else
            break;
        if (i >= 15) {
            i = -1;
            break;
        }
        size = size * 16 + digit;
    }
    bool valid = i > 0;
    if (valid) {
        QByteArrayView rest = line.sliced(i).trimmed();
        valid = rest.isEmpty() || rest.front() == ';';
    }
    if (!valid) {
        failProtocol();
        return false;
    }
    if (size == 0) {
        m_state = State::Trailers;
    } else {
        m_remaining = size;
        m_state = State::ChunkData;
    }
    return true;
}

bool Http1Connection::parseHead(qint64 at)
{
    // A server may send empty lines before the status line.
    while (m_pos < m_in.size() && (m_in[m_pos] == '\r' || m_in[m_pos] == '\n'))
        ++m_pos;
    const qsizetype end = headEnd();
    if (end < 0) {
        if (m_in.size() - m_pos > kMaxHeadBytes)
            failProtocol();
        return false;
    }
    Http1Head head;
    const QByteArrayView block(m_in.constData() + m_pos, end - m_pos);
    m_pos = end;
    if (!readHeadBlock(block, &head)) {
        failProtocol();
        return false;
    }
    // Interim responses (100 Continue, 103 Early Hints): the real one follows.
    if (head.status >= 100 && head.status < 200)
        return true;
    if (!startBody(head)) {
        failProtocol();
        return false;
    }
    m_head = std::move(head);
    m_client->headReceived(m_head, at);
    return true;
}

qsizetype Http1Connection::headEnd() const
{
    const char *const data = m_in.constData();
    const qsizetype size = m_in.size();
    for (qsizetype p = m_pos; p < size;) {
        const void *hit = std::memchr(data + p, '\n', size_t(size - p));
        if (!hit)
            break;
        qsizetype q = static_cast<const char *>(hit) - data + 1;
        if (q < size && data[q] == '\r')
            ++q;
        if (q >= size)
            break;
        if (data[q] == '\n')
            return q + 1;
        p = static_cast<const char *>(hit) - data + 1;
    }
    return -1;
}

bool Http1Connection::readHeadBlock(QByteArrayView block, Http1Head *head)
{
    bool first = true;
    while (!block.isEmpty()) {
        const qsizetype lf = block.indexOf('\n');
        QByteArrayView line = lf < 0 ? block : block.first(lf);
        block = lf < 0 ? QByteArrayView() : block.sliced(lf + 1);
        if (line.endsWith('\r'))
            line.chop(1);
        if (first) {
            first = false;
            // HTTP/1.1 200 OK
            if (!line.startsWith("HTTP/") || line.size() < 12 || line[8] != ' ')
                return false;
            head->version = line.sliced(5, 3).toByteArray();
            const QByteArrayView code = line.sliced(9, 3);
            for (char c : code) {
                if (c < '0' || c > '9')
                    return false;
                head->status = head->status * 10 + (c - '0');
            }
            continue;
        }
        if (line.isEmpty())
            break;
        if ((line.front() == ' ' || line.front() == '\t') && !head->headers.isEmpty()) {
            head->headers.last().second += ' ' + line.trimmed().toByteArray(); // obsolete folding
            continue;
        }
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue; // not a field; ignored
        head->headers.append(std::pair(line.first(colon).trimmed().toByteArray(),
                                       line.sliced(colon + 1).trimmed().toByteArray()));
    }
    return true;
}

bool Http1Connection::startBody(const Http1Head &head)
{
    const QByteArray connection = head.header("connection");
    m_keepAlive = head.version != "1.0" && !hasToken(connection, "close");
    const QByteArray transferEncoding = head.header("transfer-encoding");
    const QByteArray contentLength = head.header("content-length");
    if (m_noBody || head.status == 204 || head.status == 304) {
        m_state = State::Idle;
    } else if (!transferEncoding.isEmpty() && hasToken(transferEncoding, "chunked")) {
        m_state = State::ChunkSize;
    } else if (!contentLength.isEmpty()) {
        bool ok = false;
        const qint64 length = contentLength.trimmed().toLongLong(&ok);
        if (!ok || length < 0)
            return false;
        m_remaining = length;
        m_state = length == 0 ? State::Idle : State::BodyLength;
    } else {
        m_state = State::BodyUntilClose;
        m_keepAlive = false;
    }
    return true;
}

void Http1Connection::endMessage(qint64 at)
{
    if (!m_out.isEmpty()) {
        m_client->bodyReceived(QByteArrayView(m_out), at);
        m_out.resize(0);
        if (!m_client)
            return;
    }
    // Bytes beyond the response were never asked for: the connection cannot be trusted again.
    const bool reusable = m_keepAlive && m_state != State::BodyUntilClose && m_pos == m_in.size();
    m_state = State::Idle;
    m_idleSinceNs = monotonicNs();
    Client *client = std::exchange(m_client, nullptr);
    client->completed(reusable, at);
}

void Http1Connection::failProtocol()
{
    fail(Http1Error::Protocol, tr("invalid HTTP response"));
}

void Http1Connection::fail(Http1Error error, const QString &message)
{
    Client *client = std::exchange(m_client, nullptr);
    const bool started = m_responseStarted;
    becomeDead();
    if (client)
        client->failed(error, message, started);
}

void Http1Connection::onTransportError()
{
    if (m_state == State::Dead)
        return;
    if (!m_client) {
        becomeDead();
        return;
    }
    if (m_tcp->error() == TcpError::Reset) {
        fail(Http1Error::RemoteClosed, m_tcp->errorString());
        return;
    }
    fail(Http1Error::Socket, m_tcp->errorString());
}

void Http1Connection::onClosed()
{
    if (m_state == State::Dead)
        return;
    if (!m_client) {
        becomeDead();
        return;
    }
    if (m_state == State::BodyUntilClose) {
        endMessage(monotonicNs());
        becomeDead();
        return;
    }
    fail(Http1Error::RemoteClosed,
         m_tcp->error() == TcpError::Reset
             ? m_tcp->errorString()
             : tr("the server closed the connection before the response ended"));
}

} // namespace ys
