#include "bundle_actions.h"

#include "ui/named_child.h"
#include "workbench/bundle_io.h"
#include "workbench/workbench.h"

#include <QAction>
#include <QFileDialog>

namespace ys {

BundleActions::BundleActions(Workbench *workbench, QWidget *window)
    : QObject(window)
    , m_workbench(workbench)
    , m_window(window)
    , m_export(namedChild<QAction>(QStringLiteral("actionExportBundle"), this))
    , m_import(namedChild<QAction>(QStringLiteral("actionImportBundle"), this))
{
    connect(m_export, &QAction::triggered, this, &BundleActions::exportBundle);
    connect(m_import, &QAction::triggered, this, &BundleActions::importBundle);
    auto enable = [this] {
        m_export->setEnabled(m_workbench->selectedSession() != 0);
    };
    connect(workbench, &Workbench::selectedSessionChanged, this, enable);
    enable();
    retranslate();
}

void BundleActions::retranslate()
{
    m_export->setText(tr("Export session &bundle…"));
    m_export->setToolTip(tr("Save the selected session, with all its attempts, as one file that "
                            "another database can import"));
    m_import->setText(tr("&Import session bundle…"));
    m_import->setToolTip(tr("Add a session from a bundle file to this database"));
}

QString BundleActions::choose(bool save)
{
    if (m_chooser)
        return m_chooser(save);
    const QString filter = tr("Session bundles (*.ysbundle);;All files (*)");
    return save ? QFileDialog::getSaveFileName(
                      m_window, tr("Export session bundle"),
                      QStringLiteral("session-%1.ysbundle").arg(m_workbench->selectedSession()),
                      filter)
                : QFileDialog::getOpenFileName(m_window, tr("Import session bundle"), QString(),
                                               filter);
}

void BundleActions::exportBundle()
{
    const QString path = choose(true);
    if (path.isEmpty() || !m_workbench)
        return;
    QString error;
    const bool started = BundleIo::exportSelected(
        *m_workbench, path, this,
        [this, path](qint64 session, const QString &why) {
            if (!why.isEmpty())
                Q_EMIT failed(why);
            else
                Q_EMIT message(tr("Session %1 saved to %2").arg(session).arg(path));
        },
        &error);
    if (!started)
        Q_EMIT failed(error);
    else
        Q_EMIT message(
            tr("Saving session %1 to %2…").arg(m_workbench->selectedSession()).arg(path));
}

void BundleActions::importBundle()
{
    const QString path = choose(false);
    if (path.isEmpty() || !m_workbench)
        return;
    QString error;
    const bool started = BundleIo::importInto(
        *m_workbench, path, this,
        [this, path](std::optional<qint64> id, const QString &why) {
            if (!id)
                Q_EMIT failed(why);
            else
                Q_EMIT message(tr("Imported %1 as session %2").arg(path).arg(*id));
        },
        &error);
    if (!started)
        Q_EMIT failed(error);
    else
        Q_EMIT message(tr("Importing %1…").arg(path));
}

} // namespace ys
