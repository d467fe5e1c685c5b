// Peer clients: the official openai and @anthropic-ai/sdk npm packages, run with Node, stream from
// the simulator and must read text, finish reason and usage without error; the simulator's ground
// truth shows each request carried the right key in the right header. tests/peers/install.sh
// installs them (test.sh runs it); without them this test fails rather than skips.

#include "fixtures.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "test_main.h"
#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace ys;
using L1 = QLatin1StringView;

namespace {

const QString kPeerKey = QStringLiteral("ys-test-peer-6b1f0c2d9e");

QString peersDir()
{
    return ys::test::peersDir();
}

QString installHint()
{
    return QStringLiteral("run: %1/tests/peers/install.sh %2")
        .arg(ys::test::sourceDir(), peersDir());
}

struct NodeRun {
    int exitCode = -1;
    QJsonObject output;
    QString errors;
};

} // namespace

class TestSimPeers : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void stream_data();
    void stream();
    void wrongKey_data();
    void wrongKey();

private:
    NodeRun run(const QString &script, const QString &baseUrl, const QString &key);
    QString baseUrlFor(const QString &script) const;
    std::vector<SimRequestRecord> newRecords(std::size_t before) const;

    QString m_node;
    std::unique_ptr<SimHost> m_host;
};

void TestSimPeers::initTestCase()
{
    m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
    QVERIFY2(!m_node.isEmpty(),
             qPrintable(QStringLiteral("node is not installed; ") + installHint()));
    const QDir dir(peersDir());
    for (const char *package :
         {"node_modules/openai/package.json", "node_modules/@anthropic-ai/sdk/package.json"})
        QVERIFY2(
            dir.exists(QLatin1StringView(package)),
            qPrintable(
                QStringLiteral("%1 is missing; ").arg(dir.filePath(QLatin1StringView(package))) +
                installHint()));
    // The scripts run beside node_modules (ES modules resolve packages from their own folder),
    // so the current ones are copied there.
    const QDir source((ys::test::sourceDir() + QStringLiteral("/tests/peers")));
    for (const QString &name : source.entryList({QStringLiteral("*.mjs")}, QDir::Files)) {
        QFile::remove(dir.filePath(name));
        QVERIFY(QFile::copy(source.filePath(name), dir.filePath(name)));
    }

    SimProfile p = test::simProfile(QStringLiteral("sim-peer"),
                                    test::ProfileShape()
                                        .withTtft(30, 40)
                                        .withDecode(2000)
                                        .withEvents(1, 3)
                                        .withOutput(30, 60)
                                        .withWindow(100000),
                                    QStringLiteral("Peer"));
    p.apiKey = kPeerKey;
    m_host = std::make_unique<SimHost>(std::vector<SimProfile>{p});
    QString error;
    QVERIFY2(m_host->start(&error), qPrintable(error));
}

void TestSimPeers::cleanupTestCase()
{
    m_host.reset();
}

QString TestSimPeers::baseUrlFor(const QString &script) const
{
    QUrl url = m_host->baseUrl(); // http://127.0.0.1:PORT/v1, the OpenAI convention
    // The Anthropic SDK adds /v1/messages to its base URL itself.
    if (script.startsWith(QStringLiteral("anthropic")))
        url.setPath(QString());
    return url.toString();
}

NodeRun TestSimPeers::run(const QString &script, const QString &baseUrl, const QString &key)
{
    NodeRun result;
    QProcess node;
    node.setWorkingDirectory(peersDir());
    node.start(m_node,
               {QDir(peersDir()).filePath(script), baseUrl, QStringLiteral("sim-peer"), key});
    if (!node.waitForFinished(60000)) {
        node.kill();
        node.waitForFinished();
        result.errors = QStringLiteral("node did not finish in 60 s");
        return result;
    }
    result.exitCode = node.exitCode();
    result.errors = QString::fromUtf8(node.readAllStandardError());
    const QByteArray out = node.readAllStandardOutput().trimmed();
    result.output = QJsonDocument::fromJson(out.split('\n').last()).object();
    return result;
}

std::vector<SimRequestRecord> TestSimPeers::newRecords(std::size_t before) const
{
    std::vector<SimRequestRecord> all = m_host->records();
    return {all.begin() + qsizetype(before), all.end()};
}

void TestSimPeers::stream_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("dialect");
    QTest::addColumn<QString>("header");
    QTest::addColumn<QString>("finish");
    QTest::newRow("openai chat") << QStringLiteral("openai_chat.mjs")
                                 << QStringLiteral("openai-chat") << QStringLiteral("authorization")
                                 << QStringLiteral("stop");
    QTest::newRow("openai responses")
        << QStringLiteral("openai_responses.mjs") << QStringLiteral("openai-responses")
        << QStringLiteral("authorization") << QStringLiteral("completed");
    QTest::newRow("anthropic messages")
        << QStringLiteral("anthropic_messages.mjs") << QStringLiteral("anthropic-messages")
        << QStringLiteral("x-api-key") << QStringLiteral("end_turn");
}

void TestSimPeers::stream()
{
    QFETCH(QString, script);
    QFETCH(QString, dialect);
    QFETCH(QString, header);
    QFETCH(QString, finish);
    const std::size_t before = m_host->records().size();
    const NodeRun result = run(script, baseUrlFor(script), kPeerKey);
    QVERIFY2(result.exitCode == 0,
             qPrintable(QString::fromUtf8(QJsonDocument(result.output).toJson()) + result.errors));

    // Exactly one request reached the simulator (no retries), with the key where it belongs.
    QTRY_COMPARE_WITH_TIMEOUT(m_host->records().size(), before + 1, 2000);
    const SimRequestRecord truth = newRecords(before).front();
    QCOMPARE(truth.dialect, dialect);
    QCOMPARE(truth.authHeader, header);
    QCOMPARE(truth.auth, QStringLiteral("ok"));
    QVERIFY(truth.stream);
    QVERIFY(truth.completed);

    const QJsonObject &out = result.output;
    QVERIFY(!out.value(L1("text")).toString().isEmpty());
    QCOMPARE(out.value(L1("finish_reason")).toString(), finish);
    const QJsonObject usage = out.value(L1("usage")).toObject();
    if (dialect == QLatin1StringView("openai-chat")) {
        QCOMPARE(usage.value(L1("prompt_tokens")).toInt(), truth.promptTokens);
        QCOMPARE(usage.value(L1("completion_tokens")).toInt(), truth.completionTokens);
    } else if (dialect == QLatin1StringView("openai-responses")) {
        QCOMPARE(usage.value(L1("input_tokens")).toInt(), truth.promptTokens);
        QCOMPARE(usage.value(L1("output_tokens")).toInt(), truth.completionTokens);
        QCOMPARE(out.value(L1("done_text")).toString(), out.value(L1("text")).toString());
        QCOMPARE(out.value(L1("first_event")).toString(), QStringLiteral("response.created"));
    } else {
        QCOMPARE(usage.value(L1("input_tokens")).toInt(), truth.promptTokens);
        QCOMPARE(usage.value(L1("output_tokens")).toInt(), truth.completionTokens);
        QCOMPARE(out.value(L1("final_text")).toString(), out.value(L1("text")).toString());
    }
}

void TestSimPeers::wrongKey_data()
{
    stream_data();
}

// The SDKs see the simulator's 401 as their own authentication error.
void TestSimPeers::wrongKey()
{
    QFETCH(QString, script);
    QFETCH(QString, dialect);
    QFETCH(QString, header);
    const std::size_t before = m_host->records().size();
    const NodeRun result = run(script, baseUrlFor(script), QStringLiteral("sk-not-the-key-000"));
    QCOMPARE(result.exitCode, 3);
    const QJsonObject error = result.output.value(L1("error")).toObject();
    QCOMPARE(error.value(L1("status")).toInt(), 401);
    QCOMPARE(error.value(L1("name")).toString(), QStringLiteral("AuthenticationError"));
    QTRY_COMPARE_WITH_TIMEOUT(m_host->records().size(), before + 1, 2000);
    const SimRequestRecord truth = newRecords(before).front();
    QCOMPARE(truth.dialect, dialect);
    QCOMPARE(truth.authHeader, header);
    QCOMPARE(truth.auth, QStringLiteral("wrong"));
    QCOMPARE(truth.status, 401);
}

YS_TEST_GUILESS_MAIN(TestSimPeers)
#include "tst_sim_peers.moc"
