// The reader the pages use for their big reads: jobs run on its own thread with a connection of
// its own, deliveries come back on the owner's thread, a newer job of a channel supersedes the
// older ones, and a delivery whose page is gone is dropped.
#include "storage/database.h"
#include "storage/session_repository.h"
#include "test_main.h"
#include "workbench/background_reader.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <atomic>

using namespace ys;

class TstBackgroundReader : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_path;

private Q_SLOTS:
    void initTestCase()
    {
        m_path = m_dir.filePath(QStringLiteral("reader.sqlite"));
        Database db(m_path);
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error)); // makes the schema
    }

    void deliversOnTheOwnersThread()
    {
        BackgroundReader reader(m_path);
        QObject page;
        QSignalSpy busy(&reader, &BackgroundReader::busyChanged);
        QThread *jobThread = nullptr;
        QThread *deliveryThread = nullptr;
        bool hadRepository = false;
        reader.submit(QStringLiteral("a"), &page,
                      [&](const SessionRepository *repo, const QString &error) {
                          jobThread = QThread::currentThread();
                          hadRepository = repo != nullptr && error.isEmpty();
                          return [&] {
                              deliveryThread = QThread::currentThread();
                          };
                      });
        QVERIFY(reader.busy());
        QVERIFY(reader.pending(QStringLiteral("a")));
        QTRY_VERIFY(deliveryThread != nullptr);
        QVERIFY(hadRepository);
        QVERIFY(jobThread != QThread::currentThread());
        QCOMPARE(deliveryThread, QThread::currentThread());
        QVERIFY(!reader.busy());
        QCOMPARE(busy.size(), 2);
        QCOMPARE(busy.at(0).at(0).toBool(), true);
        QCOMPARE(busy.at(1).at(0).toBool(), false);
    }

    // While the first job of a channel runs, two more are queued: the middle one never runs,
    // the first one's result is dropped and the last one's delivered. Another channel is not
    // touched.
    void newerJobSupersedesOlder()
    {
        BackgroundReader reader(m_path);
        QObject page;
        QSemaphore started, release;
        std::atomic<int> ran{0};
        QStringList delivered;
        const auto job = [&](const QString &name, bool block) {
            return [&, name, block](const SessionRepository *, const QString &) {
                ++ran;
                if (block) {
                    started.release();
                    release.acquire();
                }
                return [&, name] {
                    delivered << name;
                };
            };
        };
        reader.submit(QStringLiteral("diff"), &page, job(QStringLiteral("first"), true));
        QVERIFY(started.tryAcquire(1, 10000));
        reader.submit(QStringLiteral("diff"), &page, job(QStringLiteral("second"), false));
        reader.submit(QStringLiteral("drift"), &page, job(QStringLiteral("other"), false));
        reader.submit(QStringLiteral("diff"), &page, job(QStringLiteral("third"), false));
        release.release();
        QTRY_VERIFY(!reader.busy());
        QTest::qWait(50); // nothing late arrives
        QCOMPARE(delivered, (QStringList{QStringLiteral("other"), QStringLiteral("third")}));
        QCOMPARE(ran.load(), 3); // first, other, third
    }

    // A page destroyed before its delivery arrives gets none, and the reader is idle after.
    void deliveryToAGonePageIsDropped()
    {
        BackgroundReader reader(m_path);
        auto *page = new QObject;
        QSemaphore started, release;
        bool delivered = false;
        reader.submit(QStringLiteral("a"), page, [&](const SessionRepository *, const QString &) {
            started.release();
            release.acquire();
            return [&] {
                delivered = true;
            };
        });
        QVERIFY(started.tryAcquire(1, 10000));
        delete page;
        release.release();
        QTRY_VERIFY(!reader.busy());
        QVERIFY(!delivered);
    }

    // A database that cannot be opened: the job hears why and has no repository.
    void unopenableDatabaseIsSaid()
    {
        BackgroundReader reader(m_dir.filePath(QStringLiteral("no/such/dir/x.sqlite")));
        QObject page;
        QString said;
        bool hadRepository = true;
        reader.submit(QStringLiteral("a"), &page,
                      [&](const SessionRepository *repo, const QString &error) {
                          hadRepository = repo != nullptr;
                          return [&, error] {
                              said = error;
                          };
                      });
        QTRY_VERIFY(!reader.busy());
        QVERIFY(!hadRepository);
        QVERIFY2(said.contains(QStringLiteral("x.sqlite")), qPrintable(said));
    }

    // The reader waits for a job under way when it is destroyed.
    void destructionWaitsForTheJob()
    {
        std::atomic<bool> finished{false};
        {
            BackgroundReader reader(m_path);
            QObject page;
            QSemaphore started;
            reader.submit(QStringLiteral("a"), &page,
                          [&](const SessionRepository *, const QString &) {
                              started.release();
                              QThread::msleep(100);
                              finished = true;
                              return BackgroundReader::Delivery{};
                          });
            QVERIFY(started.tryAcquire(1, 10000));
        }
        QVERIFY(finished.load());
    }
};

YS_TEST_GUILESS_MAIN(TstBackgroundReader)
#include "tst_background_reader.moc"
