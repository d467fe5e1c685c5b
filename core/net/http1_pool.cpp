#include "net/http1_pool.h"

#include "net/http1_connection.h"
#include "util/monotonic_clock.h"

#include <algorithm>

namespace ys {

namespace {
// A connection idle for longer may have been dropped silently by a proxy or load balancer on
// the way; a new one costs a handshake, a dead one a whole timeout.
constexpr qint64 kMaxIdleNs = 60'000'000'000;
} // namespace

Http1Pool::Http1Pool(QObject *parent)
    : QObject(parent)
{
}

Http1Pool::~Http1Pool() = default; // the connections are children

Http1Connection *Http1Pool::acquire(const Http1Route &route)
{
    const auto it = m_idle.find(route.key());
    if (it != m_idle.end()) {
        std::vector<Http1Connection *> &idle = it.value();
        while (!idle.empty()) {
            Http1Connection *connection = idle.back();
            idle.pop_back();
            if (connection->isReusable() && monotonicNs() - connection->idleSinceNs() < kMaxIdleNs)
                return connection;
            connection->detach();
        }
    }
    return new Http1Connection(route, this);
}

void Http1Pool::release(Http1Connection *connection, bool reusable)
{
    if (!connection)
        return;
    if (!reusable || !connection->isReusable()) {
        connection->detach();
        return;
    }
    m_idle[connection->route().key()].push_back(connection);
}

void Http1Pool::forget(Http1Connection *connection)
{
    const auto it = m_idle.find(connection->route().key());
    if (it == m_idle.end())
        return;
    std::vector<Http1Connection *> &idle = it.value();
    idle.erase(std::remove(idle.begin(), idle.end(), connection), idle.end());
}

void Http1Pool::closeIdle()
{
    const auto idle = std::exchange(m_idle, {});
    for (const std::vector<Http1Connection *> &connections : idle)
        for (Http1Connection *connection : connections)
            connection->detach();
}

int Http1Pool::idleCount() const
{
    int n = 0;
    for (const std::vector<Http1Connection *> &connections : m_idle)
        n += int(connections.size());
    return n;
}

} // namespace ys
