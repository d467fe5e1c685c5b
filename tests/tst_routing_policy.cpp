// Routing policies (analysis/routing_policy.h): the JSON round trip and its errors naming the
// field, the round trip through a suite's fallback, breaker, timeout and retries fields, the
// policy made from a ranking, and the LiteLLM configuration read back as YAML (with yaml-cpp,
// and with Python's yaml when it is installed) field by field.
#include "analysis/routing_policy.h"
#include "export/litellm_config.h"
#include "fixtures.h"
#include "session_support.h"
#include "test_main.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

using namespace ys;
using nlohmann::json;

namespace {

RoutingPolicy fullRoutingPolicy()
{
    RoutingPolicy p;
    p.useCase = QStringLiteral("realtime_support");
    p.primary = QStringLiteral("A");
    p.fallbacks = {QStringLiteral("B"), QStringLiteral("C")};
    p.latencyBudgetMs = 1500;
    p.retries = 2;
    p.breaker = BreakerSettings{4, 0.25, 1.5, 2};
    return p;
}

// A suite of providers A (openai-chat, env key), B (anthropic, keychain key) and C (gemini, no
// key), priced, with two latency scenarios.
Suite routingSuite()
{
    test::ProviderExtras extras;
    extras.price = Price{0.5, 1.5, std::nullopt};
    ProviderConfig a =
        test::simProvider(QStringLiteral("A"), QUrl(QStringLiteral("http://127.0.0.1:9/v1")),
                          QStringLiteral("gpt-4o-mini"), extras);
    a.apiKeyRef = QStringLiteral("env:OPENAI_API_KEY");
    ProviderConfig b = a;
    b.name = QStringLiteral("B");
    b.dialect = QStringLiteral("anthropic-messages");
    b.model = QStringLiteral("claude-haiku");
    b.apiKeyRef = QStringLiteral("keychain:anthropic-work");
    b.price.reset();
    ProviderConfig c = a;
    c.name = QStringLiteral("C");
    c.dialect = QStringLiteral("gemini");
    c.model = QStringLiteral("gemini-2.0-flash");
    c.apiKeyRef.clear();
    Suite s =
        test::suiteOf(QStringLiteral("routing"), {a, b, c}, test::closedLoopScenario(10, 2, 64, 8));
    s.scenarios.push_back(test::closedLoopScenario(5, 1, 128, 16));
    return s;
}

// The suite written and parsed again, as a file would be.
std::optional<Suite> reparsedRoutingSuite(const Suite &suite, QString *error)
{
    return Suite::parse(suite.toJson(), QStringLiteral("suite"), error);
}

} // namespace

class TstRoutingPolicy : public QObject {
    Q_OBJECT

private slots:
    void jsonRoundTrip()
    {
        for (RoutingPolicy p : {fullRoutingPolicy(), RoutingPolicy{}}) {
            if (p.primary.isEmpty())
                p.primary = QStringLiteral("Only"); // no fallbacks, budget or breaker
            QString error;
            const auto back = RoutingPolicy::parse(p.toJson(), QStringLiteral("policy"), &error);
            QVERIFY2(back, qPrintable(error));
            QVERIFY(*back == p);
            const json doc = json::parse(p.toJson().toStdString());
            QCOMPARE(doc.at("format").get<std::string>(), std::string("yardstick-routing/1"));
        }
        // fallback_on is every failure of the provider, in the names of domain/outcome.h.
        const QStringList on = RoutingPolicy::runnerFallbackOn();
        QVERIFY(on.contains(QStringLiteral("server_error")));
        QVERIFY(on.contains(QStringLiteral("timeout_total")));
        QVERIFY(!on.contains(QStringLiteral("context_exceeded")));
        QVERIFY(!on.contains(QStringLiteral("client_error")));
        QVERIFY(!on.contains(QStringLiteral("ok")));
    }

    void jsonErrors_data()
    {
        QTest::addColumn<QByteArray>("doc");
        QTest::addColumn<QString>("names");
        const auto row = [](const char *name, json doc, const char *names) {
            QTest::newRow(name) << QByteArray::fromStdString(doc.dump())
                                << QString::fromLatin1(names);
        };
        const json ok = json::parse(fullRoutingPolicy().toJson().toStdString());
        const auto with = [&ok](const char *key, json value) {
            json d = ok;
            d[key] = std::move(value);
            return d;
        };
        json noPrimary = ok;
        noPrimary.erase("primary");
        row("format", with("format", "yardstick-routing/2"), "format");
        row("missing primary", noPrimary, "\"primary\"");
        row("unknown field", with("fallback", json::array({"B"})), "\"fallback\"");
        row("fallback is primary", with("fallbacks", json::array({"A"})), "fallbacks[0]");
        row("fallback twice", with("fallbacks", json::array({"B", "B"})), "fallbacks[0]");
        row("not an outcome", with("fallback_on", json::array({"boom"})), "fallback_on[0]");
        row("not a provider failure", with("fallback_on", json::array({"context_exceeded"})),
            "fallback_on[0]");
        row("narrower than the runner", with("fallback_on", json::array({"server_error"})),
            "fallback_on");
        row("budget 0", with("latency_budget_ms", 0), "latency_budget_ms");
        row("retries 11", with("retries", 11), "retries");
        row("breaker window", with("breaker", json{{"window_s", 0}}), "breaker.window_s");
        row("breaker field", with("breaker", json{{"threshold", 3}}), "\"threshold\"");
        QTest::newRow("syntax") << QByteArray("{\n\"format\": ,\n}") << QStringLiteral("line 2");
    }

    void jsonErrors()
    {
        QFETCH(QByteArray, doc);
        QFETCH(QString, names);
        QString error;
        QVERIFY(!RoutingPolicy::parse(doc, QStringLiteral("p.json"), &error));
        QVERIFY2(error.contains(names) && error.contains(QStringLiteral("p.json")),
                 qPrintable(error));
    }

    void suiteRoundTrip()
    {
        for (RoutingPolicy p : {fullRoutingPolicy(), RoutingPolicy{}}) {
            if (p.primary.isEmpty())
                p.primary = QStringLiteral("B");
            p.useCase.clear(); // the suite names no use case
            Suite suite = routingSuite();
            QString error;
            QVERIFY2(p.applyTo(suite, &error), qPrintable(error));
            const auto parsed = reparsedRoutingSuite(suite, &error);
            QVERIFY2(parsed, qPrintable(error));
            const auto back = RoutingPolicy::fromSuite(*parsed, p.primary, &error);
            QVERIFY2(back, qPrintable(error));
            QVERIFY2(*back == p, back->toJson().constData());
            // What the runner reads: the primary's fallback list and breaker, each scenario's
            // total timeout and retries.
            const ProviderConfig &primary =
                *std::find_if(parsed->providers.begin(), parsed->providers.end(),
                              [&](const ProviderConfig &c) { return c.name == p.primary; });
            QCOMPARE(primary.fallback.size(), qsizetype(p.fallbacks.size()));
            QCOMPARE(primary.breaker, p.breaker);
            for (const Scenario &s : parsed->scenarios) {
                QCOMPARE(s.timeoutMs, p.latencyBudgetMs.value_or(0));
                QCOMPARE(s.retries, p.retries);
            }
        }
    }

    void suiteErrors()
    {
        Suite suite = routingSuite();
        RoutingPolicy p = fullRoutingPolicy();
        p.useCase.clear();
        p.fallbacks = {QStringLiteral("B"), QStringLiteral("Nobody")};
        QString error;
        QVERIFY(!p.applyTo(suite, &error));
        QVERIFY2(error.contains(QStringLiteral("fallbacks[1]")) &&
                     error.contains(QStringLiteral("Nobody")),
                 qPrintable(error));
        p.primary = QStringLiteral("Ghost");
        QVERIFY(!p.applyTo(suite, &error));
        QVERIFY2(error.contains(QStringLiteral("Ghost")), qPrintable(error));
        QVERIFY(!RoutingPolicy::fromSuite(suite, QStringLiteral("Ghost"), &error));
        QVERIFY2(error.contains(QStringLiteral("Ghost")), qPrintable(error));
        suite.scenarios[1].timeoutMs = 777; // two budgets: no one policy
        QVERIFY(!RoutingPolicy::fromSuite(suite, QStringLiteral("A"), &error));
        QVERIFY2(error.contains(QStringLiteral("scenarios[1].timeout_ms")), qPrintable(error));
    }

    void fromRanking()
    {
        SessionSummary summary;
        summary.requirements = Requirements::none();
        summary.requirements.slo.e2eMs = 812.4;
        summary.suite = routingSuite();
        summary.suite->scenarios.front().retries = 1;
        const RoutingPolicy p = RoutingPolicy::fromRanking(
            QStringLiteral("batch"), {QStringLiteral("C"), QStringLiteral("A")}, summary);
        QCOMPARE(p.primary, QStringLiteral("C"));
        QCOMPARE(p.fallbacks, std::vector<QString>{QStringLiteral("A")});
        QCOMPARE(p.latencyBudgetMs, std::optional<int>(813));
        QCOMPARE(p.retries, 1);
        QCOMPARE(p.breaker, std::optional<BreakerSettings>(BreakerSettings{}));
        QCOMPARE(p.fallbackOn, RoutingPolicy::runnerFallbackOn());
        // Without an objective the timeout the session ran with, never the P95 line.
        summary.requirements.slo.e2eMs.reset();
        summary.requirements.maxP95LatencyMs = 380;
        summary.suite->scenarios.front().timeoutMs = 45000;
        QCOMPARE(RoutingPolicy::fromRanking({}, {QStringLiteral("A")}, summary).latencyBudgetMs,
                 std::optional<int>(45000));
        summary.suite->scenarios.front().timeoutMs = 0;
        QCOMPARE(RoutingPolicy::fromRanking({}, {QStringLiteral("A")}, summary).latencyBudgetMs,
                 std::optional<int>());
    }

    void litellmYaml()
    {
        RoutingPolicy p = fullRoutingPolicy();
        // The variable's value must never reach the file, only its name.
        qputenv("OPENAI_API_KEY", "value-of-the-variable-never-written");
        QString error;
        const auto config = LiteLlmExport::write(p, routingSuite().providers, &error);
        QVERIFY2(config, qPrintable(error));
        qunsetenv("OPENAI_API_KEY");
        QVERIFY(!config->yaml.contains("value-of-the-variable"));
        QVERIFY(!config->yaml.contains("anthropic-work")); // the keychain entry is not a key
        QCOMPARE(config->warnings.size(), qsizetype(1));
        QVERIFY(config->warnings.front().contains(QStringLiteral("B")));

        const YAML::Node doc = YAML::Load(config->yaml.toStdString());
        const YAML::Node list = doc["model_list"];
        QVERIFY(list.IsSequence());
        QCOMPARE(list.size(), std::size_t(3));
        QCOMPARE(list[0]["model_name"].as<std::string>(), std::string("A"));
        QCOMPARE(list[0]["litellm_params"]["model"].as<std::string>(),
                 std::string("openai/gpt-4o-mini"));
        QCOMPARE(list[0]["litellm_params"]["api_base"].as<std::string>(),
                 std::string("http://127.0.0.1:9/v1"));
        QCOMPARE(list[0]["litellm_params"]["api_key"].as<std::string>(),
                 std::string("os.environ/OPENAI_API_KEY"));
        QCOMPARE(list[0]["model_info"]["input_cost_per_token"].as<double>(), 0.5e-6);
        QCOMPARE(list[0]["model_info"]["output_cost_per_token"].as<double>(), 1.5e-6);
        QCOMPARE(list[1]["litellm_params"]["model"].as<std::string>(),
                 std::string("anthropic/claude-haiku"));
        QVERIFY(!list[1]["litellm_params"]["api_key"]);
        QVERIFY(!list[1]["model_info"]); // no price
        QCOMPARE(list[2]["litellm_params"]["model"].as<std::string>(),
                 std::string("gemini/gemini-2.0-flash"));
        QVERIFY(!list[2]["litellm_params"]["api_key"]);

        const YAML::Node router = doc["router_settings"];
        QCOMPARE(router["num_retries"].as<int>(), 2);
        QCOMPARE(router["timeout"].as<double>(), 1.5);
        QCOMPARE(router["allowed_fails"].as<int>(), 4);
        QCOMPARE(router["cooldown_time"].as<double>(), 1.5);
        const YAML::Node fallbacks = router["fallbacks"];
        QVERIFY(fallbacks.IsSequence());
        QCOMPARE(fallbacks.size(), std::size_t(1));
        QCOMPARE(fallbacks[0]["A"].as<std::vector<std::string>>(),
                 (std::vector<std::string>{"B", "C"}));
        checkWithPython(config->yaml);

        p.fallbacks.push_back(QStringLiteral("Ghost"));
        QVERIFY(!LiteLlmExport::write(p, routingSuite().providers, &error));
        QVERIFY2(error.contains(QStringLiteral("Ghost")), qPrintable(error));
    }

private:
    // Python's yaml (python3-yaml) reads the same values, when it is installed.
    void checkWithPython(const QByteArray &yaml)
    {
        QProcess probe;
        probe.start(QStringLiteral("python3"),
                    {QStringLiteral("-c"), QStringLiteral("import yaml")});
        if (!probe.waitForFinished(20000) || probe.exitStatus() != QProcess::NormalExit ||
            probe.exitCode() != 0) {
            qInfo("python3 with yaml is not installed: only yaml-cpp read the file back");
            return;
        }
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("config.yaml")));
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(yaml) == yaml.size());
        f.close();
        QProcess py;
        py.start(QStringLiteral("python3"),
                 {QStringLiteral("-c"),
                  QStringLiteral("import json, sys, yaml; "
                                 "print(json.dumps(yaml.safe_load(open(sys.argv[1]))))"),
                  f.fileName()});
        QVERIFY(py.waitForFinished(20000));
        QCOMPARE(py.exitCode(), 0);
        const json doc = json::parse(py.readAllStandardOutput().toStdString());
        QVERIFY(doc.at("model_list").size() == 3);
        QVERIFY(doc.at("model_list")[0].at("litellm_params").at("api_key") ==
                "os.environ/OPENAI_API_KEY");
        QVERIFY(doc.at("router_settings").at("fallbacks") == json::parse(R"([{"A": ["B", "C"]}])"));
        QVERIFY(doc.at("router_settings").at("num_retries") == 2);
        QVERIFY(doc.at("router_settings").at("timeout") == 1.5);
        QVERIFY(doc.at("router_settings").at("allowed_fails") == 4);
        QVERIFY(doc.at("router_settings").at("cooldown_time") == 1.5);
    }
};

YS_TEST_GUILESS_MAIN(TstRoutingPolicy)
#include "tst_routing_policy.moc"
