// The price catalog: its match rules, tiers by prompt size, prices by the time of day, cache
// read and write prices, reasoning billed as output, a suite's price overriding the catalog's
// field by field, and a bad catalog file; then real sessions on the simulator whose providers
// serve real model names without a suite price, each attempt's stored cost checked against a
// cost computed by hand from the catalog's prices (written here as literals).
#include "analysis/price_source_json.h"
#include "analysis/summary_json.h"
#include "domain/suite.h"
#include "pricing/price_catalog.h"
#include "pricing/price_clock.h"
#include "pricing/price_json.h"
#include "provider/dialect.h"
#include "run/price_resolution.h"
#include "run/session_runner.h"
#include "sim/sim_host.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"

#include "fixtures.h"
#include "suite_files.h"
#include "test_main.h"
#include "test_support.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

// A small catalog with one clause of each kind.
const char *const kSmallCatalog = R"([
  {"id": "alpha", "name": "Alpha", "api_pattern": "https:\/\/api\\.alpha\\.example",
   "provider_match": {"contains": "alpha"},
   "model_match": {"or": [{"starts_with": "al-"}, {"regex": "^x[0-9]"}]},
   "fallback_model_providers": ["beta"],
   "models": [
     {"id": "al-1", "match": {"equals": "al-1"}, "prices": {"input_mtok": 1, "output_mtok": 2}},
     {"id": "al-2", "match": {"and": [{"starts_with": "al-2"}, {"ends_with": "-chat"}]},
      "prices": {"input_mtok": 3, "output_mtok": 4}},
     {"id": "x9", "match": {"regex": "^x[0-9]+$"}, "prices": {"input_mtok": 5, "output_mtok": 6}},
     {"id": "empty", "match": {"contains": "embed"}, "prices": {}}
   ]},
  {"id": "beta", "api_pattern": "https:\/\/beta\\.example",
   "models": [
     {"id": "shared", "match": {"contains": "shared"}, "prices": {"input_mtok": 7, "output_mtok": 8}}
   ]}
])";

// moc's reader trips over this raw string, so moc skips it.
#ifndef Q_MOC_RUN
const char *const kBadRegexCatalog =
    R"([{"id":"p","models":[{"id":"m","match":{"regex":"[a-"},"prices":{}}]}])";
#endif

std::shared_ptr<const PriceCatalog> smallCatalog()
{
    QString error;
    auto c = PriceCatalog::parse(kSmallCatalog, QStringLiteral("small.json"),
                                 QStringLiteral("2026-01-01"), &error);
    if (!c)
        qWarning("%s", qPrintable(error));
    return c;
}

QString found(const PriceCatalog &catalog, const QString &entry, const QUrl &url,
              const QString &model, const QUrl &presetUrl = {}, const QString &presetId = {})
{
    CatalogQuery q;
    q.entry = entry;
    q.baseUrl = url;
    q.model = model;
    q.presetBaseUrl = presetUrl;
    q.presetId = presetId;
    const auto hit = catalog.find(q);
    return hit ? hit->entry() : QStringLiteral("-");
}

bool samePrice(double a, double b)
{
    return qAbs(a - b) <= 1e-12 + 1e-9 * qAbs(b);
}

QDateTime utc(int h, int m, int s = 0)
{
    return QDateTime(QDate(2026, 8, 20), QTime(h, m, s), Qt::UTC);
}

// A provider's own catalog prices, written out by hand from the bundled data.
struct ListPrice {
    double input;
    double cacheRead;
    double output;
};

// (prompt - cached) at the input price, cached at the cache-read price, output at the output
// price (reasoning included), per million.
double handCost(const Sample &s, const ListPrice &p)
{
    const double in = double(*s.inputTokens);
    const double cached = double(s.cachedTokens.value_or(0));
    return ((in - cached) * p.input + cached * p.cacheRead + double(*s.outputTokens) * p.output) /
           1e6;
}

} // namespace

class TstPriceCatalog : public test::ScratchSimTest {
    Q_OBJECT

private:
    int m_sessions = 0;

    QUrl simUrl(const char *path) const
    {
        QUrl u = m_sim->baseUrl();
        u.setPath(QLatin1StringView(path));
        return u;
    }

    struct Ran {
        qint64 sessionId = 0;
        QString db;
        QStringList warnings;
        std::map<QString, std::vector<Sample>> samples; // by provider name
    };

    std::optional<Ran> runSession(const Suite &suite)
    {
        Ran ran;
        ran.db = m_dir.filePath(QStringLiteral("s%1.sqlite").arg(++m_sessions));
        SessionRunner runner;
        QSignalSpy finished(&runner, &SessionRunner::finished);
        QObject::connect(&runner, &SessionRunner::warning,
                         [&ran](const QString &w) { ran.warnings.append(w); });
        QString error;
        if (!runner.start(SessionRequest{suite, ran.db, std::nullopt, {}}, &error)) {
            qWarning("%s", qPrintable(error));
            return std::nullopt;
        }
        if (!finished.wait(240000 * test::kSlow))
            return std::nullopt;
        ran.sessionId = finished.first().at(0).toLongLong();
        Database d(ran.db);
        if (!d.open(&error))
            return std::nullopt;
        SessionRepository repo(d);
        std::map<qint64, QString> names;
        for (const ProviderRecord &p : repo.providers(ran.sessionId, &error))
            names[p.id] = p.config.name;
        for (const RunRecord &r : repo.runs(ran.sessionId, &error))
            for (const Sample &s : repo.samples(r.id, &error))
                ran.samples[names[r.providerId]].push_back(s);
        return ran;
    }

    static Scenario closedLoop(int requests, int promptTokens, int maxOutput)
    {
        Scenario s;
        s.requests = requests;
        s.concurrency = 1;
        s.warmup = 0;
        s.promptTokens = promptTokens;
        s.maxOutputTokens = maxOutput;
        s.timeoutMs = 60000;
        return s;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        auto shape = test::ProfileShape()
                         .withTtft(2, 2)
                         .withPrefill(1e8)
                         .withDecode(5000)
                         .withOutput(7, 11)
                         .withWindow(1'000'000);
        std::vector<json> profiles;
        for (const char *model : {"gpt-4o-mini", "claude-haiku-4-5", "gemini-2.5-flash",
                                  "gemini-2.5-pro", "deepseek-chat", "qwen3-32b", "mystery-9000"})
            profiles.push_back(test::simProfileJson(QString::fromLatin1(model),
                                                    QString::fromLatin1(model), shape));
        m_sim = test::startedSim(profiles);
    }

    void cleanupTestCase()
    {
        PriceClock::set({});
        m_sim.reset();
    }

    void matchClauses()
    {
        const auto c = smallCatalog();
        QVERIFY(c);
        const QUrl local(QStringLiteral("http://127.0.0.1:9/v1"));
        const QUrl alpha(QStringLiteral("https://api.alpha.example/v1"));
        // By address, then the provider's models in order: equals, and, regex.
        QCOMPARE(found(*c, {}, alpha, QStringLiteral("al-1")), QStringLiteral("alpha/al-1"));
        QCOMPARE(found(*c, {}, alpha, QStringLiteral("al-2-chat")), QStringLiteral("alpha/al-2"));
        QCOMPARE(found(*c, {}, alpha, QStringLiteral("al-2-base")), QStringLiteral("-"));
        QCOMPARE(found(*c, {}, alpha, QStringLiteral("x42")), QStringLiteral("alpha/x9"));
        // The address pattern is anchored at the start.
        QCOMPARE(found(*c, {}, QUrl(QStringLiteral("http://proxy/https://api.alpha.example")),
                       QStringLiteral("zz")),
                 QStringLiteral("-"));
        // An entry without text prices is no price.
        QCOMPARE(found(*c, {}, alpha, QStringLiteral("embed-1")), QStringLiteral("-"));
        // The provider's fallback providers.
        QCOMPARE(found(*c, {}, alpha, QStringLiteral("shared-7")), QStringLiteral("beta/shared"));
        // A local address: the preset's address, then its id (provider_match), then the model
        // (model_match: or of starts_with and regex).
        QCOMPARE(found(*c, {}, local, QStringLiteral("al-1"), alpha), QStringLiteral("alpha/al-1"));
        QCOMPARE(found(*c, {}, local, QStringLiteral("al-1"), {}, QStringLiteral("my-alpha")),
                 QStringLiteral("alpha/al-1"));
        QCOMPARE(found(*c, {}, local, QStringLiteral("al-1")), QStringLiteral("alpha/al-1"));
        QCOMPARE(found(*c, {}, local, QStringLiteral("x7")), QStringLiteral("alpha/x9"));
        QCOMPARE(found(*c, {}, local, QStringLiteral("shared")), QStringLiteral("-"));
        // A named entry wins over the address; by id or by the model's match rules.
        QCOMPARE(found(*c, QStringLiteral("beta/shared"), alpha, QStringLiteral("al-1")),
                 QStringLiteral("beta/shared"));
        QCOMPARE(found(*c, QStringLiteral("alpha/x123"), local, QStringLiteral("m")),
                 QStringLiteral("alpha/x9"));
        QCOMPARE(found(*c, QStringLiteral("gamma/al-1"), alpha, QStringLiteral("al-1")),
                 QStringLiteral("-"));

        // The bundled catalog, with its date.
        const auto b = PriceCatalog::bundled();
        QVERIFY(b && b->providerCount() > 10);
        QCOMPARE(b->date(), QStringLiteral("2026-08"));
        QCOMPARE(found(*b, {}, QUrl(QStringLiteral("https://api.openai.com/v1")),
                       QStringLiteral("gpt-4o-mini")),
                 QStringLiteral("openai/gpt-4o-mini"));
        QCOMPARE(found(*b, {}, local, QStringLiteral("claude-3-5-haiku-20241022")),
                 QStringLiteral("anthropic/claude-3-5-haiku-latest"));
        QCOMPARE(found(*b, {}, local, QStringLiteral("deepseek-chat"),
                       QUrl(QStringLiteral("https://api.deepseek.com/v1")),
                       QStringLiteral("deepseek")),
                 QStringLiteral("deepseek/deepseek-chat"));
        QCOMPARE(found(*b, QStringLiteral("groq/qwen/qwen3-32b"), local, QStringLiteral("q")),
                 QStringLiteral("groq/qwen/qwen3-32b"));
        QCOMPARE(found(*b, {}, local, QStringLiteral("mystery-9000")), QStringLiteral("-"));
        const auto hit = b->entry(QStringLiteral("openai/gpt-4o-mini"));
        QVERIFY(hit);
        QCOMPARE(hit->price.source, QStringLiteral("catalog"));
        QCOMPARE(hit->price.catalogDate, QStringLiteral("2026-08"));
        QCOMPARE(hit->price.inputPerMtok, 0.15);
        QCOMPARE(hit->price.outputPerMtok, 0.6);
        QCOMPARE(hit->price.cachedInputPerMtok, std::optional<double>(0.075));
    }

    // Past a tier's start every token of the kind pays the tier's rate (a cliff, not bands).
    void tiersByPromptSize()
    {
        const auto pro = PriceCatalog::bundled()->entry(QStringLiteral("google/gemini-2.5-pro"));
        QVERIFY(pro && pro->price.tiered());
        const Price &p = pro->price;
        QVERIFY(samePrice(p.cost(BilledTokens{200000, 1000, 0, 0}),
                          (200000 * 1.25 + 1000 * 10.0) / 1e6));
        QVERIFY(samePrice(p.cost(BilledTokens{200001, 1000, 0, 0}),
                          (200001 * 2.5 + 1000 * 15.0) / 1e6));
        // Cached tokens at the tier's cache-read rate too.
        QVERIFY(samePrice(p.cost(BilledTokens{250000, 0, 50000, 0}),
                          (200000 * 2.5 + 50000 * 0.25) / 1e6));
        // The old three-number call applies the tiers too.
        QVERIFY(samePrice(p.cost(250000, 10), (250000 * 2.5 + 10 * 15.0) / 1e6));
    }

    void timeOfDayAndDate()
    {
        const auto ds = PriceCatalog::bundled()->entry(QStringLiteral("deepseek/deepseek-chat"));
        QVERIFY(ds);
        const Price &p = ds->price;
        const BilledTokens t{1'000'000, 1'000'000, 0, 0};
        // 00:30-16:30 UTC is the standard price, the rest of the day the off-peak one.
        QVERIFY(samePrice(p.cost(t, utc(0, 29, 59)), 0.135 + 0.55));
        QVERIFY(samePrice(p.cost(t, utc(0, 30)), 0.27 + 1.1));
        QVERIFY(samePrice(p.cost(t, utc(16, 29, 59)), 0.27 + 1.1));
        QVERIFY(samePrice(p.cost(t, utc(16, 30)), 0.135 + 0.55));
        // A time in another zone is read as UTC.
        QVERIFY(samePrice(p.cost(t, QDateTime(QDate(2026, 8, 20), QTime(9, 0),
                                              QTimeZone(8 * 3600))), // 01:00 UTC
                          0.27 + 1.1));

        // An interval past midnight, and a start date; the last that holds wins.
        Price q(1.0, 1.0);
        PriceWhen night;
        night.startTime = QTime(22, 0);
        night.endTime = QTime(6, 0);
        PriceWhen from;
        from.startDate = QDate(2026, 9, 1);
        q.timed = {{night, Price(0.5, 0.5)}, {from, Price(2.0, 2.0)}};
        QVERIFY(samePrice(q.cost(t, utc(23, 0)), 1.0));
        QVERIFY(samePrice(q.cost(t, utc(5, 59)), 1.0));
        QVERIFY(samePrice(q.cost(t, utc(6, 0)), 2.0));
        QVERIFY(samePrice(q.cost(t, QDateTime(QDate(2026, 9, 1), QTime(12, 0), Qt::UTC)), 4.0));
        // The catalog's own form, read back: the same price.
        QString error;
        const auto back = pricejson::read(pricejson::write(q), QStringLiteral("q"), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(*back, q);
    }

    void cacheReadAndWrite()
    {
        const auto h = PriceCatalog::bundled()->entry(QStringLiteral("anthropic/claude-haiku-4-5"));
        QVERIFY(h);
        // 10,000 prompt tokens of which 2,000 read from and 3,000 written to the cache.
        QVERIFY(samePrice(h->price.cost(BilledTokens{10000, 500, 2000, 3000}),
                          (5000 * 1.0 + 2000 * 0.1 + 3000 * 1.25 + 500 * 5.0) / 1e6));
        // Without cache prices, cached and written tokens pay the input price.
        const Price plain(2.0, 4.0);
        QVERIFY(samePrice(plain.cost(BilledTokens{10000, 500, 2000, 3000}),
                          (10000 * 2.0 + 500 * 4.0) / 1e6));

        // The dialects: Anthropic's cache_creation_input_tokens are the cache writes, and the
        // prompt is the sum of its three input counts.
        auto decoder = makeDialect(QStringLiteral("anthropic-messages"))->newDecoder();
        DecodeState state;
        decoder->decodeBody(R"({"type":"message","model":"claude-haiku-4-5","role":"assistant",
            "content":[{"type":"text","text":"hi"}],"stop_reason":"end_turn",
            "usage":{"input_tokens":5000,"cache_read_input_tokens":2000,
                     "cache_creation_input_tokens":3000,"output_tokens":500}})",
                            state);
        QCOMPARE(state.inputTokens, std::optional<qint64>(10000));
        QCOMPARE(state.cachedTokens, std::optional<qint64>(2000));
        QCOMPARE(state.cacheWriteTokens, std::optional<qint64>(3000));
    }

    // Reasoning is billed as output: OpenAI's completion tokens include it, Gemini's thoughts
    // are counted apart from its candidates and added.
    void reasoningBilledAsOutput()
    {
        DecodeState openai;
        makeDialect(QStringLiteral("openai-chat"))
            ->newDecoder()
            ->decodeBody(R"({"id":"x","model":"o4-mini","choices":[{"index":0,
                "message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}],
                "usage":{"prompt_tokens":1000,"completion_tokens":300,
                         "completion_tokens_details":{"reasoning_tokens":200}}})",
                         openai);
        QCOMPARE(openai.outputTokens, std::optional<qint64>(300));
        QCOMPARE(openai.reasoningTokens, std::optional<qint64>(200));
        DecodeState gemini;
        makeDialect(QStringLiteral("gemini"))
            ->newDecoder()
            ->decodeBody(R"({"candidates":[{"content":{"role":"model","parts":[{"text":"hi"}]},
                "finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":1000,
                "candidatesTokenCount":100,"thoughtsTokenCount":200}})",
                         gemini);
        QCOMPARE(gemini.outputTokens, std::optional<qint64>(300));
        QCOMPARE(gemini.reasoningTokens, std::optional<qint64>(200));

        Sample s;
        s.inputTokens = 1000;
        s.outputTokens = gemini.outputTokens;
        s.reasoningTokens = gemini.reasoningTokens;
        ProviderConfig p;
        p.price = PriceCatalog::bundled()->entry(QStringLiteral("google/gemini-2.5-flash"))->price;
        const auto cost = PriceResolution::attemptCost(p, s, utc(12, 0));
        QVERIFY(cost && samePrice(*cost, (1000 * 0.3 + 300 * 2.5) / 1e6));
    }

    void overrideFieldByField()
    {
        const auto pro = PriceCatalog::bundled()->entry(QStringLiteral("google/gemini-2.5-pro"));
        QVERIFY(pro);
        PriceOverride o;
        o.outputPerMtok = 9.0;
        const Price p = o.applyTo(pro->price);
        QCOMPARE(p.outputPerMtok, 9.0);
        QVERIFY(p.outputTiers.empty());
        QCOMPARE(p.inputPerMtok, 1.25); // the catalog's, with its tier
        QVERIFY(
            samePrice(p.cost(BilledTokens{300000, 1000, 0, 0}), (300000 * 2.5 + 1000 * 9.0) / 1e6));

        // Through a suite: the partial price and the catalog entry are read and written back.
        const QByteArray text = R"({"format":"yardstick-suite/1","name":"o","providers":[
            {"name":"P","dialect":"gemini","base_url":"http:\/\/127.0.0.1:9/v1beta",
             "model":"g","catalog":"google/gemini-2.5-pro","price":{"output_per_mtok":9}}],
            "scenarios":[{"kind":"latency"}]})";
        QString error;
        auto suite = Suite::parse(text, QStringLiteral("o.json"), &error);
        QVERIFY2(suite, qPrintable(error));
        ProviderConfig &cfg = suite->providers.front();
        QVERIFY(!cfg.price && cfg.priceOverride);
        QCOMPARE(cfg.catalog, QStringLiteral("google/gemini-2.5-pro"));
        QVERIFY(PriceResolution::resolve(cfg, *PriceCatalog::bundled()).isEmpty());
        QVERIFY(cfg.price);
        QCOMPARE(cfg.price->source, QStringLiteral("both"));
        QCOMPARE(cfg.price->catalogEntry, QStringLiteral("google/gemini-2.5-pro"));
        QVERIFY(samePrice(cfg.price->cost(BilledTokens{300000, 1000, 0, 0}),
                          (300000 * 2.5 + 1000 * 9.0) / 1e6));
        // A stored suite keeps the price in force and the suite's own fields.
        auto again = Suite::parse(suite->toJson(), QStringLiteral("again"), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->providers.front().price, cfg.price);
        QCOMPARE(again->providers.front().priceOverride, cfg.priceOverride);
        QCOMPARE(again->toJson(), suite->toJson());

        // A whole suite price without a catalog entry is the suite's; none at all is unknown.
        ProviderConfig own;
        own.name = QStringLiteral("Own");
        own.model = QStringLiteral("mystery-9000");
        own.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:9/v1"));
        own.price = Price(1.0, 2.0);
        QVERIFY(PriceResolution::resolve(own, *PriceCatalog::bundled()).isEmpty());
        QCOMPARE(own.price->source, QStringLiteral("suite"));
        ProviderConfig none = own;
        none.price.reset();
        none.priceOverride.reset();
        const QString w = PriceResolution::resolve(none, *PriceCatalog::bundled());
        QVERIFY2(w.contains(QStringLiteral("mystery-9000")) &&
                     w.contains(QStringLiteral("cost is unknown")),
                 qPrintable(w));
        QVERIFY(!none.price);

        // Bad suite fields.
        for (const char *bad : {R"("catalog":"gpt-4o-mini")", R"("catalog":"openai/")",
                                R"("price":{})", R"("price":{"output_per_mtok":-1})"}) {
            QByteArray t = R"({"format":"yardstick-suite/1","name":"o","providers":[
                {"name":"P","dialect":"openai-chat","base_url":"http:\/\/127.0.0.1:9/v1",
                 "model":"g",)";
            t += bad;
            t += R"(}],"scenarios":[{"kind":"latency"}]})";
            QVERIFY2(!Suite::parse(t, QStringLiteral("b.json"), &error), bad);
            QVERIFY2(error.startsWith(QStringLiteral("b.json.providers[0]")), qPrintable(error));
        }
    }

    void badCatalogFile_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("says");
        QTest::newRow("not json") << QByteArray("[{") << QStringLiteral("not valid JSON");
        QTest::newRow("not a list")
            << QByteArray("{}") << QStringLiteral("expected a list of providers");
        QTest::newRow("no models")
            << QByteArray(R"([{"id":"p"}])") << QStringLiteral("[0] (p).models");
        QTest::newRow("unknown clause")
            << QByteArray(R"([{"id":"p","models":[{"id":"m","match":{"like":"m"},"prices":{}}]}])")
            << QStringLiteral("[0] (p).models[0] (m).match: unknown clause \"like\"");
        QTest::newRow("bad regex")
            << QByteArray(kBadRegexCatalog) << QStringLiteral("(m).match.regex");
        QTest::newRow("bad tier") << QByteArray(
                                         R"([{"id":"p","models":[{"id":"m","match":{"equals":"m"},
                "prices":{"input_mtok":{"base":1,"tiers":[{"start":"x","price":2}]}}}]}])")
                                  << QStringLiteral("(m).prices.input_mtok.tiers[0]");
        QTest::newRow("bad time") << QByteArray(
                                         R"([{"id":"p","models":[{"id":"m","match":{"equals":"m"},
                "prices":[{"prices":{"input_mtok":1}},
                          {"constraint":{"start_time":"25:00"},"prices":{"input_mtok":2}}]}]}])")
                                  << QStringLiteral("(m).prices[1].constraint");
    }

    void badCatalogFile()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, says);
        const QString path = m_dir.filePath(QStringLiteral("bad.json"));
        QVERIFY(test::writeFileBytes(path, content));
        QString error;
        QVERIFY(!PriceCatalog::load(path, &error));
        QVERIFY2(error.contains(path) && error.contains(says), qPrintable(error));
        QVERIFY(!PriceCatalog::useFile(path, &error));
        QVERIFY(!PriceCatalog::load(path + QStringLiteral(".missing"), &error));
        QVERIFY2(error.contains(QStringLiteral("cannot read")), qPrintable(error));

        // From the environment: a session does not start, and says which file.
        qputenv("YS_PRICE_CATALOG", path.toLocal8Bit());
        Suite suite;
        suite.name = QStringLiteral("bad");
        suite.providers = {test::simProvider(QStringLiteral("P"), m_sim->baseUrl(),
                                             QStringLiteral("gpt-4o-mini"))};
        suite.scenarios = {closedLoop(1, 50, 5)};
        SessionRunner runner;
        error.clear();
        QVERIFY(!runner.start(
            SessionRequest{suite, m_dir.filePath(QStringLiteral("bad.sqlite")), std::nullopt, {}},
            &error));
        qunsetenv("YS_PRICE_CATALOG");
        QVERIFY2(error.contains(path) && error.contains(QStringLiteral("YS_PRICE_CATALOG")),
                 qPrintable(error));
    }

    // A newer catalog file, with its date from the file's own modification date.
    void userCatalogFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("newer.json"));
        QVERIFY(test::writeFileBytes(path, kSmallCatalog));
        QFile f(path);
        const QDateTime when(QDate(2027, 3, 4), QTime(5, 6), Qt::UTC);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(when, QFileDevice::FileModificationTime));
        f.close();
        QString error;
        QVERIFY2(PriceCatalog::useFile(path, &error), qPrintable(error));
        const auto active = PriceCatalog::active(&error);
        QVERIFY(active);
        QCOMPARE(active->file(), path);
        QCOMPARE(active->date(), QStringLiteral("2027-03-04"));
        QVERIFY(PriceCatalog::useFile({}, &error));
        QCOMPARE(PriceCatalog::active(&error), PriceCatalog::bundled());
    }

    // Acceptance: real model names on the simulator, each in its dialect, no suite price; each
    // attempt's stored cost is its tokens at the catalog's prices (literals from the bundled
    // data). An unknown model is a warning and a null cost.
    void sessionsPricedByTheCatalog()
    {
        PriceClock::set([] { return utc(20, 0); }); // off-peak for DeepSeek
        const QUrl v1 = m_sim->baseUrl();
        Suite suite;
        suite.name = QStringLiteral("catalog");
        test::ProviderExtras anthropic;
        anthropic.dialect = QStringLiteral("anthropic-messages");
        test::ProviderExtras gemini;
        gemini.dialect = QStringLiteral("gemini");
        ProviderConfig deepseek =
            test::simProvider(QStringLiteral("DeepSeek"), v1, QStringLiteral("deepseek-chat"));
        deepseek.preset = QStringLiteral("deepseek");
        ProviderConfig qwen =
            test::simProvider(QStringLiteral("Qwen"), v1, QStringLiteral("qwen3-32b"));
        qwen.catalog = QStringLiteral("groq/qwen/qwen3-32b");
        ProviderConfig cheaper =
            test::simProvider(QStringLiteral("Cheaper"), v1, QStringLiteral("gpt-4o-mini"));
        cheaper.priceOverride = PriceOverride{std::nullopt, 0.3, std::nullopt, std::nullopt};
        suite.providers = {
            test::simProvider(QStringLiteral("OpenAI"), v1, QStringLiteral("gpt-4o-mini")),
            test::simProvider(QStringLiteral("Anthropic"), v1, QStringLiteral("claude-haiku-4-5"),
                              anthropic),
            test::simProvider(QStringLiteral("Gemini"), simUrl("/v1beta"),
                              QStringLiteral("gemini-2.5-flash"), gemini),
            deepseek,
            qwen,
            cheaper,
            test::simProvider(QStringLiteral("Mystery"), v1, QStringLiteral("mystery-9000"))};
        suite.scenarios = {closedLoop(3, 300, 16)};
        const auto ran = runSession(suite);
        QVERIFY(ran);

        const std::map<QString, ListPrice> list{
            {QStringLiteral("OpenAI"), {0.15, 0.075, 0.6}},
            {QStringLiteral("Anthropic"), {1.0, 0.1, 5.0}},
            {QStringLiteral("Gemini"), {0.3, 0.03, 2.5}},
            {QStringLiteral("DeepSeek"), {0.135, 0.035, 0.55}}, // off-peak
            {QStringLiteral("Qwen"), {0.29, 0.29, 0.59}},
            {QStringLiteral("Cheaper"), {0.15, 0.075, 0.3}}};
        for (const auto &[name, price] : list) {
            const auto it = ran->samples.find(name);
            QVERIFY2(it != ran->samples.end() && it->second.size() == 3, qPrintable(name));
            for (const Sample &s : it->second) {
                QVERIFY2(outcomeIsSuccess(s.outcome),
                         qPrintable(name + QLatin1Char(' ') + s.error));
                QVERIFY2(s.inputTokens && s.outputTokens && s.costUsd, qPrintable(name));
                QVERIFY2(*s.inputTokens > 250, qPrintable(name));
                const double expected = handCost(s, price);
                QVERIFY2(samePrice(*s.costUsd, expected),
                         qPrintable(QStringLiteral("%1: %2 vs %3")
                                        .arg(name)
                                        .arg(*s.costUsd, 0, 'g', 12)
                                        .arg(expected, 0, 'g', 12)));
            }
        }
        // Unknown and unpriced: null, never 0, and said so.
        for (const Sample &s : ran->samples.at(QStringLiteral("Mystery")))
            QVERIFY(!s.costUsd);
        const QString warnings = ran->warnings.join(QLatin1Char('\n'));
        QVERIFY2(warnings.contains(QStringLiteral("mystery-9000")) && ran->warnings.size() == 1,
                 qPrintable(warnings));

        // The stored session says which price, entry and catalog date each provider used, and
        // show --json carries it.
        Database d(ran->db);
        QString error;
        QVERIFY(d.open(&error));
        SessionRepository repo(d);
        const auto stored = repo.sessionSuite(ran->sessionId, &error);
        QVERIFY2(stored, qPrintable(error));
        const auto byName = [&](const QString &n) {
            for (const ProviderConfig &p : stored->providers)
                if (p.name == n)
                    return p;
            return ProviderConfig{};
        };
        QCOMPARE(byName(QStringLiteral("Qwen")).price->catalogEntry,
                 QStringLiteral("groq/qwen/qwen3-32b"));
        QCOMPARE(byName(QStringLiteral("DeepSeek")).price->catalogEntry,
                 QStringLiteral("deepseek/deepseek-chat"));
        QCOMPARE(byName(QStringLiteral("Cheaper")).price->source, QStringLiteral("both"));
        QVERIFY(!byName(QStringLiteral("Mystery")).price);
        const auto summary = loadSessionSummary(repo, ran->sessionId, &error);
        QVERIFY2(summary, qPrintable(error));
        const json doc = json::parse(sessionSummaryJson(*summary).toStdString());
        bool sawOpenAi = false;
        for (const json &p : doc["providers"]) {
            if (p["name"] == "OpenAI") {
                sawOpenAi = true;
                const json &price = p["price"];
                QVERIFY2(price["source"] == "catalog" &&
                             price["catalog_entry"] == "openai/gpt-4o-mini" &&
                             price["catalog_date"] == "2026-08" && price["input_per_mtok"] == 0.15,
                         price.dump().c_str());
            }
            if (p["name"] == "Mystery")
                QVERIFY(p["price"].is_null());
        }
        QVERIFY(sawOpenAi);
        QVERIFY(PriceSourceText::line(summary->providers.front().price)
                    .contains(QStringLiteral("openai/gpt-4o-mini")));
    }

    // Acceptance: a tiered model's cost steps at its tier boundary (Gemini 2.5 Pro: past 200K
    // prompt tokens every token pays $2.50 in and $15 out instead of $1.25 and $10).
    void tieredCostStepsAtTheBoundary()
    {
        PriceClock::set({});
        test::ProviderExtras gemini;
        gemini.dialect = QStringLiteral("gemini");
        Suite suite;
        suite.name = QStringLiteral("tiers");
        suite.providers = {test::simProvider(QStringLiteral("Pro"), simUrl("/v1beta"),
                                             QStringLiteral("gemini-2.5-pro"), gemini)};
        suite.scenarios = {closedLoop(1, 190000, 8), closedLoop(1, 210000, 8)};
        const auto ran = runSession(suite);
        QVERIFY(ran);
        const auto &samples = ran->samples.at(QStringLiteral("Pro"));
        QCOMPARE(samples.size(), std::size_t(2));
        int below = 0;
        int above = 0;
        for (const Sample &s : samples) {
            QVERIFY2(s.inputTokens && s.costUsd, qPrintable(s.error));
            const bool tier = *s.inputTokens > 200000;
            (tier ? above : below) += 1;
            const ListPrice p = tier ? ListPrice{2.5, 0.25, 15.0} : ListPrice{1.25, 0.125, 10.0};
            QVERIFY2(samePrice(*s.costUsd, handCost(s, p)),
                     qPrintable(QString::number(*s.inputTokens)));
        }
        QCOMPARE(below, 1);
        QCOMPARE(above, 1);
    }

    // Acceptance: DeepSeek's standard price from 00:30 to 16:30 UTC, the off-peak one outside,
    // by the attempt's time on the price clock.
    void timeOfDayPriceByTheAttemptsTime()
    {
        ProviderConfig deepseek = test::simProvider(QStringLiteral("DeepSeek"), m_sim->baseUrl(),
                                                    QStringLiteral("deepseek-chat"));
        deepseek.preset = QStringLiteral("deepseek");
        Suite suite;
        suite.name = QStringLiteral("hours");
        suite.providers = {deepseek};
        suite.scenarios = {closedLoop(2, 300, 8)};
        for (const auto &[at, price] : {std::pair{utc(3, 0), ListPrice{0.27, 0.07, 1.1}},
                                        std::pair{utc(20, 0), ListPrice{0.135, 0.035, 0.55}}}) {
            const QDateTime start = at;
            QElapsedTimer clock;
            clock.start();
            // The price clock runs on from `start` in real time.
            PriceClock::set([start, clock] { return start.addMSecs(clock.elapsed()); });
            const auto ran = runSession(suite);
            QVERIFY(ran);
            const auto &samples = ran->samples.at(QStringLiteral("DeepSeek"));
            QCOMPARE(samples.size(), std::size_t(2));
            for (const Sample &s : samples) {
                QVERIFY2(s.costUsd, qPrintable(s.error));
                QVERIFY2(samePrice(*s.costUsd, handCost(s, price)),
                         qPrintable(at.toString(Qt::ISODate)));
            }
        }
        PriceClock::set({});
    }
};

YS_TEST_GUILESS_MAIN(TstPriceCatalog)
#include "tst_price_catalog.moc"
