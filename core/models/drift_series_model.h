#pragma once

#include "analysis/drift.h"
#include "analysis/drift_series.h"

#include <QAbstractTableModel>

namespace ys {

class SessionRepository;

// One provider across sessions for the drift chart and its table: a row per session with the
// TTFT and E2E P95, the measured $ per 1K, the model identity and whether it changed since the
// session before. load() also finds the provider's drift events (analysis/drift.h).
class DriftSeriesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        SessionColumn,
        StartedColumn,
        ModelColumn,
        TtftP95Column,
        E2eP95Column,
        UsdPer1kColumn,
        IdentityColumn, // the reported models and fingerprints, and what changed
        ColumnCount
    };
    enum Role { ValueRole = Qt::UserRole + 1, ModelChangedRole, FingerprintChangedRole };

    explicit DriftSeriesModel(QObject *parent = nullptr);

    // The provider's points in every session of the database; false with *error set.
    bool load(const SessionRepository &repo, const QString &provider, QString *error);
    void setPoints(std::vector<DriftPoint> points);
    // The points of a provider read elsewhere (off the UI thread, say).
    void setLoaded(const QString &provider, std::vector<DriftPoint> points);
    const std::vector<DriftSeriesPoint> &series() const { return m_series; }
    // The drift events between the loaded sessions.
    const std::vector<DriftEvent> &events() const { return m_events; }
    const QString &provider() const { return m_provider; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString m_provider;
    std::vector<DriftSeriesPoint> m_series;
    std::vector<DriftEvent> m_events;
};

} // namespace ys
