#pragma once

#include <QThread>
#include <QtGlobal>

namespace ys {

class CalibrationServer;

// A one-shot plain HTTP/1.1 server on a thread of its own that answers one request with
// `events` SSE events, `intervalMs` apart, each carrying the monotonic time it was written
// (chunked, then the connection closes). Self-calibration reads it through the transport it
// measures.
class CalibrationStream {
public:
    CalibrationStream(int events, int intervalMs);
    ~CalibrationStream(); // stops the thread

    CalibrationStream(const CalibrationStream &) = delete;
    CalibrationStream &operator=(const CalibrationStream &) = delete;

    // Listens on loopback and starts serving; false when it could not listen.
    bool start();
    quint16 port() const { return m_port; }

private:
    QThread m_thread;
    CalibrationServer *m_server = nullptr;
    int m_events;
    int m_intervalMs;
    quint16 m_port = 0;
};

} // namespace ys
