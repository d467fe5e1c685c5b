#include "sim/sim_http.h"

#include <QList>

// The refusal messages are part of the simulated provider's wire protocol (English, like the real
// APIs), so they are deliberately not translated.

namespace ys {

QByteArray SimHttpRequest::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers) {
        if (key == name)
            return value;
    }
    return {};
}

bool SimHttpRequest::hasHeader(QByteArrayView name) const
{
    for (const auto &header : headers) {
        if (header.first == name)
            return true;
    }
    return false;
}

QByteArray SimHttpRequest::queryItem(QByteArrayView name) const
{
    for (const QByteArray &item : query.split('&')) {
        const qsizetype equals = item.indexOf('=');
        const QByteArray key = equals < 0 ? item : item.left(equals);
        if (key == name)
            return equals < 0 ? QByteArray("") : item.mid(equals + 1);
    }
    return {};
}

SimHttpReader::Result SimHttpReader::refuse(int status, const QString &message)
{
    m_status = status;
    m_message = message;
    m_havePending = false;
    return Result::Refused;
}

SimHttpReader::Result SimHttpReader::feed(QByteArray &input)
{
    if (!m_havePending) {
        // Empty lines before a request line are to be ignored (RFC 9112, section 2.2).
        while (input.startsWith("\r\n"))
            input.remove(0, 2);
        const qsizetype end = input.indexOf("\r\n\r\n");
        if (end < 0 || end > kMaxHeaderBytes) {
            if (end > kMaxHeaderBytes || input.size() > kMaxHeaderBytes)
                return refuse(431, QStringLiteral("Request header fields too large."));
            return Result::NeedMore;
        }
        const QByteArray head = input.left(end);
        input.remove(0, end + 4);

        const QList<QByteArray> lines = head.split('\n');
        const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
        if (requestLine.size() != 3 || requestLine[0].isEmpty() || !requestLine[1].startsWith('/'))
            return refuse(400, QStringLiteral("Malformed HTTP request line."));
        SimHttpRequest request;
        request.method = requestLine[0];
        request.path = requestLine[1];
        request.version = requestLine[2];
        if (request.version != "HTTP/1.1" && request.version != "HTTP/1.0")
            return refuse(505, QStringLiteral("Only HTTP/1.1 and HTTP/1.0 are supported."));
        if (const qsizetype query = request.path.indexOf('?'); query >= 0) {
            request.query = request.path.mid(query + 1);
            request.path.truncate(query);
        }
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray &line = lines[i];
            const qsizetype colon = line.indexOf(':');
            // Obsolete line folding (a line starting with white space) is refused as RFC 9112
            // allows, rather than guessed at.
            if (colon <= 0 || line.startsWith(' ') || line.startsWith('\t'))
                return refuse(400, QStringLiteral("Malformed HTTP header line."));
            request.headers.emplace_back(line.left(colon).trimmed().toLower(),
                                         line.mid(colon + 1).trimmed());
        }

        if (request.hasHeader("transfer-encoding"))
            return refuse(411, QStringLiteral("Chunked request bodies are not supported; send a "
                                              "Content-Length header."));
        m_contentLength = 0;
        bool haveLength = false;
        for (const auto &[name, value] : request.headers) {
            if (name != "content-length")
                continue;
            bool ok = !value.isEmpty();
            for (const char c : value)
                ok = ok && c >= '0' && c <= '9';
            const qsizetype length = ok && value.size() <= 12 ? value.toLongLong(&ok) : -1;
            if (!ok || length < 0 || (haveLength && length != m_contentLength))
                return refuse(400, QStringLiteral("Invalid Content-Length header."));
            m_contentLength = length;
            haveLength = true;
        }
        if (m_contentLength > kMaxBodyBytes)
            return refuse(413, QStringLiteral("Request body too large: %1 bytes, the limit is %2.")
                                   .arg(m_contentLength)
                                   .arg(kMaxBodyBytes));
        m_pending = std::move(request);
        m_havePending = true;
        m_continueSent = false;
    }
    if (input.size() < m_contentLength) {
        if (!m_continueSent && m_pending.version == "HTTP/1.1" &&
            m_pending.header("expect").toLower() == "100-continue") {
            m_continueSent = true;
            return Result::ExpectsContinue;
        }
        return Result::NeedMore;
    }
    m_pending.body = input.left(m_contentLength);
    input.remove(0, m_contentLength);
    return Result::Request;
}

SimHttpRequest SimHttpReader::take()
{
    m_havePending = false;
    SimHttpRequest request = std::move(m_pending);
    m_pending = SimHttpRequest();
    return request;
}

QByteArray simReasonPhrase(int status)
{
    switch (status) {
    case 100:
        return QByteArrayLiteral("Continue");
    case 200:
        return QByteArrayLiteral("OK");
    case 400:
        return QByteArrayLiteral("Bad Request");
    case 401:
        return QByteArrayLiteral("Unauthorized");
    case 403:
        return QByteArrayLiteral("Forbidden");
    case 404:
        return QByteArrayLiteral("Not Found");
    case 405:
        return QByteArrayLiteral("Method Not Allowed");
    case 411:
        return QByteArrayLiteral("Length Required");
    case 413:
        return QByteArrayLiteral("Content Too Large");
    case 429:
        return QByteArrayLiteral("Too Many Requests");
    case 431:
        return QByteArrayLiteral("Request Header Fields Too Large");
    case 500:
        return QByteArrayLiteral("Internal Server Error");
    case 503:
        return QByteArrayLiteral("Service Unavailable");
    case 505:
        return QByteArrayLiteral("HTTP Version Not Supported");
    case 529:
        return QByteArrayLiteral("Site Overloaded");
    default:
        return QByteArrayLiteral("Unknown");
    }
}

QByteArray simHttpHead(int status, const SimHeaders &headers)
{
    QByteArray head = QByteArrayLiteral("HTTP/1.1 ") + QByteArray::number(status) + ' ' +
                      simReasonPhrase(status) + "\r\n";
    for (const auto &[name, value] : headers)
        head += name + ": " + value + "\r\n";
    head += "\r\n";
    return head;
}

QByteArray simHttpChunk(QByteArrayView data)
{
    QByteArray chunk;
    chunk.reserve(data.size() + 12);
    chunk += QByteArray::number(data.size(), 16);
    chunk += "\r\n";
    chunk += data;
    chunk += "\r\n";
    return chunk;
}

bool simHeaderHasToken(QByteArrayView list, QByteArrayView token)
{
    for (const QByteArray &item : list.toByteArray().split(',')) {
        if (item.trimmed().toLower() == token)
            return true;
    }
    return false;
}

} // namespace ys
