#pragma once

#include "sim/sim_link.h"

class QTcpSocket;

namespace ys {

// A whole HTTP/1.1 connection, over plain TCP or TLS: the head goes out as a status line and
// header block with the first body bytes after it, in one write.
class SimTcpLink : public SimLink {
    Q_OBJECT

public:
    // Takes ownership of socket.
    explicit SimTcpLink(QTcpSocket *socket, QObject *parent = nullptr);

    QByteArray readAll() override;
    qint64 bytesAvailable() const override;
    bool isOpen() const override;
    std::int64_t send(const SimResponseHead *head, const QByteArray &body) override;
    void sendContinue() override;
    void close() override;
    void reset() override;
    void abort() override;
    bool framesMessages() const override { return false; }
    QByteArray httpVersion() const override { return QByteArrayLiteral("1.1"); }

    // Hands the socket over (to an HTTP/2 session, for a client that spoke HTTP/2 with prior
    // knowledge); the link is left without one.
    QTcpSocket *takeSocket();

private:
    QTcpSocket *m_socket;
    bool m_direct = false; // plain TCP: writes may bypass Qt's buffer (see send())
};

} // namespace ys
