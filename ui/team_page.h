#pragma once

#include "workbench/team_presenter.h"

#include <QTimer>
#include <QWidget>
#include <functional>
#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace ys {

class QueueItemsModel;
class SchedulesModel;
class TeamPresenter;
class WorkersModel;
class Workbench;

// The team store (docs/workers.md) as the analyst sees it: the store (the workbench's own
// database, or a PostgreSQL team store connected to here), its run queue, the workers that claim
// its items with their heartbeats and leases, and its schedules, which the page adds and
// removes. Read in the background, again every few seconds while the page is shown.
class TeamPage : public QWidget {
    Q_OBJECT
public:
    static constexpr int kRefreshMs = 5000;

    explicit TeamPage(Workbench *workbench, QWidget *parent = nullptr);

    TeamPresenter *presenter() const { return m_presenter; }
    QueueItemsModel *queueModel() const { return m_queue; }
    WorkersModel *workersModel() const { return m_workers; }
    SchedulesModel *schedulesModel() const { return m_schedules; }
    QString message() const;
    // Reads the store now.
    void refresh();
    // Replaces the suite file dialog (for tests).
    void setChooser(std::function<QString()> chooser) { m_chooser = std::move(chooser); }

Q_SIGNALS:
    // A read of the store arrived (or failed: message() says why).
    void refreshed();

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    QWidget *buildSchedules();
    void connectStore();
    void addSchedule();
    void removeSchedule();
    void show(std::optional<TeamSnapshot> snapshot, const QString &error);

    TeamPresenter *m_presenter;
    QueueItemsModel *m_queue;
    WorkersModel *m_workers;
    SchedulesModel *m_schedules;
    QLineEdit *m_store;
    QLabel *m_message;
    QTableView *m_scheduleTable = nullptr;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_suite = nullptr;
    QLineEdit *m_every = nullptr;
    QLineEdit *m_at = nullptr;
    QTimer m_timer;
    std::function<QString()> m_chooser;
};

} // namespace ys
