// How the simulator behaves under load and at its limits: a concurrency sweep against a
// capacity-8 profile (throughput levels off, TTFT grows), rate limits with the dialects' 429s and
// headers, the prefix cache, and silent truncation past the context window. Bounds are tolerant:
// the sanitizer build on two cores is slow, and the server-side ground truth does the timing.

#include "fixtures.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "sim_test_client.h"
#include "test_main.h"

#include <QTest>
#include <algorithm>

using namespace ys;
using namespace ys::simtest;

namespace {

// 40-token answers at 500 tokens/s, two to an event, in a window no prompt here fills.
test::ProfileShape loadShape()
{
    return test::ProfileShape()
        .withTtft(20, 22)
        .withDecode(500)
        .withEvents(2, 2)
        .withOutput(40, 40)
        .withWindow(100000)
        .withSeed(3);
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

QString promptOf(int tokens)
{
    // Distinct words, so that neither the prefix cache nor anything else sees repeats by chance.
    QString prompt;
    int n = 0;
    while (test::simTokens(prompt) < tokens)
        prompt += QStringLiteral("w%1 ").arg(n++, 3, 10, QLatin1Char('0'));
    return prompt;
}

} // namespace

class TestSimLoad : public ys::simtest::HostedSimTest {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void capacitySweep();
    void requestRateLimit();
    void tokenRateLimit();
    void rateLimitPerKey();
    void prefixCache();
    void silentTruncation();
};

void TestSimLoad::initTestCase()
{
    SimProfile capacity = test::simProfile(QStringLiteral("capacity8"), loadShape());
    capacity.capacity = 8;

    SimProfile rpm = test::simProfile(QStringLiteral("rpm"), loadShape());
    rpm.outputTokensMin = rpm.outputTokensMax = 4;
    rpm.rateLimits.requestsPerMin = 3;

    SimProfile tpm = test::simProfile(QStringLiteral("tpm"), loadShape());
    tpm.outputTokensMin = tpm.outputTokensMax = 4;
    tpm.rateLimits.tokensPerMin = 1000;

    SimProfile cached = test::simProfile(QStringLiteral("cached"), loadShape());
    cached.outputTokensMin = cached.outputTokensMax = 4;
    cached.prefillTokensPerS = 20000; // 4000 tokens: 200 ms of prefill
    cached.prefixCache = SimPrefixCacheConfig{1024, 0.9, 1000};

    SimProfile truncating = test::simProfile(QStringLiteral("truncating"), loadShape());
    truncating.outputTokensMin = truncating.outputTokensMax = 4;
    truncating.contextWindow = 100;
    truncating.contextOverflow = SimContextOverflow::Truncate;

    m_host =
        std::make_unique<SimHost>(std::vector<SimProfile>{capacity, rpm, tpm, cached, truncating});
    QString error;
    QVERIFY2(m_host->start(&error), qPrintable(error));
}

void TestSimLoad::cleanupTestCase()
{
    m_host.reset();
}

// Closed loop at 1..64 in flight against capacity 8; each answer holds a slot for ~100 ms.
void TestSimLoad::capacitySweep()
{
    const QByteArray request = generationRequest(
        WireDialect::OpenAiChat, QStringLiteral("capacity8"), QStringLiteral("Sweep."), true);
    struct Level {
        int concurrency;
        double throughput; // requests/s
        double ttftMs;     // median, server side: accepted -> first content
    };
    std::vector<Level> levels;
    for (const int concurrency : {1, 2, 4, 8, 16, 32, 64}) {
        const int total = std::max(8, 3 * concurrency);
        std::vector<std::unique_ptr<RawClient>> clients;
        for (int i = 0; i < concurrency; ++i)
            clients.push_back(std::make_unique<RawClient>(port()));
        int sent = 0;
        int done = 0;
        std::vector<QByteArray> ids;
        const std::int64_t start = monotonicNs();
        for (auto &client : clients) {
            client->send(request);
            ++sent;
        }
        while (done < total) {
            QVERIFY(waitUntil(
                [&] {
                    return std::any_of(clients.begin(), clients.end(),
                                       [](const auto &c) { return c->complete; });
                },
                20000));
            for (auto &client : clients) {
                if (!client->complete)
                    continue;
                QCOMPARE(client->status, 200);
                ids.push_back(client->header("x-request-id"));
                ++done;
                client->complete = false;
                if (sent < total) {
                    client->send(request);
                    ++sent;
                }
            }
        }
        const double seconds = double(monotonicNs() - start) / 1e9;
        std::vector<double> ttft;
        for (const QByteArray &id : ids) {
            const std::optional<SimRequestRecord> record = waitRecord(*m_host, id);
            QVERIFY(record.has_value());
            ttft.push_back(double(record->firstContentNs - record->acceptedNs) / 1e6);
        }
        levels.push_back({concurrency, double(total) / seconds, median(ttft)});
        qInfo("concurrency %2d: %6.1f requests/s, median TTFT %7.1f ms", concurrency,
              levels.back().throughput, levels.back().ttftMs);
    }
    auto at = [&levels](int concurrency) {
        return *std::find_if(levels.begin(), levels.end(), [concurrency](const Level &l) {
            return l.concurrency == concurrency;
        });
    };
    // Below capacity throughput grows with concurrency and TTFT stays near the profile's.
    QVERIFY(at(8).throughput > 4.0 * at(1).throughput);
    QVERIFY(at(8).ttftMs < 2.5 * at(1).ttftMs);
    // Above it throughput levels off (within tolerance) ...
    for (const int concurrency : {16, 32, 64}) {
        QVERIFY2(at(concurrency).throughput < 1.4 * at(8).throughput,
                 qPrintable(QString::number(at(concurrency).throughput)));
        QVERIFY(at(concurrency).throughput > 0.6 * at(8).throughput);
    }
    // ... and the queue shows in TTFT: at 64 in flight, about 7 answers' wait ahead of each.
    QVERIFY(at(16).ttftMs > 1.5 * at(8).ttftMs);
    QVERIFY(at(64).ttftMs > 4.0 * at(8).ttftMs);
    QVERIFY(at(64).ttftMs > at(32).ttftMs);
}

void TestSimLoad::requestRateLimit()
{
    RawClient client(port());
    for (int i = 0; i < 3; ++i) {
        client.send(generationRequest(WireDialect::OpenAiChat, QStringLiteral("rpm"),
                                      QStringLiteral("One of three."), false));
        QVERIFY(client.wait());
        QCOMPARE(client.status, 200);
        QCOMPARE(client.header("x-ratelimit-limit-requests"), QByteArray("3"));
        QCOMPARE(client.header("x-ratelimit-remaining-requests"), QByteArray::number(2 - i));
        QVERIFY(client.header("x-ratelimit-reset-requests").endsWith('s'));
    }
    client.send(generationRequest(WireDialect::OpenAiChat, QStringLiteral("rpm"),
                                  QStringLiteral("One too many."), false));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 429);
    // 3 per minute refill one every 20 s.
    const int retryAfter = client.header("retry-after").toInt();
    QVERIFY2(retryAfter >= 15 && retryAfter <= 20, client.header("retry-after").constData());
    QCOMPARE(client.header("x-ratelimit-remaining-requests"), QByteArray("0"));
    const QJsonObject error = client.json().value(L1("error")).toObject();
    QCOMPARE(error.value(L1("code")).toString(), QStringLiteral("rate_limit_exceeded"));
    QCOMPARE(error.value(L1("type")).toString(), QStringLiteral("requests"));

    client.send(generationRequest(WireDialect::Anthropic, QStringLiteral("rpm"),
                                  QStringLiteral("Anthropic, too."), false));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 429);
    QVERIFY(!client.header("retry-after").isEmpty());
    QCOMPARE(client.header("anthropic-ratelimit-requests-limit"), QByteArray("3"));
    QCOMPARE(client.header("anthropic-ratelimit-requests-remaining"), QByteArray("0"));
    QVERIFY(
        QDateTime::fromString(
            QString::fromLatin1(client.header("anthropic-ratelimit-requests-reset")), Qt::ISODate)
            .isValid());
    QCOMPARE(client.json().value(L1("error")).toObject().value(L1("type")).toString(),
             QStringLiteral("rate_limit_error"));

    client.send(generationRequest(WireDialect::Gemini, QStringLiteral("rpm"),
                                  QStringLiteral("Gemini, too."), false));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 429);
    const QJsonObject gemini = client.json().value(L1("error")).toObject();
    QCOMPARE(gemini.value(L1("status")).toString(), QStringLiteral("RESOURCE_EXHAUSTED"));
    bool quotaFailure = false;
    bool retryInfo = false;
    for (const QJsonValue &detail : gemini.value(L1("details")).toArray()) {
        const QString type = detail.toObject().value(L1("@type")).toString();
        quotaFailure = quotaFailure || type.endsWith(QStringLiteral("QuotaFailure"));
        if (type.endsWith(QStringLiteral("RetryInfo"))) {
            retryInfo = true;
            QVERIFY(
                detail.toObject().value(L1("retryDelay")).toString().endsWith(QLatin1Char('s')));
        }
    }
    QVERIFY(quotaFailure && retryInfo);
}

void TestSimLoad::tokenRateLimit()
{
    // Each request costs its prompt plus its max_tokens: 400 + 200 of the 1000 per minute.
    const QString prompt = promptOf(400);
    RawClient client(port());
    client.send(
        generationRequest(WireDialect::OpenAiChat, QStringLiteral("tpm"), prompt, false, 200));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 200);
    QCOMPARE(client.header("x-ratelimit-limit-tokens"), QByteArray("1000"));
    const int remaining = client.header("x-ratelimit-remaining-tokens").toInt();
    QVERIFY2(remaining >= 399 && remaining <= 402, client.header("x-ratelimit-remaining-tokens"));
    client.send(
        generationRequest(WireDialect::OpenAiChat, QStringLiteral("tpm"), prompt, false, 200));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 429);
    const QJsonObject error = client.json().value(L1("error")).toObject();
    QCOMPARE(error.value(L1("type")).toString(), QStringLiteral("tokens"));
    QVERIFY(error.value(L1("message")).toString().contains(QStringLiteral("tokens per min")));
    QVERIFY(client.header("retry-after").toInt() >= 10);
}

void TestSimLoad::rateLimitPerKey()
{
    // The rpm profile's default bucket is spent by requestRateLimit(); another key has its own.
    RawClient client(port());
    client.send(generationRequest(WireDialect::OpenAiChat, QStringLiteral("rpm"),
                                  QStringLiteral("Fresh key."), false, std::nullopt,
                                  "sk-another-team-0001"));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 200);
    QCOMPARE(client.header("x-ratelimit-remaining-requests"), QByteArray("2"));
}

void TestSimLoad::prefixCache()
{
    const QString prompt = promptOf(4000);
    const int promptTokens = test::simTokens(prompt);
    RawClient client(port());

    client.send(generationRequest(WireDialect::OpenAiChat, QStringLiteral("cached"), prompt, true));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 200);
    const SimRequestRecord cold = *waitRecord(*m_host, client.header("x-request-id"));
    QCOMPARE(cold.cachedTokens, 0);

    // The same prompt again, through another dialect: the prefix is the profile's.
    client.send(generationRequest(WireDialect::Anthropic, QStringLiteral("cached"), prompt, true));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 200);
    const SimRequestRecord warm = *waitRecord(*m_host, client.header("x-request-id"));
    // Whole 512-character blocks are cached: nearly all of the prompt.
    QVERIFY2(warm.cachedTokens > promptTokens - 200 && warm.cachedTokens <= promptTokens,
             qPrintable(QString::number(warm.cachedTokens)));
    const QJsonObject start = client.events().first().json();
    const QJsonObject usage = start.value(L1("message")).toObject().value(L1("usage")).toObject();
    QCOMPARE(usage.value(L1("cache_read_input_tokens")).toInt(), warm.cachedTokens);
    QCOMPARE(usage.value(L1("input_tokens")).toInt(), promptTokens - warm.cachedTokens);

    // 90% of ~200 ms of prefill saved: TTFT at least 120 ms shorter, server side.
    const double coldMs = double(cold.firstContentNs - cold.generationStartNs) / 1e6;
    const double warmMs = double(warm.firstContentNs - warm.generationStartNs) / 1e6;
    qInfo("TTFT cold %.1f ms, warm %.1f ms", coldMs, warmMs);
    QVERIFY(coldMs - warmMs > 120);

    // Each dialect reports it in its own field.
    client.send(generationRequest(WireDialect::OpenAiChat, QStringLiteral("cached"), prompt, true));
    QVERIFY(client.wait());
    const QList<WireEvent> chat = client.events();
    QCOMPARE(chat.at(chat.size() - 2)
                 .json()
                 .value(L1("usage"))
                 .toObject()
                 .value(L1("prompt_tokens_details"))
                 .toObject()
                 .value(L1("cached_tokens"))
                 .toInt(),
             warm.cachedTokens);
    client.send(generationRequest(WireDialect::Gemini, QStringLiteral("cached"), prompt, false));
    QVERIFY(client.wait());
    QCOMPARE(client.json()
                 .value(L1("usageMetadata"))
                 .toObject()
                 .value(L1("cachedContentTokenCount"))
                 .toInt(),
             warm.cachedTokens);
    client.send(
        generationRequest(WireDialect::OpenAiResponses, QStringLiteral("cached"), prompt, false));
    QVERIFY(client.wait());
    QCOMPARE(client.json()
                 .value(L1("usage"))
                 .toObject()
                 .value(L1("input_tokens_details"))
                 .toObject()
                 .value(L1("cached_tokens"))
                 .toInt(),
             warm.cachedTokens);

    // A short prompt is below min_tokens: never reported as cached.
    const QString shortPrompt = promptOf(300);
    for (int i = 0; i < 2; ++i) {
        client.send(generationRequest(WireDialect::OpenAiChat, QStringLiteral("cached"),
                                      shortPrompt, false));
        QVERIFY(client.wait());
        QCOMPARE(waitRecord(*m_host, client.header("x-request-id"))->cachedTokens, 0);
    }
}

void TestSimLoad::silentTruncation()
{
    const QString prompt = promptOf(400);
    const int sent = test::simTokens(prompt);
    RawClient client(port());
    client.send(
        generationRequest(WireDialect::OpenAiChat, QStringLiteral("truncating"), prompt, false));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 200);
    QCOMPARE(client.json().value(L1("usage")).toObject().value(L1("prompt_tokens")).toInt(), 100);
    const SimRequestRecord truth = *waitRecord(*m_host, client.header("x-request-id"));
    QVERIFY(truth.promptTruncated);
    QCOMPARE(truth.promptTokensSent, sent);
    QCOMPARE(truth.promptTokens, 100);

    client.send(generationRequest(WireDialect::Gemini, QStringLiteral("truncating"), prompt, true));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 200);
    QCOMPARE(client.events()
                 .last()
                 .json()
                 .value(L1("usageMetadata"))
                 .toObject()
                 .value(L1("promptTokenCount"))
                 .toInt(),
             100);
}

YS_TEST_GUILESS_MAIN(TestSimLoad)
#include "tst_sim_load.moc"
