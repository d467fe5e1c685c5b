#pragma once

#include "analysis/drift.h"
#include "analysis/drift_series.h"
#include "models/row_table_model.h"

namespace ys {

class SessionRepository;

// One provider across sessions for the drift chart and its table: a row per session with the
// TTFT and E2E P95, the measured $ per 1K, the model identity and whether it changed since the
// session before. load() also finds the provider's drift events (analysis/drift.h).
class DriftSeriesModel : public RowTableModel {
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
    enum Role { ModelChangedRole = FirstOwnRole, FingerprintChangedRole };

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

protected:
    int rows() const override { return int(m_series.size()); }
    QVariant ownData(int row, int column, int role) const override;

private:
    const DriftSeriesPoint &at(int row) const { return m_series[std::size_t(row)]; }
    QString identityText(int row) const;

    QString m_provider;
    std::vector<DriftSeriesPoint> m_series;
    std::vector<DriftEvent> m_events;
};

} // namespace ys
