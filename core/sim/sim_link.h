#pragma once

#include "sim/sim_http.h"

#include <QByteArray>
#include <QObject>
#include <cstdint>

namespace ys {

// A response's status and headers, before the wire gives them their form (an HTTP/1.1 status
// line and header block, or an HTTP/2 HEADERS frame).
struct SimResponseHead {
    int status = 0;
    SimHeaders headers; // in order, names as the simulator writes them
};

// What one SimConnection talks through: a whole HTTP/1.1 connection (SimTcpLink), or one stream
// of an HTTP/2 connection (SimH2Stream). Requests arrive as HTTP/1.1 bytes either way; the
// response goes out as a head and body bytes that the link frames for its wire.
class SimLink : public QObject {
    Q_OBJECT

public:
    using QObject::QObject;

    virtual QByteArray readAll() = 0;
    virtual qint64 bytesAvailable() const = 0;
    // Whether bytes can still be sent.
    virtual bool isOpen() const = 0;
    // Sends the head (when given) and then body; returns monotonicNs() when the bytes were handed
    // to the kernel, or 0 when they could not be sent.
    virtual std::int64_t send(const SimResponseHead *head, const QByteArray &body) = 0;
    // "100 Continue" before the request body.
    virtual void sendContinue() = 0;
    // Nothing more will be sent: the connection (HTTP/1.1) or the stream (HTTP/2) ends after
    // what is queued.
    virtual void close() = 0;
    // Cuts the response off as a failing server does: a TCP reset, or RST_STREAM.
    virtual void reset() = 0;
    // Drops the link at once, without a goodbye.
    virtual void abort() = 0;
    // Whether the wire delimits each response itself (HTTP/2 ends a stream): the connection
    // then answers one request, without chunked coding and without keep-alive.
    virtual bool framesMessages() const = 0;
    // "1.1" or "2", as SimRequestRecord::httpVersion holds it.
    virtual QByteArray httpVersion() const = 0;

signals:
    void readyRead();
    void gone(); // the peer went away or the link failed; nothing more can be sent
};

} // namespace ys
