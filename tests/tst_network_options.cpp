// A provider's network settings against real peers: a forward proxy (Debian's tinyproxy, with
// its own log) that every dialect reaches the TLS simulator through when HTTPS_PROXY is set, and
// that NO_PROXY bypasses; plain http:// through the proxy on the lanes' own client; a simulator
// certificate signed by a test CA, trusted with ca_file and refused without it as tls_error;
// mutual TLS with a client certificate; the HTTP version asked for. Every run is a real
// yardstick-cli run into a real SQLite file.
#include "sim/sim_host.h"

#include "cli_runner.h"
#include "fixtures.h"
#include "test_main.h"
#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

const char *const kDialects[] = {"openai-chat", "openai-responses", "anthropic-messages", "gemini"};

struct Attempt {
    QString provider;
    QString outcome;
    QString httpVersion;
    QString error;
    // Phases from the attempt's start, ns; -1: none (a kept-alive connection has none).
    qint64 connectStart = -1;
    qint64 connected = -1;
    qint64 tlsDone = -1;
    qint64 requestSent = -1;
    bool reused = false;
    qint64 tunnel = -1; // a proxy opened its tunnel
};

bool openssl(const QStringList &args, QString *output)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("openssl"), args);
    const bool ok = p.waitForFinished(60000) && p.exitCode() == 0;
    *output = QString::fromLocal8Bit(p.readAll());
    return ok;
}

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

bool waitListening(quint16 port)
{
    for (int i = 0; i < 200; ++i) {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, port);
        if (socket.waitForConnected(100))
            return true;
        QTest::qWait(50);
    }
    return false;
}

std::vector<Attempt> attemptsIn(const QString &dbPath)
{
    std::vector<Attempt> out;
    const QString name = QStringLiteral("read-%1").arg(dbPath);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(dbPath);
        if (!db.open())
            return out;
        QSqlQuery q(db);
        q.exec(QStringLiteral(
            "SELECT p.name, s.outcome, COALESCE(s.http_version, ''), COALESCE(s.error, ''), "
            "COALESCE(s.connect_start_ns, -1), COALESCE(s.connected_ns, -1), "
            "COALESCE(s.tls_done_ns, -1), COALESCE(s.request_sent_ns, -1), "
            "COALESCE(s.connection_reused, 0), COALESCE(s.tunnel_ns, -1) FROM samples s "
            "JOIN runs r ON r.id = s.run_id "
            "JOIN providers p ON p.id = r.provider_id ORDER BY s.id"));
        while (q.next())
            out.push_back({q.value(0).toString(), q.value(1).toString(), q.value(2).toString(),
                           q.value(3).toString(), q.value(4).toLongLong(), q.value(5).toLongLong(),
                           q.value(6).toLongLong(), q.value(7).toLongLong(),
                           q.value(8).toInt() != 0, q.value(9).toLongLong()});
    }
    QSqlDatabase::removeDatabase(name);
    return out;
}

} // namespace

class TstNetworkOptions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void httpsProxyCarriesEveryDialect();
    void noProxyBypasses();
    void providerProxyAndDirect();
    void plainHttpThroughProxy();
    void proxyCredentialsFromReference();
    void caFileTrustsTheTestCa();
    void clientCertificate();
    void httpVersionChoice();
    void lanesTlsPhases();
    void badFilesAreNamed();

private:
    bool makeCertificates(QString *error);
    bool startProxy(QString *error);
    QString suiteFile(const QString &name, const std::vector<json> &providers);
    json provider(const QString &name, const QString &dialect, const QUrl &base,
                  const json &extra = json::object()) const;
    // A yardstick-cli run of the suite into a new database, with these variables set (and the
    // proxy variables of the test's own environment cleared).
    std::vector<Attempt> run(const QString &suite, const QStringList &env,
                             test::CliResult *result = nullptr);
    int proxyLogCount(const QString &needle) const;

    QTemporaryDir m_dir;
    QString m_ca, m_serverCert, m_serverKey, m_clientCert, m_clientKey;
    std::unique_ptr<SimHost> m_tlsSim;
    std::unique_ptr<SimHost> m_mtlsSim;
    std::unique_ptr<SimHost> m_plainSim;
    QProcess m_proxy;
    quint16 m_proxyPort = 0;
    QString m_proxyLog;
    int m_runs = 0;
};

bool TstNetworkOptions::makeCertificates(QString *error)
{
    const auto path = [this](const char *name) {
        return m_dir.filePath(QLatin1StringView(name));
    };
    m_ca = path("ca.pem");
    m_serverCert = path("server.pem");
    m_serverKey = path("server.key");
    m_clientCert = path("client.pem");
    m_clientKey = path("client.key");
    const QString caKey = path("ca.key");
    const QString ext = path("san.ext");
    QFile extFile(ext);
    if (!extFile.open(QIODevice::WriteOnly))
        return false;
    extFile.write("subjectAltName=IP:127.0.0.1,DNS:localhost\n");
    extFile.close();
    const QStringList ec = {
        QStringLiteral("-newkey"), QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
        QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes")};
    // The test CA, then a server and a client certificate it signs.
    if (!openssl(QStringList{QStringLiteral("req"), QStringLiteral("-x509")} + ec +
                     QStringList{QStringLiteral("-days"), QStringLiteral("2"),
                                 QStringLiteral("-subj"), QStringLiteral("/CN=Yardstick Test CA"),
                                 QStringLiteral("-keyout"), caKey, QStringLiteral("-out"), m_ca},
                 error))
        return false;
    for (const auto &[cert, key, cn] :
         {std::tuple{m_serverCert, m_serverKey, QStringLiteral("/CN=127.0.0.1")},
          std::tuple{m_clientCert, m_clientKey, QStringLiteral("/CN=analyst")}}) {
        const QString csr = cert + QStringLiteral(".csr");
        if (!openssl(QStringList{QStringLiteral("req")} + ec +
                         QStringList{QStringLiteral("-subj"), cn, QStringLiteral("-keyout"), key,
                                     QStringLiteral("-out"), csr},
                     error) ||
            !openssl({QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), csr,
                      QStringLiteral("-CA"), m_ca, QStringLiteral("-CAkey"), caKey,
                      QStringLiteral("-CAcreateserial"), QStringLiteral("-days"),
                      QStringLiteral("2"), QStringLiteral("-extfile"), ext, QStringLiteral("-out"),
                      cert},
                     error))
            return false;
    }
    return true;
}

bool TstNetworkOptions::startProxy(QString *error)
{
    QString tinyproxy = QStandardPaths::findExecutable(QStringLiteral("tinyproxy"));
    if (tinyproxy.isEmpty())
        tinyproxy = QStandardPaths::findExecutable(QStringLiteral("tinyproxy"),
                                                   {QStringLiteral("/usr/sbin")});
    if (tinyproxy.isEmpty()) {
        *error = QStringLiteral("tinyproxy not found: install it (./test.sh does)");
        return false;
    }
    m_proxyPort = freePort();
    m_proxyLog = m_dir.filePath(QStringLiteral("tinyproxy.log"));
    const QString conf = m_dir.filePath(QStringLiteral("tinyproxy.conf"));
    QFile file(conf);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    // No ConnectPort line: CONNECT to any port. BasicAuth: only with the test's credentials.
    file.write(QStringLiteral("Port %1\nListen 127.0.0.1\nTimeout 60\nLogFile \"%2\"\n"
                              "LogLevel Info\nMaxClients 50\nAllow 127.0.0.1\n"
                              "BasicAuth analyst s3cret-proxy-pw\n")
                   .arg(m_proxyPort)
                   .arg(m_proxyLog)
                   .toUtf8());
    file.close();
    m_proxy.setProcessChannelMode(QProcess::MergedChannels);
    m_proxy.start(tinyproxy, {QStringLiteral("-d"), QStringLiteral("-c"), conf});
    if (!m_proxy.waitForStarted() || !waitListening(m_proxyPort)) {
        *error =
            QStringLiteral("tinyproxy did not start: ") + QString::fromLocal8Bit(m_proxy.readAll());
        return false;
    }
    return true;
}

void TstNetworkOptions::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QString error;
    QVERIFY2(makeCertificates(&error), qPrintable(error));
    QVERIFY2(startProxy(&error), qPrintable(error));
    auto shape = test::ProfileShape().withTtft(5, 8).withOutput(6, 6);
    const std::vector<json> profiles = {
        test::simProfileJson(QStringLiteral("Fast"), QStringLiteral("fast"), shape)};
    SimHostOptions tls;
    tls.tls = true;
    tls.certFile = m_serverCert;
    tls.keyFile = m_serverKey;
    m_tlsSim = test::startSim(profiles, &error, tls);
    QVERIFY2(m_tlsSim, qPrintable(error));
    tls.clientCaFile = m_ca;
    m_mtlsSim = test::startSim(profiles, &error, tls);
    QVERIFY2(m_mtlsSim, qPrintable(error));
    m_plainSim = test::startSim(profiles, &error);
    QVERIFY2(m_plainSim, qPrintable(error));
}

void TstNetworkOptions::cleanupTestCase()
{
    m_proxy.terminate();
    m_proxy.waitForFinished(5000);
    m_tlsSim.reset();
    m_mtlsSim.reset();
    m_plainSim.reset();
}

json TstNetworkOptions::provider(const QString &name, const QString &dialect, const QUrl &base,
                                 const json &extra) const
{
    json p{{"name", name.toStdString()},
           {"dialect", dialect.toStdString()},
           {"base_url", base.toString().toStdString()},
           {"model", "fast"},
           {"price", {{"input_per_mtok", 1.0}, {"output_per_mtok", 2.0}}},
           {"context_window", 32000}};
    p.update(extra);
    return p;
}

QString TstNetworkOptions::suiteFile(const QString &name, const std::vector<json> &providers)
{
    const json doc{{"format", "yardstick-suite/1"},
                   {"name", name.toStdString()},
                   {"providers", providers},
                   {"scenarios", json::array({{{"kind", "latency"},
                                               {"requests", 3},
                                               {"concurrency", 1},
                                               {"prompt_tokens", 32},
                                               {"max_output_tokens", 16}}})}};
    const QString path = m_dir.filePath(name + QStringLiteral(".json"));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(QByteArray::fromStdString(doc.dump(2)));
    return path;
}

std::vector<Attempt> TstNetworkOptions::run(const QString &suite, const QStringList &env,
                                            test::CliResult *result)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy",
                             "ALL_PROXY", "no_proxy", "NO_PROXY"})
        environment.remove(QString::fromLatin1(name));
    for (const QString &pair : env)
        environment.insert(pair.section(QLatin1Char('='), 0, 0), pair.section(QLatin1Char('='), 1));
    const QString db = m_dir.filePath(QStringLiteral("run-%1.sqlite").arg(++m_runs));
    QProcess p;
    p.setProcessEnvironment(environment);
    p.start(test::binDir() + QStringLiteral("/yardstick-cli"),
            {QStringLiteral("run"), QStringLiteral("--suite"), suite, QStringLiteral("--db"), db});
    test::CliResult r;
    if (p.waitForFinished(180000 * test::kSlow)) {
        r.code = p.exitCode();
        r.out = p.readAllStandardOutput();
        r.err = QString::fromUtf8(p.readAllStandardError());
    } else {
        p.kill();
        p.waitForFinished();
    }
    if (result)
        *result = r;
    else if (r.code != 0)
        qWarning("yardstick-cli exited %d: %s", r.code, qPrintable(r.err));
    return attemptsIn(db);
}

int TstNetworkOptions::proxyLogCount(const QString &needle) const
{
    QFile file(m_proxyLog);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    return int(QString::fromUtf8(file.readAll()).count(needle));
}

namespace {

QString proxyUrl(quint16 port,
                 const QString &credentials = QStringLiteral("analyst:s3cret-proxy-pw"))
{
    return QStringLiteral("http://%1@127.0.0.1:%2").arg(credentials).arg(port);
}

QString describeRoute(const std::vector<Attempt> &attempts)
{
    QStringList lines;
    for (const Attempt &a : attempts)
        lines << QStringLiteral("%1 %2 %3 %4").arg(a.provider, a.outcome, a.httpVersion, a.error);
    return lines.join(QLatin1Char('\n'));
}

// Every attempt of every provider has this outcome, and each provider made `perProvider`.
bool allAre(const std::vector<Attempt> &attempts, const QString &outcome, int providers,
            int perProvider = 3)
{
    if (int(attempts.size()) != providers * perProvider)
        return false;
    return std::all_of(attempts.begin(), attempts.end(),
                       [&](const Attempt &a) { return a.outcome == outcome; });
}

} // namespace

void TstNetworkOptions::httpsProxyCarriesEveryDialect()
{
    std::vector<json> providers;
    for (const char *dialect : kDialects)
        providers.push_back(provider(QString::fromLatin1(dialect), QString::fromLatin1(dialect),
                                     m_tlsSim->baseUrl(), {{"ca_file", m_ca.toStdString()}}));
    const QString suite = suiteFile(QStringLiteral("via-proxy"), providers);
    const QString tunnel = QStringLiteral("CONNECT 127.0.0.1:%1").arg(m_tlsSim->baseUrl().port());
    const int before = proxyLogCount(tunnel);
    const auto attempts = run(suite, {QStringLiteral("HTTPS_PROXY=") + proxyUrl(m_proxyPort)});
    QVERIFY2(allAre(attempts, QStringLiteral("ok"), 4), qPrintable(describeRoute(attempts)));
    // The proxy's own log shows the tunnels (kept-alive ones serve several providers: the
    // same origin through the same proxy).
    QVERIFY2(proxyLogCount(tunnel) > before, qPrintable(QString::number(before)));
}

void TstNetworkOptions::noProxyBypasses()
{
    const QString suite =
        suiteFile(QStringLiteral("bypass"),
                  {provider(QStringLiteral("p"), QStringLiteral("openai-chat"), m_tlsSim->baseUrl(),
                            {{"ca_file", m_ca.toStdString()}})});
    const QString tunnel = QStringLiteral("CONNECT 127.0.0.1:%1").arg(m_tlsSim->baseUrl().port());
    for (const QString &noProxy :
         {QStringLiteral("127.0.0.1"), QStringLiteral("example.com, 127.0.0.0/8"),
          QStringLiteral("*")}) {
        const int before = proxyLogCount(tunnel);
        const auto attempts = run(suite, {QStringLiteral("https_proxy=") + proxyUrl(m_proxyPort),
                                          QStringLiteral("NO_PROXY=") + noProxy});
        QVERIFY2(allAre(attempts, QStringLiteral("ok"), 1), qPrintable(describeRoute(attempts)));
        QCOMPARE(proxyLogCount(tunnel), before);
    }
}

void TstNetworkOptions::providerProxyAndDirect()
{
    const QString tunnel = QStringLiteral("CONNECT 127.0.0.1:%1").arg(m_tlsSim->baseUrl().port());
    // "direct" ignores an environment whose proxy does not even listen.
    const QString direct =
        suiteFile(QStringLiteral("direct"),
                  {provider(QStringLiteral("p"), QStringLiteral("gemini"), m_tlsSim->baseUrl(),
                            {{"ca_file", m_ca.toStdString()}, {"proxy", "direct"}})});
    auto attempts =
        run(direct, {QStringLiteral("HTTPS_PROXY=http://127.0.0.1:%1").arg(freePort())});
    QVERIFY2(allAre(attempts, QStringLiteral("ok"), 1), qPrintable(describeRoute(attempts)));
    // The provider's own proxy, which NO_PROXY does not override; its credentials come from a
    // reference.
    const QString own = suiteFile(
        QStringLiteral("own-proxy"),
        {provider(QStringLiteral("p"), QStringLiteral("anthropic-messages"), m_tlsSim->baseUrl(),
                  {{"ca_file", m_ca.toStdString()},
                   {"proxy", QStringLiteral("http://127.0.0.1:%1").arg(m_proxyPort).toStdString()},
                   {"proxy_auth", "env:YS_TEST_PROXY_CREDS"}})});
    const int before = proxyLogCount(tunnel);
    attempts = run(own, {QStringLiteral("NO_PROXY=*"),
                         QStringLiteral("YS_TEST_PROXY_CREDS=analyst:s3cret-proxy-pw")});
    QVERIFY2(allAre(attempts, QStringLiteral("ok"), 1), qPrintable(describeRoute(attempts)));
    QVERIFY(proxyLogCount(tunnel) > before);
}

void TstNetworkOptions::plainHttpThroughProxy()
{
    const QUrl base = m_plainSim->baseUrl();
    const QString suite =
        suiteFile(QStringLiteral("plain"),
                  {provider(QStringLiteral("p"), QStringLiteral("openai-chat"), base)});
    const QString forwarded = QStringLiteral("POST http://127.0.0.1:%1/v1/").arg(base.port());
    const int before = proxyLogCount(forwarded);
    // Upper-case HTTP_PROXY is not read for http:// (as curl): only http_proxy.
    auto attempts = run(suite, {QStringLiteral("HTTP_PROXY=http://127.0.0.1:%1").arg(freePort())});
    QVERIFY2(allAre(attempts, QStringLiteral("ok"), 1), qPrintable(describeRoute(attempts)));
    attempts = run(suite, {QStringLiteral("http_proxy=") + proxyUrl(m_proxyPort)});
    QVERIFY2(allAre(attempts, QStringLiteral("ok"), 1), qPrintable(describeRoute(attempts)));
    QCOMPARE(attempts.front().httpVersion, QStringLiteral("1.1"));
    QCOMPARE(proxyLogCount(forwarded) - before, 3);
}

void TstNetworkOptions::proxyCredentialsFromReference()
{
    const QString password = QStringLiteral("wr0ng-proxy-pw");
    const QString suite = suiteFile(
        QStringLiteral("wrong-creds"),
        {provider(QStringLiteral("tls"), QStringLiteral("openai-chat"), m_tlsSim->baseUrl(),
                  {{"ca_file", m_ca.toStdString()}}),
         provider(QStringLiteral("plain"), QStringLiteral("openai-chat"), m_plainSim->baseUrl())});
    test::CliResult result;
    const auto attempts = run(suite,
                              {QStringLiteral("HTTPS_PROXY=") +
                                   proxyUrl(m_proxyPort, QStringLiteral("analyst:") + password),
                               QStringLiteral("http_proxy=") +
                                   proxyUrl(m_proxyPort, QStringLiteral("analyst:") + password)},
                              &result);
    QCOMPARE(int(attempts.size()), 6);
    for (const Attempt &a : attempts)
        QVERIFY2(a.outcome != QLatin1StringView("ok"), qPrintable(describeRoute(attempts)));
    // The proxy's refusal is measured, and the password is nowhere: not in the database, not in
    // what the command printed.
    for (const QString &file :
         QDir(m_dir.path()).entryList({QStringLiteral("run-%1.sqlite*").arg(m_runs)})) {
        QFile db(m_dir.filePath(file));
        QVERIFY(db.open(QIODevice::ReadOnly));
        QVERIFY2(!db.readAll().contains(password.toUtf8()), qPrintable(file));
    }
    QVERIFY(!result.out.contains(password.toUtf8()));
    QVERIFY(!result.err.contains(password));
}

void TstNetworkOptions::caFileTrustsTheTestCa()
{
    std::vector<json> providers;
    for (const char *dialect : {"openai-chat", "gemini"})
        providers.push_back(provider(QString::fromLatin1(dialect), QString::fromLatin1(dialect),
                                     m_tlsSim->baseUrl()));
    // HTTP/1.1 on the lanes' own TLS as well as QtNetwork's.
    providers.push_back(provider(QStringLiteral("lanes"), QStringLiteral("openai-chat"),
                                 m_tlsSim->baseUrl(), {{"http_version", "1.1"}}));
    auto attempts = run(suiteFile(QStringLiteral("untrusted"), providers), {});
    QVERIFY2(allAre(attempts, QStringLiteral("tls_error"), 3), qPrintable(describeRoute(attempts)));
    // The reason is named: the issuer is not known.
    for (const Attempt &a : attempts)
        QVERIFY2(a.error.contains(QLatin1StringView("issuer"), Qt::CaseInsensitive),
                 qPrintable(a.error));
    for (json &p : providers)
        p["ca_file"] = m_ca.toStdString();
    attempts = run(suiteFile(QStringLiteral("trusted"), providers), {});
    QVERIFY2(allAre(attempts, QStringLiteral("ok"), 3), qPrintable(describeRoute(attempts)));
}

void TstNetworkOptions::clientCertificate()
{
    const json trust{{"ca_file", m_ca.toStdString()}};
    json withCert = trust;
    withCert["client_cert"] = m_clientCert.toStdString();
    withCert["client_key"] = m_clientKey.toStdString();
    json lanesCert = withCert;
    lanesCert["http_version"] = "1.1";
    json lanesTrust = trust;
    lanesTrust["http_version"] = "1.1";
    auto attempts = run(suiteFile(QStringLiteral("mtls"),
                                  {provider(QStringLiteral("qt"), QStringLiteral("openai-chat"),
                                            m_mtlsSim->baseUrl(), withCert),
                                   provider(QStringLiteral("lanes"), QStringLiteral("openai-chat"),
                                            m_mtlsSim->baseUrl(), lanesCert)}),
                        {});
    QVERIFY2(allAre(attempts, QStringLiteral("ok"), 2), qPrintable(describeRoute(attempts)));
    attempts = run(suiteFile(QStringLiteral("mtls-none"),
                             {provider(QStringLiteral("qt"), QStringLiteral("openai-chat"),
                                       m_mtlsSim->baseUrl(), trust),
                              provider(QStringLiteral("lanes"), QStringLiteral("openai-chat"),
                                       m_mtlsSim->baseUrl(), lanesTrust)}),
                   {});
    QCOMPARE(int(attempts.size()), 6);
    for (const Attempt &a : attempts)
        QVERIFY2(a.outcome == QLatin1StringView("tls_error") ||
                     a.outcome == QLatin1StringView("connection_error"),
                 qPrintable(describeRoute(attempts)));
}

void TstNetworkOptions::httpVersionChoice()
{
    const json trust{{"ca_file", m_ca.toStdString()}};
    json v11 = trust;
    v11["http_version"] = "1.1";
    json v2 = trust;
    v2["http_version"] = "2";
    const auto attempts =
        run(suiteFile(QStringLiteral("versions"),
                      {provider(QStringLiteral("auto"), QStringLiteral("openai-chat"),
                                m_tlsSim->baseUrl(), trust),
                       provider(QStringLiteral("one"), QStringLiteral("openai-chat"),
                                m_tlsSim->baseUrl(), v11),
                       provider(QStringLiteral("two"), QStringLiteral("openai-chat"),
                                m_tlsSim->baseUrl(), v2)}),
            {});
    QCOMPARE(int(attempts.size()), 9);
    for (const Attempt &a : attempts) {
        if (a.provider == QLatin1StringView("two")) {
            // This simulator speaks HTTP/1.1 only (no --http2): asked for HTTP/2 it is refused,
            // and said so.
            QCOMPARE(a.outcome, QStringLiteral("client_error"));
            QVERIFY2(a.error.contains(QLatin1StringView("HTTP/2")), qPrintable(a.error));
        } else {
            QCOMPARE(a.outcome, QStringLiteral("ok"));
            QCOMPARE(a.httpVersion, QStringLiteral("1.1"));
        }
    }
}

// HTTP/1.1 over TLS on the lanes' own sockets, direct and through the proxy's tunnel: a cold
// attempt connects, then (through the proxy) has its tunnel opened, then shakes hands, then
// sends; a warm one on the kept-alive connection has none of these phases.
void TstNetworkOptions::lanesTlsPhases()
{
    json direct{{"ca_file", m_ca.toStdString()}, {"http_version", "1.1"}};
    json proxied = direct;
    proxied["proxy"] = QStringLiteral("http://127.0.0.1:%1").arg(m_proxyPort).toStdString();
    proxied["proxy_auth"] = "env:YS_TEST_PROXY_CREDS";
    const QString tunnel = QStringLiteral("CONNECT 127.0.0.1:%1").arg(m_tlsSim->baseUrl().port());
    const int before = proxyLogCount(tunnel);
    const auto attempts =
        run(suiteFile(QStringLiteral("lanes-tls"),
                      {provider(QStringLiteral("direct"), QStringLiteral("openai-chat"),
                                m_tlsSim->baseUrl(), direct),
                       provider(QStringLiteral("proxied"), QStringLiteral("anthropic-messages"),
                                m_tlsSim->baseUrl(), proxied)}),
            {QStringLiteral("YS_TEST_PROXY_CREDS=analyst:s3cret-proxy-pw")});
    QVERIFY2(allAre(attempts, QStringLiteral("ok"), 2), qPrintable(describeRoute(attempts)));
    QCOMPARE(proxyLogCount(tunnel) - before, 1); // one tunnel, kept alive for all three
    for (const QString &name : {QStringLiteral("direct"), QStringLiteral("proxied")}) {
        int cold = 0;
        for (const Attempt &a : attempts) {
            if (a.provider != name)
                continue;
            QCOMPARE(a.httpVersion, QStringLiteral("1.1"));
            if (a.reused) {
                QCOMPARE(a.connectStart, -1);
                QCOMPARE(a.tlsDone, -1);
                QCOMPARE(a.tunnel, -1);
                continue;
            }
            ++cold;
            if (name == QLatin1StringView("proxied"))
                QVERIFY2(
                    a.tunnel > a.connected && a.tlsDone > a.tunnel,
                    qPrintable(
                        QStringLiteral("%1 %2 %3").arg(a.connected).arg(a.tunnel).arg(a.tlsDone)));
            else
                QCOMPARE(a.tunnel, -1);
            QVERIFY2(a.connectStart >= 0 && a.connected > a.connectStart &&
                         a.tlsDone > a.connected && a.requestSent >= a.tlsDone,
                     qPrintable(QStringLiteral("%1: %2 %3 %4 %5")
                                    .arg(name)
                                    .arg(a.connectStart)
                                    .arg(a.connected)
                                    .arg(a.tlsDone)
                                    .arg(a.requestSent)));
        }
        QCOMPARE(cold, 1);
    }
}

void TstNetworkOptions::badFilesAreNamed()
{
    const QString missing = m_dir.filePath(QStringLiteral("no-such-ca.pem"));
    test::CliResult result;
    const auto attempts =
        run(suiteFile(QStringLiteral("missing-ca"),
                      {provider(QStringLiteral("p"), QStringLiteral("openai-chat"),
                                m_tlsSim->baseUrl(), {{"ca_file", missing.toStdString()}})}),
            {}, &result);
    QVERIFY(attempts.empty());
    QVERIFY2(result.err.contains(missing) && result.err.contains(QLatin1StringView("ca_file")),
             qPrintable(result.err));
    const auto proxied =
        run(suiteFile(QStringLiteral("socks"),
                      {provider(QStringLiteral("p"), QStringLiteral("openai-chat"),
                                m_tlsSim->baseUrl(), {{"ca_file", m_ca.toStdString()}})}),
            {QStringLiteral("HTTPS_PROXY=socks5://127.0.0.1:1")}, &result);
    QVERIFY(proxied.empty());
    QVERIFY2(result.err.contains(QLatin1StringView("HTTPS_PROXY")), qPrintable(result.err));
}

YS_TEST_MAIN(TstNetworkOptions)
#include "tst_network_options.moc"
