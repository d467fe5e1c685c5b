#include "sim/sim_connection.h"

#include "util/monotonic_clock.h"

// Writing a response: the head, the events in their framing (SSE, or a JSON array for Gemini
// without alt=sse), chunked or not, and the faults that pace the bytes.

namespace ys {

namespace {

// Fault parameters when the profile or the request gives none.
constexpr std::int64_t kByteIntervalUs = 100;
constexpr std::int64_t kSplitIntervalMs = 2;

// Where a split_utf8_crlf write is cut: after every lead byte of a multi-byte UTF-8 character
// and after every CR that a LF follows.
std::vector<QByteArray> splitAwkwardly(const QByteArray &bytes)
{
    std::vector<QByteArray> parts;
    qsizetype start = 0;
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        const bool crlf = c == '\r' && i + 1 < bytes.size() && bytes[i + 1] == '\n';
        if (crlf || (c & 0xC0) == 0xC0) {
            parts.push_back(bytes.mid(start, i + 1 - start));
            start = i + 1;
        }
    }
    if (start < bytes.size())
        parts.push_back(bytes.mid(start));
    return parts;
}

} // namespace

std::vector<QByteArray> SimConnection::sseUnits(const std::vector<SimSse> &events)
{
    std::vector<QByteArray> units;
    units.reserve(events.size());
    for (const SimSse &event : events)
        units.push_back(sse(event));
    return units;
}

void SimConnection::writeEvents(const std::vector<SimSse> &events, const QByteArray &prefix)
{
    std::vector<QByteArray> units = sseUnits(events);
    if (!prefix.isEmpty())
        units.insert(units.begin(), prefix);
    writeBody(units);
}

QByteArray SimConnection::sse(const SimSse &event)
{
    if (m_jsonArray)
        return (m_arrayItems++ == 0 ? QByteArrayLiteral("[") : QByteArrayLiteral(",\r\n")) +
               event.data;
    static const QByteArray kEndings[] = {"\r\n", "\n", "\r"};
    const QByteArray end =
        m_faults.has(SimFault::SplitUtf8Crlf) ? kEndings[m_lineEnding++ % 3] : QByteArray("\n");
    // Pseudo-events for comments and lone fields: ":" is a comment, "retry" and "id" a block
    // holding only that field.
    if (event.event == ":")
        return ": " + event.data + end + end;
    if (event.event == "retry")
        return "retry: 3000" + end + end;
    if (event.event == "id")
        return "id: 7" + end + end;
    QByteArray out;
    out.reserve(event.data.size() + event.event.size() + 20);
    if (!event.event.isEmpty())
        out += "event: " + event.event + end;
    if (m_faults.has(SimFault::MultilineData) && event.data.startsWith('{') &&
        event.data.size() > 2) {
        // The parser joins the lines with LF, which JSON reads as white space between tokens.
        out += "data:{" + end + "data: " + event.data.mid(1, event.data.size() - 2) + end +
               "data: }" + end;
    } else {
        out += "data: " + event.data + end;
    }
    out += end;
    return out;
}

void SimConnection::setHead(int status, const QByteArray &contentType, qsizetype contentLength,
                            const SimHeaders &extra)
{
    SimHeaders headers;
    headers.reserve(extra.size() + 6);
    headers.emplace_back(QByteArrayLiteral("Content-Type"), contentType);
    if (contentLength >= 0)
        headers.emplace_back(QByteArrayLiteral("Content-Length"),
                             QByteArray::number(contentLength));
    else if (m_chunked)
        headers.emplace_back(QByteArrayLiteral("Transfer-Encoding"), QByteArrayLiteral("chunked"));
    if (contentLength < 0)
        headers.emplace_back(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-cache"));
    bool haveId = false;
    for (const auto &header : extra)
        haveId = haveId || header.first == "x-request-id";
    if (!haveId)
        headers.emplace_back(QByteArrayLiteral("x-request-id"), m_record.requestId);
    for (const auto &header : extra)
        headers.push_back(header);
    headers.emplace_back(QByteArrayLiteral("Connection"), m_keepAlive
                                                              ? QByteArrayLiteral("keep-alive")
                                                              : QByteArrayLiteral("close"));
    m_bodyChunked = contentLength < 0 && m_chunked;
    m_head = SimResponseHead{status, std::move(headers)};
}

bool SimConnection::pacing() const
{
    return m_faults.has(SimFault::BytePerWrite) || m_faults.has(SimFault::SplitUtf8Crlf);
}

void SimConnection::writeBody(const std::vector<QByteArray> &units)
{
    if (!pacing() && m_paced.empty()) {
        // Each event is a chunk of its own, and all of them leave in one write.
        QByteArray out;
        for (const QByteArray &unit : units) {
            if (!unit.isEmpty())
                out += m_bodyChunked ? simHttpChunk(unit) : unit;
        }
        if (!out.isEmpty())
            writeOut(out);
        return;
    }
    QByteArray bytes;
    for (const QByteArray &unit : units)
        bytes += unit;
    if (bytes.isEmpty())
        return;
    // The headers leave at once; only the body is paced.
    if (m_head)
        writeOut({});
    if (m_state != State::Responding)
        return;
    if (m_faults.has(SimFault::BytePerWrite)) {
        for (qsizetype i = 0; i < bytes.size(); ++i) {
            const QByteArray byte = bytes.mid(i, 1);
            m_paced.push_back(m_bodyChunked ? simHttpChunk(byte) : byte);
        }
    } else {
        for (const QByteArray &part : splitAwkwardly(bytes))
            m_paced.push_back(m_bodyChunked ? simHttpChunk(part) : part);
    }
    if (m_due != Due::Pace && monotonicNs() >= m_nextPieceNs)
        writePiece();
}

void SimConnection::writeLastUnits(const std::vector<QByteArray> &units)
{
    writeBody(units);
    if (m_state != State::Responding)
        return;
    endBody();
}

void SimConnection::endBody()
{
    if (m_bodyChunked) {
        if (m_paced.empty())
            writeOut(simHttpLastChunk());
        else
            m_paced.push_back(simHttpLastChunk());
    }
    if (m_state != State::Responding)
        return;
    if (m_paced.empty()) {
        completeRequest();
        return;
    }
    m_completeWhenDrained = true;
    scheduleNext();
}

void SimConnection::writePiece()
{
    if (m_state != State::Responding || m_paced.empty())
        return;
    const QByteArray piece = m_paced.front();
    m_paced.pop_front();
    writeOut(piece);
    if (m_state != State::Responding)
        return;
    const std::int64_t interval =
        m_faults.has(SimFault::BytePerWrite)
            ? m_faults.param(SimFault::BytePerWrite, kByteIntervalUs) * 1000
            : m_faults.param(SimFault::SplitUtf8Crlf, kSplitIntervalMs) * 1'000'000;
    m_nextPieceNs = monotonicNs() + interval;
    if (m_paced.empty() && m_completeWhenDrained) {
        m_completeWhenDrained = false;
        completeRequest();
        return;
    }
    scheduleNext();
}

void SimConnection::writeOut(const QByteArray &bytes)
{
    if (m_state != State::Responding || !m_link->isOpen())
        return;
    // Response headers travel with the first bytes after them, in one write.
    const std::optional<SimResponseHead> head = std::move(m_head);
    m_head.reset();
    if (!head && bytes.isEmpty())
        return;
    if (head)
        m_record.headersWrittenNs = monotonicNs();
    if (const std::int64_t handedNs = m_link->send(head ? &*head : nullptr, bytes))
        m_record.lastByteNs = handedNs;
}

} // namespace ys
