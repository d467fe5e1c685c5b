// The Team page on a real store: the run queue, the workers with their leases and heartbeats and
// the schedules of an SQLite file and of the tests' PostgreSQL server, as RunQueue wrote them;
// a schedule added from the page is in the store and shows in the table, a bad one is refused
// naming its field, and a removed one is gone.
#include "domain/suite.h"
#include "models/team_tables.h"
#include "storage/database.h"
#include "storage/run_queue.h"
#include "storage/session_repository.h"
#include "test_main.h"
#include "ui/team_page.h"
#include "workbench/team_presenter.h"

#include "pg_fixture.h"
#include "suite_files.h"
#include "workbench_fixtures.h"

#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace ys;

namespace {

// Three items in the store: one done by worker-b, one worker-a runs now into a session whose
// heartbeat is 3 s old, one queued. Returns the running item's session, or 0.
qint64 fillStore(const QString &location, const QString &suitePath)
{
    Database db(location);
    QString error;
    if (!db.open(&error)) {
        qWarning("%s", qPrintable(error));
        return 0;
    }
    const auto suite = Suite::loadFile(suitePath, &error);
    RunQueue queue(db);
    for (int i = 0; i < 3; ++i)
        queue.enqueue(suite->name, suite->toJson(), std::nullopt, &error);
    const auto first = queue.claim(QStringLiteral("worker-b"), 60000, &error);
    if (!first || !queue.finish(*first, true, QString(), &error))
        return 0;
    const auto second = queue.claim(QStringLiteral("worker-a"), 60000, &error);
    SessionRepository repo(db);
    const auto session = repo.createSession(*suite, &error);
    if (!second || !session || !queue.setSession(*second, *session, &error))
        return 0;
    const auto now = queue.nowMs(&error);
    QSqlQuery q(db.connection());
    q.prepare(QStringLiteral("UPDATE sessions SET heartbeat_ms = ? WHERE id = ?"));
    q.addBindValue(*now - 3000);
    q.addBindValue(*session);
    return q.exec() ? *session : 0;
}

} // namespace

class TstTeamPage : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_suite;

    static void typeInto(TeamPage &page, const char *name, const QString &text)
    {
        auto *edit = page.findChild<QLineEdit *>(QLatin1StringView(name));
        QVERIFY2(edit, name);
        edit->setText(text);
    }

    static void click(TeamPage &page, const char *name, QSignalSpy *spy = nullptr)
    {
        auto *button = page.findChild<QPushButton *>(QLatin1StringView(name));
        QVERIFY2(button, name);
        button->click();
        if (spy)
            QVERIFY(spy->wait(20000));
    }

    // The page on a store RunQueue filled: every table as the store holds it, then a schedule
    // added, refused and removed.
    void walkStore(TeamPage &page, const QString &location, qint64 session)
    {
        QSignalSpy refreshed(&page, &TeamPage::refreshed);
        page.refresh();
        QVERIFY(refreshed.wait(20000));
        QVERIFY2(page.message().startsWith(QStringLiteral("1 queued, 1 running, 1 done, 0 failed; "
                                                          "2 worker(s) seen; 0 schedule(s)")),
                 qPrintable(page.message()));
        const QueueItemsModel *queue = page.queueModel();
        QCOMPARE(queue->rowCount(), 3);
        QCOMPARE(queue->index(0, QueueItemsModel::State).data().toString(),
                 QueueItemsModel::tr("done"));
        QCOMPARE(queue->index(1, QueueItemsModel::Worker).data().toString(),
                 QStringLiteral("worker-a"));
        QCOMPARE(
            queue->index(1, QueueItemsModel::Session).data(RowTableModel::ValueRole).toLongLong(),
            session);
        QVERIFY(queue->index(1, QueueItemsModel::Lease)
                    .data()
                    .toString()
                    .startsWith(QueueItemsModel::tr("in %n s", nullptr, 59).left(3)));

        const WorkersModel *workers = page.workersModel();
        QCOMPARE(workers->rowCount(), 2);
        QCOMPARE(workers->index(0, WorkersModel::Name).data().toString(),
                 QStringLiteral("worker-a"));
        QCOMPARE(workers->index(0, WorkersModel::State).data(RowTableModel::ValueRole).toString(),
                 QStringLiteral("running"));
        QCOMPARE(
            workers->index(0, WorkersModel::Session).data(RowTableModel::ValueRole).toLongLong(),
            session);
        const QString heartbeat = workers->index(0, WorkersModel::Heartbeat).data().toString();
        QVERIFY2(heartbeat.contains(QStringLiteral("ago")), qPrintable(heartbeat));
        QCOMPARE(workers->index(1, WorkersModel::Name).data().toString(),
                 QStringLiteral("worker-b"));
        QCOMPARE(workers->index(1, WorkersModel::State).data(RowTableModel::ValueRole).toString(),
                 QStringLiteral("idle"));
        QCOMPARE(workers->index(1, WorkersModel::Done).data().toInt(), 1);

        // Refused before anything is written, naming the field.
        typeInto(page, "scheduleSuite", m_suite);
        typeInto(page, "scheduleEvery", QStringLiteral("6h"));
        typeInto(page, "scheduleAt", QStringLiteral("09:00"));
        click(page, "scheduleAdd");
        QVERIFY2(page.message().contains(QStringLiteral("Every / At")), qPrintable(page.message()));
        typeInto(page, "scheduleAt", QString());
        typeInto(page, "scheduleEvery", QStringLiteral("sometimes"));
        click(page, "scheduleAdd");
        QVERIFY2(page.message().startsWith(QStringLiteral("Every:")), qPrintable(page.message()));
        typeInto(page, "scheduleSuite", m_dir.filePath(QStringLiteral("missing.json")));
        typeInto(page, "scheduleEvery", QStringLiteral("6h"));
        click(page, "scheduleAdd");
        QVERIFY2(page.message().startsWith(QStringLiteral("Suite file:")),
                 qPrintable(page.message()));

        // Added: in the store, and in the table after the page reads it again.
        typeInto(page, "scheduleSuite", m_suite);
        typeInto(page, "scheduleName", QStringLiteral("morning and night"));
        refreshed.clear();
        click(page, "scheduleAdd", &refreshed);
        const SchedulesModel *schedules = page.schedulesModel();
        QCOMPARE(schedules->rowCount(), 1);
        QCOMPARE(schedules->index(0, SchedulesModel::Name).data().toString(),
                 QStringLiteral("morning and night"));
        QCOMPARE(schedules->index(0, SchedulesModel::When).data().toString(),
                 SchedulesModel::tr("every %n h", nullptr, 6));
        {
            Database db(location);
            QString error;
            QVERIFY2(db.open(&error), qPrintable(error));
            const auto stored = RunQueue(db).schedules(&error);
            QCOMPARE(stored.size(), std::size_t(1));
            QCOMPARE(stored.front().everyS.value_or(0), qint64(6 * 3600));
            QCOMPARE(stored.front().name, QStringLiteral("morning and night"));
        }

        // Removed.
        auto *table = page.findChild<QTableView *>(QStringLiteral("teamSchedules"));
        QVERIFY(table);
        table->selectRow(0);
        refreshed.clear();
        click(page, "scheduleRemove", &refreshed);
        QCOMPARE(schedules->rowCount(), 0);
        Database db(location);
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        QVERIFY(RunQueue(db).schedules(&error).empty());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_suite = test::writeJsonFile(
            m_dir.filePath(QStringLiteral("team.json")),
            test::suiteJson("team suite",
                            nlohmann::json::array({test::suiteProviderJson(
                                "P", QUrl(QStringLiteral("http://127.0.0.1:9/v1")), "m",
                                test::pricedProviderExtras())}),
                            nlohmann::json::array({test::latencyScenarioJson(4, 1, 100, 16)})));
        QVERIFY(!m_suite.isEmpty());
    }

    // The workbench's own database is the store to begin with.
    void ownDatabase()
    {
        test::ScratchWorkbench workbench;
        QVERIFY(workbench.opens());
        const qint64 session = fillStore(workbench.dbPath(), m_suite);
        QVERIFY(session > 0);
        TeamPage page(&workbench);
        QCOMPARE(page.presenter()->store(), workbench.dbPath());
        walkStore(page, workbench.dbPath(), session);
    }

    // Connected to the tests' PostgreSQL server from the page; a URL with a password in it and
    // a file that is not there are refused before anything connects.
    void postgresStore()
    {
        test::ScratchWorkbench workbench;
        QVERIFY(workbench.opens());
        TeamPage page(&workbench);
        typeInto(page, "teamStore", QStringLiteral("postgresql://u:secret@127.0.0.1/db"));
        click(page, "teamConnect");
        QVERIFY2(page.message().contains(QStringLiteral("***")), qPrintable(page.message()));
        QVERIFY(!page.message().contains(QStringLiteral("secret")));
        QCOMPARE(page.presenter()->store(), workbench.dbPath());
        typeInto(page, "teamStore", m_dir.filePath(QStringLiteral("nowhere.sqlite")));
        click(page, "teamConnect");
        QVERIFY2(page.message().contains(QStringLiteral("no such database")),
                 qPrintable(page.message()));

        // No store to begin with (the workbench's database is not there): said, not a crash.
        {
            QTemporaryDir empty;
            Workbench nowhere(empty.filePath(QStringLiteral("never-made.sqlite")));
            TeamPage lost(&nowhere);
            QSignalSpy refreshed(&lost, &TeamPage::refreshed);
            lost.refresh();
            QCOMPARE(refreshed.size(), 1);
            QVERIFY2(lost.message().contains(QStringLiteral("no such database")),
                     qPrintable(lost.message()));
        }

        if (!test::PgServer::available())
            QSKIP(test::PgServer::skipReason());
        test::PgDatabase pg;
        QVERIFY2(pg.isValid(), qPrintable(pg.error()));
        qputenv("PGPASSWORD", test::PgServer::password().toUtf8());
        const qint64 session = fillStore(pg.url(), m_suite);
        QVERIFY(session > 0);
        typeInto(page, "teamStore", pg.url());
        click(page, "teamConnect");
        QCOMPARE(page.presenter()->store(), pg.url());
        walkStore(page, pg.url(), session);
    }
};

YS_TEST_MAIN(TstTeamPage)
#include "tst_team_page.moc"
