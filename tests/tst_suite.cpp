// Suite files: what parses, and that every bad input names the file, line or field at fault.
#include "domain/provider_presets.h"
#include "domain/suite.h"
#include "test_main.h"
#include "test_support.h"
#include "workbench/suite_templates.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace ys;

namespace {
// URLs are filled in at run time: moc (6.4) stops reading a file at "//" inside a raw string.
QByteArray withUrls(QByteArray json)
{
    return json
        .replace("LOCAL_URL", "http:"
                              "//127.0.0.1:8000/v1")
        .replace("HOST_URL", "http:"
                             "//h/v1")
        .replace("FTP_URL", "ftp:"
                            "//h");
}
} // namespace

class TstSuite : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parsesTheDesignExample()
    {
        const QByteArray json = R"({"format": "yardstick-suite/1",
 "name": "Chat shortlist Q3",
 "providers": [
   {"name": "Local vLLM", "dialect": "openai-chat",
    "base_url": "LOCAL_URL", "model": "qwen2.5-7b-instruct",
    "api_key": "env:VLLM_KEY",
    "price": {"input_per_mtok": 0.5, "output_per_mtok": 1.5},
    "context_window": 131072}],
 "scenarios": [
   {"kind": "latency", "requests": 30, "concurrency": 4,
    "prompt_tokens": 1000, "max_output_tokens": 384}]})";
        QString error;
        const auto suite = Suite::parse(withUrls(json), QStringLiteral("q3.json"), &error);
        QVERIFY2(suite, qPrintable(error));
        QCOMPARE(suite->name, QStringLiteral("Chat shortlist Q3"));
        QCOMPARE(suite->providers.size(), 1u);
        const ProviderConfig &p = suite->providers.front();
        QCOMPARE(p.apiKeyRef, QStringLiteral("env:VLLM_KEY"));
        QCOMPARE(p.price->outputPerMtok, 1.5);
        QCOMPARE(*p.contextWindow, 131072);
        QCOMPARE(suite->scenarios.front().maxOutputTokens, 384);

        // Round trip through the stored form.
        const auto again = Suite::parse(suite->toJson(), QStringLiteral("again"), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->toJson(), suite->toJson());
    }

    void errorsNameWhatIsWrong_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("mustMention");
        const QByteArray provider =
            R"({"name":"A","dialect":"openai-chat","base_url":"HOST_URL","model":"m"})";
        const QByteArray scenario = R"({"kind":"latency"})";
        auto suite = [&](const QByteArray &p, const QByteArray &s) {
            return R"({"format":"yardstick-suite/1","name":"n","providers":[)" + p +
                   R"(],"scenarios":[)" + s + "]}";
        };
        QTest::newRow("syntax, line 3")
            << QByteArray("{\n\"format\": 1,\n,\n}") << QStringLiteral("s.json, line 3");
        QTest::newRow("unknown top field")
            << QByteArray(R"({"format":"yardstick-suite/1","name":"n","providers":[],"extra":1})")
            << QStringLiteral("\"extra\"");
        QTest::newRow("newer format")
            << QByteArray(
                   R"({"format":"yardstick-suite/9","name":"n","providers":[],"scenarios":[]})")
            << QStringLiteral("s.json.format");
        QTest::newRow("unknown kind") << suite(provider, R"({"kind":"teleport"})")
                                      << QStringLiteral("s.json.scenarios[0].kind");
        QTest::newRow("unknown scenario field")
            << suite(provider, R"({"kind":"latency","requets":3})")
            << QStringLiteral("\"requets\"");
        QTest::newRow("bad concurrency") << suite(provider, R"({"kind":"latency","concurrency":0})")
                                         << QStringLiteral("scenarios[0].concurrency");
        QTest::newRow("unknown dialect")
            << suite(R"({"name":"A","dialect":"smoke","base_url":"HOST_URL","model":"m"})",
                     scenario)
            << QStringLiteral("providers[0].dialect");
        QTest::newRow("missing model")
            << suite(R"({"name":"A","dialect":"openai-chat","base_url":"HOST_URL"})", scenario)
            << QStringLiteral("\"model\"");
        QTest::newRow("bad url")
            << suite(R"({"name":"A","dialect":"openai-chat","base_url":"FTP_URL","model":"m"})",
                     scenario)
            << QStringLiteral("providers[0].base_url");
        // Provider A as above, with one field more that is wrong.
        const auto withField = [&](const QByteArray &field) {
            return suite(provider.chopped(1) + "," + field + "}", scenario);
        };
        QTest::newRow("negative price")
            << withField(R"("price":{"input_per_mtok":-1,"output_per_mtok":1})")
            << QStringLiteral("providers[0].price.input_per_mtok");
        QTest::newRow("duplicate provider")
            << suite(provider + "," + provider, scenario) << QStringLiteral("providers[1].name");
        QTest::newRow("unknown preset")
            << suite(R"({"name":"A","preset":"skynet","model":"m"})", scenario)
            << QStringLiteral("providers[0].preset: unknown preset \"skynet\"");
        QTest::newRow("no dialect and no preset")
            << suite(R"({"name":"A","base_url":"HOST_URL","model":"m"})", scenario)
            << QStringLiteral("\"dialect\"");
        QTest::newRow("fallback to nobody") << withField(R"("fallback":["B"])")
                                            << QStringLiteral("providers[0].fallback[0]: \"B\"");
        QTest::newRow("fallback to itself")
            << withField(R"("fallback":["A"])") << QStringLiteral("providers[0].fallback[0]");
        QTest::newRow("breaker threshold")
            << withField(R"("breaker":{"failure_threshold":0})")
            << QStringLiteral("providers[0].breaker.failure_threshold");
        QTest::newRow("breaker unknown field")
            << withField(R"("breaker":{"open_ms":5})") << QStringLiteral("\"open_ms\"");
        QTest::newRow("breaker open time") << withField(R"("breaker":{"open_s":0})")
                                           << QStringLiteral("providers[0].breaker.open_s");
    }

    // A preset supplies the dialect, address and key variable of a known OpenAI-compatible
    // service; the suite's own fields win; breaker and fallback survive a round trip.
    void presetsBreakersAndFallbacks()
    {
        const QByteArray json = R"({"format":"yardstick-suite/1","name":"n","providers":[
 {"name":"DS","preset":"deepseek","model":"deepseek-chat",
  "breaker":{"failure_threshold":4,"window_s":20,"open_s":5,"half_open_probes":2},
  "fallback":["Local","Q"]},
 {"name":"Local","preset":"Ollama","model":"qwen2.5:7b","base_url":"LOCAL_URL"},
 {"name":"Q","preset":"qwen","model":"qwen-plus","api_key":"env:MY_QWEN"}],
 "scenarios":[{"kind":"latency"}]})";
        QString error;
        const auto suite = Suite::parse(withUrls(json), QStringLiteral("s.json"), &error);
        QVERIFY2(suite, qPrintable(error));
        const ProviderConfig &ds = suite->providers[0];
        QCOMPARE(ds.dialect, QStringLiteral("openai-chat"));
        QCOMPARE(ds.baseUrl.host(), QStringLiteral("api.deepseek.com"));
        QCOMPARE(ds.apiKeyRef, QStringLiteral("env:DEEPSEEK_API_KEY"));
        QCOMPARE(ds.preset, QStringLiteral("deepseek"));
        QVERIFY(ds.breaker == (BreakerSettings{4, 20.0, 5.0, 2}));
        QCOMPARE(ds.fallback, (QStringList{QStringLiteral("Local"), QStringLiteral("Q")}));
        const ProviderConfig &local = suite->providers[1];
        QCOMPARE(local.preset, QStringLiteral("ollama")); // matched without regard to case
        QCOMPARE(local.baseUrl.port(), 8000);             // the suite's address wins
        QVERIFY(local.apiKeyRef.isEmpty());               // a local server needs no key
        QCOMPARE(suite->providers[2].apiKeyRef, QStringLiteral("env:MY_QWEN"));
        QCOMPARE(suite->providers[2].baseUrl.host(), QStringLiteral("dashscope.aliyuncs.com"));

        const auto again = Suite::parse(suite->toJson(), QStringLiteral("again"), &error);
        QVERIFY2(again, qPrintable(error));
        QVERIFY(again->providers[0].breaker == ds.breaker);
        QCOMPARE(again->providers[0].fallback, ds.fallback);
        QCOMPARE(again->providers[1].preset, QStringLiteral("ollama"));

        // Every preset is a complete OpenAI-compatible entry.
        for (const ProviderPreset &p : ProviderPresets::all()) {
            QCOMPARE(p.dialect, QStringLiteral("openai-chat"));
            QVERIFY2(QUrl(p.baseUrl).isValid() && !QUrl(p.baseUrl).host().isEmpty(),
                     qPrintable(p.id));
            QVERIFY(p.local == p.keyEnv.isEmpty());
        }
        QCOMPARE(ProviderPresets::all().size(), 8u);
    }

    void errorsNameWhatIsWrong()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, mustMention);
        QString error;
        QVERIFY(!Suite::parse(withUrls(json), QStringLiteral("s.json"), &error));
        QVERIFY2(error.contains(mustMention), qPrintable(error));
    }

    void aPastedKeyIsRefusedAndNotEchoed()
    {
        const QByteArray json =
            R"({"format":"yardstick-suite/1","name":"n","providers":[{"name":"A","dialect":"openai-chat","base_url":"HOST_URL","model":"m","api_key":"sk-live-0123456789abcdefghij"}],"scenarios":[{"kind":"latency"}]})";
        QString error;
        QVERIFY(!Suite::parse(withUrls(json), QStringLiteral("s.json"), &error));
        QVERIFY(error.contains(QStringLiteral("api_key")));
        QVERIFY(!error.contains(QStringLiteral("0123456789")));
    }

    void missingFileIsNamed()
    {
        QTemporaryDir dir;
        QString error;
        const QString path = dir.filePath(QStringLiteral("nope.json"));
        QVERIFY(!Suite::loadFile(path, &error));
        QVERIFY(error.contains(path));
    }

    // Every template makes exactly the suite written down in the fixture: every scenario field,
    // the requirements and the name.
    void templatesMakeTheirFixedSuites()
    {
        QFile file((ys::test::sourceDir() +
                    QStringLiteral("/tests/fixtures/suite_templates/templates.json")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject expected = QJsonDocument::fromJson(file.readAll()).object();
        QJsonObject actual;
        for (const SuiteTemplate &t : SuiteTemplates::all()) {
            const auto suite = SuiteTemplates::make(t.id, {});
            QVERIFY(suite);
            actual.insert(t.id, QJsonDocument::fromJson(suite->toJson()).object());
        }
        QCOMPARE(actual.keys(), expected.keys());
        for (const QString &id : expected.keys())
            QVERIFY2(actual.value(id) == expected.value(id), qPrintable(id));
        QVERIFY(!SuiteTemplates::make(QStringLiteral("no_such_template"), {}));
    }
};

YS_TEST_GUILESS_MAIN(TstSuite)
#include "tst_suite.moc"
