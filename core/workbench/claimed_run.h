#pragma once

#include "domain/session_status.h"
#include "storage/run_queue.h"

#include <QObject>
#include <QString>
#include <QTimer>
#include <functional>
#include <memory>

namespace ys {

class BackgroundReader;
class SessionRunner;
struct Suite;

// A session run under a queue item's claim (docs/workers.md), kept in the store while it runs:
// the item names the session the run goes into, the claim's lease is renewed every third of it,
// and when the runner has finished the item is marked done or failed. Every write goes through a
// BackgroundReader, in the order it was asked for, so the caller's thread never waits on the
// store. A claim found taken by another worker (its lease ran out) emits lost(): the caller
// stops the run, and the session it ran into ends interrupted, since it is no result of the item.
class ClaimedRun : public QObject {
    Q_OBJECT
public:
    enum class Outcome {
        Marked,     // the item is done or failed as the run ended
        Superseded, // the item belongs to a later claim; the session is marked interrupted
        NotMarked,  // the store refused the write (error says why)
    };
    Q_ENUM(Outcome)

    ClaimedRun(BackgroundReader &reader, qint64 leaseMs, QObject *parent = nullptr);
    ~ClaimedRun() override;

    // The claim a worker took from the queue.
    void setClaim(const QueueClaim &claim);
    // The suite enqueued as an item this process runs at once (RunQueue::enqueueClaimed, under
    // RunQueue::processWorkerName()), runner followed, and cancelled when the claim is lost. A
    // store that refuses the item is said by notQueued() and the run goes on unqueued.
    void enqueueOwn(const Suite &suite, SessionRunner *runner);
    // Follows runner's session from now on: its sessionStarted() names the session in the item,
    // its finished() marks the item. The lease is renewed until then.
    void follow(SessionRunner *runner);
    // The run could not start: the item is failed with why.
    void failBeforeStart(const QString &why);

Q_SIGNALS:
    void notQueued(const QString &error);
    void lost();
    // The item's end; sessionId 0 when the run never started.
    void settled(qint64 itemId, qint64 sessionId, ys::SessionStatus status,
                 ys::ClaimedRun::Outcome outcome, const QString &error);

private:
    struct State; // read and written on the reader's thread only, once a job is submitted
    void nameSession(qint64 sessionId);
    void renew();
    // A write that holds the claim (true) or finds it another's (false, *error empty); lost()
    // is emitted on the first that finds it lost.
    using Write = std::function<bool(RunQueue &queue, const QueueClaim &claim, QString *error)>;
    void hold(const char *what, Write write);
    void finish(qint64 sessionId, SessionStatus status, const QString &failure);
    QString channel(const char *what);

    BackgroundReader &m_reader;
    qint64 m_leaseMs;
    std::shared_ptr<State> m_state;
    QTimer m_renew;
    bool m_lost = false;
    quint64 m_jobs = 0;
    quint64 m_id;
};

} // namespace ys
