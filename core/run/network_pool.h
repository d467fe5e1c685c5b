#pragma once

#include <QObject>
#include <QPointer>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

class QNetworkAccessManager;
class QThread;

namespace ys {

class Http1Pool;
class HttpAttempt;
class NetworkLane;

// The threads the engine's HTTP attempts run on. Plain http:// attempts use the lane's own
// HTTP/1.1 client with a keep-alive pool per origin; https:// ones use QtNetwork. QtNetwork 6.4
// opens at most six connections per host per QNetworkAccessManager, and a manager must be used
// from the thread it lives on, so each lane is a thread of its own holding as many managers as
// its https attempts need. Attempts are moved to the least busy lane and started there: their
// timestamps are taken on a thread that does nothing but network I/O, whatever the runner's or
// the UI's thread is doing. On Linux a lane waits in epoll (LaneEventDispatcher).
class NetworkPool {
public:
    NetworkPool();
    ~NetworkPool(); // stops the lanes; attempts still on them are deleted with them

    NetworkPool(const NetworkPool &) = delete;
    NetworkPool &operator=(const NetworkPool &) = delete;

    // How many lanes a run at this concurrency gets: one per 64 streams, at most one per core
    // (and at least two where there are two or more cores).
    static int lanesFor(int concurrency);
    // Makes sure at least `lanes` lanes are running.
    void ensureLanes(int lanes);
    int laneCount() const { return int(m_lanes.size()); }

    // Moves the attempt (which must have no parent) to the least busy lane and starts it there.
    // Its finished() signal then arrives queued on the caller's thread. intendedStartNs as for
    // HttpAttempt::start.
    void start(HttpAttempt *attempt, qint64 intendedStartNs);
    // Cancels an attempt started through the pool, on its lane's thread.
    static void cancel(HttpAttempt *attempt);
    // Attempts in flight on all lanes.
    int inFlight() const;
    // Runs f on the least busy lane's thread (starting one when there is none) and waits for
    // it to return; f may run an event loop of its own there. Not from a lane's thread.
    void runOnLane(const std::function<void(NetworkLane &)> &f);

private:
    struct LaneSlot {
        QThread *thread = nullptr;
        NetworkLane *lane = nullptr;
        std::shared_ptr<std::atomic<int>> active;
    };
    LaneSlot *leastBusyLane(); // starts one when there is none
    std::vector<LaneSlot> m_lanes;
};

// One lane's thread-side object: owns the managers and the HTTP/1.1 connection pool, and starts
// attempts on them.
class NetworkLane : public QObject {
    Q_OBJECT
public:
    explicit NetworkLane(std::shared_ptr<std::atomic<int>> active);
    ~NetworkLane() override;

    // Runs on the lane's thread.
    void startAttempt(HttpAttempt *attempt, qint64 intendedStartNs);
    // The lane's HTTP/1.1 connections; used on the lane's thread only.
    Http1Pool *http1() const { return m_http1; }

private:
    // The least busy manager of those that reach the attempt's provider the same way (its
    // proxy; see TransportOptions::managerKey).
    QNetworkAccessManager *leastBusyManager(const HttpAttempt *attempt);

    struct Manager {
        QNetworkAccessManager *nam = nullptr;
        QString key;
        int active = 0;
    };
    std::vector<Manager> m_managers;
    Http1Pool *m_http1 = nullptr;
    std::shared_ptr<std::atomic<int>> m_active;
};

} // namespace ys
