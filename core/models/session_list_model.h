#pragma once

#include "storage/session_repository.h"

#include <QAbstractListModel>
#include <vector>

namespace ys {

// The sessions of a database, newest first, for the workbench's session list.
class SessionListModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role { SessionIdRole = Qt::UserRole + 1, StatusRole, StartedRole };

    explicit SessionListModel(QObject *parent = nullptr);

    void setSessions(std::vector<SessionInfo> sessions);
    const std::vector<SessionInfo> &sessions() const { return m_sessions; }
    // Row of a session, or -1.
    int rowOf(qint64 sessionId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    std::vector<SessionInfo> m_sessions;
};

} // namespace ys
