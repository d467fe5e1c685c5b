#include "report_action.h"

#include "charts/report_document.h"
#include "workbench/app_settings.h"
#include "workbench/workbench.h"

#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMessageBox>
#include <QtConcurrent>

namespace ys {

namespace {

// The language the window speaks: the one chosen in the settings, else the system's.
QString interfaceLanguage()
{
    return AppSettings().locale().language() == QLocale::Chinese ? QStringLiteral("zh_CN")
                                                                 : QStringLiteral("en");
}

} // namespace

ReportAction::ReportAction(Workbench *workbench, QWidget *window)
    : QAction(window)
    , m_workbench(workbench)
    , m_window(window)
    , m_watcher(new QFutureWatcher<QString>(this))
{
    setObjectName(QStringLiteral("actionSaveReport"));
    retranslate();
    connect(this, &QAction::triggered, this, &ReportAction::onTriggered);
    connect(workbench, &Workbench::summaryChanged, this, &ReportAction::updateEnabled);
    connect(workbench, &Workbench::selectedSessionChanged, this, &ReportAction::updateEnabled);
    connect(m_watcher, &QFutureWatcher<QString>::finished, this, [this] {
        const QString error = m_watcher->result();
        updateEnabled();
        if (error.isEmpty())
            Q_EMIT saved(m_path);
        else
            Q_EMIT failed(error);
    });
    updateEnabled();
    window->installEventFilter(this); // the window hears of a language change, an action not
}

bool ReportAction::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        retranslate();
    return QAction::eventFilter(watched, event);
}

ReportAction::~ReportAction()
{
    m_watcher->waitForFinished();
}

void ReportAction::retranslate()
{
    setText(tr("Save &report…"));
    setToolTip(tr("Save the selected session's report as HTML or PDF"));
}

bool ReportAction::isSaving() const
{
    return m_watcher->isRunning();
}

void ReportAction::updateEnabled()
{
    setEnabled(m_workbench && m_workbench->summary() && !isSaving());
}

bool ReportAction::choose(QString *path, QString *language)
{
    if (m_chooser)
        return m_chooser(path, language);
    const QStringList filters{tr("HTML report, English (*.html)"),
                              tr("HTML report, Chinese (*.html)"),
                              tr("PDF report, English (*.pdf)"), tr("PDF report, Chinese (*.pdf)")};
    QString filter = filters.at(interfaceLanguage() == QLatin1StringView("zh_CN") ? 1 : 0);
    const QString suggested =
        QStringLiteral("report-session-%1.html").arg(m_workbench->summary()->info.id);
    *path = QFileDialog::getSaveFileName(m_window, tr("Save report"), suggested,
                                         filters.join(QStringLiteral(";;")), &filter);
    if (path->isEmpty())
        return false;
    const int chosen = int(filters.indexOf(filter));
    *language = chosen == 1 || chosen == 3 ? QStringLiteral("zh_CN") : QStringLiteral("en");
    const QString suffix = chosen >= 2 ? QStringLiteral("pdf") : QStringLiteral("html");
    if (QFileInfo(*path).suffix().isEmpty())
        *path += QLatin1Char('.') + suffix;
    return true;
}

void ReportAction::onTriggered()
{
    if (!m_workbench || !m_workbench->summary() || isSaving())
        return;
    QString path;
    QString language = interfaceLanguage();
    if (!choose(&path, &language))
        return;
    save(path, language);
}

void ReportAction::save(const QString &path, const QString &language)
{
    const auto summary = m_workbench ? m_workbench->summary() : nullptr;
    if (!summary || isSaving()) {
        Q_EMIT failed(tr("No session is selected."));
        return;
    }
    const ReportFormat format =
        QFileInfo(path).suffix().compare(QLatin1StringView("pdf"), Qt::CaseInsensitive) == 0
            ? ReportFormat::Pdf
            : ReportFormat::Html;
    // The words and charts need this thread (translators, drawing); the writing does not.
    // The workbench's view of the session is complete (drift and the stored suite included).
    ReportDocument document = ReportWriter::prepare(*summary, summary->suite, format, language);
    m_path = path;
    setEnabled(false);
    m_watcher->setFuture(QtConcurrent::run([document = std::move(document), path] {
        QString error;
        return ReportWriter::save(document, path, &error) ? QString() : error;
    }));
}

} // namespace ys
