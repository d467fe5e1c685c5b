#pragma once

#include "workbench/history_presenter.h"

#include <QStringList>
#include <QWidget>
#include <vector>

class QComboBox;
class QLabel;
class QTableView;

namespace ys {

class HistoryWindowChart;
class HistoryWindowModel;
class Workbench;

// The History page's medians over time: each provider's medians over the finished sessions of a
// suite, by window of an hour, six hours or a day (the trend), or by UTC hour of the day (a
// time-of-day effect), as `yardstick-cli history` gives them: a table, and one figure of it as a
// line per provider. The rows of the selected provider are selected in the table.
class HistoryWindowView : public QWidget {
    Q_OBJECT
public:
    HistoryWindowView(Workbench *workbench, HistoryPresenter *presenter, QWidget *parent = nullptr);

    // The suites the sessions belong to, for the suite choice ("every suite" first); reads the
    // medians again.
    void setSuites(const QStringList &suites);
    // Reads the medians now when shown, else when next shown: the read summarises every finished
    // session, too much to do for a tab nobody looks at.
    void reload();

    QComboBox *groupingBox() const { return m_grouping; }
    QComboBox *suiteBox() const { return m_suite; }
    QComboBox *figureBox() const { return m_figure; }
    HistoryWindowModel *model() const { return m_model; }
    HistoryWindowChart *chart() const { return m_chart; }
    QTableView *table() const { return m_table; }
    QString message() const;

Q_SIGNALS:
    // The medians read were shown (or the problem, in message()).
    void loaded();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void showRows(std::vector<HistoryWindowRow> rows, HistoryGrouping grouping,
                  const QString &error);
    void redraw();
    void selectProvider(const QString &provider);

    Workbench *m_workbench;
    HistoryPresenter *m_presenter;
    QComboBox *m_grouping;
    QComboBox *m_suite;
    QComboBox *m_figure;
    QLabel *m_message;
    HistoryWindowModel *m_model;
    QTableView *m_table;
    HistoryWindowChart *m_chart;
    bool m_stale = true;
};

} // namespace ys
