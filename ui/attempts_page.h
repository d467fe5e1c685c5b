#pragma once

#include "workbench/attempts_presenter.h"

#include <QWidget>
#include <vector>

class QComboBox;
class QLabel;
class QModelIndex;
class QTableView;

namespace ys {

class AttemptDetailView;
class AttemptsModel;
class Workbench;

// A run's attempts: the selected session's runs to pick from (provider, kind, step), an outcome
// filter, and the attempts table, read a page at a time by AttemptsModel. Activating a row
// (double-click, Enter) opens the attempt in an AttemptDetailView. Follows the workbench's
// selected provider: picking one shows its latest run. Every read runs off the UI thread
// (AttemptsPresenter); the line beside the filter says what is being read, or why it failed.
class AttemptsPage : public QWidget {
    Q_OBJECT
public:
    explicit AttemptsPage(Workbench *workbench, QWidget *parent = nullptr);

    QComboBox *runPicker() const { return m_runs; }
    QComboBox *outcomeFilter() const { return m_outcomes; }
    QTableView *table() const { return m_table; }
    AttemptsModel *model() const { return m_model; }
    // Null until an attempt was opened.
    AttemptDetailView *detailView() const { return m_detail; }
    // The run shown, 0 for none.
    qint64 currentRun() const;
    // Shows that run (false when it is not one of the selected session's).
    bool selectRun(qint64 runId);
    // Opens the attempt of that table row, once it is read.
    void openAttempt(const QModelIndex &index);
    // Whether the runs, the outcome counts, an attempt or the table's rows are being read (off
    // the UI thread).
    bool isLoading() const;

protected:
    // The page reads its runs and counts when shown: while hidden it only notes what changed.
    void showEvent(QShowEvent *event) override;

private:
    void reloadRuns();
    void showRuns(std::vector<AttemptRunChoice> runs);
    void showProvidersLatestRun(const QString &provider);
    // The provider's latest run of the session, 0 for none.
    qint64 latestRunOf(const QString &provider) const;
    void runChosen();
    void showOutcomes(qint64 run, const AttemptsPresenter::Counts &counts);
    // The model's filter from the outcome box; with a run, that run's attempts.
    void applyFilter(std::optional<qint64> run);
    void outcomeChosen();
    void updateCount();
    const AttemptRunChoice *choiceOf(qint64 runId) const;

    Workbench *m_workbench;
    AttemptsPresenter *m_presenter;
    QComboBox *m_runs;
    QComboBox *m_outcomes;
    QLabel *m_count;
    QTableView *m_table;
    AttemptsModel *m_model;
    AttemptDetailView *m_detail = nullptr;
    std::vector<AttemptRunChoice> m_choices;
    bool m_runsStale = false;     // the session changed while the page was hidden
    bool m_providerStale = false; // so did the selected provider (or while the runs were read)
};

} // namespace ys
