#pragma once

#include <QObject>
#include <QPointer>
#include <functional>

class QAction;
class QWidget;

namespace ys {

class Workbench;

// File → Export session bundle… and Import session bundle… (docs/bundles.md): the selected
// session to a bundle file, or a bundle file into the open database (then selected).
class BundleActions : public QObject {
    Q_OBJECT
public:
    BundleActions(Workbench *workbench, QWidget *window);

    QAction *exportAction() const { return m_export; }
    QAction *importAction() const { return m_import; }
    // Asks for a file (save: where to write): empty when the analyst cancelled. Tests set one
    // that answers without a dialog.
    using Chooser = std::function<QString(bool save)>;
    void setChooser(Chooser chooser) { m_chooser = std::move(chooser); }
    void retranslate();

Q_SIGNALS:
    void message(const QString &text);
    void failed(const QString &message);

private:
    QString choose(bool save);
    void exportBundle();
    void importBundle();

    QPointer<Workbench> m_workbench;
    QWidget *m_window;
    QAction *m_export;
    QAction *m_import;
    Chooser m_chooser;
};

} // namespace ys
