// Self-calibration measures the transports a session's attempts use and names each: the lanes'
// HTTP/1.1 client for http:// providers, QtNetwork for https:// ones. A calibration stored
// before transports were named still reads, shows and reports.

#include "analysis/summary_json.h"
#include "domain/calibration_record.h"
#include "fixtures.h"
#include "report/report_content.h"
#include "run/network_pool.h"
#include "run/self_calibration.h"
#include "run/session_runner.h"
#include "session_support.h"
#include "sim/sim_host.h"
#include "test_main.h"
#include "test_support.h"

#include <QProcess>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace ys;
using test::kSlow;

namespace {

// Figures a loopback stream on a machine that is not swamped gives.
void checkSane(const CalibrationResult &r)
{
    QVERIFY2(r.events >= 20, qPrintable(CalibrationText::describe(r)));
    QVERIFY2(r.medianMs > -0.5 && r.medianMs < 50, qPrintable(CalibrationText::describe(r)));
    QVERIFY(r.p99Ms >= r.medianMs && r.maxMs >= r.p99Ms);
}

Scenario oneRequest()
{
    return test::closedLoopScenario(1, 1, 40, 8);
}

// Runs the suite into dir and returns the session's stored calibration JSON (empty on failure).
QByteArray storedCalibration(const QString &dbPath, const Suite &suite, qint64 *sessionId)
{
    QString error;
    const test::SessionEnd end = test::runSuiteToEnd(suite, dbPath, 60000 * kSlow, &error);
    if (end.id == 0)
        return {};
    *sessionId = end.id;
    const auto info = test::readSessionInfo(dbPath, *sessionId, &error);
    return info ? info->calibration : QByteArray();
}

QStringList transportsOf(const CalibrationRecord &record)
{
    QStringList out;
    for (const CalibrationResult &r : record.results)
        out << r.transport;
    return out;
}

QString cliShowText(const QString &dbPath)
{
    QProcess p;
    p.start(test::binDir() + QStringLiteral("/yardstick-cli"),
            {QStringLiteral("show"), QStringLiteral("--db"), dbPath});
    if (!p.waitForFinished(30000 * kSlow) || p.exitCode() != 0)
        return {};
    return QString::fromUtf8(p.readAllStandardOutput());
}

QString paragraphs(const ReportSection &section)
{
    QString out;
    for (const ReportBlock &b : section.blocks)
        out += b.text + QLatin1Char('\n') + b.items.join(QLatin1Char('\n')) + QLatin1Char('\n');
    return out;
}

} // namespace

class TstSelfCalibration : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // The lanes' own client, run on a real lane as attempts are.
    void lanesHttp1OnALane()
    {
        NetworkPool pool;
        std::optional<CalibrationResult> result;
        QString error;
        QString thread;
        pool.runOnLane([&](NetworkLane &lane) {
            thread = QThread::currentThread()->objectName();
            result = SelfCalibration::runHttp1(lane.http1(), &error);
        });
        QVERIFY2(thread.startsWith(QStringLiteral("ys-lane")), qPrintable(thread));
        QVERIFY2(result, qPrintable(error));
        QCOMPARE(result->transport, QStringLiteral("lanes-http1"));
        qInfo("%s", qPrintable(CalibrationText::describe(*result)));
        checkSane(*result);
    }

    void transportOfAUrl()
    {
        const QUrl http(QStringLiteral("http://127.0.0.1:8000/v1"));
        const QUrl https(QStringLiteral("https://api.example/v1"));
        const QStringList lanes{QStringLiteral("lanes-http1")};
        const QStringList qt{QStringLiteral("qt-network")};
        QCOMPARE(SelfCalibration::transportsFor(http, HttpVersionChoice::Auto), lanes);
        QCOMPARE(SelfCalibration::transportsFor(http, HttpVersionChoice::Http11), lanes);
        QCOMPARE(SelfCalibration::transportsFor(http, HttpVersionChoice::Http2), qt);
        QCOMPARE(SelfCalibration::transportsFor(https, HttpVersionChoice::Auto), lanes + qt);
        QCOMPARE(SelfCalibration::transportsFor(https, HttpVersionChoice::Http11), lanes);
        QCOMPARE(SelfCalibration::transportsFor(https, HttpVersionChoice::Http2), qt);
    }

    // A session of an http:// provider stores one calibration, over the lanes' client, and
    // show names it.
    void sessionOverHttpNamesTheLanes()
    {
        QString error;
        auto sim = test::startFastSim(&error);
        QVERIFY2(sim, qPrintable(error));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("http.sqlite"));
        Suite suite;
        suite.name = QStringLiteral("calibration over http");
        suite.providers = {
            test::simProvider(QStringLiteral("Fast"), sim->baseUrl(), QStringLiteral("fast"))};
        suite.scenarios = {oneRequest()};
        qint64 id = 0;
        const QByteArray stored = storedCalibration(path, suite, &id);
        QVERIFY(!stored.isEmpty());
        const auto j = nlohmann::json::parse(stored.toStdString());
        QCOMPARE(j["transport"].get<std::string>(), std::string("lanes-http1"));
        QCOMPARE(j["transports"].size(), std::size_t(1));
        QCOMPARE(j["transports"][0]["transport"].get<std::string>(), std::string("lanes-http1"));
        const auto record = CalibrationRecord::fromJson(stored);
        QVERIFY(record);
        QCOMPARE(transportsOf(*record), QStringList{QStringLiteral("lanes-http1")});
        checkSane(record->results.front());
        const QString text = cliShowText(path);
        QVERIFY2(text.contains(QStringLiteral("Client delivery overhead (lanes-http1)")),
                 qPrintable(text));
    }

    // An https:// provider's attempts go through QtNetwork: with an http:// one beside it, both
    // transports are measured and named.
    void sessionOverHttpsNamesQtNetwork()
    {
        if (!QSslSocket::supportsSsl())
            QSKIP("Qt has no TLS backend here");
        SimHostOptions options;
        options.tls = true;
        QString error;
        test::ProfileShape shape;
        shape.ttftMedianMs = 5;
        shape.ttftP95Ms = 8;
        auto secure = test::startSim(
            {test::simProfileJson(QStringLiteral("Secure"), QStringLiteral("fast"), shape)}, &error,
            options);
        QVERIFY2(secure, qPrintable(error));
        auto plain = test::startFastSim(&error);
        QVERIFY2(plain, qPrintable(error));
        QCOMPARE(secure->baseUrl().scheme(), QStringLiteral("https"));
        const QSslConfiguration before = QSslConfiguration::defaultConfiguration();
        QSslConfiguration trusting = before;
        trusting.addCaCertificates(QSslCertificate::fromData(secure->certificatePem()));
        QSslConfiguration::setDefaultConfiguration(trusting);
        QTemporaryDir dir;
        Suite suite;
        suite.name = QStringLiteral("calibration over https");
        suite.providers = {
            test::simProvider(QStringLiteral("Secure"), secure->baseUrl(), QStringLiteral("fast")),
            test::simProvider(QStringLiteral("Fast"), plain->baseUrl(), QStringLiteral("fast"))};
        suite.scenarios = {oneRequest()};
        qint64 id = 0;
        const QByteArray stored =
            storedCalibration(dir.filePath(QStringLiteral("https.sqlite")), suite, &id);
        QSslConfiguration::setDefaultConfiguration(before);
        qInfo("stored: %s", stored.constData());
        const auto record = CalibrationRecord::fromJson(stored);
        QVERIFY2(record, stored.constData());
        QCOMPARE(transportsOf(*record),
                 (QStringList{QStringLiteral("lanes-http1"), QStringLiteral("qt-network")}));
        for (const CalibrationResult &r : record->results)
            checkSane(r);
        SessionSummary summary;
        summary.info.calibration = stored;
        const QString method = paragraphs(ReportBuilder::method(summary, std::nullopt));
        QVERIFY2(method.contains(QStringLiteral("over qt-network, ")), qPrintable(method));
        QVERIFY2(method.contains(QStringLiteral("over lanes-http1, ")), qPrintable(method));
    }

    // Stored by a version that did not name the transport: the figures alone.
    void oldCalibrationWithoutATransportShows()
    {
        SessionSummary summary;
        summary.info.id = 7;
        summary.info.calibration =
            "{\"events\": 40, \"max_ms\": 0.41, \"median_ms\": 0.08, \"p99_ms\": 0.35}";
        const auto record = CalibrationRecord::fromJson(summary.info.calibration);
        QVERIFY(record);
        QCOMPARE(record->results.size(), std::size_t(1));
        QVERIFY(record->results.front().transport.isEmpty());
        QCOMPARE(record->results.front().medianMs, 0.08);
        QVERIFY(CalibrationText::describe(*record).contains(QStringLiteral("unknown transport")));

        const auto doc = nlohmann::json::parse(sessionSummaryJson(summary, {}).toStdString());
        const auto &c = doc["calibration"];
        QVERIFY(c["transport"].is_null());
        QCOMPARE(c["median_ms"].get<double>(), 0.08);
        QCOMPARE(c["events"].get<int>(), 40);
        QCOMPARE(c["transports"].size(), std::size_t(1));
        QVERIFY(c["transports"][0]["transport"].is_null());
        QCOMPARE(c["transports"][0]["p99_ms"].get<double>(), 0.35);

        const QString method = paragraphs(ReportBuilder::method(summary, std::nullopt));
        QVERIFY2(method.contains(QStringLiteral("over unknown transport, 40 events")),
                 qPrintable(method));
        // A high one is a caveat, named as unknown.
        summary.info.calibration =
            "{\"events\": 40, \"max_ms\": 9, \"median_ms\": 2, \"p99_ms\": 8}";
        const QString caveats = paragraphs(ReportBuilder::caveats(summary));
        QVERIFY2(caveats.contains(QStringLiteral("over unknown transport")), qPrintable(caveats));
    }

    // Nothing readable: no calibration, never a crash.
    void unreadableCalibrationIsNull()
    {
        for (const QByteArray &stored :
             {QByteArray(), QByteArray("not json"), QByteArray("[1,2]"), QByteArray("{}"),
              QByteArray("{\"transports\": [{\"transport\": \"lanes-http1\"}]}")}) {
            QVERIFY(!CalibrationRecord::fromJson(stored));
            SessionSummary summary;
            summary.info.calibration = stored;
            const auto doc = nlohmann::json::parse(sessionSummaryJson(summary, {}).toStdString());
            QVERIFY(doc["calibration"].is_null());
        }
    }
};

YS_TEST_GUILESS_MAIN(TstSelfCalibration)
#include "tst_self_calibration.moc"
