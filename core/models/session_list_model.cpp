#include "models/session_list_model.h"

#include "domain/session_status.h"
#include "util/index_of.h"

#include <QLocale>

namespace ys {

SessionListModel::SessionListModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

void SessionListModel::setSessions(std::vector<SessionInfo> sessions)
{
    beginResetModel();
    m_sessions = std::move(sessions);
    endResetModel();
}

int SessionListModel::rowOf(qint64 sessionId) const
{
    return indexOf(m_sessions, sessionId, &SessionInfo::id);
}

int SessionListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_sessions.size());
}

QVariant SessionListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const SessionInfo &s = m_sessions[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return tr("#%1 %2 — %3, %n provider(s), %4", nullptr, s.providerCount)
            .arg(s.id)
            .arg(s.suiteName, QLocale().toString(s.startedAt.toLocalTime(), QLocale::ShortFormat),
                 SessionStatusText::displayText(s.status));
    case Qt::ToolTipRole:
        return tr("Session %1: %n sample(s) in %2 run(s)", nullptr, int(s.sampleCount))
            .arg(s.id)
            .arg(s.runCount);
    case SessionIdRole:
        return s.id;
    case StatusRole:
        return sessionStatusName(s.status);
    case StartedRole:
        return s.startedAt;
    default:
        return {};
    }
}

QHash<int, QByteArray> SessionListModel::roleNames() const
{
    auto names = QAbstractListModel::roleNames();
    names[SessionIdRole] = "sessionId";
    names[StatusRole] = "status";
    names[StartedRole] = "started";
    return names;
}

} // namespace ys
