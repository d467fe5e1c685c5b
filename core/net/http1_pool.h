#pragma once

#include <QHash>
#include <QObject>
#include <QString>
#include <vector>

namespace ys {

class Http1Connection;
struct Http1Route;

// Keep-alive HTTP/1.1 connections of one thread, per origin host and port. A connection is
// handed to one request at a time and comes back when its response ended cleanly; an idle one
// that the server closes (or sends anything on) is dropped, and one idle for over a minute is
// not used again. Not thread-safe: one pool per
// network lane, used from the lane's thread only.
class Http1Pool : public QObject {
    Q_OBJECT
public:
    explicit Http1Pool(QObject *parent = nullptr);
    ~Http1Pool() override;

    // An idle connection of the route when there is one, else a new, unconnected one.
    Http1Connection *acquire(const Http1Route &route);
    // Back from a request: kept for the next one when reusable, else closed and deleted later.
    void release(Http1Connection *connection, bool reusable);
    // Closes every idle connection.
    void closeIdle();
    int idleCount() const;

private:
    friend class Http1Connection;
    // An idle connection died or misbehaved: forget it (the connection deletes itself).
    void forget(Http1Connection *connection);

    QHash<QString, std::vector<Http1Connection *>> m_idle;
};

} // namespace ys
