#pragma once

#include "domain/provider_labels.h"
#include "storage/history_window.h"

#include <QChartView>
#include <QStringList>
#include <vector>

class QAbstractAxis;
class QChart;
class QDateTimeAxis;
class QValueAxis;

namespace ys {

// One figure of each provider's medians by group (storage/history_window.h) as a line per
// provider: over the windows' start times, or over the 24 hours of the day (UTC), where a
// time-of-day effect shows as a hump at the busy hours.
class HistoryWindowChart : public QChartView {
    Q_OBJECT
public:
    enum class Figure { TtftP50, E2eP50, TokensPerS };

    explicit HistoryWindowChart(QWidget *parent = nullptr);

    // labels gives each provider's legend text (the short labels of the session shown); the
    // lines keep the full names.
    void setRows(const std::vector<HistoryWindowRow> &rows, HistoryGrouping grouping, Figure figure,
                 const ProviderLabels *labels = nullptr);
    // The providers drawn, in the order their lines are, and how many points each line has.
    const QStringList &providers() const { return m_providers; }
    int pointCount(const QString &provider) const;
    // The figure's value of a provider's line at a point's x (a window's start in ms since the
    // epoch, or an hour of the day); NaN where there is none.
    double valueAt(const QString &provider, double x) const;

private:
    QChart *m_chart = nullptr;
    QDateTimeAxis *m_timeAxis = nullptr;
    QValueAxis *m_hourAxis = nullptr;
    QValueAxis *m_yAxis = nullptr;
    QStringList m_providers;
};

} // namespace ys
