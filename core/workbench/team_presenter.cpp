#include "workbench/team_presenter.h"

#include "domain/suite.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "workbench/background_reader.h"
#include "workbench/workbench.h"

#include <QFileInfo>

namespace ys {

namespace {

const QString kSnapshot = QStringLiteral("team-snapshot");
const QString kWrite = QStringLiteral("team-write");

} // namespace

TeamPresenter::TeamPresenter(Workbench *workbench, QObject *parent)
    : QObject(parent)
    , m_workbench(workbench)
{
    // The workbench's own database, when it is there; else the page asks for a store.
    connectTo(workbench->dbPath(), &m_problem);
}

TeamPresenter::~TeamPresenter() = default;

bool TeamPresenter::connectTo(const QString &store, QString *error)
{
    const QString location = store.trimmed();
    if (location.isEmpty()) {
        *error = tr("Store: give a PostgreSQL URL (postgresql://user@host/database) or an SQLite "
                    "file");
        return false;
    }
    if (!Database::checkLocation(location, error))
        return false;
    // A file that is not there is a typing mistake, not a store to create.
    if (!Database::isPostgresUrl(location) && !QFileInfo::exists(location)) {
        *error = tr("Store: %1: no such database").arg(location);
        return false;
    }
    // The workbench's own database is read through the workbench's reader: no second thread and
    // connection for the same file.
    if (location == m_workbench->dbPath() && m_workbench->reader()) {
        m_own.reset();
        m_reader = m_workbench->reader();
    } else {
        m_own =
            std::make_unique<BackgroundReader>(location, nullptr, QStringLiteral("ys-team-store"));
        m_reader = m_own.get();
    }
    m_store = location;
    return true;
}

bool TeamPresenter::isLoading() const
{
    return m_reader && (m_reader->pending(kSnapshot) || m_reader->pending(kWrite));
}

void TeamPresenter::refresh(SnapshotDone done)
{
    if (!m_reader)
        return done(std::nullopt, m_problem);
    m_reader->read(
        kSnapshot, this,
        [](const SessionRepository &repo, QString *error) {
            return TeamStatus::read(repo.database(), error);
        },
        std::move(done));
}

bool TeamPresenter::addSchedule(const QString &name, const QString &suitePath, const QString &every,
                                const QString &at, WriteDone done, QString *error)
{
    if (every.trimmed().isEmpty() == at.trimmed().isEmpty()) {
        *error = tr("Every / At: give one of the two, an interval such as 6h or times of day "
                    "such as 09:00,15:00");
        return false;
    }
    std::optional<qint64> interval;
    QList<QTime> times;
    if (!every.trimmed().isEmpty()) {
        interval = RunQueue::parseEvery(every);
        if (!interval) {
            *error = tr("Every: \"%1\" is not an interval such as 2m, 6h or 1d").arg(every);
            return false;
        }
    } else {
        const auto parsed = RunQueue::parseTimes(at);
        if (!parsed) {
            *error = tr("At: \"%1\" is not a list of times of day such as 09:00,15:00").arg(at);
            return false;
        }
        times = *parsed;
    }
    if (suitePath.trimmed().isEmpty()) {
        *error = tr("Suite file: choose the suite the schedule runs");
        return false;
    }
    QString problem;
    const auto suite = Suite::loadFile(suitePath.trimmed(), &problem);
    if (!suite) {
        *error = tr("Suite file: %1").arg(problem);
        return false;
    }
    if (!m_reader) {
        *error = m_problem;
        return false;
    }
    const QString scheduleName = name.trimmed().isEmpty() ? suite->name : name.trimmed();
    m_reader->read(
        kWrite, this,
        [scheduleName, json = suite->toJson(), interval, times](const SessionRepository &repo,
                                                                QString *e) {
            return RunQueue(repo.database()).addSchedule(scheduleName, json, interval, times, e);
        },
        std::move(done));
    return true;
}

void TeamPresenter::removeSchedule(qint64 id, WriteDone done)
{
    if (!m_reader)
        return done(std::nullopt, m_problem);
    m_reader->read(
        kWrite, this,
        [id](const SessionRepository &repo, QString *error) -> std::optional<qint64> {
            if (!RunQueue(repo.database()).removeSchedule(id, error))
                return std::nullopt;
            return id;
        },
        std::move(done));
}

} // namespace ys
