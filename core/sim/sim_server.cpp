#include "sim/sim_server.h"

#include "net/prometheus_text.h"
#include "tokenize/bpe_tokenizer.h"

#include "sim/sim_connection.h"
#include "sim/sim_h2_session.h"
#include "sim/sim_scheduler.h"
#include "sim/sim_tcp_link.h"
#include "util/monotonic_clock.h"

#include <QSslConfiguration>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <algorithm>

namespace ys {

namespace {

// Thousands of clients may connect at once (the benchmarks do); the default backlog of 50 would
// make the kernel drop their SYNs and the clients retry a second later.
constexpr int kListenBacklog = 4096;

} // namespace

SimServer::SimServer(std::vector<SimProfile> profiles, QObject *parent)
    : QObject(parent)
    , m_profiles(std::move(profiles))
    , m_state(m_profiles.size())
    , m_scheduler(new SimScheduler(this))
    , m_idCounter(std::uint64_t(monotonicNs()))
{
    for (std::size_t i = 0; i < m_profiles.size(); ++i) {
        const SimProfile &profile = m_profiles[i];
        m_state[i].limiter = SimRateLimiter(profile.rateLimits);
        if (profile.prefixCache)
            m_state[i].cache.emplace(profile.prefixCache->maxPrefixes);
    }
}

SimServer::~SimServer()
{
    // Connections call back into the server when they go; that must happen while its members
    // still exist, so they are deleted here rather than by ~QObject.
    m_shuttingDown = true;
    if (m_tcp)
        m_tcp->close();
    const QList<SimConnection *> connections =
        findChildren<SimConnection *>(QString(), Qt::FindDirectChildrenOnly);
    qDeleteAll(connections);
    const QList<SimH2Session *> sessions =
        findChildren<SimH2Session *>(QString(), Qt::FindDirectChildrenOnly);
    qDeleteAll(sessions);
}

bool SimServer::enableTls(QString *error, const QHostAddress &address)
{
    std::optional<SimTlsIdentity> identity = SimTlsIdentity::generate(error, address);
    if (!identity)
        return false;
    m_tls = std::move(identity);
    std::lock_guard lock(m_certMutex);
    m_certificatePem = m_tls->certificatePem;
    return true;
}

void SimServer::enableTls(SimTlsIdentity identity)
{
    m_tls = std::move(identity);
    std::lock_guard lock(m_certMutex);
    m_certificatePem = m_tls->certificatePem;
}

QByteArray SimServer::certificatePem() const
{
    std::lock_guard lock(m_certMutex);
    return m_certificatePem;
}

bool SimServer::setLogFile(const QString &path, QString *error)
{
    return m_truth.openLog(path, error);
}

bool SimServer::listen(const QHostAddress &address, quint16 port, QString *error)
{
    // A real server has its tokenizer loaded before it takes a request. Loaded on the first
    // request instead, it would hold up the requests that arrive meanwhile (a fresh server's
    // second to fourth requests came 170 ms late in a sanitized build).
    for (const SimProfile &profile : m_profiles)
        Tokenizer::shared(profile.encoding);
    if (!m_tcp) {
        if (m_tls) {
            auto *ssl = new QSslServer(this);
            QSslConfiguration config = QSslConfiguration::defaultConfiguration();
            config.setLocalCertificate(m_tls->certificate);
            config.setPrivateKey(m_tls->key);
            config.setPeerVerifyMode(m_tls->clientCas.isEmpty() ? QSslSocket::VerifyNone
                                                                : QSslSocket::VerifyPeer);
            // Only the client CAs, if any: the defaults hold the system's authorities, which
            // Qt loads into every connection's own context (milliseconds a handshake), which no
            // real server spends.
            config.setCaCertificates(m_tls->clientCas);
            config.setProtocol(QSsl::TlsV1_2OrLater);
            if (m_http2)
                config.setAllowedNextProtocols(
                    {QSslConfiguration::ALPNProtocolHTTP2, QSslConfiguration::NextProtocolHttp1_1});
            ssl->setSslConfiguration(config);
            m_tcp = ssl;
        } else {
            m_tcp = new QTcpServer(this);
        }
        m_tcp->setListenBacklogSize(kListenBacklog);
        // Emitted for plain sockets at once and for TLS ones once their handshake is done;
        // a failed handshake never gets here, and the server goes on serving.
        connect(m_tcp, &QTcpServer::pendingConnectionAvailable, this, &SimServer::onNewConnection);
    }
    if (!m_tcp->listen(address, port)) {
        if (error)
            *error = tr("cannot listen on %1 port %2: %3")
                         .arg(address.toString())
                         .arg(port)
                         .arg(m_tcp->errorString());
        return false;
    }
    if (error)
        error->clear();
    return true;
}

void SimServer::close()
{
    if (m_tcp)
        m_tcp->close();
}

quint16 SimServer::port() const
{
    return m_tcp ? m_tcp->serverPort() : 0;
}

QUrl SimServer::baseUrl() const
{
    if (!m_tcp || !m_tcp->isListening())
        return {};
    QHostAddress host = m_tcp->serverAddress();
    // A wildcard address is not somewhere a client can connect to; loopback always is.
    if (host == QHostAddress::AnyIPv6)
        host = QHostAddress(QHostAddress::LocalHostIPv6);
    else if (host == QHostAddress::Any || host == QHostAddress::AnyIPv4)
        host = QHostAddress(QHostAddress::LocalHost);
    QUrl url;
    url.setScheme(m_tls ? QStringLiteral("https") : QStringLiteral("http"));
    url.setHost(host.toString());
    url.setPort(m_tcp->serverPort());
    url.setPath(QStringLiteral("/v1"));
    return url;
}

std::vector<SimRequestRecord> SimServer::records() const
{
    return m_truth.records();
}

std::vector<SimScrapeRecord> SimServer::scrapes() const
{
    return m_truth.scrapes();
}

QByteArray SimServer::metricsExposition()
{
    SimScrapeRecord scrape;
    scrape.number = ++m_scrapeCounter;
    scrape.atNs = monotonicNs();
    PromWriter w;
    const QString model = QStringLiteral("model_name");
    const auto family = [&](const QString &name, const char *type, const QString &help,
                            const auto &valueOf) {
        w.family(name, type, help);
        for (std::size_t i = 0; i < m_profiles.size(); ++i) {
            const double v = valueOf(m_profiles[i], m_state[i]);
            w.sample(name, {{model, m_profiles[i].model}}, v);
            scrape.values.push_back({name, m_profiles[i].model, v});
        }
    };
    family(QStringLiteral("vllm:num_requests_running"), "gauge",
           QStringLiteral("Number of requests in model execution batches."),
           [](const SimProfile &, const ProfileState &s) { return double(s.active); });
    family(QStringLiteral("vllm:num_requests_waiting"), "gauge",
           QStringLiteral("Number of requests waiting to be processed."),
           [](const SimProfile &, const ProfileState &s) {
               return double(
                   std::count_if(s.waiting.begin(), s.waiting.end(),
                                 [](const QPointer<SimConnection> &c) { return !c.isNull(); }));
           });
    // The simulator has no KV cache of its own: the share of its capacity in use stands in for
    // it (0 with unlimited capacity), as a server's cache fills with its batch.
    family(QStringLiteral("vllm:gpu_cache_usage_perc"), "gauge",
           QStringLiteral("GPU KV-cache usage. 1 means 100 percent usage."),
           [](const SimProfile &p, const ProfileState &s) {
               return p.capacity > 0 ? double(s.active) / double(p.capacity) : 0.0;
           });
    family(QStringLiteral("ys_sim_batch_size"), "gauge",
           QStringLiteral("Requests generating together now (the simulator's batch)."),
           [](const SimProfile &, const ProfileState &s) { return double(s.active); });
    family(QStringLiteral("vllm:request_success_total"), "counter",
           QStringLiteral("Count of requests whose generation ended."),
           [](const SimProfile &, const ProfileState &s) { return double(s.finished); });
    w.family(QStringLiteral("ys_sim_scrapes_total"), "counter",
             QStringLiteral("Answers to GET /metrics, this one included."));
    w.sample(QStringLiteral("ys_sim_scrapes_total"), {}, double(scrape.number));
    m_truth.addScrape(std::move(scrape));
    return w.text();
}

std::optional<SimRequestRecord> SimServer::record(const QByteArray &requestId) const
{
    return m_truth.find(requestId);
}

void SimServer::onNewConnection()
{
    while (QTcpSocket *socket = m_tcp->nextPendingConnection()) {
        const auto *tls = qobject_cast<QSslSocket *>(socket);
        if (tls && tls->sslConfiguration().nextNegotiatedProtocol() ==
                       QSslConfiguration::ALPNProtocolHTTP2)
            startHttp2(socket, {});
        else
            adoptLink(new SimTcpLink(socket));
    }
}

void SimServer::adoptLink(SimLink *link)
{
    ++m_connections;
    new SimConnection(link, this);
}

void SimServer::startHttp2(QTcpSocket *socket, const QByteArray &received)
{
    new SimH2Session(socket, this, received);
}

int SimServer::profileIndex(const QString &model) const
{
    for (std::size_t i = 0; i < m_profiles.size(); ++i) {
        if (m_profiles[i].model == model)
            return int(i);
    }
    return -1;
}

std::uint64_t SimServer::nextRequestNumber(int profile)
{
    return m_state[std::size_t(profile)].requests++;
}

bool SimServer::acquireSlot(int profile, SimConnection *connection)
{
    ProfileState &state = m_state[std::size_t(profile)];
    const int capacity = m_profiles[std::size_t(profile)].capacity;
    if (capacity <= 0 || (state.active < capacity && state.waiting.empty())) {
        ++state.active;
        return true;
    }
    state.waiting.emplace_back(connection);
    return false;
}

void SimServer::releaseSlot(int profile, SimConnection *connection, bool holding)
{
    if (m_shuttingDown)
        return;
    ProfileState &state = m_state[std::size_t(profile)];
    if (!holding) {
        std::erase_if(state.waiting,
                      [connection](const QPointer<SimConnection> &c) { return c == connection; });
        return;
    }
    --state.active;
    ++state.finished;
    const int capacity = m_profiles[std::size_t(profile)].capacity;
    while (!state.waiting.empty() && (capacity <= 0 || state.active < capacity)) {
        const QPointer<SimConnection> next = state.waiting.front();
        state.waiting.pop_front();
        if (!next)
            continue;
        ++state.active;
        next->startGeneration(monotonicNs());
    }
}

void SimServer::addRecord(SimRequestRecord record)
{
    m_truth.add(std::move(record));
}

QByteArray SimServer::newRequestId()
{
    // Ids of refused requests only need to be distinct, not reproducible.
    SimRandom random(simStreamSeed(m_idCounter++, 0, 3));
    return QByteArrayLiteral("req_") +
           QByteArray::number(random.next(), 16).rightJustified(16, '0') +
           QByteArray::number(random.next(), 16).rightJustified(16, '0');
}

} // namespace ys
