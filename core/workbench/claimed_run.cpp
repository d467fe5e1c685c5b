#include "workbench/claimed_run.h"

#include "domain/suite.h"
#include "run/session_runner.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "workbench/background_reader.h"

#include <algorithm>
#include <atomic>
#include <optional>

namespace ys {

struct ClaimedRun::State {
    std::optional<QueueClaim> claim;
};

namespace {

std::atomic<quint64> s_runs{0};

} // namespace

ClaimedRun::ClaimedRun(BackgroundReader &reader, qint64 leaseMs, QObject *parent)
    : QObject(parent)
    , m_reader(reader)
    , m_leaseMs(leaseMs)
    , m_state(std::make_shared<State>())
    , m_id(++s_runs)
{
    m_renew.setInterval(int(std::clamp<qint64>(leaseMs / 3, 200, 3600 * 1000)));
    connect(&m_renew, &QTimer::timeout, this, &ClaimedRun::renew);
}

ClaimedRun::~ClaimedRun() = default;

QString ClaimedRun::channel(const char *what)
{
    // A channel per write, so that none supersedes another: they run in the order asked.
    return QStringLiteral("claimed-run-%1-%2-%3")
        .arg(m_id)
        .arg(QString::fromLatin1(what))
        .arg(++m_jobs);
}

void ClaimedRun::setClaim(const QueueClaim &claim)
{
    m_state->claim = claim;
    m_renew.start();
}

void ClaimedRun::enqueueOwn(const Suite &suite, SessionRunner *runner)
{
    m_reader.read(
        channel("enqueue"), this,
        [state = m_state, name = suite.name, json = suite.toJson(),
         leaseMs = m_leaseMs](const SessionRepository &repo, QString *error) -> bool {
            RunQueue queue(repo.database());
            state->claim =
                queue.enqueueClaimed(name, json, RunQueue::processWorkerName(), leaseMs, error);
            return state->claim.has_value();
        },
        [this](bool queued, const QString &error) {
            if (queued)
                m_renew.start();
            else
                Q_EMIT notQueued(error);
        });
    connect(this, &ClaimedRun::lost, runner, &SessionRunner::cancel);
    follow(runner);
}

void ClaimedRun::follow(SessionRunner *runner)
{
    connect(runner, &SessionRunner::sessionStarted, this, &ClaimedRun::nameSession);
    connect(runner, &SessionRunner::finished, this, [this](qint64 id, SessionStatus status) {
        finish(id, status,
               status == SessionStatus::Finished ? QString() : sessionStatusName(status));
    });
}

void ClaimedRun::failBeforeStart(const QString &why)
{
    finish(0, SessionStatus::Failed, why);
}

void ClaimedRun::nameSession(qint64 sessionId)
{
    hold("session", [sessionId](RunQueue &queue, const QueueClaim &claim, QString *error) {
        return queue.setSession(claim, sessionId, error);
    });
}

void ClaimedRun::renew()
{
    // A renewal the store failed (busy a moment) is tried again at the next tick; the lease has
    // two more thirds to go.
    hold("renew", [leaseMs = m_leaseMs](RunQueue &queue, const QueueClaim &claim, QString *error) {
        return queue.renew(claim, leaseMs, error);
    });
}

void ClaimedRun::hold(const char *what, Write write)
{
    m_reader.read(
        channel(what), this,
        [state = m_state, write](const SessionRepository &repo, QString *error) -> bool {
            if (!state->claim)
                return true;
            RunQueue queue(repo.database());
            // Lost only when the store answered that the claim is another's.
            return write(queue, *state->claim, error) || !error->isEmpty();
        },
        [this](bool held, const QString &) {
            if (!held && !m_lost) {
                m_lost = true;
                Q_EMIT lost();
            }
        });
}

void ClaimedRun::finish(qint64 sessionId, SessionStatus status, const QString &failure)
{
    m_renew.stop();
    struct Result {
        qint64 itemId = 0;
        Outcome outcome = Outcome::NotMarked;
    };
    m_reader.read(
        channel("finish"), this,
        [state = m_state, sessionId, done = status == SessionStatus::Finished,
         failure](const SessionRepository &repo, QString *error) -> Result {
            if (!state->claim)
                return {0, Outcome::NotMarked};
            RunQueue queue(repo.database());
            Result r{state->claim->itemId, Outcome::Marked};
            if (queue.finish(*state->claim, done, failure, error))
                return r;
            if (!error->isEmpty())
                return {r.itemId, Outcome::NotMarked};
            // Superseded: the item belongs to a later claim, so this session is no result of it.
            if (sessionId)
                queue.markInterrupted(sessionId, true, error);
            return {r.itemId, Outcome::Superseded};
        },
        [this, sessionId, status](Result r, const QString &error) {
            Q_EMIT settled(r.itemId, sessionId, status, r.outcome, error);
        });
}

} // namespace ys
