// The provider editor's checks without a window: each bad field gets a message that names it,
// a key pasted where its reference belongs is refused without being repeated, and a valid draft
// becomes the provider a suite file would hold (catalog figures left to the catalog, changed
// ones kept as overrides). Also the keychain: reference where no secret service runs.
#include "domain/suite.h"
#include "pricing/price_catalog.h"
#include "provider/secrets.h"
#include "test_main.h"
#include "workbench/provider_form.h"
#include "workbench/provider_operations_form.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

using namespace ys;

namespace {

ProviderDraft validDraft()
{
    ProviderDraft d;
    d.name = QStringLiteral("Local vLLM");
    d.dialect = QStringLiteral("openai-chat");
    d.baseUrl = QStringLiteral("http://127.0.0.1:8000/v1");
    d.model = QStringLiteral("qwen3-8b");
    d.keyRef = QStringLiteral("env:VLLM_KEY");
    d.inputPrice = QStringLiteral("0.1");
    d.outputPrice = QStringLiteral("0.4");
    d.contextWindow = QStringLiteral("32768");
    return d;
}

// The draft's text for a field.
QString &fieldOf(ProviderDraft &d, ProviderField field)
{
    const auto &fields = ProviderForm::textFields();
    const auto it = std::find_if(fields.begin(), fields.end(),
                                 [field](const DraftText &f) { return f.field == field; });
    Q_ASSERT(it != fields.end());
    return d.*(it->text);
}

// The draft with these fields' texts replaced.
ProviderDraft withFields(ProviderDraft d,
                         std::initializer_list<std::pair<ProviderField, const char *>> fields)
{
    for (const auto &[field, text] : fields)
        fieldOf(d, field) = QString::fromUtf8(text);
    return d;
}

// The message of the one problem of a field, or empty.
QString problemOf(const std::vector<FieldProblem> &problems, ProviderField field)
{
    QString out;
    for (const FieldProblem &p : problems)
        if (p.field == field)
            out = p.message;
    return out;
}

void formRow(const char *tag, ProviderField f, const char *value)
{
    QTest::newRow(tag) << int(f) << QString::fromUtf8(value) << ProviderForm::fieldLabel(f);
}

} // namespace

class TstProviderForm : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void validDraftHasNoProblem()
    {
        QVERIFY(ProviderForm::validate(validDraft(), {QStringLiteral("Other")}).empty());
    }

    void eachBadFieldNamesItself_data()
    {
        QTest::addColumn<int>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("label");
        formRow("empty name", ProviderField::Name, "  ");
        formRow("taken name", ProviderField::Name, "Other");
        formRow("empty url", ProviderField::BaseUrl, "");
        formRow("not a url", ProviderField::BaseUrl, "not a url");
        formRow("ftp url", ProviderField::BaseUrl, "ftp://example.com/v1");
        formRow("no host", ProviderField::BaseUrl, "http://");
        formRow("empty model", ProviderField::Model, "");
        formRow("bad dialect", ProviderField::Dialect, "smoke-signals");
        formRow("negative input", ProviderField::InputPrice, "-0.5");
        formRow("negative cached", ProviderField::CachedPrice, "-1");
        formRow("text output", ProviderField::OutputPrice, "cheap");
        formRow("negative cache write", ProviderField::CacheWritePrice, "-3");
        formRow("zero context", ProviderField::ContextWindow, "0");
        formRow("negative context", ProviderField::ContextWindow, "-128000");
        formRow("fractional context", ProviderField::ContextWindow, "1.5");
        formRow("huge context", ProviderField::ContextWindow, "100000001");
        formRow("proxy with credentials", ProviderField::Proxy,
                "http://analyst:pw@proxy.corp:3128");
        formRow("socks proxy", ProviderField::Proxy, "socks5://proxy.corp:1080");
        formRow("proxy not a url", ProviderField::Proxy, "proxy.corp 3128");
        formRow("proxy credentials as text", ProviderField::ProxyAuth, "analyst:pw");
        formRow("key without its certificate", ProviderField::ClientCert, "/etc/ys/client.key");
        formRow("certificate without its key", ProviderField::ClientKey, "/etc/ys/client.pem");
        formRow("unknown http version", ProviderField::HttpVersion, "3");
        formRow("metrics not http", ProviderField::MetricsUrl, "ftp://gpu-box:8000/metrics");
        formRow("metrics without host", ProviderField::MetricsUrl, "http:///metrics");
        formRow("scrapes too often", ProviderField::MetricsInterval, "49");
        formRow("scrape interval not whole", ProviderField::MetricsInterval, "1.5");
        formRow("not a metric name", ProviderField::MetricsKeep,
                "vllm:num_requests_waiting 9lives");
        formRow("breaker of no failures", ProviderField::BreakerThreshold, "0");
        formRow("unknown fallback", ProviderField::Fallback, "Other, Nobody");
        formRow("itself as fallback", ProviderField::Fallback, "Local vLLM");
    }

    void eachBadFieldNamesItself()
    {
        QFETCH(int, field);
        QFETCH(QString, value);
        QFETCH(QString, label);
        ProviderDraft d = validDraft();
        // A key alone: the certificate is what is missing; a certificate alone: its key is.
        ProviderField set = ProviderField(field);
        if (set == ProviderField::ClientCert)
            set = ProviderField::ClientKey;
        else if (set == ProviderField::ClientKey)
            set = ProviderField::ClientCert;
        fieldOf(d, set) = value;
        std::vector<FieldProblem> problems;
        QVERIFY(!ProviderForm::toConfig(d, ProviderConfig{}, {QStringLiteral("Other")}, &problems));
        QCOMPARE(problems.size(), std::size_t(1));
        QCOMPARE(int(problems.front().field), field);
        QVERIFY2(problems.front().message.startsWith(label + QLatin1Char(':')),
                 qPrintable(problems.front().message));
    }

    // The network fields reach the provider as a suite file holds them, and come back.
    void networkSettingsRoundTrip()
    {
        ProviderDraft d =
            withFields(validDraft(), {{ProviderField::Proxy, " http://proxy.corp:3128 "},
                                      {ProviderField::ProxyAuth, "env:CORP_PROXY"},
                                      {ProviderField::CaFile, "/etc/ys/corp-ca.pem"},
                                      {ProviderField::ClientCert, "/etc/ys/client.pem"},
                                      {ProviderField::ClientKey, "/etc/ys/client.key"},
                                      {ProviderField::HttpVersion, "1.1"}});
        std::vector<FieldProblem> problems;
        const auto p = ProviderForm::toConfig(d, ProviderConfig{}, {}, &problems);
        QVERIFY(p);
        QCOMPARE(p->network.proxy, QStringLiteral("http://proxy.corp:3128"));
        QCOMPARE(p->network.proxyAuthRef, QStringLiteral("env:CORP_PROXY"));
        QCOMPARE(p->network.caFile, QStringLiteral("/etc/ys/corp-ca.pem"));
        QCOMPARE(p->network.clientCert, QStringLiteral("/etc/ys/client.pem"));
        QCOMPARE(p->network.clientKey, QStringLiteral("/etc/ys/client.key"));
        QCOMPARE(p->network.httpVersion, HttpVersionChoice::Http11);
        const ProviderDraft back = ProviderForm::draftOf(*p);
        QCOMPARE(back.proxy, QStringLiteral("http://proxy.corp:3128"));
        QCOMPARE(back.httpVersion, QStringLiteral("1.1"));
        QCOMPARE(back.clientKey, QStringLiteral("/etc/ys/client.key"));
        // "direct" takes no credentials; the proxy's password is never repeated.
        d.proxy = QStringLiteral("direct");
        problems = ProviderForm::validate(d, {});
        QVERIFY(!problemOf(problems, ProviderField::ProxyAuth).isEmpty());
        d.proxyAuth.clear();
        d.proxy = QStringLiteral("http://analyst:hunter2-pw@proxy.corp:3128");
        problems = ProviderForm::validate(d, {});
        QVERIFY(!problemOf(problems, ProviderField::Proxy).contains(QLatin1StringView("hunter2")));
        // The defaults: the environment's proxy, automatic version; nothing written.
        const auto plain = ProviderForm::toConfig(validDraft(), ProviderConfig{}, {}, &problems);
        QVERIFY(plain && plain->network.isDefault());
    }

    // Server metrics, breaker and fallbacks reach the provider as a suite file holds them, and
    // come back; emptied, they are gone.
    void operationsRoundTrip()
    {
        ProviderConfig c;
        ServerMetricsSettings metrics;
        metrics.url = QUrl(QStringLiteral("http://gpu-box:8000/metrics"));
        metrics.intervalMs = 250;
        metrics.keep = {QStringLiteral("vllm:num_requests_waiting"),
                        QStringLiteral("vllm:gpu_cache_usage_perc")};
        c.serverMetrics = metrics;
        c.breaker = BreakerSettings{3, 12.5, 4, 2};
        c.fallback = {QStringLiteral("Other"), QStringLiteral("Third")};
        ProviderDraft d = validDraft();
        ProviderOperationsForm::fill(d, c);
        QCOMPARE(d.metricsKeep,
                 QStringLiteral("vllm:num_requests_waiting, vllm:gpu_cache_usage_perc"));
        QCOMPARE(d.breakerWindow, QStringLiteral("12.5"));
        QCOMPARE(d.fallback, QStringLiteral("Other, Third"));
        const std::vector<QString> taken{QStringLiteral("Other"), QStringLiteral("Third")};
        std::vector<FieldProblem> problems;
        const auto p = ProviderForm::toConfig(d, ProviderConfig{}, taken, &problems);
        QVERIFY2(p, qPrintable(problems.empty() ? QString() : problems.front().message));
        QCOMPARE(p->serverMetrics, c.serverMetrics);
        QCOMPARE(p->breaker, c.breaker);
        QCOMPARE(p->fallback, c.fallback);
        // What the editor wrote reads back from the suite file it saves.
        Suite suite;
        suite.name = QStringLiteral("ops");
        suite.providers = {*p, *p, *p};
        suite.providers[1].name = QStringLiteral("Other");
        suite.providers[2].name = QStringLiteral("Third");
        for (std::size_t i = 1; i < 3; ++i) {
            suite.providers[i].fallback.clear();
            suite.providers[i].breaker.reset();
        }
        suite.scenarios.push_back(Scenario{});
        QString error;
        const auto back = Suite::parse(suite.toJson(), QStringLiteral("ops.json"), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->providers[0].serverMetrics, c.serverMetrics);
        QCOMPARE(back->providers[0].breaker, c.breaker);
        QCOMPARE(back->providers[0].fallback, c.fallback);
        // Emptied: no metrics, no breaker, no fallback.
        d.metricsUrl.clear();
        d.breakerThreshold = QStringLiteral("  ");
        d.fallback.clear();
        const auto off = ProviderForm::toConfig(d, *p, taken, &problems);
        QVERIFY(off);
        QVERIFY(!off->serverMetrics && !off->breaker && off->fallback.isEmpty());
    }

    // The editor holds each field to the limits a suite file does: the same values pass and the
    // same are refused, on both sides of each bound.
    void operationsFollowTheSuiteLimits_data()
    {
        QTest::addColumn<int>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("valid");
        const auto row = [](const char *tag, ProviderField f, const char *v, bool ok) {
            QTest::newRow(tag) << int(f) << QString::fromUtf8(v) << ok;
        };
        row("interval 50", ProviderField::MetricsInterval, "50", true);
        row("interval 49", ProviderField::MetricsInterval, "49", false);
        row("interval an hour", ProviderField::MetricsInterval, "3600000", true);
        row("interval past an hour", ProviderField::MetricsInterval, "3600001", false);
        row("threshold 1", ProviderField::BreakerThreshold, "1", true);
        row("threshold 10000", ProviderField::BreakerThreshold, "10000", true);
        row("threshold 10001", ProviderField::BreakerThreshold, "10001", false);
        row("window a day", ProviderField::BreakerWindow, "86400", true);
        row("window past a day", ProviderField::BreakerWindow, "86400.5", false);
        row("window 0", ProviderField::BreakerWindow, "0", false);
        row("open a tenth", ProviderField::BreakerOpen, "0.1", true);
        row("open negative", ProviderField::BreakerOpen, "-1", false);
        row("probes 1000", ProviderField::BreakerProbes, "1000", true);
        row("probes 1001", ProviderField::BreakerProbes, "1001", false);
        row("metric name with colon", ProviderField::MetricsKeep, "vllm:x_total", true);
        row("metric name with dash", ProviderField::MetricsKeep, "x-total", false);
    }

    void operationsFollowTheSuiteLimits()
    {
        QFETCH(int, field);
        QFETCH(QString, value);
        QFETCH(bool, valid);
        ProviderDraft d = validDraft();
        d.metricsUrl = QStringLiteral("http://127.0.0.1:8000/metrics");
        d.breakerThreshold = QStringLiteral("5");
        fieldOf(d, ProviderField(field)) = value;
        const std::vector<FieldProblem> problems = ProviderForm::validate(d, {});
        QCOMPARE(problemOf(problems, ProviderField(field)).isEmpty(), valid);

        // The same value in a suite file.
        const auto text = [&](ProviderField f) {
            return fieldOf(d, f).toStdString();
        };
        nlohmann::json metrics{
            {"url", "http://127.0.0.1:8000/metrics"},
            {"interval_ms", nlohmann::json::parse(text(ProviderField::MetricsInterval))}};
        const QStringList keep = ProviderOperationsForm::listOf(d.metricsKeep);
        for (const QString &name : keep)
            metrics["keep"].push_back(name.toStdString());
        nlohmann::json breaker;
        for (const auto &[key, f] :
             {std::pair{"failure_threshold", ProviderField::BreakerThreshold},
              std::pair{"window_s", ProviderField::BreakerWindow},
              std::pair{"open_s", ProviderField::BreakerOpen},
              std::pair{"half_open_probes", ProviderField::BreakerProbes}})
            breaker[key] = nlohmann::json::parse(text(f));
        const nlohmann::json file{{"format", "yardstick-suite/1"},
                                  {"name", "n"},
                                  {"providers",
                                   {{{"name", "A"},
                                     {"dialect", "openai-chat"},
                                     {"base_url", "http://127.0.0.1:1/v1"},
                                     {"model", "m"},
                                     {"server_metrics", metrics},
                                     {"breaker", breaker}}}},
                                  {"scenarios", {{{"kind", "latency"}}}}};
        const QByteArray json = QByteArray::fromStdString(file.dump());
        QString error;
        QCOMPARE(Suite::parse(json, QStringLiteral("n.json"), &error).has_value(), valid);
    }

    void ownNameMayStay()
    {
        const std::vector<QString> taken{QStringLiteral("Local vLLM"), QStringLiteral("Other")};
        QVERIFY(ProviderForm::validate(validDraft(), taken, QStringLiteral("Local vLLM")).empty());
        QVERIFY(!ProviderForm::validate(validDraft(), taken, QString()).empty());
    }

    void keyIsRefusedWithoutBeingRepeated_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("openai key")
            << QStringLiteral("sk-proj-") + QStringLiteral("Fake0").repeated(4);
        QTest::newRow("anthropic key")
            << QStringLiteral("sk-ant-api03-") + QStringLiteral("Fake0").repeated(3);
        QTest::newRow("bare word") << QStringLiteral("hunter2");
        QTest::newRow("key after env")
            << QStringLiteral("env:sk-proj-") + QStringLiteral("Fake0").repeated(4);
        QTest::newRow("env without name") << QStringLiteral("env:");
        QTest::newRow("keychain with space") << QStringLiteral("keychain:my key");
        QTest::newRow("bearer") << QStringLiteral("Bearer abc.def");
    }

    void keyIsRefusedWithoutBeingRepeated()
    {
        QFETCH(QString, text);
        ProviderDraft d = validDraft();
        d.keyRef = text;
        const auto problems = ProviderForm::validate(d, {});
        const QString message = problemOf(problems, ProviderField::KeyRef);
        QVERIFY(!message.isEmpty());
        QVERIFY(message.startsWith(ProviderForm::fieldLabel(ProviderField::KeyRef)));
        // The value is never echoed, not even a piece of it.
        const QString tail = text.mid(text.indexOf(QLatin1Char(':')) + 1);
        if (tail.size() >= 4)
            QVERIFY2(!message.contains(tail), qPrintable(message));
        if (!text.startsWith(QLatin1StringView("env:")) &&
            !text.startsWith(QLatin1StringView("keychain:"))) {
            QCOMPARE(message, ProviderForm::keyNotReferenceMessage());
            QVERIFY(message.contains(QLatin1StringView("env:NAME")));
            QVERIFY(message.contains(QLatin1StringView("keychain:NAME")));
            QVERIFY(!ProviderForm::startsLikeReference(text));
        }
    }

    void referencesAreAccepted()
    {
        for (const char *ref : {"env:OPENAI_API_KEY", "env:_X1", "keychain:openai-prod",
                                "keychain:team/deepseek", ""}) {
            ProviderDraft d = validDraft();
            d.keyRef = QString::fromLatin1(ref);
            QVERIFY2(ProviderForm::validate(d, {}).empty(), ref);
        }
        QVERIFY(ProviderForm::startsLikeReference(QStringLiteral("en")));
        QVERIFY(ProviderForm::startsLikeReference(QStringLiteral("keych")));
        QVERIFY(ProviderForm::startsLikeReference(QStringLiteral("env:X")));
    }

    void ownPriceBecomesTheProvidersPrice()
    {
        std::vector<FieldProblem> problems;
        ProviderConfig base;
        base.fallback = {QStringLiteral("Other")};
        const auto c = ProviderForm::toConfig(validDraft(), base, {}, &problems);
        QVERIFY(c);
        QCOMPARE(c->name, QStringLiteral("Local vLLM"));
        QCOMPARE(c->baseUrl, QUrl(QStringLiteral("http://127.0.0.1:8000/v1")));
        QCOMPARE(c->apiKeyRef, QStringLiteral("env:VLLM_KEY"));
        QVERIFY(c->price);
        QCOMPARE(c->price->inputPerMtok, 0.1);
        QCOMPARE(c->price->outputPerMtok, 0.4);
        QVERIFY(!c->priceOverride);
        QCOMPARE(c->contextWindow, std::optional<qint64>(32768));
        // The editor shows the fallbacks (operationsRoundTrip): its empty field is none.
        QVERIFY(c->fallback.isEmpty());

        // One figure alone overrides the catalog's.
        ProviderDraft d = validDraft();
        d.inputPrice.clear();
        const auto o = ProviderForm::toConfig(d, {}, {}, &problems);
        QVERIFY(o && !o->price && o->priceOverride);
        QCOMPARE(o->priceOverride->outputPerMtok, std::optional<double>(0.4));
        QVERIFY(!o->priceOverride->inputPerMtok);
    }

    void catalogFiguresStayTheCatalogs()
    {
        const auto hit = PriceCatalog::bundled()->entry(QStringLiteral("openai/gpt-4o-mini"));
        QVERIFY(hit);
        ProviderDraft d = validDraft();
        d.catalog = hit->entry();
        d.catalogPrice = hit->price;
        d.inputPrice = ProviderForm::priceText(hit->price.inputPerMtok);
        d.cachedPrice = ProviderForm::priceText(hit->price.cachedInputPerMtok);
        d.outputPrice = ProviderForm::priceText(hit->price.outputPerMtok);
        std::vector<FieldProblem> problems;
        auto c = ProviderForm::toConfig(d, {}, {}, &problems);
        QVERIFY(c);
        QCOMPARE(c->catalog, QStringLiteral("openai/gpt-4o-mini"));
        QVERIFY(!c->price);
        QVERIFY(!c->priceOverride);

        d.outputPrice = QStringLiteral("0.5");
        c = ProviderForm::toConfig(d, {}, {}, &problems);
        QVERIFY(c && c->priceOverride);
        QCOMPARE(c->priceOverride->outputPerMtok, std::optional<double>(0.5));
        QVERIFY(!c->priceOverride->inputPerMtok);

        // Saved and read back, a suite keeps the entry and the override.
        QString error;
        auto suite = Suite::parse(
            QByteArray("{'format':'yardstick-suite/1','name':'s','scenarios':[{'kind':'latency'}],"
                       "'providers':[{'name':'x','dialect':'openai-chat',"
                       "'base_url':'http://h/v1','model':'m'}]}")
                .replace('\'', '"'),
            QStringLiteral("s.json"), &error);
        QVERIFY2(suite, qPrintable(error));
        suite->providers.front() = *c;
        const auto back = Suite::parse(suite->toJson(), QStringLiteral("s.json"), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->providers.front().catalog, c->catalog);
        QCOMPARE(back->providers.front().priceOverride, c->priceOverride);
        // And opens again with the same figures shown.
        const ProviderDraft again = ProviderForm::draftOf(back->providers.front());
        QCOMPARE(again.outputPrice, QStringLiteral("0.5"));
        QCOMPARE(again.inputPrice, ProviderForm::priceText(hit->price.inputPerMtok));
    }

    void presetFillsAddressAndKeyVariable()
    {
        ProviderDraft d;
        ProviderForm::applyPreset(d, *ProviderPresets::find(QStringLiteral("deepseek")));
        QCOMPARE(d.preset, QStringLiteral("deepseek"));
        QCOMPARE(d.dialect, QStringLiteral("openai-chat"));
        QCOMPARE(d.baseUrl, QStringLiteral("https://api.deepseek.com/v1"));
        QCOMPARE(d.keyRef, QStringLiteral("env:DEEPSEEK_API_KEY"));
        d.keyRef = QStringLiteral("keychain:deepseek");
        ProviderForm::applyPreset(d, *ProviderPresets::find(QStringLiteral("deepseek")));
        QCOMPARE(d.keyRef, QStringLiteral("keychain:deepseek")); // the analyst's own stays
    }

    // Where no secret service runs (this test's machine: no D-Bus session), a keychain
    // reference fails with a message that says what to do; env: references still resolve.
    void keychainWithoutSecretServiceSaysSo()
    {
        if (qEnvironmentVariableIsSet("DBUS_SESSION_BUS_ADDRESS"))
            QSKIP("a D-Bus session is running here; a secret service may answer");
        QByteArray key;
        QString error;
        QVERIFY(!Secrets::resolve(QStringLiteral("keychain:ys-test-entry"), &key, &error));
        QVERIFY(key.isEmpty());
        QVERIFY2(error.contains(QLatin1StringView("keychain:ys-test-entry")), qPrintable(error));
        QVERIFY2(error.contains(QLatin1StringView("env:NAME")), qPrintable(error));

        // From runner threads too (a later read must not wait on an earlier
        // thread, which has ended): the read goes through the application's thread.
        for (int i = 0; i < 3; ++i) {
            QString threadError;
            QElapsedTimer clock;
            clock.start();
            std::unique_ptr<QThread> runner(QThread::create([&threadError] {
                QByteArray k;
                Secrets::resolve(QStringLiteral("keychain:ys-test-entry"), &k, &threadError);
            }));
            QSignalSpy ended(runner.get(), &QThread::finished);
            runner->start();
            QVERIFY(ended.wait(20000));
            QCOMPARE(threadError, error);
            QVERIFY2(clock.elapsed() < 10000, "the keychain read waited for its timeout");
        }

        qputenv("YS_TST_FORM_KEY", "form-test-value");
        QVERIFY(Secrets::resolve(QStringLiteral("env:YS_TST_FORM_KEY"), &key, &error));
        QCOMPARE(key, QByteArray("form-test-value"));
    }
};

YS_TEST_GUILESS_MAIN(TstProviderForm)
#include "tst_provider_form.moc"
