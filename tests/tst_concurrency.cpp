// Concurrency the engine actually achieves against one host: at a closed-loop concurrency of 64,
// the simulator's ground truth must show (nearly) all 64 streams in flight at once, not a
// client-side limit (QtNetwork's six connections per host and manager) capping it below; and the
// engine's own achieved-concurrency figure, stored with the run, must say so too.
#include "analysis/in_flight.h"
#include "run/session_runner.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "storage/database.h"
#include "storage/session_repository.h"

#include "fixtures.h"
#include "session_support.h"
#include "test_main.h"

#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

using namespace ys;

namespace {

constexpr int kConcurrency = 64;
constexpr int kRounds = 2;
constexpr int kMinInFlight = 60;

#ifdef YS_SANITIZED
constexpr int kSessionTimeoutMs = 180'000;
#else
constexpr int kSessionTimeoutMs = 60'000;
#endif

// Streams of 1.6 to 2.1 s: a fixed 100 ms to the first token, then 150..200 tokens at 100/s, four
// to an event (so that a sanitizer build's slower client keeps up as well).
std::vector<nlohmann::json> wideProfiles()
{
    auto shape = test::ProfileShape()
                     .withTtft(100, 100)
                     .withDecode(100)
                     .withEvents(4, 4)
                     .withOutput(150, 200)
                     .withSeed(3);
    return {test::simProfileJson(QStringLiteral("Wide"), QStringLiteral("wide"), shape,
                                 {{"capacity", 0}})};
}

} // namespace

class TstConcurrency : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sixtyFourStreamsAreInFlightAtOnce()
    {
        QString error;
        const auto sim = test::startedSim(wideProfiles());
        if (!sim)
            return;

        const ProviderConfig provider =
            test::simProvider(QStringLiteral("Wide"), sim->baseUrl(), QStringLiteral("wide"));
        const Suite suite =
            test::suiteOf(QStringLiteral("concurrency"), {provider},
                          test::closedLoopScenario(kRounds * kConcurrency, kConcurrency, 20, 300));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        SessionRunner runner;
        std::vector<Sample> samples;
        connect(&runner, &SessionRunner::sampleMeasured, this,
                [&samples](const Sample &s) { samples.push_back(s); });
        QSignalSpy finished(&runner, &SessionRunner::finished);
        QVERIFY2(
            runner.start(
                SessionRequest{suite, dir.filePath(QStringLiteral("c.sqlite")), std::nullopt, {}},
                &error),
            qPrintable(error));
        QVERIFY(finished.wait(kSessionTimeoutMs));
        QCOMPARE(finished.first().at(1).toString(), QStringLiteral("finished"));
        QCOMPARE(samples.size(), std::size_t(kRounds * kConcurrency));

        QSet<QByteArray> ids;
        std::vector<std::pair<qint64, qint64>> client;
        for (const Sample &s : samples) {
            QCOMPARE(s.outcome, Outcome::Ok);
            QVERIFY(!s.requestId.isEmpty());
            ids.insert(s.requestId.toLatin1());
            client.emplace_back(s.startedAtNs, s.startedAtNs + s.endNs);
        }
        QCOMPARE(ids.size(), qsizetype(samples.size()));

        // The server files a record once it has closed its side, which can trail the client's
        // end of the reply a little: wait for all of them.
        auto recordsOfSession = [&] {
            std::vector<SimRequestRecord> mine;
            for (const SimRequestRecord &r : sim->records()) {
                if (ids.contains(r.requestId))
                    mine.push_back(r);
            }
            return mine;
        };
        QTRY_COMPARE_WITH_TIMEOUT(recordsOfSession().size(), samples.size(), 10000);
        std::vector<std::pair<qint64, qint64>> truth;
        for (const SimRequestRecord &r : recordsOfSession()) {
            QVERIFY(r.completed);
            QVERIFY(r.acceptedNs > 0 && r.endNs >= r.acceptedNs);
            truth.emplace_back(r.acceptedNs, r.endNs);
        }

        const InFlight server = inFlight(truth, kConcurrency);
        const InFlight measured = inFlight(client, kConcurrency);
        qInfo("concurrency %d: in flight at the server at most %d (mean %.1f while the loop "
              "refilled); the client's own samples overlap at most %d (mean %.1f)",
              kConcurrency, server.peak, server.meanWhileRefilling, measured.peak,
              measured.meanWhileRefilling);
        QVERIFY2(server.peak >= kMinInFlight,
                 qPrintable(QStringLiteral("only %1 of %2 streams were in flight at the server "
                                           "at once")
                                .arg(server.peak)
                                .arg(kConcurrency)));
        // What the engine itself can see of it, from its samples, agrees.
        QVERIFY2(measured.peak >= kMinInFlight,
                 qPrintable(
                     QStringLiteral("the samples overlap at most %1 at once").arg(measured.peak)));
        QVERIFY(measured.peak <= kConcurrency);

        // The engine's own figure, kept with the run: the concurrency the provider saw.
        Database db(dir.filePath(QStringLiteral("c.sqlite")));
        QVERIFY2(db.open(&error), qPrintable(error));
        SessionRepository repo(db);
        const std::vector<RunRecord> runs = repo.runs(finished.first().at(0).toLongLong(), &error);
        QCOMPARE(runs.size(), std::size_t(1));
        QVERIFY(runs[0].achievedConcurrency.has_value());
        qInfo("the engine reports an achieved concurrency of %d", *runs[0].achievedConcurrency);
        QVERIFY(*runs[0].achievedConcurrency >= kMinInFlight);
        QVERIFY(*runs[0].achievedConcurrency <= kConcurrency);
    }
};

YS_TEST_GUILESS_MAIN(TstConcurrency)
#include "tst_concurrency.moc"
