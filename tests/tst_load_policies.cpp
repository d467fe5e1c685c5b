// The load and resilience policies on their own: open-loop arrival schedules, the SDKs' retry
// rules, and the circuit breaker's states.
#include "run/arrival_schedule.h"
#include "run/circuit_breaker.h"
#include "run/retry_policy.h"
#include "test_main.h"

#include <QTest>
#include <cmath>

using namespace ys;
using Headers = QList<std::pair<QByteArray, QByteArray>>;

Q_DECLARE_METATYPE(ys::Outcome)

class TstLoadPolicies : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void constantRateIsEvenlySpaced()
    {
        LoadShape s;
        s.startRatePerS = s.endRatePerS = 20;
        s.count = 50;
        const auto t = ArrivalSchedule::build(s);
        QCOMPARE(t.size(), 50u);
        QCOMPARE(t.front(), 0);
        for (std::size_t i = 1; i < t.size(); ++i)
            QCOMPARE(t[i] - t[i - 1], 50'000'000);
    }

    void poissonIsSeededAndHasTheRate()
    {
        LoadShape s;
        s.arrival = LoadShape::Arrival::Poisson;
        s.startRatePerS = s.endRatePerS = 100;
        s.count = 20000;
        s.seed = 42;
        const auto a = ArrivalSchedule::build(s);
        QCOMPARE(ArrivalSchedule::build(s), a);
        s.seed = 43;
        QVERIFY(ArrivalSchedule::build(s) != a);
        const double rate = double(a.size()) / (double(a.back()) / 1e9);
        QVERIFY2(std::abs(rate - 100) < 3, qPrintable(QString::number(rate)));
        // Exponential gaps: the coefficient of variation is about 1 (0 for a constant rate).
        double sum = 0, sq = 0;
        for (std::size_t i = 1; i < a.size(); ++i) {
            const double g = double(a[i] - a[i - 1]);
            sum += g;
            sq += g * g;
        }
        const double n = double(a.size() - 1), m = sum / n;
        const double cv = std::sqrt(sq / n - m * m) / m;
        QVERIFY2(cv > 0.9 && cv < 1.1, qPrintable(QString::number(cv)));
    }

    void rampAndDuration()
    {
        const LoadShape s{.startRatePerS = 10,
                          .endRatePerS = 100,
                          .rampSeconds = 2,
                          .count = std::nullopt, // the duration ends it
                          .durationSeconds = 3};
        const auto t = ArrivalSchedule::build(s);
        QVERIFY(!t.empty());
        QVERIFY(t.back() < 3'000'000'000);
        auto inWindow = [&](double from, double to) {
            return std::count_if(t.begin(), t.end(),
                                 [&](std::int64_t x) { return x >= from * 1e9 && x < to * 1e9; });
        };
        // About 10..32 in the first half second of the ramp, and 100 per second after it.
        QVERIFY(inWindow(0, 0.5) < inWindow(1.5, 2.0));
        const auto steady = inWindow(2.0, 3.0);
        QVERIFY2(steady >= 98 && steady <= 101, qPrintable(QString::number(steady)));
        // Total ≈ integral of the rate: 2 s ramp averaging 55/s + 1 s at 100/s = 210.
        QVERIFY2(std::abs(double(t.size()) - 210) <= 3, qPrintable(QString::number(t.size())));
    }

    void invalidShapesAreNamed()
    {
        QString error;
        LoadShape s;
        QVERIFY(!ArrivalSchedule::validate(s, &error)); // no limit
        QVERIFY(error.contains(QStringLiteral("count")));
        s.count = 5;
        s.startRatePerS = 0;
        QVERIFY(!ArrivalSchedule::validate(s, &error));
        QVERIFY(ArrivalSchedule::build(s).empty());
    }

    void serverDelays_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<qint64>("expectedNs"); // -1: none
        QTest::newRow("retry-after-ms")
            << QByteArray("retry-after-ms") << QByteArray("1500") << qint64(1'500'000'000);
        QTest::newRow("retry-after seconds")
            << QByteArray("Retry-After") << QByteArray("2") << qint64(2'000'000'000);
        QTest::newRow("retry-after date")
            << QByteArray("retry-after") << QByteArray("Sun, 29 Nov 2026 12:00:07 GMT")
            << qint64(7'000'000'000);
        QTest::newRow("garbage") << QByteArray("retry-after") << QByteArray("soon-ish")
                                 << qint64(-1);
        QTest::newRow("negative") << QByteArray("retry-after") << QByteArray("-3") << qint64(-1);
    }

    void serverDelays()
    {
        QFETCH(QByteArray, name);
        QFETCH(QByteArray, value);
        QFETCH(qint64, expectedNs);
        const QDateTime now(QDate(2026, 11, 29), QTime(12, 0, 0), Qt::UTC);
        const auto got = RetryPolicy::serverDelayNs({{name, value}}, now);
        QCOMPARE(got.value_or(-1), expectedNs);
    }

    void retriesFollowTheSdks()
    {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        RetryPolicy off; // the benchmark default
        QVERIFY(!off.decide(0, Outcome::Overloaded, 529, false, {}, now).retry);

        RetryConfig cfg;
        cfg.maxRetries = 2;
        RetryPolicy p(cfg, 7);
        // Exactly what the server asks.
        auto d = p.decide(0, Outcome::RateLimited, 429, false, {{"retry-after-ms", "1500"}}, now);
        QVERIFY(d.retry && d.fromServer);
        QCOMPARE(d.delayNs, 1'500'000'000);
        // Garbage: normal backoff, 0.5 s less up to 25%.
        d = p.decide(0, Outcome::Overloaded, 503, false, {{"retry-after", "later"}}, now);
        QVERIFY(d.retry && !d.fromServer);
        QVERIFY(d.delayNs <= 500'000'000 && d.delayNs >= 375'000'000);
        d = p.decide(1, Outcome::ServerError, 500, false, {}, now);
        QVERIFY(d.delayNs <= 1'000'000'000 && d.delayNs >= 750'000'000);
        // Two retries at most.
        QVERIFY(!p.decide(2, Outcome::ServerError, 500, false, {}, now).retry);
        // A wait past the cap: give up.
        d = p.decide(0, Outcome::RateLimited, 429, false, {{"retry-after", "3600"}}, now);
        QVERIFY(!d.retry && d.waitTooLong);
        // Never retried.
        for (Outcome o : {Outcome::ContextExceeded, Outcome::AuthError, Outcome::QuotaExhausted,
                          Outcome::StreamError, Outcome::Ok})
            QVERIFY(!p.decide(0, o, 400, false, {}, now).retry);
        QVERIFY(p.decide(0, Outcome::ClientError, 409, false, {}, now).retry);
        QVERIFY(!p.decide(0, Outcome::ClientError, 404, false, {}, now).retry);
        QVERIFY(p.decide(0, Outcome::ConnectionError, 0, false, {}, now).retry);
    }

    void backoffIsCappedAtEightSeconds()
    {
        RetryConfig cfg;
        cfg.maxRetries = 20;
        RetryPolicy p(cfg);
        const auto d =
            p.decide(10, Outcome::ServerError, 500, false, {}, QDateTime::currentDateTimeUtc());
        QVERIFY(d.delayNs <= 8'000'000'000 && d.delayNs >= 6'000'000'000);
    }

    void breakerStates()
    {
        CircuitBreaker b(BreakerConfig{
            .failureThreshold = 3, .windowNs = 1000, .openNs = 500, .halfOpenProbes = 2});
        QVERIFY(b.allow(0));
        b.recordFailure(0);
        b.recordFailure(10);
        b.recordFailure(2000); // the first two fell out of the window
        QCOMPARE(b.state(), CircuitBreaker::State::Closed);
        b.recordFailure(2100);
        b.recordFailure(2200);
        QCOMPARE(b.state(), CircuitBreaker::State::Open);
        QVERIFY(!b.allow(2300));
        QVERIFY(b.allow(2700)); // open time over: half-open, first probe
        QCOMPARE(b.state(), CircuitBreaker::State::HalfOpen);
        QVERIFY(b.allow(2701));  // second probe
        QVERIFY(!b.allow(2702)); // no third
        b.recordSuccess(2800);
        b.recordFailure(2900); // a probe failed: open again
        QCOMPARE(b.state(), CircuitBreaker::State::Open);
        QVERIFY(b.allow(3400));
        QVERIFY(b.allow(3401));
        b.recordSuccess(3500);
        b.recordSuccess(3600);
        QCOMPARE(b.state(), CircuitBreaker::State::Closed);
        const auto &e = b.events();
        QCOMPARE(e.size(), 5u);
        QCOMPARE(e[0].to, CircuitBreaker::State::Open);
        QCOMPARE(e[1].to, CircuitBreaker::State::HalfOpen);
        QCOMPARE(e[2].to, CircuitBreaker::State::Open);
        QCOMPARE(e[3].to, CircuitBreaker::State::HalfOpen);
        QCOMPARE(e[4].to, CircuitBreaker::State::Closed);
        QCOMPARE(e[4].atNs, 3600);
    }
};

YS_TEST_GUILESS_MAIN(TstLoadPolicies)
#include "tst_load_policies.moc"
