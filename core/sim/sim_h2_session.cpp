#include "sim/sim_h2_session.h"

#include "sim/sim_server.h"
#include "util/monotonic_clock.h"

#include <QTcpSocket>
#include <QTimer>
#include <algorithm>
#include <cstring>
#include <nghttp2/nghttp2.h>

namespace ys {

namespace {

// Clients may open many streams at once (a benchmark's whole concurrency on one connection), and
// prompts of a 200K context are megabytes: neither should wait for the server's permission.
constexpr std::uint32_t kMaxConcurrentStreams = 256;
constexpr std::int32_t kWindowBytes = 1 << 24;
// The longest the server's first frames wait for the client's first flight (see
// SimH2Session::m_speaking).
constexpr int kFirstWordsMs = 20;

// Hop-by-hop fields have no place in HTTP/2 (RFC 9113, 8.2.2).
bool connectionSpecific(const QByteArray &name)
{
    return name == "connection" || name == "keep-alive" || name == "transfer-encoding" ||
           name == "proxy-connection" || name == "upgrade";
}

SimH2Session *sessionOf(void *user)
{
    return static_cast<SimH2Session *>(user);
}

ssize_t onSend(nghttp2_session *, const std::uint8_t *data, std::size_t length, int, void *user)
{
    sessionOf(user)->take(QByteArray(reinterpret_cast<const char *>(data), qsizetype(length)));
    return ssize_t(length);
}

int onBeginHeaders(nghttp2_session *, const nghttp2_frame *frame, void *user)
{
    if (frame->hd.type == NGHTTP2_HEADERS && frame->headers.cat == NGHTTP2_HCAT_REQUEST)
        sessionOf(user)->beginStream(frame->hd.stream_id);
    return 0;
}

int onHeader(nghttp2_session *, const nghttp2_frame *frame, const std::uint8_t *name,
             std::size_t nameLength, const std::uint8_t *value, std::size_t valueLength,
             std::uint8_t, void *user)
{
    SimH2Session::Stream *stream = sessionOf(user)->stream(frame->hd.stream_id);
    if (!stream || stream->requestDone)
        return 0;
    const QByteArray key(reinterpret_cast<const char *>(name), qsizetype(nameLength));
    QByteArray text(reinterpret_cast<const char *>(value), qsizetype(valueLength));
    if (key == ":method")
        stream->method = std::move(text);
    else if (key == ":path")
        stream->path = std::move(text);
    else if (key == ":authority")
        stream->authority = std::move(text);
    else if (!key.startsWith(':'))
        stream->headers.emplace_back(key, std::move(text));
    return 0;
}

int onDataChunk(nghttp2_session *, std::uint8_t, std::int32_t id, const std::uint8_t *data,
                std::size_t length, void *user)
{
    SimH2Session::Stream *stream = sessionOf(user)->stream(id);
    if (!stream)
        return 0;
    stream->bodyBytes += qsizetype(length);
    // Beyond the limit the request is refused for its length; its bytes need not be kept.
    if (stream->bodyBytes <= SimHttpReader::kMaxBodyBytes)
        stream->body.append(reinterpret_cast<const char *>(data), qsizetype(length));
    return 0;
}

int onFrame(nghttp2_session *, const nghttp2_frame *frame, void *user)
{
    const bool request = frame->hd.type == NGHTTP2_HEADERS || frame->hd.type == NGHTTP2_DATA;
    if (request && (frame->hd.flags & NGHTTP2_FLAG_END_STREAM))
        sessionOf(user)->streamReady(frame->hd.stream_id);
    return 0;
}

int onStreamClose(nghttp2_session *, std::int32_t id, std::uint32_t, void *user)
{
    sessionOf(user)->streamClosed(id);
    return 0;
}

// Hands libnghttp2 the response bytes of a stream as they come; with none yet it waits.
ssize_t readBody(nghttp2_session *, std::int32_t id, std::uint8_t *buffer, std::size_t length,
                 std::uint32_t *flags, nghttp2_data_source *, void *user)
{
    SimH2Session::Stream *stream = sessionOf(user)->stream(id);
    if (!stream)
        return NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE;
    const qsizetype left = stream->out.size() - stream->outOffset;
    const auto n = std::min<qsizetype>(left, qsizetype(length));
    std::memcpy(buffer, stream->out.constData() + stream->outOffset, std::size_t(n));
    stream->outOffset += n;
    if (stream->outOffset == stream->out.size()) {
        stream->out.clear();
        stream->outOffset = 0;
        if (stream->ended) {
            *flags |= NGHTTP2_DATA_FLAG_EOF;
        } else if (n == 0) {
            stream->deferred = true;
            return NGHTTP2_ERR_DEFERRED;
        }
    }
    return ssize_t(n);
}

} // namespace

QByteArray SimH2Session::clientPreface()
{
    return QByteArray(NGHTTP2_CLIENT_MAGIC, NGHTTP2_CLIENT_MAGIC_LEN);
}

SimH2Session::SimH2Session(QTcpSocket *socket, SimServer *server, const QByteArray &received)
    : QObject(server)
    , m_socket(socket)
    , m_server(server)
{
    m_socket->setParent(this);
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    nghttp2_session_callbacks *callbacks = nullptr;
    nghttp2_session_callbacks_new(&callbacks);
    nghttp2_session_callbacks_set_send_callback(callbacks, onSend);
    nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks, onBeginHeaders);
    nghttp2_session_callbacks_set_on_header_callback(callbacks, onHeader);
    nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks, onDataChunk);
    nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks, onFrame);
    nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, onStreamClose);
    nghttp2_session_server_new(&m_session, callbacks, this);
    nghttp2_session_callbacks_del(callbacks);

    const nghttp2_settings_entry settings[] = {
        {NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, kMaxConcurrentStreams},
        {NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE, std::uint32_t(kWindowBytes)}};
    nghttp2_submit_settings(m_session, NGHTTP2_FLAG_NONE, settings, std::size(settings));
    nghttp2_session_set_local_window_size(m_session, NGHTTP2_FLAG_NONE, 0, kWindowBytes);
    QTimer::singleShot(kFirstWordsMs, this, [this] {
        m_speaking = true;
        flush();
    });

    connect(m_socket, &QTcpSocket::readyRead, this, &SimH2Session::onReadyRead);
    connect(m_socket, &QTcpSocket::disconnected, this, &SimH2Session::onSocketGone);
    connect(m_socket, &QTcpSocket::errorOccurred, this, &SimH2Session::onSocketGone);
    if (!received.isEmpty())
        receive(received);
    // A TLS socket arrives after its handshake, and the preface may have come with it.
    if (m_socket->bytesAvailable() > 0)
        QMetaObject::invokeMethod(this, &SimH2Session::onReadyRead, Qt::QueuedConnection);
}

SimH2Session::~SimH2Session()
{
    // A server shutting down: what is left of the streams' connections learns it is over.
    if (!m_gone) {
        m_gone = true;
        notifyGone();
    }
    nghttp2_session_del(m_session);
}

SimH2Session::Stream *SimH2Session::stream(std::int32_t id)
{
    const auto it = m_streams.find(id);
    return it == m_streams.end() ? nullptr : &it->second;
}

bool SimH2Session::streamOpen(std::int32_t id) const
{
    return !m_gone && m_streams.count(id) > 0;
}

void SimH2Session::beginStream(std::int32_t id)
{
    m_streams[id] = Stream();
}

void SimH2Session::streamReady(std::int32_t id)
{
    if (Stream *s = stream(id); s && !s->requestDone) {
        s->requestDone = true;
        m_ready.push_back(id);
    }
}

void SimH2Session::streamClosed(std::int32_t id)
{
    const auto it = m_streams.find(id);
    if (it == m_streams.end())
        return;
    if (it->second.link)
        m_closed.push_back(it->second.link);
    m_streams.erase(it);
}

void SimH2Session::onReadyRead()
{
    if (!m_gone)
        receive(m_socket->readAll());
}

void SimH2Session::receive(const QByteArray &bytes)
{
    m_receiving = true;
    const ssize_t used = nghttp2_session_mem_recv(
        m_session, reinterpret_cast<const std::uint8_t *>(bytes.constData()),
        std::size_t(bytes.size()));
    m_receiving = false;
    if (used < 0) {
        // Not HTTP/2, or broken framing: libnghttp2 has queued its GOAWAY.
        flush();
        onSocketGone();
        return;
    }
    afterReceive();
}

// Links are made and told of closed streams outside libnghttp2's callbacks, which must not
// re-enter the session.
void SimH2Session::afterReceive()
{
    // The client's first flight is over when a request came whole and none is half-way.
    if (!m_speaking && !m_ready.empty())
        m_speaking = std::none_of(m_streams.begin(), m_streams.end(),
                                  [](const auto &entry) { return !entry.second.requestDone; });
    const std::vector<std::int32_t> ready = std::exchange(m_ready, {});
    for (const std::int32_t id : ready) {
        Stream *s = stream(id);
        if (!s || !m_server)
            continue;
        auto *link = new SimH2Stream(this, id, requestText(*s));
        s->body.clear();
        s->link = link;
        m_server->adoptLink(link);
    }
    tellClosed();
    flush();
}

// Each link whose stream closed meanwhile learns that its peer is gone.
void SimH2Session::tellClosed()
{
    const std::vector<QPointer<SimH2Stream>> closed = std::exchange(m_closed, {});
    for (const QPointer<SimH2Stream> &link : closed) {
        if (link)
            link->peerGone();
    }
}

// The request as the HTTP/1.1 bytes a SimConnection reads: the authority becomes Host, the
// length of the body received becomes Content-Length.
QByteArray SimH2Session::requestText(const Stream &stream) const
{
    QByteArray text = stream.method + ' ' + stream.path + " HTTP/1.1\r\n";
    if (!stream.authority.isEmpty())
        text += "host: " + stream.authority + "\r\n";
    for (const auto &[name, value] : stream.headers) {
        if (name == "content-length" || name == "host" || name == "expect" ||
            connectionSpecific(name))
            continue;
        text += name + ": " + value + "\r\n";
    }
    text += "content-length: " + QByteArray::number(stream.bodyBytes) + "\r\n\r\n";
    text += stream.body;
    return text;
}

std::int64_t SimH2Session::send(std::int32_t id, const SimResponseHead *head,
                                const QByteArray &body)
{
    Stream *s = stream(id);
    if (!s || m_gone)
        return 0;
    s->out += body;
    if (head && !s->headSent) {
        std::vector<QByteArray> owned; // the names in lower case, kept while submitting
        owned.reserve(head->headers.size() + 1);
        owned.push_back(QByteArray::number(head->status));
        std::vector<nghttp2_nv> fields;
        const auto add = [&fields](const char *name, std::size_t nameLength, const QByteArray &v) {
            fields.push_back({reinterpret_cast<std::uint8_t *>(const_cast<char *>(name)),
                              reinterpret_cast<std::uint8_t *>(const_cast<char *>(v.constData())),
                              nameLength, std::size_t(v.size()), NGHTTP2_NV_FLAG_NONE});
        };
        add(":status", 7, owned.back());
        for (const auto &[name, value] : head->headers) {
            owned.push_back(name.toLower());
            if (connectionSpecific(owned.back()))
                continue;
            add(owned.back().constData(), std::size_t(owned.back().size()), value);
        }
        nghttp2_data_provider provider{};
        provider.read_callback = readBody;
        nghttp2_submit_response(m_session, id, fields.data(), fields.size(), &provider);
        s->headSent = true;
    } else {
        resume(*s, id);
    }
    return flush();
}

// libnghttp2 waits for more of a stream's response (readBody() deferred it): there is more now.
void SimH2Session::resume(Stream &stream, std::int32_t id)
{
    if (stream.deferred) {
        stream.deferred = false;
        nghttp2_session_resume_data(m_session, id);
    }
}

void SimH2Session::endStream(std::int32_t id)
{
    Stream *s = stream(id);
    if (!s || m_gone || s->ended)
        return;
    s->ended = true;
    if (!s->headSent) {
        // Ended without a response: nothing a client could read.
        nghttp2_submit_rst_stream(m_session, NGHTTP2_FLAG_NONE, id, NGHTTP2_INTERNAL_ERROR);
    } else {
        resume(*s, id);
    }
    flush();
}

void SimH2Session::resetStream(std::int32_t id, std::uint32_t errorCode)
{
    if (!stream(id) || m_gone)
        return;
    nghttp2_submit_rst_stream(m_session, NGHTTP2_FLAG_NONE, id, errorCode);
    flush();
}

void SimH2Session::detach(std::int32_t id)
{
    Stream *s = stream(id);
    if (!s)
        return;
    s->link = nullptr;
    // A connection that goes before its response ended takes the stream with it.
    if (!s->ended)
        resetStream(id, NGHTTP2_CANCEL);
}

std::int64_t SimH2Session::flush()
{
    if (m_gone || m_receiving || !m_speaking)
        return 0;
    if (nghttp2_session_send(m_session) != 0) {
        onSocketGone();
        return 0;
    }
    std::int64_t handedNs = monotonicNs();
    if (!m_wire.isEmpty()) {
        m_socket->write(m_wire);
        m_socket->flush();
        m_wire.clear();
        handedNs = monotonicNs();
    }
    // Both sides said goodbye (GOAWAY) and nothing is left to send.
    if (!nghttp2_session_want_read(m_session) && !nghttp2_session_want_write(m_session))
        m_socket->disconnectFromHost();
    return handedNs;
}

void SimH2Session::onSocketGone()
{
    if (m_gone)
        return;
    m_gone = true;
    notifyGone();
    if (m_socket->state() != QAbstractSocket::UnconnectedState)
        m_socket->abort();
    deleteLater();
}

// Every stream's link learns that its peer is gone.
void SimH2Session::notifyGone()
{
    for (auto &[id, stream] : m_streams) {
        if (stream.link)
            m_closed.push_back(stream.link);
    }
    m_streams.clear();
    tellClosed();
}

SimH2Stream::SimH2Stream(SimH2Session *session, std::int32_t id, QByteArray request)
    : m_session(session)
    , m_id(id)
    , m_request(std::move(request))
{
}

SimH2Stream::~SimH2Stream()
{
    if (m_session)
        m_session->detach(m_id);
}

QByteArray SimH2Stream::readAll()
{
    return std::exchange(m_request, {});
}

bool SimH2Stream::isOpen() const
{
    return m_session && m_session->streamOpen(m_id);
}

std::int64_t SimH2Stream::send(const SimResponseHead *head, const QByteArray &body)
{
    return m_session ? m_session->send(m_id, head, body) : 0;
}

void SimH2Stream::close()
{
    if (m_session)
        m_session->endStream(m_id);
}

void SimH2Stream::reset()
{
    if (m_session)
        m_session->resetStream(m_id, NGHTTP2_INTERNAL_ERROR);
}

void SimH2Stream::abort()
{
    if (m_session)
        m_session->resetStream(m_id, NGHTTP2_CANCEL);
}

} // namespace ys
