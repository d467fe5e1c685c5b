#include "sim/sim_host.h"

#include <QCoreApplication>
#include <QThread>
#include <future>

namespace ys {

// The server must be created, run and destroyed in the one thread, so it lives on run()'s stack.
class SimHostThread : public QThread {
public:
    SimHostThread(SimHost *host, std::shared_ptr<std::promise<QString>> ready)
        : m_host(host)
        , m_ready(std::move(ready))
    {
    }

protected:
    static bool enableTls(SimServer &server, const SimHostOptions &options, QString *error)
    {
        if (options.certFile.isEmpty())
            return server.enableTls(error);
        auto identity = SimTlsIdentity::load(options.certFile, options.keyFile, error);
        if (!identity || (!options.clientCaFile.isEmpty() &&
                          !identity->requireClientCertificates(options.clientCaFile, error)))
            return false;
        server.enableTls(std::move(*identity));
        return true;
    }

    void run() override
    {
        SimServer server(m_host->m_profiles);
        QString error;
        const SimHostOptions &options = m_host->m_options;
        if (options.http2)
            server.enableHttp2();
        if ((options.tls && !enableTls(server, options, &error)) ||
            (!options.logFile.isEmpty() && !server.setLogFile(options.logFile, &error)) ||
            !server.listen(QHostAddress(QHostAddress::LocalHost), 0, &error)) {
            m_ready->set_value(error);
            return;
        }
        {
            std::lock_guard lock(m_host->m_mutex);
            m_host->m_server = &server;
            m_host->m_baseUrl = server.baseUrl();
        }
        m_ready->set_value(QString());
        // QThread::exec() returns at once if quit() came before it started.
        exec();
        std::lock_guard lock(m_host->m_mutex);
        m_host->m_server = nullptr;
        m_host->m_baseUrl.clear();
    }

private:
    SimHost *m_host;
    std::shared_ptr<std::promise<QString>> m_ready;
};

SimHost::SimHost(std::vector<SimProfile> profiles, SimHostOptions options)
    : m_profiles(std::move(profiles))
    , m_options(std::move(options))
{
}

SimHost::~SimHost()
{
    stop();
}

bool SimHost::start(QString *error)
{
    if (m_thread) {
        if (error)
            error->clear();
        return true;
    }
    auto ready = std::make_shared<std::promise<QString>>();
    std::future<QString> result = ready->get_future();
    m_thread = std::make_unique<SimHostThread>(this, ready);
    m_thread->setObjectName(QStringLiteral("yardstick-sim"));
    m_thread->start();
    const QString problem = result.get();
    if (!problem.isEmpty()) {
        m_thread->wait();
        m_thread.reset();
        if (error)
            *error = problem;
        return false;
    }
    if (error)
        error->clear();
    return true;
}

void SimHost::stop()
{
    if (!m_thread)
        return;
    m_thread->quit();
    m_thread->wait();
    m_thread.reset();
}

bool SimHost::isRunning() const
{
    std::lock_guard lock(m_mutex);
    return m_server != nullptr;
}

QUrl SimHost::baseUrl() const
{
    std::lock_guard lock(m_mutex);
    return m_baseUrl;
}

std::vector<SimRequestRecord> SimHost::records() const
{
    std::lock_guard lock(m_mutex);
    return m_server ? m_server->records() : std::vector<SimRequestRecord>();
}

} // namespace ys

namespace ys {

std::optional<SimRequestRecord> SimHost::record(const QByteArray &requestId) const
{
    std::lock_guard lock(m_mutex);
    return m_server ? m_server->record(requestId) : std::nullopt;
}

std::vector<SimScrapeRecord> SimHost::scrapes() const
{
    std::lock_guard lock(m_mutex);
    return m_server ? m_server->scrapes() : std::vector<SimScrapeRecord>();
}

QByteArray SimHost::certificatePem() const
{
    std::lock_guard lock(m_mutex);
    return m_server ? m_server->certificatePem() : QByteArray();
}

} // namespace ys
