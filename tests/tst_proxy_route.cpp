// Which proxy a request takes: the environment read as curl reads it (http_proxy in lower case
// only, https_proxy before HTTPS_PROXY, all_proxy as the fallback), NO_PROXY's host names,
// domains, addresses and CIDR ranges, a provider's own proxy or "direct", and the suite's
// network fields with the messages that name what is wrong.
#include "domain/suite.h"
#include "net/proxy_route.h"
#include "test_main.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;

namespace {

// Sets a variable for the scope of one check; unsets it afterwards.
class ScopedEnv {
public:
    ScopedEnv(const char *name, const QByteArray &value)
        : m_name(name)
    {
        qputenv(name, value);
    }
    ~ScopedEnv() { qunsetenv(m_name); }

private:
    const char *m_name;
};

std::optional<ProxyRoute> route(const QString &url, const ProxyEnvironment &env,
                                const QString &providerProxy = {})
{
    std::optional<ProxyRoute> r;
    QString error;
    if (!ProxyResolver::routeFor(QUrl(url), providerProxy, env, &r, &error))
        qWarning("unexpected error: %s", qPrintable(error));
    return r;
}

nlohmann::json suiteDoc(const nlohmann::json &providerFields)
{
    nlohmann::json provider{{"name", "p"},
                            {"dialect", "openai-chat"},
                            {"base_url", "https://api.example.com/v1"},
                            {"model", "m"}};
    provider.update(providerFields);
    return {{"format", "yardstick-suite/1"},
            {"name", "n"},
            {"providers", nlohmann::json::array({provider})},
            {"scenarios", nlohmann::json::array({{{"kind", "latency"}, {"requests", 1}}})}};
}

QString suiteError(const nlohmann::json &providerFields)
{
    QString error;
    const auto suite = Suite::parse(QByteArray::fromStdString(suiteDoc(providerFields).dump()),
                                    QStringLiteral("test"), &error);
    return suite ? QString() : error;
}

} // namespace

class TstProxyRoute : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        for (const char *name : {"http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY",
                                 "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"})
            qunsetenv(name);
    }

    void environmentAsCurlReadsIt()
    {
        {
            // Upper-case HTTP_PROXY is never read (a CGI request header can set it).
            ScopedEnv upper("HTTP_PROXY", "http://evil.example:1");
            QCOMPARE(ProxyEnvironment::fromProcess().httpProxy, QString());
        }
        {
            ScopedEnv lower("http_proxy", "http://proxy.example:3128");
            QCOMPARE(ProxyEnvironment::fromProcess().httpProxy,
                     QStringLiteral("http://proxy.example:3128"));
        }
        {
            ScopedEnv upper("HTTPS_PROXY", "upper:1");
            QCOMPARE(ProxyEnvironment::fromProcess().httpsProxy, QStringLiteral("upper:1"));
            ScopedEnv lower("https_proxy", "lower:2");
            QCOMPARE(ProxyEnvironment::fromProcess().httpsProxy, QStringLiteral("lower:2"));
        }
        {
            ScopedEnv all("ALL_PROXY", "all:3");
            ScopedEnv no("NO_PROXY", "internal.example");
            const ProxyEnvironment env = ProxyEnvironment::fromProcess();
            QCOMPARE(env.allProxy, QStringLiteral("all:3"));
            QCOMPARE(env.noProxy, QStringLiteral("internal.example"));
        }
    }

    void routeByScheme()
    {
        ProxyEnvironment env;
        env.httpsProxy = QStringLiteral("http://user:p%40ss@secure.example:8443");
        env.httpProxy = QStringLiteral("plain.example");
        const auto secure = route(QStringLiteral("https://api.example.com/v1"), env);
        QVERIFY(secure);
        QCOMPARE(secure->host, QStringLiteral("secure.example"));
        QCOMPARE(secure->port, quint16(8443));
        QCOMPARE(secure->user, QByteArray("user"));
        QCOMPARE(secure->password, QByteArray("p@ss"));
        QCOMPARE(secure->authorization(), "Basic " + QByteArray("user:p@ss").toBase64());
        QCOMPARE(secure->address(), QStringLiteral("secure.example:8443"));
        const auto plain = route(QStringLiteral("http://10.1.2.3:8000/v1"), env);
        QVERIFY(plain);
        QCOMPARE(plain->host, QStringLiteral("plain.example"));
        QCOMPARE(plain->port, quint16(1080)); // curl's default proxy port
        QVERIFY(plain->authorization().isEmpty());

        ProxyEnvironment fallback;
        fallback.allProxy = QStringLiteral("all.example:9");
        QCOMPARE(route(QStringLiteral("https://a.example"), fallback)->host,
                 QStringLiteral("all.example"));
        QVERIFY(!route(QStringLiteral("https://a.example"), ProxyEnvironment{}));
    }

    void noProxyRules_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("noProxy");
        QTest::addColumn<bool>("bypass");
        QTest::newRow("exact") << "api.example.com"
                               << "api.example.com" << true;
        QTest::newRow("domain") << "api.example.com"
                                << "example.com" << true;
        QTest::newRow("leading dot") << "api.example.com"
                                     << ".example.com" << true;
        QTest::newRow("dot matches itself") << "example.com"
                                            << ".example.com" << true;
        QTest::newRow("not a suffix of a label") << "badexample.com"
                                                 << "example.com" << false;
        QTest::newRow("case") << "API.Example.COM"
                              << "example.com" << true;
        QTest::newRow("trailing dot") << "api.example.com."
                                      << "example.com" << true;
        QTest::newRow("list with spaces") << "b.internal"
                                          << "a.example, b.internal" << true;
        QTest::newRow("star") << "anything.example"
                              << "*" << true;
        QTest::newRow("star among others is a name") << "a.example"
                                                     << "x.example,*" << false;
        QTest::newRow("ip") << "127.0.0.1"
                            << "127.0.0.1" << true;
        QTest::newRow("other ip") << "127.0.0.2"
                                  << "127.0.0.1" << false;
        QTest::newRow("cidr") << "10.20.30.40"
                              << "10.0.0.0/8" << true;
        QTest::newRow("outside cidr") << "11.0.0.1"
                                      << "10.0.0.0/8" << false;
        QTest::newRow("ipv6") << "[::1]"
                              << "::1" << true;
        QTest::newRow("ipv6 cidr") << "fd00::5"
                                   << "fd00::/8" << true;
        QTest::newRow("name is not an address") << "localhost"
                                                << "127.0.0.1" << false;
        QTest::newRow("empty") << "api.example.com"
                               << "" << false;
    }

    void noProxyRules()
    {
        QFETCH(QString, host);
        QFETCH(QString, noProxy);
        QFETCH(bool, bypass);
        QCOMPARE(ProxyResolver::bypasses(host, noProxy), bypass);
    }

    void providerSettingWins()
    {
        ProxyEnvironment env;
        env.httpsProxy = QStringLiteral("env.example:1");
        env.noProxy = QStringLiteral("*");
        QVERIFY(!route(QStringLiteral("https://api.example.com"), env));
        // A provider's own proxy is not overridden by NO_PROXY.
        const auto own =
            route(QStringLiteral("https://api.example.com"), env, QStringLiteral("http://own:3"));
        QVERIFY(own);
        QCOMPARE(own->host, QStringLiteral("own"));
        QCOMPARE(own->source, QStringLiteral("provider"));
        env.noProxy.clear();
        QVERIFY(!route(QStringLiteral("https://api.example.com"), env, QStringLiteral("direct")));
    }

    void unusableProxyIsNamed()
    {
        ProxyEnvironment env;
        env.httpsProxy = QStringLiteral("socks5://user:secret@s.example:1080");
        std::optional<ProxyRoute> r;
        QString error;
        QVERIFY(!ProxyResolver::routeFor(QUrl(QStringLiteral("https://a.example")), {}, env, &r,
                                         &error));
        QVERIFY2(error.contains(QLatin1StringView("HTTPS_PROXY")), qPrintable(error));
        QVERIFY2(error.contains(QLatin1StringView("socks5")), qPrintable(error));
        QVERIFY2(!error.contains(QLatin1StringView("secret")), qPrintable(error));
    }

    void suiteFields()
    {
        QCOMPARE(suiteError({{"proxy", "http://proxy.corp:3128"},
                             {"proxy_auth", "env:PROXY_CREDS"},
                             {"ca_file", "/etc/ca.pem"},
                             {"client_cert", "c.pem"},
                             {"client_key", "k.pem"},
                             {"http_version", "1.1"}}),
                 QString());
        const QString creds = suiteError({{"proxy", "http://bob:hunter2@proxy.corp:3128"}});
        QVERIFY2(creds.contains(QLatin1StringView("providers[0].proxy")), qPrintable(creds));
        QVERIFY2(!creds.contains(QLatin1StringView("hunter2")), qPrintable(creds));
        QVERIFY(suiteError({{"proxy", "socks5://proxy.corp:1080"}})
                    .contains(QLatin1StringView("proxy")));
        const QString auth = suiteError({{"proxy_auth", "bob:hunter2"}});
        QVERIFY2(auth.contains(QLatin1StringView("proxy_auth")), qPrintable(auth));
        QVERIFY2(!auth.contains(QLatin1StringView("hunter2")), qPrintable(auth));
        QVERIFY(suiteError({{"client_cert", "c.pem"}}).contains(QLatin1StringView("client_key")));
        QVERIFY(suiteError({{"http_version", "3"}}).contains(QLatin1StringView("http_version")));
        QVERIFY(suiteError({{"ca_file", ""}}).contains(QLatin1StringView("ca_file")));
    }

    void suiteRoundTrip()
    {
        const nlohmann::json doc =
            suiteDoc({{"proxy", "direct"}, {"ca_file", "/etc/ca.pem"}, {"http_version", "2"}});
        QString error;
        const auto suite =
            Suite::parse(QByteArray::fromStdString(doc.dump()), QStringLiteral("test"), &error);
        QVERIFY2(suite, qPrintable(error));
        const NetworkSettings &n = suite->providers.front().network;
        QCOMPARE(n.proxy, QStringLiteral("direct"));
        QCOMPARE(n.caFile, QStringLiteral("/etc/ca.pem"));
        QCOMPARE(n.httpVersion, HttpVersionChoice::Http2);
        const auto again = Suite::parse(suite->toJson(), QStringLiteral("again"), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->providers.front().network, n);
    }
};

YS_TEST_GUILESS_MAIN(TstProxyRoute)
#include "tst_proxy_route.moc"
