#pragma once

#include <QStatusBar>

class QLabel;
class QProgressBar;
class QToolButton;

namespace ys {

// The status bar while a session runs: what is running, a progress bar and a cancel button.
class RunStatusBar : public QStatusBar {
    Q_OBJECT
public:
    explicit RunStatusBar(QWidget *parent = nullptr);

    void setRunning(bool running);
    // etaMs: time left at the pace so far, or -1 while unknown.
    void setProgress(int done, int total, const QString &provider, qint64 etaMs = -1);
    QProgressBar *progressBar() const { return m_progress; }

Q_SIGNALS:
    void cancelRequested();

private:
    QLabel *m_label;
    QProgressBar *m_progress;
    QToolButton *m_cancel;
};

} // namespace ys
