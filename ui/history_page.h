#pragma once

#include "workbench/history_presenter.h"

#include <QWidget>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QTableView;

namespace ys {

class DriftChart;
class DriftModel;
class DriftSeriesModel;
class HistoryPresenter;
class HistoryWindowView;
class SessionDiffModel;
class Workbench;

// History: two sessions (or two runs, a re-run beside its original) compared provider by
// provider with significance, and one provider across every session (drift) with its model
// identity changes marked. The figures come from core models fed by HistoryPresenter, whose
// reads run off the UI thread.
class HistoryPage : public QWidget {
    Q_OBJECT
public:
    explicit HistoryPage(Workbench *workbench, QWidget *parent = nullptr);

    SessionDiffModel *diffModel() const { return m_diff; }
    DriftSeriesModel *driftSeriesModel() const { return m_series; }
    DriftModel *driftEventModel() const { return m_events; }
    DriftChart *driftChart() const { return m_chart; }
    QComboBox *beforeBox() const { return m_before; }
    QComboBox *afterBox() const { return m_after; }
    QComboBox *driftProviderBox() const { return m_provider; }
    HistoryWindowView *windowView() const { return m_windows; }
    // The combo box row of a source (-1 when not listed): sessionId with runId 0 for a session.
    int rowOf(qint64 sessionId, qint64 runId = 0) const;

    // Reads the sessions and runs again, keeping the choices where they still exist. While the
    // page is hidden it only notes that it is out of date and reads them when shown: the drift
    // reads every session's samples of a provider.
    void reload();
    // Sets a re-run beside the run before it: the provider's last two runs in the session, with
    // a line naming them above the comparison, once the sessions are read again (then
    // rerunShown(); nothing when the session holds fewer than two runs of that provider).
    void showRerun(qint64 sessionId, const QString &provider);
    // Whether the sessions, a comparison or a drift are still being read (off the UI thread).
    bool isLoading() const;

Q_SIGNALS:
    void rerunShown(qint64 sessionId, const QString &provider);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void load();
    void showSources(std::vector<HistorySource> sources, QStringList providers,
                     const QString &error);
    bool applyRerun(qint64 sessionId, const QString &provider);
    void compare();
    void startCompare();
    void showDiff(std::optional<SessionDiff> diff, const QString &error, bool same);
    void showDrift();
    QString sourceLabel(const HistorySource &source) const;

    // The re-run that showRerun() set beside its run before, until the analyst chooses others.
    struct Rerun {
        QString provider;
        qint64 sessionId = 0;
        int afterRun = 0;
        int beforeRun = 0;
    };

    // A re-run to show when the sessions read now arrive.
    struct PendingRerun {
        qint64 sessionId = 0;
        QString provider;
    };

    Workbench *m_workbench;
    HistoryPresenter *m_presenter;
    std::optional<Rerun> m_rerun;
    std::optional<PendingRerun> m_pendingRerun;
    std::vector<HistorySource> m_sources;
    bool m_stale = true;
    QComboBox *m_before;
    QComboBox *m_after;
    QLabel *m_diffMessage;
    QTableView *m_diffTable;
    SessionDiffModel *m_diff;
    QComboBox *m_provider;
    QLabel *m_driftMessage;
    DriftChart *m_chart;
    QTableView *m_seriesTable;
    QTableView *m_eventTable;
    DriftSeriesModel *m_series;
    DriftModel *m_events;
    HistoryWindowView *m_windows;
};

} // namespace ys
