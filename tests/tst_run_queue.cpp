// The run queue's rules on SQLite, without processes: a claim takes the oldest queued item
// once; only the claim that holds an item renews or finishes it; an expired lease makes the
// item claimable again and the session its worker ran into interrupted; a due schedule is
// enqueued once per slot, even by two workers that saw the same slot.
#include "test_support.h"

#include "domain/suite.h"
#include "storage/database.h"
#include "storage/history_window.h"
#include "storage/run_queue.h"
#include "storage/session_repository.h"
#include "test_main.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace ys;

class TstRunQueue : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;

    QString newPath() { return m_dir.filePath(QStringLiteral("q%1.sqlite").arg(++m_files)); }

    static QByteArray suiteJson() { return QByteArrayLiteral("{\"name\": \"s\"}"); }

    // A run queue and a session repository on one new database, and a session of a suite named
    // "s" in it once open.
    struct QueueStore {
        explicit QueueStore(const QString &path)
            : db(path)
            , queue(db)
            , repo(db)
        {
        }

        // Opens the database and creates the session (session, empty with *error set when that
        // fails); false, with nothing created, when the database does not open.
        bool open(QString *error)
        {
            if (!db.open(error))
                return false;
            Suite suite;
            suite.name = QStringLiteral("s");
            session = repo.createSession(suite, error);
            return true;
        }

        Database db;
        RunQueue queue;
        SessionRepository repo;
        std::optional<qint64> session;
    };

private Q_SLOTS:
    void claimTakesEachItemOnce()
    {
        Database db(newPath());
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        RunQueue q(db);
        const auto first = q.enqueue(QStringLiteral("s"), suiteJson(), std::nullopt, &error);
        const auto second = q.enqueue(QStringLiteral("s"), suiteJson(), std::nullopt, &error);
        QVERIFY2(first && second, qPrintable(error));

        const auto a = q.claim(QStringLiteral("a"), 60000, &error);
        const auto b = q.claim(QStringLiteral("b"), 60000, &error);
        QVERIFY(a && b);
        QCOMPARE(a->itemId, *first); // oldest first
        QCOMPARE(b->itemId, *second);
        QCOMPARE(a->claims, 1);
        QVERIFY(!q.claim(QStringLiteral("c"), 60000, &error));
        QVERIFY2(error.isEmpty(), qPrintable(error)); // nothing queued is no error

        QVERIFY(q.renew(*a, 60000, &error));
        QueueClaim forged = *b;
        forged.worker = QStringLiteral("a");
        QVERIFY(!q.finish(forged, true, {}, &error)); // not a's item
        QVERIFY(error.isEmpty());
        QVERIFY(q.finish(*a, true, {}, &error));
        QVERIFY(q.finish(*b, false, QStringLiteral("failed"), &error));
        QVERIFY(!q.finish(*a, true, {}, &error)); // finished once
        const auto items = q.items(&error);
        QCOMPARE(items.at(0).state, QStringLiteral("done"));
        QCOMPARE(items.at(1).state, QStringLiteral("failed"));
        QCOMPARE(items.at(1).error, QStringLiteral("failed"));
    }

    void expiredLeaseIsReclaimed()
    {
        QueueStore store(newPath());
        QString error;
        QVERIFY2(store.open(&error), qPrintable(error));
        QVERIFY2(store.session, qPrintable(error));
        QVERIFY(store.queue.enqueue(QStringLiteral("s"), suiteJson(), std::nullopt, &error));

        const auto old = store.queue.claim(QStringLiteral("old"), 100, &error);
        QVERIFY(old);
        QVERIFY(store.queue.setSession(*old, *store.session, &error));
        QVERIFY(!store.queue.claim(QStringLiteral("new"), 60000, &error)); // the lease still holds
        QTest::qWait(300);
        const auto heir = store.queue.claim(QStringLiteral("new"), 60000, &error);
        QVERIFY2(heir, qPrintable(error));
        QCOMPARE(heir->itemId, old->itemId);
        QCOMPARE(heir->claims, 2);
        // The old worker comes back: it can neither renew nor finish the item.
        QVERIFY(!store.queue.renew(*old, 60000, &error));
        QVERIFY(!store.queue.finish(*old, true, {}, &error));
        QVERIFY(error.isEmpty());
        QCOMPARE(store.repo.session(*store.session, &error)->status, SessionStatus::Interrupted);
        QVERIFY(store.queue.finish(*heir, true, {}, &error));
        QCOMPARE(store.queue.items(&error).front().worker, QStringLiteral("new"));
    }

    void supersededSessionIsInterruptedEvenWhenFinished()
    {
        QueueStore store(newPath());
        QString error;
        QVERIFY2(store.open(&error), qPrintable(error));
        QVERIFY(store.repo.finishSession(*store.session, SessionStatus::Finished, &error));
        QVERIFY(store.queue.markInterrupted(*store.session, false, &error));
        QCOMPARE(store.repo.session(*store.session, &error)->status, SessionStatus::Finished);
        QVERIFY(store.queue.markInterrupted(*store.session, true, &error));
        QCOMPARE(store.repo.session(*store.session, &error)->status, SessionStatus::Interrupted);
    }

    void dueScheduleIsEnqueuedOncePerSlot()
    {
        const QString path = newPath();
        Database db(path);
        Database other(path); // a second worker's connection
        QString error;
        QVERIFY2(db.open(&error) && other.open(&error), qPrintable(error));
        RunQueue q(db);
        RunQueue q2(other);
        const auto id = q.addSchedule(QStringLiteral("every minute"), suiteJson(), 60, {}, &error);
        QVERIFY2(id, qPrintable(error));
        QCOMPARE(q.enqueueDue(&error), 1); // an interval schedule's first slot is now
        QCOMPARE(q2.enqueueDue(&error), 0);
        QCOMPARE(q.enqueueDue(&error), 0);
        const auto s = q.schedules(&error).front();
        QVERIFY(s.lastMs);
        QVERIFY(s.nextMs > *s.lastMs);
        QCOMPARE(q.items(&error).size(), std::size_t(1));
        QCOMPARE(*q.items(&error).front().scheduleId, *id);

        // A worker that read the slot before another moved it on enqueues nothing.
        QSqlQuery rewind(db.connection());
        QVERIFY(rewind.exec(QStringLiteral("UPDATE schedules SET next_ms = 0")));
        QCOMPARE(q.enqueueDue(&error), 1);
        QCOMPARE(q2.enqueueDue(&error), 0);
        QCOMPARE(q.items(&error).size(), std::size_t(2));
        QVERIFY(q.removeSchedule(*id, &error));
        QVERIFY(!q.removeSchedule(*id, &error));
    }

    void nextSlots()
    {
        Schedule every;
        every.everyS = 120;
        QCOMPARE(RunQueue::nextSlot(every, 1000, 1000), qint64(121000));
        // Missed slots are skipped, not caught up.
        QCOMPARE(RunQueue::nextSlot(every, 1000, 1000 + 5 * 120000 + 5), qint64(1000 + 6 * 120000));
        Schedule times;
        times.timesOfDay = *RunQueue::parseTimes(QStringLiteral("15:00,9:00"));
        QCOMPARE(RunQueue::timesText(times.timesOfDay), QStringLiteral("09:00,15:00"));
        const qint64 day = 86400000;
        const qint64 monday = 20 * day; // midnight UTC
        QCOMPARE(RunQueue::nextSlot(times, monday, monday), monday + 9 * 3600000);
        QCOMPARE(RunQueue::nextSlot(times, monday, monday + 9 * 3600000), monday + 15 * 3600000);
        QCOMPARE(RunQueue::nextSlot(times, monday, monday + 16 * 3600000),
                 monday + day + 9 * 3600000);
        QVERIFY(!RunQueue::parseTimes(QStringLiteral("25:00")));
        QVERIFY(!RunQueue::parseTimes(QString()));
    }

    void medians()
    {
        QVERIFY(!HistoryWindow::median({}));
        QCOMPARE(*HistoryWindow::median({3, 1, 2}), 2.0);
        QCOMPARE(*HistoryWindow::median({4, 1, 2, 3}), 2.5);
    }
};

YS_TEST_GUILESS_MAIN(TstRunQueue)
#include "tst_run_queue.moc"
