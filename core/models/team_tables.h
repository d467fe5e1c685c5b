#pragma once

#include "models/held_rows_model.h"
#include "storage/team_status.h"

#include <QString>

namespace ys {

// The Team page's three tables of a store (storage/team_status.h), each with the store's clock
// for the times that count down or up: the run queue's items, the workers and the schedules.
// ValueRole gives the raw values (ms since the epoch for the times).
class QueueItemsModel : public HeldRowsModel<QueueItem> {
    Q_OBJECT
public:
    enum Column { Id, Suite, State, Worker, Claims, Lease, Session, Enqueued, Error, ColumnCount };

    explicit QueueItemsModel(QObject *parent = nullptr);
    void setSnapshot(const TeamSnapshot &s);
    // "queued", "claimed", "done", "failed" as the page shows them.
    static QString stateText(const QString &state);

private:
    qint64 m_nowMs = 0;
};

class WorkersModel : public HeldRowsModel<WorkerStatus> {
    Q_OBJECT
public:
    enum Column { Name, State, Item, Session, Heartbeat, Lease, Done, Failed, ColumnCount };

    explicit WorkersModel(QObject *parent = nullptr);
    void setSnapshot(const TeamSnapshot &s);

private:
    qint64 m_nowMs = 0;
};

class SchedulesModel : public HeldRowsModel<Schedule> {
    Q_OBJECT
public:
    enum Column { Id, Name, When, Next, Last, ColumnCount };

    explicit SchedulesModel(QObject *parent = nullptr);
    void setSnapshot(const TeamSnapshot &s);
    // "every 6 h" or "at 09:00, 15:00 UTC".
    static QString whenText(const Schedule &s);

private:
    qint64 m_nowMs = 0;
};

// A time on the store's clock against its now: "in 42 s", "3 s ago", "just now".
QString relativeTimeText(qint64 atMs, qint64 nowMs);

} // namespace ys
