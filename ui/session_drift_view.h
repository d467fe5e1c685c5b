#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace ys {

class DriftModel;
class Workbench;

// The selected session's drift against the earlier sessions of the same providers (TTFT, E2E,
// throughput and cost that moved significantly, a model or fingerprint that changed), from the
// workbench's view of the session: the same events `show` and the report print.
class SessionDriftView : public QWidget {
    Q_OBJECT
public:
    explicit SessionDriftView(Workbench *workbench, QWidget *parent = nullptr);

    DriftModel *model() const { return m_model; }
    QString message() const;

private:
    void refresh();

    Workbench *m_workbench;
    QLabel *m_message;
    QTableView *m_table;
    DriftModel *m_model;
};

} // namespace ys
