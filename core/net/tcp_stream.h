#pragma once

#include "net/fd_watch.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QString>

class QHostInfo;

namespace ys {

// How a TCP connection failed.
enum class TcpError {
    None,
    ConnectionRefused,
    HostNotFound,
    Reset, // the peer reset the connection
    Other,
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

    protected:
        ~Handler() = default;
    };

    TcpStream(Handler *handler, QObject *parent = nullptr);
    ~TcpStream() override;

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
    // True when the server sent something or closed while nothing was asked of it.
    bool hasUnexpectedInput() const;
    void close();

    TcpError error() const { return m_error; }
    QString errorString() const { return m_errorString; }

private:
    enum class State { Unconnected, Resolving, Connecting, Connected, Closed };

    void fdReadable(bool closing) override;
    void fdWritable() override;
    void onLookedUp(const QHostInfo &info);
    void tryNextAddress();
    void onConnectFinished();
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
    TcpError m_error = TcpError::None;
    bool m_peerClosing = false;
    QString m_errorString;
};

} // namespace ys
