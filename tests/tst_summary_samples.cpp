// SessionRepository::summarySamples reads what samples() reads, less the free text, so the
// summary a session shows is the same whichever way its samples were read.
#include "analysis/run_summary.h"
#include "analysis/stream_digest.h"
#include "analysis/token_reconciliation.h"
#include "session_support.h"
#include "storage/attempt_pack.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/stream_digest_store.h"
#include "storage/summary_loader.h"
#include "test_main.h"
#include "test_support.h"

#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace ys;

class TstSummarySamples : public QObject {
    Q_OBJECT

    // A run of n samples whose streams differ (coalesced events, failures, warm-up, an attempt a
    // fallback served), written to a new session; returns the run id.
    static qint64 writeRun(SessionRepository &repo, int n, QString *error)
    {
        const auto written =
            test::createFirstRun(repo, test::offlineSuite(QStringLiteral("digest")), error);
        if (!written)
            return 0;
        const qint64 rid = written->run;
        std::vector<Sample> samples;
        for (int i = 0; i < n; ++i) {
            Sample s;
            s.runId = rid;
            s.seq = i;
            s.warmup = i < 2;
            s.outcome = i % 7 == 3 ? Outcome::StreamCut : Outcome::Ok;
            if (i == 5)
                s.servedBy = QStringLiteral("B");
            s.firstTokenNs = 90'000'000 + i * 1'000;
            s.endNs = 400'000'000 + i * 3'000;
            s.outputTokens = 30 + i % 11;
            s.startOffsetNs = i * 7'000'000;
            s.intendedStartNs = -(i % 5) * 1'000;
            s.queueDelayNs = (i % 5) * 1'000;
            s.requestIndex = i / 2;
            s.attemptNumber = i % 2;
            s.headersNs = 40'000'000 + i;
            s.connectionReused = i % 4 != 0;
            if (!s.connectionReused) {
                s.connectStartNs = 100;
                s.connectedNs = 3'000'000 + i;
                s.tlsDoneNs = 9'000'000 + i;
            }
            if (i % 9 != 4) {
                s.inputTokens = 1000 + i;
                s.cachedTokens = i % 3 == 0 ? 256 : 0;
                s.reasoningTokens = i % 6 == 0 ? std::optional<qint64>(5) : std::nullopt;
                s.costUsd = 0.0001 * (1 + i % 7);
            }
            s.tokensEstimated = i % 9 == 4;
            s.localPromptTokens = 990 + i;
            s.localOutputTokens = 29 + i % 11;
            qint64 at = *s.firstTokenNs;
            for (int e = 0; e < 10 + i % 13; ++e) {
                at += (e % 4 == 2) ? 0 : 1'000'000 + ((i * 7919 + e * 104729) % 9'000'000);
                s.eventTimesNs.push_back(at);
            }
            samples.push_back(std::move(s));
        }
        return repo.insertSamples(samples, error) ? rid : 0;
    }

private Q_SLOTS:
    // An ended run's digest stands for its event times: the summary from samples read without
    // them and the digest equals the summary from every event, to the last bit; the loader
    // reads the digest, and drops it when the run's samples no longer match its count.
    void digestStandsForEventTimes()
    {
        QTemporaryDir dir;
        Database db(dir.filePath(QStringLiteral("d.sqlite")));
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        SessionRepository repo(db);
        const qint64 run = writeRun(repo, 300, &error);
        QVERIFY2(run, qPrintable(error));
        QVERIFY(!repo.streamDigest(run)); // still running
        QVERIFY2(repo.finishRun(run, SessionStatus::Finished, &error), qPrintable(error));
        const auto digest = repo.streamDigest(run);
        QVERIFY(digest);
        const std::vector<Sample> all = repo.samples(run, &error);
        QCOMPARE(*digest, digestStreams(all));
        QCOMPARE(digest->sampleCount, qint64(300));
        QVERIFY(digest->gaps > 1000 && digest->itlP99Ms && digest->itlStddevMs);

        ProviderConfig p;
        p.name = QStringLiteral("A");
        p.dialect = QStringLiteral("openai-chat");
        p.model = QStringLiteral("m");
        const ProviderSummary full = summarizeRun(p, all);
        const std::vector<Sample> lean = repo.summarySamples(run, &error, false);
        QCOMPARE(lean.size(), all.size());
        QVERIFY(std::all_of(lean.begin(), lean.end(),
                            [](const Sample &x) { return x.eventTimesNs.empty(); }));
        const ProviderSummary fromDigest = summarizeRun(p, lean, false, &*digest);
        QCOMPARE(fromDigest.itlMeanMs, full.itlMeanMs);
        QCOMPARE(fromDigest.itlStddevMs, full.itlStddevMs);
        QCOMPARE(fromDigest.itlP99Ms, full.itlP99Ms);
        QCOMPARE(fromDigest.e2eMs.p95, full.e2eMs.p95);

        // The loader summarises the run from its digest's packed attempts alone: every figure
        // equals the one made from every sample.
        {
            const auto packed = loadSessionSummary(repo, repo.sessions(&error).front().id, &error);
            QVERIFY2(packed, qPrintable(error));
            const ProviderSummary &x = packed->providers.front();
            const ProviderSummary y = summarizeRun(p, all);
            QCOMPARE(x.attempts, y.attempts);
            QCOMPARE(x.successes, y.successes);
            QCOMPARE(x.outcomes, y.outcomes);
            QCOMPARE(x.servedByFallback, y.servedByFallback);
            QCOMPARE(x.ttftMs.p95, y.ttftMs.p95);
            QCOMPARE(x.ttftMs.p95Ci, y.ttftMs.p95Ci);
            QCOMPARE(x.e2eMs.p99, y.e2eMs.p99);
            QCOMPARE(x.outputTokensPerSecondP50, y.outputTokensPerSecondP50);
            QCOMPARE(x.inputTokens, y.inputTokens);
            QCOMPARE(x.outputTokens, y.outputTokens);
            QCOMPARE(x.cachedTokens, y.cachedTokens);
            QCOMPARE(x.reasoningTokens, y.reasoningTokens);
            QCOMPARE(x.tokensEstimated, y.tokensEstimated);
            QCOMPARE(x.costUsd, y.costUsd);
            QCOMPARE(x.usdPer1kMeasured, y.usdPer1kMeasured);
            QCOMPARE(x.usdPer1kMeasuredCi, y.usdPer1kMeasuredCi);
            QCOMPARE(x.costBreakdown.retriedUsd, y.costBreakdown.retriedUsd);
            QCOMPARE(x.costBreakdown.failedUsd, y.costBreakdown.failedUsd);
            QCOMPARE(x.costBreakdown.answeredUsd, y.costBreakdown.answeredUsd);
            QCOMPARE(x.wallSpanS, y.wallSpanS);
            QCOMPARE(x.timings.size(), y.timings.size());
            QCOMPARE(x.results.latency->tpotMs.p50, y.results.latency->tpotMs.p50);
            QCOMPARE(x.results.latency->coldTtftMs.p50, y.results.latency->coldTtftMs.p50);
            QCOMPARE(x.results.latency->tlsMs->p95, y.results.latency->tlsMs->p95);
            QCOMPARE(x.results.latency->ttfbMs.p95, y.results.latency->ttfbMs.p95);
            const TokenReconciliation r = reconcileTokens(p, all);
            QCOMPARE(packed->reconciliation.front().input.ratio, r.input.ratio);
            QCOMPARE(packed->reconciliation.front().output.ratioP95, r.output.ratioP95);
            QCOMPARE(packed->reconciliation.front().withoutUsage, r.withoutUsage);
            // The rows were not read: a cost changed in them (which nothing does to an ended run)
            // does not show while the digest stands.
            QSqlQuery change(db.connection());
            QVERIFY(change.exec(QStringLiteral("UPDATE samples SET cost_usd = cost_usd * 2")));
            const auto again = loadSessionSummary(repo, repo.sessions(&error).front().id, &error);
            QVERIFY2(again, qPrintable(error));
            QCOMPARE(again->providers.front().costUsd, y.costUsd);
            QVERIFY(change.exec(QStringLiteral("UPDATE samples SET cost_usd = cost_usd / 2")));
        }

        // The loader takes the stored figures (here marked so they cannot be computed)...
        QSqlQuery q(db.connection());
        QVERIFY(q.exec(QStringLiteral("UPDATE run_stream_digests SET itl_p99_ms = 12345")));
        const auto sessions = repo.sessions(&error);
        QCOMPARE(sessions.size(), std::size_t(1));
        const qint64 session = sessions.front().id;
        auto summary = loadSessionSummary(repo, session, &error);
        QVERIFY2(summary, qPrintable(error));
        QCOMPARE(summary->providers.front().itlP99Ms, std::optional<double>(12345.0));
        QCOMPARE(summary->providers.front().itlMeanMs, full.itlMeanMs);
        // ...until the run holds a sample the digest did not count.
        Sample late = all.back();
        late.seq = 300;
        QVERIFY(repo.insertSamples({late}, &error));
        summary = loadSessionSummary(repo, session, &error);
        QVERIFY2(summary, qPrintable(error));
        std::vector<Sample> more = all;
        more.push_back(late);
        QCOMPARE(summary->providers.front().itlP99Ms, summarizeRun(p, more).itlP99Ms);
    }

    // A database written by schema 6 has no digests: the migration makes them for its ended
    // runs, the same as their samples give.
    void migrationDigestsStoredRuns()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.sqlite"));
        QVERIFY(QFile::copy(
            (ys::test::sourceDir() + QStringLiteral("/tests/fixtures/schema/v6.sqlite")), path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        QString error;
        Database db(path);
        QVERIFY2(db.open(&error), qPrintable(error));
        SessionRepository repo(db);
        int digested = 0;
        for (const SessionInfo &session : repo.sessions(&error)) {
            for (const RunRecord &run : repo.runs(session.id, &error)) {
                const auto digest = repo.streamDigest(run.id);
                QVERIFY(digest);
                QCOMPARE(*digest, digestStreams(repo.samples(run.id, &error)));
                ++digested;
            }
        }
        QVERIFY(digested > 0);
    }

    void sameAsSamples()
    {
        QTemporaryDir dir;
        Database db(dir.filePath(QStringLiteral("y.sqlite")));
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        SessionRepository repo(db);
        test::ProviderExtras priced;
        priced.price = Price{1.0, 2.0, 0.5};
        const Suite suite = test::offlineSuite(QStringLiteral("t"), priced);
        const auto written = test::createFirstRun(repo, suite, &error);
        QVERIFY2(written, qPrintable(error));
        const qint64 rid = written->run;
        std::vector<Sample> in;
        for (int i = 0; i < 40; ++i) {
            Sample s;
            s.runId = rid;
            s.seq = i;
            s.warmup = i == 0;
            s.intendedStartNs = -i * 1000;
            s.queueDelayNs = i * 1000;
            s.startOffsetNs = i * 5'000'000;
            if (i % 3 == 0) {
                s.connectStartNs = 10;
                s.connectedNs = 2'000'000 + i;
                s.tlsDoneNs = 5'000'000 + i;
            }
            s.requestSentNs = 6'000'000;
            s.headersNs = 50'000'000 + i * 1000;
            s.firstEventNs = 99'000'000 + i;
            s.firstTokenNs = 100'000'000 + i * 77'000;
            s.firstContentNs = s.firstTokenNs;
            if (i % 4 == 1)
                s.toolArgsNs = 250'000'000 + i * 1'000;
            s.endNs = 300'000'000 + i * 1'234'567;
            s.eventTimesNs = {*s.firstTokenNs, *s.firstTokenNs + 9'000'000,
                              *s.firstTokenNs + 9'000'000, *s.firstTokenNs + 30'000'000 + i};
            s.httpStatus = i % 7 == 5 ? 429 : 200;
            s.httpVersion = QStringLiteral("1.1");
            s.connectionReused = i % 3 != 0;
            s.eventCount = 6;
            s.readCount = 3;
            s.coalescedReads = 1;
            s.requestIndex = i / 2;
            s.attemptNumber = i % 2;
            if (i % 2)
                s.retryDelayNs = 1'000'000;
            s.outcome = i % 7 == 5 ? Outcome::RateLimited
                                   : (i % 11 == 4 ? Outcome::TruncatedByLimit : Outcome::Ok);
            s.error = i % 7 == 5 ? QStringLiteral("HTTP 429") : QString();
            s.finishReason = QStringLiteral("stop");
            s.modelReported = QStringLiteral("m-2024");
            s.requestId = QStringLiteral("req_%1").arg(i);
            s.responseHeaders = QStringLiteral("retry-after: 1");
            s.servedBy = i == 13 ? QStringLiteral("B") : QString();
            if (i % 7 != 5) {
                s.inputTokens = 1000 + i;
                s.outputTokens = 4 + i;
                s.cachedTokens = i % 4 ? 0 : 512;
                s.costUsd = 0.001 * i;
            } else {
                s.tokensEstimated = true;
            }
            if (i % 5 == 0) {
                s.reasoningTokens = 3;
                s.cacheWriteTokens = 100;
                s.reportedCostUsd = 0.0042;
                s.needleFound = i % 10 == 0;
            }
            s.localPromptTokens = 990 + i;
            s.localOutputTokens = 4 + i;
            s.outputChars = 20 + i;
            s.textHash = 0xfedcba9876543210ULL + quint64(i);
            in.push_back(s);
        }
        QVERIFY2(repo.insertSamples(in, &error), qPrintable(error));

        const auto full = repo.samples(rid, &error);
        const auto lean = repo.summarySamples(rid, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(lean.size(), full.size());
        for (std::size_t i = 0; i < full.size(); ++i) {
            const Sample &a = full[i];
            const Sample &b = lean[i];
            QCOMPARE(b.id, a.id);
            QCOMPARE(b.seq, a.seq);
            QCOMPARE(b.warmup, a.warmup);
            QCOMPARE(b.intendedStartNs, a.intendedStartNs);
            QCOMPARE(b.queueDelayNs, a.queueDelayNs);
            QCOMPARE(b.startOffsetNs, a.startOffsetNs);
            QCOMPARE(b.connectStartNs, a.connectStartNs);
            QCOMPARE(b.connectedNs, a.connectedNs);
            QCOMPARE(b.tlsDoneNs, a.tlsDoneNs);
            QCOMPARE(b.requestSentNs, a.requestSentNs);
            QCOMPARE(b.headersNs, a.headersNs);
            QCOMPARE(b.firstEventNs, a.firstEventNs);
            QCOMPARE(b.firstTokenNs, a.firstTokenNs);
            QCOMPARE(b.firstContentNs, a.firstContentNs);
            QCOMPARE(b.toolArgsNs, a.toolArgsNs);
            QCOMPARE(b.toolArgsNs, in[i].toolArgsNs);
            QCOMPARE(b.endNs, a.endNs);
            QCOMPARE(b.eventTimesNs, a.eventTimesNs);
            QCOMPARE(b.httpStatus, a.httpStatus);
            QCOMPARE(b.connectionReused, a.connectionReused);
            QCOMPARE(b.eventCount, a.eventCount);
            QCOMPARE(b.readCount, a.readCount);
            QCOMPARE(b.coalescedReads, a.coalescedReads);
            QCOMPARE(b.requestIndex, a.requestIndex);
            QCOMPARE(b.attemptNumber, a.attemptNumber);
            QCOMPARE(b.retryDelayNs, a.retryDelayNs);
            QCOMPARE(b.outcome, a.outcome);
            QCOMPARE(b.finishReason, a.finishReason);
            QCOMPARE(b.servedBy, a.servedBy);
            QCOMPARE(b.inputTokens, a.inputTokens);
            QCOMPARE(b.outputTokens, a.outputTokens);
            QCOMPARE(b.cachedTokens, a.cachedTokens);
            QCOMPARE(b.reasoningTokens, a.reasoningTokens);
            QCOMPARE(b.cacheWriteTokens, a.cacheWriteTokens);
            QCOMPARE(b.tokensEstimated, a.tokensEstimated);
            QCOMPARE(b.localPromptTokens, a.localPromptTokens);
            QCOMPARE(b.localOutputTokens, a.localOutputTokens);
            QCOMPARE(b.costUsd, a.costUsd);
            QCOMPARE(b.reportedCostUsd, a.reportedCostUsd);
            QCOMPARE(b.outputChars, a.outputChars);
            QCOMPARE(b.needleFound, a.needleFound);
            QCOMPARE(b.textHash, a.textHash);
            QVERIFY(b.error.isEmpty() && b.requestId.isEmpty() && b.responseHeaders.isEmpty());
        }
        const ProviderConfig &p = suite.providers.front();
        const ProviderSummary x = summarizeRun(p, full, true);
        const ProviderSummary y = summarizeRun(p, lean, true);
        QCOMPARE(y.attempts, x.attempts);
        QCOMPARE(y.outcomes, x.outcomes);
        QCOMPARE(y.e2eMs.p95, x.e2eMs.p95);
        QCOMPARE(y.e2eMs.p95Ci, x.e2eMs.p95Ci);
        QCOMPARE(y.ttftMs.p50, x.ttftMs.p50);
        QCOMPARE(y.itlP99Ms, x.itlP99Ms);
        QCOMPARE(y.costUsd, x.costUsd);
        QCOMPARE(y.achievedRatePerS, x.achievedRatePerS);
        QCOMPARE(y.results.latency->e2eFromIntendedMs->p99,
                 x.results.latency->e2eFromIntendedMs->p99);
        QVERIFY(loadSessionSummary(repo, written->session, &error));
    }

    // The packed attempts (version 3) keep every optional time, the tool call's arguments'
    // among them, and unset ones stay unset; a pack of an older version is not read.
    void packKeepsOptionalTimes()
    {
        Sample full;
        full.startOffsetNs = 7;
        full.endNs = 300'000'000;
        full.firstTokenNs = 90'000'000;
        full.firstContentNs = 95'000'000;
        full.toolArgsNs = 280'000'000;
        full.headersNs = 40'000'000;
        full.connectStartNs = 100;
        full.connectedNs = 3'000'000;
        full.tlsDoneNs = 9'000'000;
        full.inputTokens = 1000;
        full.outputTokens = 30;
        full.cachedTokens = 0;
        full.reasoningTokens = 4;
        full.costUsd = 0.0025;
        full.servedBy = QStringLiteral("B");
        Sample bare;
        bare.endNs = 5'000'000;
        bare.outcome = Outcome::ConnectionError;
        QByteArray packed;
        AttemptPack::append(packed, full);
        AttemptPack::append(packed, bare);
        QCOMPARE(packed.at(0), char(3));
        QCOMPARE(AttemptPack::count(packed), qint64(2));
        std::vector<Sample> back;
        QVERIFY(AttemptPack::unpack(packed, [&back](Sample &&s) { back.push_back(std::move(s)); }));
        QCOMPARE(back.size(), std::size_t(2));
        QCOMPARE(back[0].toolArgsNs, full.toolArgsNs);
        QCOMPARE(back[0].firstContentNs, full.firstContentNs);
        QCOMPARE(back[0].firstTokenNs, full.firstTokenNs);
        QCOMPARE(back[0].tlsDoneNs, full.tlsDoneNs);
        QCOMPARE(back[0].reasoningTokens, full.reasoningTokens);
        QCOMPARE(back[0].cachedTokens, full.cachedTokens);
        QCOMPARE(back[0].costUsd, full.costUsd);
        QCOMPARE(back[0].endNs, full.endNs);
        QCOMPARE(back[0].servedBy, QStringLiteral("fallback"));
        QVERIFY(!back[1].toolArgsNs && !back[1].firstContentNs && !back[1].costUsd);
        QCOMPARE(back[1].outcome, Outcome::ConnectionError);
        for (const char older : {char(1), char(2)}) {
            QByteArray old = packed;
            old[0] = older;
            QCOMPARE(AttemptPack::count(old), qint64(-1));
            QVERIFY(!AttemptPack::unpack(old, [](Sample &&) { QFAIL("an older pack was read"); }));
        }

        // An ended run's digest packs what its stored samples hold.
        QTemporaryDir dir;
        Database db(dir.filePath(QStringLiteral("p.sqlite")));
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        SessionRepository repo(db);
        const auto written =
            test::createFirstRun(repo, test::offlineSuite(QStringLiteral("p")), &error);
        QVERIFY2(written, qPrintable(error));
        full.runId = bare.runId = written->run;
        bare.seq = 1;
        QVERIFY2(repo.insertSamples({full, bare}, &error), qPrintable(error));
        QVERIFY2(repo.finishRun(written->run, SessionStatus::Finished, &error), qPrintable(error));
        back.clear();
        QVERIFY(StreamDigestStore::withAttempts(
            db.connection(), written->run, [&back](const QByteArray &p) {
                return AttemptPack::unpack(p,
                                           [&back](Sample &&s) { back.push_back(std::move(s)); });
            }));
        QCOMPARE(back.size(), std::size_t(2));
        QCOMPARE(back[0].toolArgsNs, full.toolArgsNs);
        QVERIFY(!back[1].toolArgsNs);
    }
};

YS_TEST_GUILESS_MAIN(TstSummarySamples)
#include "tst_summary_samples.moc"
