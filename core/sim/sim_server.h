#pragma once

#include "sim/sim_profile.h"

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>
#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

class QTcpServer;

namespace ys {

class SimConnection;

// Server-side ground truth of one accepted chat request, so tests can check what a client
// measured against what the simulator actually did. Times are ys::monotonicNs() values.
struct SimRequestRecord {
    QByteArray requestId;
    QString model;
    std::uint64_t requestNumber = 0;
    bool stream = false;
    int promptTokens = 0;
    int completionTokens = 0;
    bool truncated = false;
    std::int64_t acceptedNs = 0;        // request fully read and validated
    std::int64_t generationStartNs = 0; // a capacity slot was granted (0: never)
    std::int64_t firstContentNs = 0;    // first content event written (0: never)
    std::int64_t endNs = 0;             // response finished or client gone
    bool completed = false;             // false: the client went away first
};

// The provider simulator: an HTTP/1.1 server on loopback that answers the OpenAI Chat
// Completions API with timing drawn from SimProfile figures. It lives in one thread (the one it
// was created in, or SimHost's); records() may be called from any thread.
class SimServer : public QObject {
    Q_OBJECT

public:
    explicit SimServer(std::vector<SimProfile> profiles, QObject *parent = nullptr);
    ~SimServer() override;

    bool listen(const QHostAddress &address, quint16 port, QString *error); // port 0 = any
    void close(); // stops accepting connections; open ones are served to the end
    quint16 port() const;
    QUrl baseUrl() const; // http://127.0.0.1:PORT/v1

    const std::vector<SimProfile> &profiles() const { return m_profiles; }

    // The most recent requests (at most kMaxRecords), oldest first.
    std::vector<SimRequestRecord> records() const;
    static constexpr std::size_t kMaxRecords = 10000;

private:
    friend class SimConnection;

    struct ProfileState {
        std::uint64_t requests = 0;
        int active = 0;
        std::deque<QPointer<SimConnection>> waiting;
    };

    void onNewConnection();

    // For SimConnection.
    int profileIndex(const QString &model) const;
    std::uint64_t nextRequestNumber(int profile);
    bool acquireSlot(int profile, SimConnection *connection);
    void releaseSlot(int profile, SimConnection *connection, bool holding);
    void addRecord(SimRequestRecord record);
    QByteArray newRequestId();

    std::vector<SimProfile> m_profiles;
    std::vector<ProfileState> m_state;
    QTcpServer *m_tcp = nullptr;
    std::uint64_t m_idCounter = 0;
    bool m_shuttingDown = false;

    mutable std::mutex m_recordsMutex;
    std::deque<SimRequestRecord> m_records;
};

} // namespace ys
