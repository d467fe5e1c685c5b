// SessionRepository::summarySamples reads what samples() reads, less the free text, so the
// summary a session shows is the same whichever way its samples were read.
#include "analysis/run_summary.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"

#include <QTemporaryDir>
#include <QTest>

using namespace ys;

class TstSummarySamples : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sameAsSamples()
    {
        QTemporaryDir dir;
        Database db(dir.filePath(QStringLiteral("y.sqlite")));
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        SessionRepository repo(db);
        Suite suite;
        suite.name = QStringLiteral("t");
        ProviderConfig p;
        p.name = QStringLiteral("A");
        p.dialect = QStringLiteral("openai-chat");
        p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:1/v1"));
        p.model = QStringLiteral("m");
        p.price = Price{1.0, 2.0, 0.5};
        suite.providers.push_back(p);
        suite.scenarios.push_back(Scenario{});
        const auto sid = repo.createSession(suite, &error);
        QVERIFY(sid);
        const auto pid = repo.ensureProvider(*sid, p, &error);
        const auto rid = repo.createRun(*sid, *pid, suite.scenarios.front(), &error);
        QVERIFY(rid);
        std::vector<Sample> in;
        for (int i = 0; i < 40; ++i) {
            Sample s;
            s.runId = *rid;
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

        const auto full = repo.samples(*rid, &error);
        const auto lean = repo.summarySamples(*rid, &error);
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
        QVERIFY(loadSessionSummary(repo, *sid, &error));
    }
};

QTEST_GUILESS_MAIN(TstSummarySamples)
#include "tst_summary_samples.moc"
