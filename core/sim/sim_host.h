#pragma once

#include "sim/sim_profile.h"
#include "sim/sim_server.h"

#include <QUrl>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

class QThread;

namespace ys {

struct SimHostOptions {
    bool tls = false; // HTTPS with a self-signed certificate, see SimServer::enableTls()
    // With tls: this certificate and key (PEM files) instead of a self-signed one, and, with
    // clientCaFile, client certificates required.
    QString certFile;
    QString keyFile;
    QString clientCaFile;
    bool http2 = false; // see SimServer::enableHttp2()
    QString logFile;    // JSONL ground-truth log; empty: none
};

// Runs one SimServer on 127.0.0.1 (ephemeral port) in a thread of its own, so the app and the
// tests can talk real HTTP to it without their own event loop blocking its timing.
class SimHost {
public:
    explicit SimHost(std::vector<SimProfile> profiles, SimHostOptions options = {});
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
    std::optional<SimRequestRecord> record(const QByteArray &requestId) const;
    std::vector<SimScrapeRecord> scrapes() const; // every GET /metrics answered, while running
    QByteArray certificatePem() const;            // with tls, while running

private:
    friend class SimHostThread;

    std::vector<SimProfile> m_profiles;
    SimHostOptions m_options;
    std::unique_ptr<QThread> m_thread;
    mutable std::mutex m_mutex; // guards the two below, written by the server thread
    SimServer *m_server = nullptr;
    QUrl m_baseUrl;
};

} // namespace ys
