#pragma once

#include <QAction>
#include <QPointer>
#include <functional>

template <typename T> class QFutureWatcher;

namespace ys {

class Workbench;

// File → Save report…: the selected session's analyst's report in one click, as HTML or PDF by
// the file type chosen, in the interface's language or the one the file type names. The words
// and charts are made on the UI thread (a moment); the PDF is laid out and written on a worker
// thread, and the window says when the file is there or why it is not.
class ReportAction : public QAction {
    Q_OBJECT
public:
    ReportAction(Workbench *workbench, QWidget *window);
    ~ReportAction() override;

    // Asks where to save and in which language: false when the analyst cancelled. Tests set one
    // that answers without a dialog.
    using Chooser = std::function<bool(QString *path, QString *language)>;
    void setChooser(Chooser chooser) { m_chooser = std::move(chooser); }

    void retranslate();
    bool isSaving() const;
    // Saves the selected session's report to path, in language ("en", "zh_CN"); the format is
    // the file's suffix (.pdf, else HTML). Returns at once; saved() or failed() follows.
    void save(const QString &path, const QString &language);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

Q_SIGNALS:
    void saved(const QString &path);
    void failed(const QString &message);

private:
    void onTriggered();
    bool choose(QString *path, QString *language);
    void updateEnabled();

    QPointer<Workbench> m_workbench;
    QWidget *m_window;
    Chooser m_chooser;
    QFutureWatcher<QString> *m_watcher;
    QString m_path;
};

} // namespace ys
