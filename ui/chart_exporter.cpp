#include "ui/chart_exporter.h"

#include "charts/chart_export.h"
#include "domain/session_info.h"
#include "models/chart_footnote.h"
#include "ui/chart_export_dialog.h"
#include "ui/named_child.h"
#include "workbench/workbench.h"

#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QClipboard>
#include <QEvent>
#include <QMimeData>
#include <QTabWidget>

namespace ys {

namespace {

const char *const kExportName = "actionExportThisChart";
const char *const kCopyName = "actionCopyThisChart";

QAction *viewAction(QChartView *view, const char *name)
{
    for (QAction *action : view->actions()) {
        if (action->objectName() == QLatin1StringView(name))
            return action;
    }
    return nullptr;
}

// Through windows of their own too (an attempt's detail dialog), unlike isAncestorOf.
bool isWithin(const QObject *object, const QObject *ancestor)
{
    for (; object; object = object->parent()) {
        if (object == ancestor)
            return true;
    }
    return false;
}

} // namespace

ChartExporter::ChartExporter(QTabWidget *pages, Workbench *workbench, QWidget *window)
    : QObject(window)
    , m_pages(pages)
    , m_workbench(workbench)
    , m_window(window)
    , m_copy(namedChild<QAction>(QStringLiteral("actionCopyChart"), this))
{
    setObjectName(QStringLiteral("chartExporter"));
    m_copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    connect(m_copy, &QAction::triggered, this, &ChartExporter::copyCurrent);
    window->addAction(m_copy);
    for (QChartView *view : window->findChildren<QChartView *>())
        attach(view);
    // Views made later (an attempt's stream timeline) are found when they are first shown.
    qApp->installEventFilter(this);
    retranslate();
}

ChartExporter::~ChartExporter()
{
    qApp->removeEventFilter(this);
}

bool ChartExporter::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Show) {
        auto *view = qobject_cast<QChartView *>(watched);
        if (view && isWithin(view, m_window) && !viewAction(view, kExportName))
            attach(view);
    }
    return QObject::eventFilter(watched, event);
}

void ChartExporter::attach(QChartView *view)
{
    if (!view || viewAction(view, kExportName))
        return;
    auto *exportAction = new QAction(tr("Export chart…"), view);
    exportAction->setObjectName(QLatin1StringView(kExportName));
    connect(exportAction, &QAction::triggered, this, [this, view] { exportChart(view); });
    auto *copyAction = new QAction(tr("Copy chart"), view);
    copyAction->setObjectName(QLatin1StringView(kCopyName));
    connect(copyAction, &QAction::triggered, this, [this, view] { copyChart(view); });
    view->addAction(exportAction);
    view->addAction(copyAction);
    // A view with a menu of its own shows these in it; the others show just these.
    if (view->contextMenuPolicy() != Qt::CustomContextMenu)
        view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void ChartExporter::retranslate()
{
    m_copy->setText(tr("&Copy chart"));
    for (QChartView *view : m_window->findChildren<QChartView *>()) {
        if (QAction *a = viewAction(view, kExportName))
            a->setText(tr("Export chart…"));
        if (QAction *a = viewAction(view, kCopyName))
            a->setText(tr("Copy chart"));
    }
}

QChartView *ChartExporter::chartOf(QWidget *page)
{
    if (!page)
        return nullptr;
    if (auto *view = qobject_cast<QChartView *>(page))
        return view;
    // Views in tabs not shown are hidden; a view in a window of its own is not the page's.
    for (QChartView *view : page->findChildren<QChartView *>()) {
        if (view->chart() && view->window() == page->window() && view->isVisibleTo(page))
            return view;
    }
    return nullptr;
}

QChartView *ChartExporter::currentChart() const
{
    return m_pages ? chartOf(m_pages->currentWidget()) : nullptr;
}

QString ChartExporter::footnote() const
{
    SessionInfo info;
    if (m_workbench) {
        if (const auto summary = m_workbench->summary())
            info = summary->info;
        else
            info.id = m_workbench->selectedSession();
    }
    return ChartFootnote::text(info);
}

void ChartExporter::exportChart(QChartView *view)
{
    if (!view || !view->chart())
        return;
    ChartExportDialog dialog(view->chart(), footnote(), m_window);
    if (dialog.exec() == QDialog::Accepted)
        Q_EMIT message(tr("Chart saved to %1").arg(dialog.path()));
}

void ChartExporter::copyChart(QChartView *view)
{
    if (!view || !view->chart())
        return;
    ChartExportOptions options = ChartExportDialog::storedOptions();
    options.size = view->size().expandedTo(QSize(400, 250));
    options.dpi = 96; // a pasted picture is placed at the size it was on screen
    options.footnote = footnote();
    QApplication::clipboard()->setMimeData(ChartExport::mimeData(view->chart(), options));
    Q_EMIT message(tr("Chart copied: %1").arg(view->chart()->title()));
}

void ChartExporter::exportCurrent()
{
    if (QChartView *view = currentChart())
        exportChart(view);
    else
        Q_EMIT message(tr("This page shows no chart to export."));
}

void ChartExporter::copyCurrent()
{
    if (QChartView *view = currentChart())
        copyChart(view);
    else
        Q_EMIT message(tr("This page shows no chart to copy."));
}

} // namespace ys
