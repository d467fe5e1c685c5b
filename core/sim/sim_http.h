#pragma once

#include <QByteArray>
#include <QString>
#include <utility>
#include <vector>

namespace ys {

// Header fields in order, as (name, value).
using SimHeaders = std::vector<std::pair<QByteArray, QByteArray>>;

// One HTTP/1.x request as the simulator received it.
struct SimHttpRequest {
    QByteArray method;
    QByteArray path;  // without the query
    QByteArray query; // after '?', without it
    QByteArray version;
    std::vector<std::pair<QByteArray, QByteArray>> headers; // names lower-cased
    QByteArray body;

    QByteArray header(QByteArrayView name) const;
    bool hasHeader(QByteArrayView name) const;
    // The value of name in the query string (no percent-decoding: the simulator's parameters are
    // plain words).
    QByteArray queryItem(QByteArrayView name) const;
};

// Reads HTTP/1.1 and 1.0 requests from a connection's bytes, one after the other (keep-alive).
// Request bodies need a Content-Length; what it cannot parse is refused with a status for the
// connection to answer before it closes.
class SimHttpReader {
public:
    enum class Result {
        NeedMore,        // not a whole request yet
        Request,         // take() returns it
        Refused,         // status() and message() say why; the connection should close
        ExpectsContinue, // a head asked for "100-continue": answer it, then feed again
    };

    // Upper bounds on what a client may send; beyond them the request is refused.
    static constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
    static constexpr qsizetype kMaxBodyBytes = 32 * 1024 * 1024;

    // Consumes from input what it parsed.
    Result feed(QByteArray &input);
    SimHttpRequest take();
    int status() const { return m_status; }
    QString message() const { return m_message; }

private:
    Result refuse(int status, const QString &message);

    bool m_havePending = false;
    bool m_continueSent = false;
    SimHttpRequest m_pending;
    qsizetype m_contentLength = 0;
    int m_status = 0;
    QString m_message;
};

// The reason phrase of a status code the simulator sends.
QByteArray simReasonPhrase(int status);

// Builds a response head: the status line, the given headers in order, and the empty line.
QByteArray simHttpHead(int status, const SimHeaders &headers);

// One chunk of chunked transfer coding; the terminating chunk is simHttpLastChunk().
QByteArray simHttpChunk(QByteArrayView data);
inline QByteArray simHttpLastChunk()
{
    return QByteArrayLiteral("0\r\n\r\n");
}

// Whether a comma-separated header value (e.g. Connection) holds token, ignoring case.
bool simHeaderHasToken(QByteArrayView list, QByteArrayView token);

} // namespace ys
