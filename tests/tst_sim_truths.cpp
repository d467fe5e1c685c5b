// The truths the scenario kinds are measured against, each checked over real loopback HTTP and
// in the simulator's ground truth (GET /_sim/requests/{id}): superlinear prefill, output tokens
// counted by the profile's encoding, recall of a fact inside the processed window, and answers
// at temperature 0 that repeat except with the profile's divergence.

#include "fixtures.h"
#include "prompt_filler.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "sim_test_client.h"
#include "test_main.h"
#include "tokenize/bpe_tokenizer.h"

#include <QJsonArray>
#include <QTest>
#include <map>

using namespace ys;
using namespace ys::simtest;

namespace {

constexpr double kQuadratic = 400; // s per Mtok², a visible curve at tens of thousands of tokens

test::ProfileShape truthShape(int outputMin, int outputMax, int window = 128000)
{
    return test::ProfileShape()
        .withTtft(5, 5)
        .withPrefill(1e6)
        .withDecode(20000)
        .withEvents(1, 3)
        .withOutput(outputMin, outputMax)
        .withWindow(window)
        .withSeed(11);
}

using test::filler;

// The last value of `key` anywhere in a JSON value, depth first.
std::optional<int> lastMember(const QJsonValue &value, const QString &key)
{
    std::optional<int> found;
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() == key && it.value().isDouble())
                found = it.value().toInt();
            else if (const auto inner = lastMember(it.value(), key))
                found = inner;
        }
    } else if (value.isArray()) {
        for (const QJsonValue &item : value.toArray())
            if (const auto inner = lastMember(item, key))
                found = inner;
    }
    return found;
}

QString outputKey(WireDialect dialect)
{
    switch (dialect) {
    case WireDialect::OpenAiChat:
        return QStringLiteral("completion_tokens");
    case WireDialect::Gemini:
        return QStringLiteral("candidatesTokenCount");
    default:
        return QStringLiteral("output_tokens");
    }
}

// The output tokens the stream's usage reports last.
std::optional<int> reportedOutput(WireDialect dialect, const QList<WireEvent> &events)
{
    std::optional<int> found;
    for (const WireEvent &event : events)
        if (const auto value = lastMember(QJsonValue(event.json()), outputKey(dialect)))
            found = value;
    return found;
}

// A non-streaming OpenAI Chat request at the given temperature.
QByteArray chatAt(const QString &model, const QString &prompt, double temperature)
{
    const QJsonObject body{{L1("model"), model},
                           {L1("messages"), QJsonArray{QJsonObject{{L1("role"), L1("user")},
                                                                   {L1("content"), prompt}}}},
                           {L1("temperature"), temperature}};
    return httpPost("/v1/chat/completions", compact(body));
}

QString chatAnswer(const RawClient &client)
{
    return client.json()
        .value(L1("choices"))
        .toArray()
        .first()
        .toObject()
        .value(L1("message"))
        .toObject()
        .value(L1("content"))
        .toString();
}

// The share of the most common answer.
double modeShare(const QStringList &answers)
{
    std::map<QString, int> counts;
    int best = 0;
    for (const QString &answer : answers)
        best = std::max(best, ++counts[answer]);
    return answers.isEmpty() ? 0 : double(best) / double(answers.size());
}

} // namespace

class TestSimTruths : public ys::simtest::HostedSimTest {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void prefillIsSuperlinear();
    void outputTokensAreBpeCounts_data();
    void outputTokensAreBpeCounts();
    void outputLimitCutsByBpeCount();
    void needleInsideWindow();
    void needleTruncatedAway();
    void needleRecallByProfile();
    void needleRecallFieldErrors();
    void temperatureZeroRepeats();
    void divergenceShare();

private:
    // GET /_sim/requests/{id} of the client's last request.
    QJsonObject truth(const RawClient &answered) const
    {
        const QByteArray id = answered.header("x-request-id");
        if (!waitRecord(*m_host, id))
            return {};
        RawClient client(port());
        client.send(httpGet("/_sim/requests/" + id));
        if (!client.wait() || client.status != 200)
            return {};
        return client.json();
    }
};

void TestSimTruths::initTestCase()
{
    using nlohmann::json;
    const QString name = QStringLiteral("truths");
    std::vector<json> profiles{
        test::simProfileJson(name, QStringLiteral("curve"), truthShape(1, 1),
                             {{"prefill_quadratic_s_per_mtok2", kQuadratic}}),
        test::simProfileJson(name, QStringLiteral("words"), truthShape(30, 60)),
        test::simProfileJson(name, QStringLiteral("words-cl100k"), truthShape(30, 60),
                             {{"encoding", "cl100k_base"}}),
        test::simProfileJson(name, QStringLiteral("window"), truthShape(8, 12, 300),
                             {{"context_overflow", "truncate"}}),
        test::simProfileJson(name, QStringLiteral("steady"), truthShape(8, 20)),
        test::simProfileJson(name, QStringLiteral("wavering"), truthShape(8, 20),
                             {{"divergence", 0.3}}),
        test::simProfileJson(name, QStringLiteral("forgets"), truthShape(8, 12),
                             {{"needle_recall", {{"rate", 0.0}}}}),
        test::simProfileJson(name, QStringLiteral("short-memory"), truthShape(8, 12),
                             {{"needle_recall", {{"up_to_tokens", 200}}}}),
        test::simProfileJson(name, QStringLiteral("middle"), truthShape(8, 12),
                             {{"needle_recall", {{"lost_depth", {0.3, 0.7}}}}}),
    };
    m_host = test::startedSim(profiles);
}

void TestSimTruths::cleanupTestCase()
{
    m_host.reset();
}

void TestSimTruths::prefillIsSuperlinear()
{
    std::vector<double> planned; // ms
    for (const int size : {10000, 20000, 40000}) {
        const QString prompt = filler(size);
        const int tokens = test::simTokens(prompt);
        RawClient client(port());
        client.send(
            generationRequest(WireDialect::Anthropic, QStringLiteral("curve"), prompt, true));
        QVERIFY(client.wait(30000));
        QCOMPARE(client.status, 200);
        const QJsonObject record = truth(client);
        QCOMPARE(record.value(L1("prompt_tokens")).toInt(), tokens);

        // Ground truth: the first event is due at base TTFT + linear + quadratic prefill.
        const double mtok = tokens / 1e6;
        const double expectedMs = 5 + tokens / 1e6 * 1000 + kQuadratic * mtok * mtok * 1000;
        const double plannedMs =
            (record.value(L1("event_planned_ns")).toArray().first().toDouble() -
             record.value(L1("generation_start_ns")).toDouble()) /
            1e6;
        QVERIFY2(
            std::abs(plannedMs - expectedMs) < 0.01,
            qPrintable(
                QStringLiteral("planned %1 ms, formula %2 ms").arg(plannedMs).arg(expectedMs)));
        planned.push_back(plannedMs);

        // The client sees the first content no earlier, and not much later.
        qsizetype first = -1;
        for (qsizetype i = 0; i < client.chunks.size() && first < 0; ++i)
            if (client.chunks[i].contains("content_block_delta"))
                first = i;
        QVERIFY(first >= 0);
        const double clientMs = double(client.chunkNs[first] - client.startNs) / 1e6;
        QVERIFY2(
            clientMs >= expectedMs - 1 && clientMs < expectedMs + 250,
            qPrintable(
                QStringLiteral("client TTFT %1 ms, formula %2 ms").arg(clientMs).arg(expectedMs)));
    }
    // Doubling the prompt more than doubles the prefill: a curve, not a line.
    QVERIFY(planned[2] - planned[1] > 2 * (planned[1] - planned[0]));
}

void TestSimTruths::outputTokensAreBpeCounts_data()
{
    QTest::addColumn<WireDialect>("dialect");
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("encoding");
    const std::pair<const char *, WireDialect> dialects[] = {
        {"chat", WireDialect::OpenAiChat},
        {"responses", WireDialect::OpenAiResponses},
        {"anthropic", WireDialect::Anthropic},
        {"gemini", WireDialect::Gemini}};
    for (const auto &[tag, dialect] : dialects) {
        QTest::addRow("%s o200k", tag)
            << dialect << QStringLiteral("words") << int(Encoding::O200kBase);
        QTest::addRow("%s cl100k", tag)
            << dialect << QStringLiteral("words-cl100k") << int(Encoding::Cl100kBase);
    }
}

void TestSimTruths::outputTokensAreBpeCounts()
{
    QFETCH(WireDialect, dialect);
    QFETCH(QString, model);
    QFETCH(int, encoding);
    const Tokenizer &tokenizer = Tokenizer::shared(Encoding(encoding));
    // Several requests, so that Chinese sentences and emoji (several tokens each) come up.
    for (int i = 0; i < 6; ++i) {
        RawClient client(port());
        client.send(generationRequest(dialect, model, QStringLiteral("Tell me more."), true));
        QVERIFY(client.wait());
        QCOMPARE(client.status, 200);
        const QString text = answerText(dialect, client.events());
        QVERIFY(!text.isEmpty());
        const int count = int(tokenizer.count(text));
        QCOMPARE(reportedOutput(dialect, client.events()), std::optional<int>(count));
        QCOMPARE(truth(client).value(L1("completion_tokens")).toInt(), count);
        if (dialect != WireDialect::Gemini)
            continue;
        // Gemini's running count on every chunk is the count of the text so far.
        QList<WireEvent> sofar;
        for (const WireEvent &event : client.events()) {
            sofar << event;
            QCOMPARE(reportedOutput(dialect, {event}),
                     std::optional<int>(int(tokenizer.count(answerText(dialect, sofar)))));
        }
    }
}

void TestSimTruths::outputLimitCutsByBpeCount()
{
    const Tokenizer &tokenizer = Tokenizer::shared(Encoding::O200kBase);
    for (int i = 0; i < 6; ++i) {
        RawClient client(port());
        client.send(generationRequest(WireDialect::OpenAiChat, QStringLiteral("words"),
                                      QStringLiteral("Be brief."), true, 25));
        QVERIFY(client.wait());
        const QString text = answerText(WireDialect::OpenAiChat, client.events());
        const int count = int(tokenizer.count(text));
        QVERIFY2(count <= 25, qPrintable(text));
        QCOMPARE(reportedOutput(WireDialect::OpenAiChat, client.events()),
                 std::optional<int>(count));
        // Cut by the limit, whatever the planned length was: finish_reason "length".
        QVERIFY(client.body.contains("\"finish_reason\":\"length\""));
        QVERIFY(truth(client).value(L1("truncated")).toBool());
    }
}

void TestSimTruths::needleInsideWindow()
{
    const QString fact = QStringLiteral("The secret code is XK7-4QP.");
    const QString question = QStringLiteral(" What is the secret code?");
    // Within the window of 300 tokens.
    RawClient client(port());
    client.send(generationRequest(WireDialect::OpenAiChat, QStringLiteral("window"),
                                  fact + filler(100) + question, true));
    QVERIFY(client.wait());
    QVERIFY(answerText(WireDialect::OpenAiChat, client.events()).contains(L1("XK7-4QP")));
    QVERIFY(!truth(client).value(L1("prompt_truncated")).toBool());

    // Past the window, but the kept end still holds the fact.
    client.send(generationRequest(WireDialect::Gemini, QStringLiteral("window"),
                                  filler(500) + fact + filler(50) + question, true));
    QVERIFY(client.wait());
    QVERIFY(answerText(WireDialect::Gemini, client.events()).contains(L1("XK7-4QP")));
    QVERIFY(truth(client).value(L1("prompt_truncated")).toBool());
}

void TestSimTruths::needleTruncatedAway()
{
    const QString prompt = QStringLiteral("The secret code is XK7-4QP.") + filler(500) +
                           QStringLiteral(" What is the secret code?");
    for (const WireDialect dialect : {WireDialect::OpenAiChat, WireDialect::Anthropic}) {
        RawClient client(port());
        client.send(generationRequest(dialect, QStringLiteral("window"), prompt, true));
        QVERIFY(client.wait());
        QCOMPARE(client.status, 200);
        const QString text = answerText(dialect, client.events());
        QVERIFY(!text.isEmpty());
        QVERIFY2(!text.contains(L1("XK7-4QP")), qPrintable(text));
        const QJsonObject record = truth(client);
        QVERIFY(record.value(L1("prompt_truncated")).toBool());
        QCOMPARE(record.value(L1("prompt_tokens")).toInt(), 300);
    }
}

// A model that does not repeat a fact it processed: the prompt is taken whole (reported and
// processed in full), the answer still does not know the code. By profile: never; only up to
// 200 processed tokens; never in the middle of the prompt.
void TestSimTruths::needleRecallByProfile()
{
    const QString fact = QStringLiteral("The secret code is XK7-4QP.");
    const QString question = QStringLiteral(" What is the secret code?");
    struct Case {
        const char *model;
        QString prompt;
        bool repeats;
    };
    const Case cases[] = {
        {"forgets", fact + filler(50) + question, false},
        {"short-memory", fact + filler(50) + question, true},
        {"short-memory", fact + filler(400) + question, false},
        {"middle", fact + filler(400) + question, true},
        {"middle", filler(200) + fact + filler(200) + question, false},
        {"middle", filler(400) + fact + question, true},
    };
    for (const Case &c : cases) {
        RawClient client(port());
        client.send(generationRequest(WireDialect::OpenAiChat, QString::fromLatin1(c.model),
                                      c.prompt, true));
        QVERIFY(client.wait());
        QCOMPARE(client.status, 200);
        const QString text = answerText(WireDialect::OpenAiChat, client.events());
        QVERIFY2(text.contains(L1("XK7-4QP")) == c.repeats,
                 qPrintable(QStringLiteral("%1: %2").arg(QLatin1StringView(c.model), text)));
        const QJsonObject record = truth(client);
        QVERIFY(!record.value(L1("prompt_truncated")).toBool());
        QCOMPARE(record.value(L1("prompt_tokens")).toInt(), test::simTokens(c.prompt));
    }
}

void TestSimTruths::needleRecallFieldErrors()
{
    const auto errorOf = [](const nlohmann::json &recall) {
        nlohmann::json profile =
            test::simProfileJson(QStringLiteral("x"), QStringLiteral("m"), truthShape(1, 1));
        profile["needle_recall"] = recall;
        QString error;
        const auto loaded = SimProfile::load(test::simProfilesJson({profile}), &error);
        return loaded.empty() ? error : QString();
    };
    QVERIFY(errorOf({{"rate", 1.5}}).contains(L1("needle_recall.rate")));
    QVERIFY(errorOf({{"lost_depth", {0.8, 0.2}}}).contains(L1("needle_recall.lost_depth")));
    QVERIFY(errorOf({{"up_to_tokens", 0}}).contains(L1("needle_recall.up_to_tokens")));
    QVERIFY(errorOf({{"forget", 1}}).contains(L1("forget")));
    QVERIFY(errorOf({{"rate", 0.5}, {"up_to_tokens", 100}, {"rate_beyond", 0.1}}).isEmpty());
}

void TestSimTruths::temperatureZeroRepeats()
{
    const QString prompt = QStringLiteral("Summarise the trade-off in one paragraph.");
    RawClient client(port());
    QStringList atZero;
    QStringList atOne;
    for (int i = 0; i < 50; ++i) {
        client.send(chatAt(QStringLiteral("steady"), prompt, 0));
        QVERIFY(client.wait());
        QCOMPARE(client.status, 200);
        atZero << chatAnswer(client);
        client.send(chatAt(QStringLiteral("steady"), prompt, 1));
        QVERIFY(client.wait());
        atOne << chatAnswer(client);
    }
    QCOMPARE(modeShare(atZero), 1.0);
    QVERIFY(!atZero.first().isEmpty());
    // Above temperature 0 every request gets its own answer, as before.
    QVERIFY(modeShare(atOne) < 0.2);
    // Another prompt, another answer.
    client.send(chatAt(QStringLiteral("steady"), prompt + QStringLiteral(" Please."), 0));
    QVERIFY(client.wait());
    QVERIFY(chatAnswer(client) != atZero.first());
}

void TestSimTruths::divergenceShare()
{
    const QString prompt = QStringLiteral("Summarise the trade-off in one paragraph.");
    RawClient client(port());
    QStringList answers;
    for (int i = 0; i < 50; ++i) {
        client.send(chatAt(QStringLiteral("wavering"), prompt, 0));
        QVERIFY(client.wait());
        QCOMPARE(client.status, 200);
        answers << chatAnswer(client);
    }
    const double share = modeShare(answers);
    QVERIFY2(share >= 0.55 && share <= 0.85, qPrintable(QString::number(share)));
}

YS_TEST_GUILESS_MAIN(TestSimTruths)
#include "tst_sim_truths.moc"
