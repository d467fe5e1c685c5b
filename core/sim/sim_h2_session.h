#pragma once

#include "sim/sim_link.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <cstdint>
#include <unordered_map>
#include <vector>

class QTcpSocket;
struct nghttp2_session;

namespace ys {

class SimServer;
class SimH2Stream;

// One HTTP/2 connection of SimServer (libnghttp2's server session): TLS with ALPN "h2", or plain
// TCP after a client's prior-knowledge preface. Each request stream is answered by a
// SimConnection of its own through a SimH2Stream link, so every dialect, profile, fault and
// ground-truth record works as over HTTP/1.1; the session frames the responses as HEADERS and
// DATA, ends each stream when its response is whole, and resets it when a fault cuts it off.
// Deletes itself when the client goes away.
class SimH2Session : public QObject {
    Q_OBJECT

public:
    // Takes ownership of socket. `received`: bytes already read from it (the preface).
    SimH2Session(QTcpSocket *socket, SimServer *server, const QByteArray &received = {});
    ~SimH2Session() override;

    // The first bytes an HTTP/2 client with prior knowledge sends.
    static QByteArray clientPreface();

    // For SimH2Stream.
    bool streamOpen(std::int32_t id) const;
    std::int64_t send(std::int32_t id, const SimResponseHead *head, const QByteArray &body);
    void endStream(std::int32_t id);
    void resetStream(std::int32_t id, std::uint32_t errorCode);
    void detach(std::int32_t id); // the stream's link is being deleted

    // Called by libnghttp2 (sim_h2_session.cpp).
    struct Stream {
        QByteArray method;
        QByteArray path;
        QByteArray authority;
        SimHeaders headers;
        QByteArray body;
        qsizetype bodyBytes = 0; // received, also beyond what is kept
        bool requestDone = false;
        QPointer<SimH2Stream> link;
        QByteArray out; // response bytes not yet framed
        qsizetype outOffset = 0;
        bool headSent = false;
        bool ended = false;    // no more response bytes will come
        bool deferred = false; // libnghttp2 waits for more response bytes
    };
    Stream *stream(std::int32_t id);
    void beginStream(std::int32_t id);
    void streamReady(std::int32_t id);
    void streamClosed(std::int32_t id);
    void take(const QByteArray &bytes) { m_wire += bytes; }

private:
    void onReadyRead();
    void onSocketGone();
    void notifyGone();
    void tellClosed();
    void receive(const QByteArray &bytes);
    void afterReceive();
    void resume(Stream &stream, std::int32_t id);
    std::int64_t flush(); // frames what is due and writes it; returns when it was handed over
    QByteArray requestText(const Stream &stream) const;

    QTcpSocket *m_socket;
    QPointer<SimServer> m_server;
    nghttp2_session *m_session = nullptr;
    std::unordered_map<std::int32_t, Stream> m_streams;
    std::vector<std::int32_t> m_ready;           // requests read in full, to hand to a connection
    std::vector<QPointer<SimH2Stream>> m_closed; // links whose stream closed meanwhile
    QByteArray m_wire;                           // framed bytes for the socket
    bool m_receiving = false;
    // The server's first frames (its SETTINGS, and the ACK of the client's) leave once the
    // client's first flight is over (a request arrived whole and none is half-way), or
    // kFirstWordsMs after the connection opened. Across a network they reach the client a round
    // trip after its first flight, never while it is between a request's HEADERS and its DATA;
    // on loopback they would, and Qt 6.4's client then fails the connection ("unexpected
    // SETTINGS ACK"), which it does not against a server across a network.
    bool m_speaking = false;
    bool m_gone = false;
};

// One stream of a SimH2Session, as a SimConnection sees it.
class SimH2Stream : public SimLink {
    Q_OBJECT

public:
    SimH2Stream(SimH2Session *session, std::int32_t id, QByteArray request);
    ~SimH2Stream() override;

    QByteArray readAll() override;
    qint64 bytesAvailable() const override { return m_request.size(); }
    bool isOpen() const override;
    std::int64_t send(const SimResponseHead *head, const QByteArray &body) override;
    void sendContinue() override {} // the whole request has arrived
    void close() override;
    void reset() override;
    void abort() override;
    bool framesMessages() const override { return true; }
    QByteArray httpVersion() const override { return QByteArrayLiteral("2"); }

    void peerGone() { emit gone(); }

private:
    QPointer<SimH2Session> m_session;
    std::int32_t m_id;
    QByteArray m_request; // the request as HTTP/1.1 bytes, until read
};

} // namespace ys
