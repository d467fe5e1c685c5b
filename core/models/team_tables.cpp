#include "models/team_tables.h"

#include "models/cell_values.h"

#include <QDateTime>
#include <cstdlib>

namespace ys {

namespace {

// A moment as the tables show it: UTC, to the second.
QString utcText(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC)
        .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

} // namespace

QString relativeTimeText(qint64 atMs, qint64 nowMs)
{
    const qint64 s = (atMs - nowMs) / 1000;
    if (std::llabs(s) < 1)
        return QueueItemsModel::tr("just now");
    return s > 0 ? QueueItemsModel::tr("in %n s", nullptr, int(s))
                 : QueueItemsModel::tr("%n s ago", nullptr, int(-s));
}

QueueItemsModel::QueueItemsModel(QObject *parent)
    : HeldRowsModel(parent)
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("id", "", QT_TR_NOOP("Item"), [this](int r) { return at(r).id; }).aligned(right);
    addColumn("suite", "", QT_TR_NOOP("Suite"), [this](int r) { return at(r).suiteName; });
    addColumn("state", "", QT_TR_NOOP("State"), [this](int r) {
        return at(r).state;
    }).shown([this](int r) { return stateText(at(r).state); });
    addColumn("worker", "", QT_TR_NOOP("Worker"), [this](int r) { return at(r).worker; });
    addColumn("claims", "", QT_TR_NOOP("Claims"), [this](int r) {
        return at(r).claims;
    }).aligned(right);
    addColumn("lease_until_ms", "", QT_TR_NOOP("Lease"),
              [this](int r) { return cellOrNull(at(r).leaseUntilMs); })
        .shown([this](int r) {
            const QueueItem &i = at(r);
            return i.state == QLatin1StringView("claimed") && i.leaseUntilMs
                       ? relativeTimeText(*i.leaseUntilMs, m_nowMs)
                       : dash();
        })
        .headerTip(QT_TR_NOOP("When the worker's claim ends unless it renews it"));
    addColumn("session_id", "", QT_TR_NOOP("Session"), [this](int r) {
        return cellOrNull(at(r).sessionId);
    }).aligned(right);
    addColumn("enqueued_at", "", QT_TR_NOOP("Queued at (UTC)"), [this](int r) {
        return at(r).enqueuedAt;
    }).shown([this](int r) {
        return QDateTime::fromString(at(r).enqueuedAt, Qt::ISODateWithMs)
            .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    });
    addColumn("error", "", QT_TR_NOOP("Error"), [this](int r) { return at(r).error; });
}

void QueueItemsModel::setSnapshot(const TeamSnapshot &s)
{
    m_nowMs = s.nowMs;
    hold(s.items);
}

QString QueueItemsModel::stateText(const QString &state)
{
    if (state == QLatin1StringView("queued"))
        return tr("queued");
    if (state == QLatin1StringView("claimed"))
        return tr("running");
    if (state == QLatin1StringView("done"))
        return tr("done");
    if (state == QLatin1StringView("failed"))
        return tr("failed");
    return state;
}

WorkersModel::WorkersModel(QObject *parent)
    : HeldRowsModel(parent)
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("name", "", QT_TR_NOOP("Worker"), [this](int r) { return at(r).name; });
    addColumn("state", "", QT_TR_NOOP("State"), [this](int r) {
        return at(r).itemId ? QStringLiteral("running") : QStringLiteral("idle");
    }).shown([this](int r) { return at(r).itemId ? tr("running") : tr("idle"); });
    addColumn("item", "", QT_TR_NOOP("Item"), [this](int r) {
        return cellOrNull(at(r).itemId);
    }).aligned(right);
    addColumn("session_id", "", QT_TR_NOOP("Session"), [this](int r) {
        return cellOrNull(at(r).sessionId);
    }).aligned(right);
    addColumn("heartbeat_ms", "", QT_TR_NOOP("Heartbeat"),
              [this](int r) { return cellOrNull(at(r).heartbeatMs); })
        .shown([this](int r) {
            return at(r).heartbeatMs ? relativeTimeText(*at(r).heartbeatMs, m_nowMs) : dash();
        })
        .headerTip(QT_TR_NOOP("When the process running the worker's session last said it was "
                              "alive (every 5 s)"));
    addColumn("lease_until_ms", "", QT_TR_NOOP("Lease"), [this](int r) {
        return cellOrNull(at(r).leaseUntilMs);
    }).shown([this](int r) {
        return at(r).leaseUntilMs ? relativeTimeText(*at(r).leaseUntilMs, m_nowMs) : dash();
    });
    addColumn("done", "", QT_TR_NOOP("Done"), [this](int r) { return at(r).done; }).aligned(right);
    addColumn("failed", "", QT_TR_NOOP("Failed"), [this](int r) {
        return at(r).failed;
    }).aligned(right);
}

void WorkersModel::setSnapshot(const TeamSnapshot &s)
{
    m_nowMs = s.nowMs;
    hold(s.workers);
}

SchedulesModel::SchedulesModel(QObject *parent)
    : HeldRowsModel(parent)
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("id", "", QT_TR_NOOP("Schedule"), [this](int r) { return at(r).id; }).aligned(right);
    addColumn("name", "", QT_TR_NOOP("Name"), [this](int r) { return at(r).name; });
    addColumn("when", "", QT_TR_NOOP("When"), [this](int r) { return whenText(at(r)); });
    addColumn("next_ms", "", QT_TR_NOOP("Next (UTC)"), [this](int r) {
        return at(r).nextMs;
    }).shown([this](int r) {
        return tr("%1 (%2)").arg(utcText(at(r).nextMs), relativeTimeText(at(r).nextMs, m_nowMs));
    });
    addColumn("last_ms", "", QT_TR_NOOP("Last (UTC)"), [this](int r) {
        return cellOrNull(at(r).lastMs);
    }).shown([this](int r) { return at(r).lastMs ? utcText(*at(r).lastMs) : dash(); });
}

void SchedulesModel::setSnapshot(const TeamSnapshot &s)
{
    m_nowMs = s.nowMs;
    hold(s.schedules);
}

QString SchedulesModel::whenText(const Schedule &s)
{
    if (s.everyS) {
        const qint64 v = *s.everyS;
        if (v % 86400 == 0)
            return tr("every %n day(s)", nullptr, int(v / 86400));
        if (v % 3600 == 0)
            return tr("every %n h", nullptr, int(v / 3600));
        if (v % 60 == 0)
            return tr("every %n min", nullptr, int(v / 60));
        return tr("every %n s", nullptr, int(v));
    }
    return tr("at %1 UTC").arg(RunQueue::timesText(s.timesOfDay));
}

} // namespace ys
