#pragma once

#include "sim/sim_ground_truth.h"
#include "sim/sim_prefix_cache.h"
#include "sim/sim_profile.h"
#include "sim/sim_rate_limiter.h"
#include "sim/sim_tls.h"

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <vector>

class QTcpServer;
class QTcpSocket;

namespace ys {

class SimConnection;
class SimLink;
class SimScheduler;

// The provider simulator: an HTTP/1.1 server (HTTPS after enableTls(), HTTP/2 too after
// enableHttp2()) on loopback that answers
// every dialect's generation endpoint with timing drawn from SimProfile figures, injects the
// faults a profile or a request asks for, and keeps the ground truth of every request. It lives
// in one thread (the one it was created in, or SimHost's); records(), record() and
// certificatePem() may be called from any thread.
class SimServer : public QObject {
    Q_OBJECT

public:
    explicit SimServer(std::vector<SimProfile> profiles, QObject *parent = nullptr);
    ~SimServer() override;

    // Makes a self-signed certificate and serves HTTPS from the next listen() on. The certificate
    // names 127.0.0.1 and localhost, and `address` too when given (the one listen() will use).
    bool enableTls(QString *error, const QHostAddress &address = {});
    // HTTPS with this identity instead (a certificate from files, client certificates).
    void enableTls(SimTlsIdentity identity);
    bool isTls() const { return m_tls.has_value(); }
    // Speaks HTTP/2 too: offered by ALPN ("h2" before "http/1.1") over TLS, and with prior
    // knowledge over plain TCP. Takes effect from the next listen() on.
    void enableHttp2() { m_http2 = true; }
    bool speaksHttp2() const { return m_http2; }
    QByteArray certificatePem() const; // empty without TLS

    // Appends one JSON line per finished request to path (empty: stop).
    bool setLogFile(const QString &path, QString *error);

    bool listen(const QHostAddress &address, quint16 port, QString *error); // port 0 = any
    void close(); // stops accepting connections; open ones are served to the end
    quint16 port() const;
    QUrl baseUrl() const; // http(s)://127.0.0.1:PORT/v1

    const std::vector<SimProfile> &profiles() const { return m_profiles; }

    // The most recent requests (at most kMaxRecords), oldest first.
    std::vector<SimRequestRecord> records() const;
    std::optional<SimRequestRecord> record(const QByteArray &requestId) const;
    static constexpr std::size_t kMaxRecords = SimGroundTruth::kMaxRecords;

    // Connections being served; each HTTP/2 stream counts as one.
    int openConnections() const { return m_connections; }

    // Every answer to GET /metrics so far (at most SimGroundTruth::kMaxScrapes), oldest first.
    std::vector<SimScrapeRecord> scrapes() const;
    // The text of GET /metrics, as vLLM names its figures, from the scheduler's state now;
    // recorded as a scrape.
    QByteArray metricsExposition();

private:
    friend class SimConnection;
    friend class SimH2Session;

    struct ProfileState {
        std::uint64_t requests = 0;
        std::uint64_t finished = 0; // slots released (the request's generation ended)
        int active = 0;
        std::deque<QPointer<SimConnection>> waiting;
        SimRateLimiter limiter;
        std::optional<SimPrefixCache> cache;
    };

    void onNewConnection();
    // A connection (or HTTP/2 stream) to serve through link.
    void adoptLink(SimLink *link);
    // An HTTP/2 connection on socket, `received` its first bytes.
    void startHttp2(QTcpSocket *socket, const QByteArray &received);

    // For SimConnection.
    SimScheduler *scheduler() const { return m_scheduler; }
    int profileIndex(const QString &model) const;
    ProfileState &state(int profile) { return m_state[std::size_t(profile)]; }
    std::uint64_t nextRequestNumber(int profile);
    bool acquireSlot(int profile, SimConnection *connection);
    void releaseSlot(int profile, SimConnection *connection, bool holding);
    void addRecord(SimRequestRecord record);
    QByteArray newRequestId();
    void connectionGone() { --m_connections; }

    std::vector<SimProfile> m_profiles;
    std::vector<ProfileState> m_state;
    SimScheduler *m_scheduler;
    QTcpServer *m_tcp = nullptr;
    std::optional<SimTlsIdentity> m_tls;
    bool m_http2 = false;
    mutable std::mutex m_certMutex;
    QByteArray m_certificatePem; // a copy for other threads
    std::uint64_t m_idCounter = 0;
    std::uint64_t m_scrapeCounter = 0;
    int m_connections = 0;
    bool m_shuttingDown = false;
    SimGroundTruth m_truth;
};

} // namespace ys
