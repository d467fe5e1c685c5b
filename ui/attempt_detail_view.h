#pragma once

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QTableView;

namespace ys {

struct AttemptDetail;
class AttemptDetailModel;
class StreamTimelineChart;

// One attempt opened from the attempts page: its stream timeline, then its facts (phases,
// stream, token reconciliation, response headers, already redacted in core) and its whole error.
class AttemptDetailView : public QDialog {
    Q_OBJECT
public:
    explicit AttemptDetailView(QWidget *parent = nullptr);

    void showAttempt(const QString &title, const AttemptDetail &detail);

    StreamTimelineChart *chart() const { return m_chart; }
    AttemptDetailModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QPlainTextEdit *errorText() const { return m_error; }

private:
    QLabel *m_title;
    StreamTimelineChart *m_chart;
    AttemptDetailModel *m_model;
    QTableView *m_table;
    QPlainTextEdit *m_error;
};

} // namespace ys
