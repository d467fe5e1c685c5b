// Conversations end to end: the client's four dialects send earlier turns before the prompt, and
// the simulator processes the whole conversation as one text, over real loopback HTTP. A fact
// stated in the first turn is recalled while the conversation fits a truncating window and lost
// once the history pushes it out; usage counts every turn; the next turn finds the conversation
// so far in the prefix cache. Answers are read with the client's own decoders.

#include "fixtures.h"
#include "prompt_filler.h"
#include "provider/dialect.h"
#include "sim/sim_host.h"
#include "sim_test_client.h"
#include "test_main.h"
#include "wire/sse_parser.h"

#include <QTest>

using namespace ys;
namespace st = ys::simtest;

namespace {

constexpr int kWindow = 2000;

test::ProfileShape conversationShape(int window)
{
    return test::ProfileShape()
        .withTtft(5, 5)
        .withDecode(20000)
        .withEvents(1, 3)
        .withOutput(8, 12)
        .withWindow(window)
        .withSeed(5);
}

using test::filler;

// A conversation whose first turn states the fact, then `rounds` rounds of about 200 tokens.
std::vector<ChatTurn> needleConversation(const QString &opening, int rounds)
{
    std::vector<ChatTurn> history{
        {ChatTurn::Role::User, opening + QStringLiteral(" Remember: the secret code is QZ9-41K.")},
        {ChatTurn::Role::Assistant, QStringLiteral("I will remember it.")}};
    for (int i = 0; i < rounds; ++i) {
        history.push_back({ChatTurn::Role::User, QStringLiteral("Go on.") + filler(150)});
        history.push_back({ChatTurn::Role::Assistant, QStringLiteral("Well,") + filler(40)});
    }
    return history;
}

// The text the simulated model processes: every turn's text, a line apart.
QString conversationText(const std::vector<ChatTurn> &history, const QString &prompt)
{
    QStringList texts;
    for (const ChatTurn &turn : history)
        texts << turn.text;
    texts << prompt;
    return texts.join(QLatin1Char('\n'));
}

// A streaming request with earlier turns, exactly as the client's dialect builds it.
QByteArray conversationRequest(const QString &dialect, const QUrl &baseUrl,
                               const std::vector<ChatTurn> &history, const QString &prompt,
                               const QString &model)
{
    ProviderConfig provider;
    provider.baseUrl = baseUrl;
    provider.model = model;
    RequestSpec spec;
    spec.history = history;
    spec.prompt = prompt;
    spec.maxOutputTokens = 64;
    const HttpRequestParts parts = makeDialect(dialect)->buildRequest(provider, spec, {});
    QByteArray headers;
    for (const auto &[name, value] : parts.headers)
        if (name.toLower() != "content-type") // httpPost writes its own
            headers += name + ": " + value + "\r\n";
    return st::httpPost(parts.url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority), parts.body,
                        headers);
}

// What the client's decoder makes of a whole stream.
DecodeState decoded(const QString &dialect, const QByteArray &stream)
{
    auto decoder = makeDialect(dialect)->newDecoder();
    SseParser parser;
    std::vector<SseEvent> events;
    parser.feed(stream, events);
    DecodeState state;
    for (const SseEvent &event : events)
        decoder->take(event, state);
    return state;
}

void addConversationRows()
{
    QTest::addColumn<QString>("dialect");
    for (const QString &name : knownDialects())
        QTest::newRow(qPrintable(name)) << name;
}

} // namespace

class TestSimConversations : public ys::simtest::HostedSimTest {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void recall_data();
    void recall();
    void prefixCached_data() { addConversationRows(); }
    void prefixCached();

private:
    // GET /_sim/requests/{id} of the client's last request.
    QJsonObject truth(const st::RawClient &answered) const
    {
        const QByteArray id = answered.header("x-request-id");
        if (!st::waitRecord(*m_host, id))
            return {};
        st::RawClient client(port());
        client.send(st::httpGet("/_sim/requests/" + id));
        if (!client.wait() || client.status != 200)
            return {};
        return client.json();
    }
};

void TestSimConversations::initTestCase()
{
    const QString name = QStringLiteral("conversations");
    std::vector<nlohmann::json> profiles{
        test::simProfileJson(name, QStringLiteral("window"), conversationShape(kWindow),
                             {{"context_overflow", "truncate"}}),
        test::simProfileJson(name, QStringLiteral("cached"), conversationShape(128000),
                             {{"prefix_cache", {{"min_tokens", 1}}}}),
    };
    m_host = test::startedSim(profiles);
}

void TestSimConversations::cleanupTestCase()
{
    m_host.reset();
}

void TestSimConversations::recall_data()
{
    QTest::addColumn<QString>("dialect");
    QTest::addColumn<int>("rounds");
    QTest::addColumn<bool>("recalled");
    for (const QString &name : knownDialects()) {
        // About 600 tokens in the window of 2000; then about 3000, the first turn cut away.
        QTest::addRow("%s fits", qPrintable(name)) << name << 3 << true;
        QTest::addRow("%s truncated", qPrintable(name)) << name << 15 << false;
    }
}

void TestSimConversations::recall()
{
    QFETCH(QString, dialect);
    QFETCH(int, rounds);
    QFETCH(bool, recalled);
    const std::vector<ChatTurn> history = needleConversation(QStringLiteral("Hello."), rounds);
    const QString question = QStringLiteral("What is the secret code?");
    const int tokens = test::simTokens(conversationText(history, question));
    st::RawClient client(port());
    client.send(conversationRequest(dialect, m_host->baseUrl(), history, question,
                                    QStringLiteral("window")));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 200);
    const DecodeState state = decoded(dialect, client.body);
    QVERIFY(!state.failure);
    const QJsonObject record = truth(client);
    // Every turn is counted, not only the last message.
    QCOMPARE(record.value(st::L1("prompt_tokens_sent")).toInt(), tokens);
    if (recalled) {
        QVERIFY(tokens < kWindow);
        QVERIFY2(state.text.startsWith(st::L1("The secret code is QZ9-41K.")),
                 qPrintable(state.text));
        QVERIFY(!record.value(st::L1("prompt_truncated")).toBool());
        QCOMPARE(state.inputTokens, std::optional<qint64>(tokens));
    } else {
        QVERIFY(tokens > kWindow);
        QVERIFY2(state.text.startsWith(st::L1("I do not know the secret code.")),
                 qPrintable(state.text));
        QVERIFY(record.value(st::L1("prompt_truncated")).toBool());
        QCOMPARE(state.inputTokens, std::optional<qint64>(kWindow));
    }
}

// The next turn resends the conversation so far, so the prefix cache holds all of it but its
// last, partly filled, 512-character block.
void TestSimConversations::prefixCached()
{
    QFETCH(QString, dialect);
    std::vector<ChatTurn> history =
        needleConversation(QStringLiteral("A conversation in %1.").arg(dialect), 2);
    const QString first = QStringLiteral("Summarise it.");
    st::RawClient client(port());
    client.send(
        conversationRequest(dialect, m_host->baseUrl(), history, first, QStringLiteral("cached")));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 200);
    QCOMPARE(truth(client).value(st::L1("cached_tokens")).toInt(), 0);
    const QString sent = conversationText(history, first);

    history.push_back({ChatTurn::Role::User, first});
    history.push_back({ChatTurn::Role::Assistant, decoded(dialect, client.body).text});
    const QString second = QStringLiteral("And now?");
    client.send(
        conversationRequest(dialect, m_host->baseUrl(), history, second, QStringLiteral("cached")));
    QVERIFY(client.wait());
    QCOMPARE(client.status, 200);
    const QString resent = conversationText(history, second);
    QVERIFY(resent.startsWith(sent));
    const int cached = test::simTokens(QStringView(resent).left(sent.size() / 512 * 512));
    QVERIFY(cached > 0);
    const DecodeState state = decoded(dialect, client.body);
    QCOMPARE(state.cachedTokens.value_or(0), qint64(cached));
    QCOMPARE(state.inputTokens, std::optional<qint64>(test::simTokens(resent)));
    QCOMPARE(truth(client).value(st::L1("cached_tokens")).toInt(), cached);
}

YS_TEST_GUILESS_MAIN(TestSimConversations)
#include "tst_sim_conversations.moc"
