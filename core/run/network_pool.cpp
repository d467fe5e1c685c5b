#include "run/network_pool.h"

#include "net/http1_pool.h"
#include "net/lane_event_dispatcher.h"
#include "provider/http_attempt.h"
#include "util/thread_slice.h"

#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QThread>
#include <algorithm>

namespace ys {

namespace {
constexpr int kConnectionsPerManager = 6; // QtNetwork's per-host limit per manager
constexpr int kStreamsPerLane = 64;
// The shortest slice the scheduler grants (0.1 ms).
constexpr unsigned kLaneSliceUs = 100;
} // namespace

NetworkPool::NetworkPool() = default;

NetworkPool::~NetworkPool()
{
    for (LaneSlot &slot : m_lanes) {
        slot.thread->quit();
        slot.thread->wait();
        delete slot.thread;
    }
}

int NetworkPool::lanesFor(int concurrency)
{
    const int cores = std::max(2, QThread::idealThreadCount());
    const int wanted = (std::max(1, concurrency) + kStreamsPerLane - 1) / kStreamsPerLane;
    return std::clamp(wanted, 1, cores);
}

void NetworkPool::ensureLanes(int lanes)
{
    while (int(m_lanes.size()) < lanes) {
        LaneSlot slot;
        slot.active = std::make_shared<std::atomic<int>>(0);
        slot.thread = new QThread;
        slot.thread->setObjectName(QStringLiteral("ys-lane-%1").arg(m_lanes.size()));
        // A lane waits on hundreds of sockets: a wake-up must not cost a scan of all of them.
        auto *dispatcher = new LaneEventDispatcher;
        if (dispatcher->isValid())
            slot.thread->setEventDispatcher(dispatcher);
        else
            delete dispatcher;
        slot.lane = new NetworkLane(slot.active);
        slot.lane->moveToThread(slot.thread);
        QObject::connect(slot.thread, &QThread::finished, slot.lane, &QObject::deleteLater);
        // Run in the lane's thread as it starts: a lane's work comes in bursts of microseconds,
        // and an arrival's time is taken when the lane gets to run.
        QObject::connect(
            slot.thread, &QThread::started, slot.thread,
            [] { requestShortTimeSlice(kLaneSliceUs); }, Qt::DirectConnection);
        slot.thread->start();
        m_lanes.push_back(std::move(slot));
    }
}

NetworkPool::LaneSlot *NetworkPool::leastBusyLane()
{
    if (m_lanes.empty())
        ensureLanes(1);
    return &*std::min_element(
        m_lanes.begin(), m_lanes.end(),
        [](const LaneSlot &a, const LaneSlot &b) { return a.active->load() < b.active->load(); });
}

void NetworkPool::start(HttpAttempt *attempt, qint64 intendedStartNs)
{
    Q_ASSERT(!attempt->parent());
    LaneSlot *slot = leastBusyLane();
    slot->active->fetch_add(1);
    attempt->moveToThread(slot->thread);
    NetworkLane *lane = slot->lane;
    QMetaObject::invokeMethod(
        lane, [lane, attempt, intendedStartNs] { lane->startAttempt(attempt, intendedStartNs); },
        Qt::QueuedConnection);
}

void NetworkPool::cancel(HttpAttempt *attempt)
{
    QMetaObject::invokeMethod(attempt, &HttpAttempt::cancel, Qt::QueuedConnection);
}

int NetworkPool::inFlight() const
{
    int n = 0;
    for (const LaneSlot &slot : m_lanes)
        n += slot.active->load();
    return n;
}

void NetworkPool::runOnLane(const std::function<void(NetworkLane &)> &f)
{
    LaneSlot *slot = leastBusyLane();
    Q_ASSERT(QThread::currentThread() != slot->thread);
    NetworkLane *lane = slot->lane;
    QMetaObject::invokeMethod(
        lane, [lane, &f] { f(*lane); }, Qt::BlockingQueuedConnection);
}

NetworkLane::NetworkLane(std::shared_ptr<std::atomic<int>> active)
    : m_http1(new Http1Pool(this))
    , m_active(std::move(active))
{
}

NetworkLane::~NetworkLane()
{
    m_http1->closeIdle();
}

QNetworkAccessManager *NetworkLane::leastBusyManager(const HttpAttempt *attempt)
{
    const TransportOptions *transport = attempt->transport();
    const QString key = transport ? transport->managerKey() : QString();
    auto it = m_managers.end();
    for (auto m = m_managers.begin(); m != m_managers.end(); ++m) {
        if (m->key == key && (it == m_managers.end() || m->active < it->active))
            it = m;
    }
    if (it == m_managers.end() || it->active >= kConnectionsPerManager) {
        auto *nam = new QNetworkAccessManager(this);
        // The route is the provider's (resolved from its setting and the environment, as curl
        // reads it), never QtNetwork's own idea of the system's proxy.
        if (transport && transport->proxy) {
            const ProxyRoute &p = *transport->proxy;
            nam->setProxy(QNetworkProxy(QNetworkProxy::HttpProxy, p.host, p.port,
                                        QString::fromUtf8(p.user), QString::fromUtf8(p.password)));
        } else {
            nam->setProxy(QNetworkProxy::NoProxy);
        }
        m_managers.push_back({nam, key, 0});
        it = m_managers.end() - 1;
    }
    ++it->active;
    return it->nam;
}

void NetworkLane::startAttempt(HttpAttempt *attempt, qint64 intendedStartNs)
{
    if (attempt->usesHttp1()) {
        connect(attempt, &HttpAttempt::finished, this, [this] { m_active->fetch_sub(1); });
        attempt->start(nullptr, m_http1, intendedStartNs);
        return;
    }
    QNetworkAccessManager *nam = leastBusyManager(attempt);
    // Direct: the attempt lives on this thread. The runner's own connection is queued.
    connect(attempt, &HttpAttempt::finished, this, [this, nam] {
        for (Manager &m : m_managers) {
            if (m.nam == nam)
                --m.active;
        }
        m_active->fetch_sub(1);
    });
    attempt->start(nam, intendedStartNs);
}

} // namespace ys
