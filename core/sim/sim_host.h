#pragma once

#include "sim/sim_profile.h"
#include "sim/sim_server.h"

#include <QUrl>
#include <memory>
#include <mutex>
#include <vector>

class QThread;

namespace ys {

// Runs one SimServer on 127.0.0.1 (ephemeral port) in a thread of its own, so the app and the
// tests can talk real HTTP to it without their own event loop blocking its timing.
class SimHost {
public:
    explicit SimHost(std::vector<SimProfile> profiles);
    ~SimHost();
    SimHost(const SimHost &) = delete;
    SimHost &operator=(const SimHost &) = delete;

    // Blocks until the server listens (true) or failed to (false, *error says why).
    bool start(QString *error);
    // Closes every connection and ends the thread; safe to call when not running.
    void stop();

    bool isRunning() const;
    QUrl baseUrl() const; // empty when not running
    std::vector<SimRequestRecord> records() const;

private:
    friend class SimHostThread;

    std::vector<SimProfile> m_profiles;
    std::unique_ptr<QThread> m_thread;
    mutable std::mutex m_mutex; // guards the two below, written by the server thread
    SimServer *m_server = nullptr;
    QUrl m_baseUrl;
};

} // namespace ys
