#include "ui/screen_walk.h"

#include "models/session_list_model.h"
#include "ui/main_window.h"
#include "workbench/background_reader.h"
#include "workbench/workbench.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QTabWidget>
#include <QThread>

namespace ys {

namespace {

// Time for charts to lay out their legends and axes after a page is shown.
constexpr int kSettleMs = 250;
// The longest a page's reads may take before the walk goes on without them.
constexpr int kReadWaitMs = 120000;

QString fileStem(const QWidget *widget, int index)
{
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9_-]+"));
    QString name = widget->objectName();
    name.replace(unsafe, QStringLiteral("-"));
    if (name.isEmpty())
        name = QStringLiteral("tab");
    return QStringLiteral("%1-%2").arg(index, 2, 10, QLatin1Char('0')).arg(name);
}

// A page reads its figures off the UI thread: what is shown waits for them.
void waitForReads(const Workbench &workbench)
{
    QElapsedTimer clock;
    clock.start();
    while (workbench.reader() && workbench.reader()->busy() && clock.elapsed() < kReadWaitMs)
        settle(20);
    settle(kSettleMs);
}

} // namespace

void settle(int ms)
{
    QElapsedTimer clock;
    clock.start();
    do {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QThread::msleep(2);
    } while (clock.elapsed() < ms);
}

bool waitForNewestSession(Workbench &workbench)
{
    QElapsedTimer clock;
    clock.start();
    while ((workbench.loadingSession() || !workbench.summary()) &&
           workbench.sessionModel()->rowCount() > 0 && clock.elapsed() < kReadWaitMs)
        settle(50);
    const auto summary = workbench.summary();
    if (!summary)
        return false;
    // The first provider whose server metrics were read, when one was: every view then has the
    // selected provider's data to show, the server's timeline too.
    if (!summary->serverGauges.empty())
        workbench.selectProvider(summary->serverGauges.front().provider);
    else if (!summary->providers.empty())
        workbench.selectProvider(summary->providers.front().name);
    return true;
}

bool walkWindow(MainWindow &window, const Workbench &workbench,
                const std::function<bool(const QString &stem, QWidget *shown)> &visit)
{
    QTabWidget *pages = window.pages();
    for (int p = 0; p < pages->count(); ++p) {
        pages->setCurrentIndex(p);
        QWidget *page = pages->widget(p);
        const QString stem = fileStem(page, p);
        waitForReads(workbench);
        if (!visit(stem, page))
            return false;
        // Every tab widget inside the page, outermost first, with each of its tabs in turn.
        const auto tabWidgets = page->findChildren<QTabWidget *>();
        for (QTabWidget *tabs : tabWidgets) {
            if (!tabs->isVisibleTo(&window))
                continue;
            const QString tabsStem = stem + QLatin1Char('-') + fileStem(tabs, 0).mid(3);
            for (int t = 0; t < tabs->count(); ++t) {
                tabs->setCurrentIndex(t);
                waitForReads(workbench);
                if (!visit(tabsStem + QLatin1Char('-') + fileStem(tabs->widget(t), t),
                           tabs->widget(t)))
                    return false;
            }
            tabs->setCurrentIndex(0);
        }
    }
    pages->setCurrentIndex(0);
    return true;
}

} // namespace ys
