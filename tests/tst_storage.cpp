// SQLite storage: schema, round trips with NULLs kept NULL, and files that must be refused.
#include "session_support.h"
#include "sqlite_peek.h"
#include "storage/database.h"
#include "storage/sample_blob.h"
#include "storage/session_repository.h"
#include "test_main.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace ys;

namespace {

QByteArray fileHash(const QString &path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

Suite storageSuite()
{
    test::ProviderExtras extras;
    extras.apiKeyRef = QStringLiteral("env:SOME_KEY");
    extras.price = Price{1.0, 2.0, std::nullopt};
    return test::offlineSuite(QStringLiteral("storage test"), extras);
}

} // namespace

class TstStorage : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void blobRoundTrip()
    {
        const std::vector<qint64> times{5, 1'000'000, 1'000'000, 250'000'000'000, 249'000'000'000};
        std::vector<qint64> back;
        QVERIFY(decodeEventTimes(encodeEventTimes(times), &back));
        QCOMPARE(back, times);
        QVERIFY(decodeEventTimes({}, &back));
        QVERIFY(back.empty());
        QVERIFY(!decodeEventTimes(QByteArray("\x07\x01", 2), &back)); // unknown version
        QVERIFY(!decodeEventTimes(QByteArray("\x01\x80", 2), &back)); // truncated varint
    }

    void schemaAndRoundTrip()
    {
        QTemporaryDir dir;
        Database db(dir.filePath(QStringLiteral("y.sqlite")));
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        QCOMPARE(test::pragma(db.connection(), "user_version").toInt(), Database::kSchemaVersion);
        QCOMPARE(test::pragma(db.connection(), "journal_mode").toString(), QStringLiteral("wal"));
        QSqlQuery q(db.connection());
        // A run's attempts are counted by outcome from an index, never by reading every row.
        // A page of a run's attempts in the order run, of all outcomes or one, comes from an
        // index without sorting the run.
        const auto planOf = [&q](const char *sql) {
            QStringList plan;
            if (q.exec(QStringLiteral("EXPLAIN QUERY PLAN ") + QLatin1String(sql)))
                while (q.next())
                    plan << q.value(3).toString();
            return plan.join(QLatin1Char(' '));
        };
        for (const char *count :
             {"SELECT outcome, COUNT(*) FROM samples WHERE run_id = 1 GROUP BY outcome",
              "SELECT COUNT(*) FROM samples WHERE run_id = 1 AND outcome = 'ok'"}) {
            const QString plan = planOf(count);
            QVERIFY2(plan.contains(QStringLiteral("COVERING INDEX samples_by_run_outcome")),
                     qPrintable(plan));
        }
        for (const char *page :
             {"SELECT error FROM samples WHERE run_id = 1 ORDER BY seq DESC, id DESC LIMIT 9",
              "SELECT error FROM samples WHERE run_id = 1 AND outcome = 'ok' ORDER BY seq, id "
              "LIMIT 9"}) {
            const QString plan = planOf(page);
            QVERIFY2(plan.contains(QStringLiteral("INDEX samples_by_run")) &&
                         !plan.contains(QStringLiteral("TEMP B-TREE")),
                     qPrintable(plan));
        }
        q.finish();

        SessionRepository repo(db);
        const Suite suite = storageSuite();
        const auto sid = repo.createSession(suite, &error);
        QVERIFY2(sid, qPrintable(error));
        const auto pid = repo.ensureProvider(*sid, suite.providers.front(), &error);
        QVERIFY(pid);
        QCOMPARE(*repo.ensureProvider(*sid, suite.providers.front(), &error), *pid);
        const auto rid = repo.createRun(*sid, *pid, suite.scenarios.front(), &error);
        QVERIFY(rid);

        Sample full;
        full.runId = *rid;
        full.seq = 0;
        full.firstTokenNs = 120'000'000;
        full.firstContentNs = 121'000'000;
        full.toolArgsNs = 250'000'000;
        full.headersNs = 2'000'000;
        full.endNs = 300'000'000;
        full.eventTimesNs = {120'000'000, 130'000'000};
        full.inputTokens = 1000;
        full.outputTokens = 64;
        full.cachedTokens = 0;
        full.costUsd = 0.00123;
        full.httpStatus = 200;
        full.httpVersion = QStringLiteral("1.1");
        full.finishReason = QStringLiteral("stop");
        Sample bare;
        bare.runId = *rid;
        bare.seq = 1;
        bare.outcome = Outcome::ConnectionError;
        bare.endNs = 5'000'000;
        bare.tokensEstimated = true;
        bare.error = QStringLiteral("Connection refused");
        QVERIFY2(repo.insertSamples({full, bare}, &error), qPrintable(error));
        QVERIFY(repo.finishRun(*rid, SessionStatus::Finished, &error));
        QVERIFY(repo.finishSession(*sid, SessionStatus::Finished, &error));

        const auto samples = repo.samples(*rid, &error);
        QCOMPARE(samples.size(), 2u);
        QCOMPARE(samples[0].firstTokenNs.value(), 120'000'000);
        QCOMPARE(samples[0].firstContentNs, full.firstContentNs);
        QCOMPARE(samples[0].toolArgsNs, full.toolArgsNs);
        QCOMPARE(samples[0].eventTimesNs, full.eventTimesNs);
        QCOMPARE(samples[0].cachedTokens.value(), 0); // a reported 0 stays 0
        QCOMPARE(samples[0].costUsd.value(), 0.00123);
        QVERIFY(!samples[1].firstTokenNs.has_value()); // unmeasured stays NULL, never 0
        QVERIFY(!samples[1].toolArgsNs.has_value());
        QVERIFY(!samples[1].inputTokens.has_value());
        QVERIFY(!samples[1].costUsd.has_value());
        QVERIFY(samples[1].tokensEstimated);
        QCOMPARE(samples[1].outcome, Outcome::ConnectionError);
        // One sample by id reads as the run's list reads it.
        const auto one = repo.sample(samples[1].id, &error);
        QVERIFY2(one, qPrintable(error));
        QCOMPARE(one->runId, *rid);
        QCOMPARE(one->seq, 1);
        QCOMPARE(one->error, bare.error);
        QCOMPARE(one->endNs, bare.endNs);
        QVERIFY(one->tokensEstimated);
        QCOMPARE(repo.sample(samples[0].id, &error)->eventTimesNs, full.eventTimesNs);
        QCOMPARE(repo.sample(samples[0].id, &error)->toolArgsNs, full.toolArgsNs);
        error.clear();
        QVERIFY(!repo.sample(samples[1].id + 1000, &error));
        QVERIFY(error.isEmpty()); // no such sample is not an error of the database

        const auto sessions = repo.sessions(&error);
        QCOMPARE(sessions.size(), 1u);
        QCOMPARE(sessions[0].status, SessionStatus::Finished);
        QCOMPARE(sessions[0].sampleCount, 2);
        const auto stored = repo.sessionSuite(*sid, &error);
        QVERIFY2(stored, qPrintable(error));
        QCOMPARE(stored->providers.front().apiKeyRef, QStringLiteral("env:SOME_KEY"));
        const auto providers = repo.providers(*sid, &error);
        QCOMPARE(providers.front().config.price->outputPerMtok, 2.0);
        QVERIFY(!providers.front().config.contextWindow.has_value());
    }

    void newerSchemaIsRefusedUntouched()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("future.sqlite"));
        {
            Database db(path);
            QString error;
            QVERIFY(db.open(&error));
            QSqlQuery q(db.connection());
            QVERIFY(q.exec(QStringLiteral("PRAGMA user_version=99")));
            q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        }
        const QByteArray before = fileHash(path);
        Database db(path);
        QString error;
        QVERIFY(!db.open(&error));
        QVERIFY2(error.contains(QStringLiteral("newer")), qPrintable(error));
        QVERIFY(error.contains(path));
        QCOMPARE(fileHash(path), before);
    }

    void notADatabaseIsRefusedUntouched_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("text") << QByteArray("hello, this is not a database\n");
        QTest::newRow("zeroed header") << QByteArray(4096, '\0');
    }

    void notADatabaseIsRefusedUntouched()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.sqlite"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        Database db(path);
        QString error;
        QVERIFY(!db.open(&error));
        QVERIFY2(error.contains(path), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), content);
    }
};

YS_TEST_GUILESS_MAIN(TstStorage)
#include "tst_storage.moc"
