// bench_ui: the workbench window on a session with a million attempts, on the offscreen
// platform. Measures the time from creating the window to its first paint with the session's
// table, the time until the table holds the session, and the longest stall of the UI thread
// (the largest gap between the ticks of a 5 ms timer) from the first paint until the session is
// shown, and while every page, every tab inside a page and every provider is selected in turn.
// Each figure is the median of --runs windows; goals: first paint under 1 s, stalls under 50 ms.
#include "../analysis/session_generator.h"
#include "bench_common.h"
#include "models/comparison_table_model.h"
#include "ui/main_window.h"
#include "ui/results_page.h"
#include "ui/server_metrics_view.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>

namespace {

using ys::bench::median;

// The largest gap between the ticks of a 5 ms timer on the UI thread, since the last reset.
class StallMeter : public QObject {
public:
    StallMeter()
    {
        m_timer.setInterval(5);
        m_timer.setTimerType(Qt::PreciseTimer);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            m_longestNs = std::max(m_longestNs, now - m_lastNs);
            m_lastNs = now;
        });
        m_clock.start();
        m_timer.start();
    }
    void reset()
    {
        m_lastNs = m_clock.nsecsElapsed();
        m_longestNs = 0;
    }
    // The longest gap so far, counting the one still open.
    double longestMs() const
    {
        return double(std::max(m_longestNs, m_clock.nsecsElapsed() - m_lastNs)) / 1e6;
    }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastNs = 0;
    qint64 m_longestNs = 0;
};

// Notes when a widget paints.
class PaintWatch : public QObject {
public:
    explicit PaintWatch(QWidget *widget) { widget->installEventFilter(this); }
    bool painted = false;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            painted = true;
        return QObject::eventFilter(watched, event);
    }
};

struct RunFigures {
    double firstPaintMs = 0;
    double tableFilledMs = 0;
    double loadingStallMs = 0;
    double interactionStallMs = 0;
    QString slowestStep; // the interaction with the longest stall
    int steps = 0;
};

bool waitFor(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

// One step of interaction: the change, then the UI settles (paints) before the next.
void settle()
{
    QTest::qWait(60);
}

// --steps: each interaction's longest stall is printed as it is measured.
bool printSteps = false;

bool measureOnce(const QString &path, RunFigures *out, QString *error)
{
    StallMeter stall;
    QElapsedTimer clock;
    clock.start();
    ys::Workbench workbench(path);
    if (!workbench.open(error))
        return false;
    ys::MainWindow window(&workbench);
    QTableView *table = window.resultsPage()->table();
    PaintWatch paint(table->viewport());
    window.show();
    if (!waitFor([&] { return paint.painted; }, 60000)) {
        *error = QStringLiteral("the window was never painted");
        return false;
    }
    out->firstPaintMs = double(clock.nsecsElapsed()) / 1e6;
    // From the first paint on: the window is up and the session loads behind it.
    stall.reset();
    if (!waitFor([&] { return workbench.summary() && table->model()->rowCount() > 0; }, 600000)) {
        *error = QStringLiteral("the session's summary never arrived");
        return false;
    }
    paint.painted = false;
    waitFor([&] { return paint.painted; }, 5000);
    out->tableFilledMs = double(clock.nsecsElapsed()) / 1e6;
    settle();
    out->loadingStallMs = stall.longestMs();

    // Every page, every tab inside it, every provider; each step's stall is its own.
    const auto step = [&](const QString &name, const std::function<void()> &change) {
        stall.reset();
        change();
        settle();
        ++out->steps;
        const double ms = stall.longestMs();
        if (printSteps)
            std::printf("  %-48s %7.1f ms\n", qPrintable(name), ms);
        if (ms > out->interactionStallMs) {
            out->interactionStallMs = ms;
            out->slowestStep = name;
        }
    };
    QTabWidget *pages = window.pages();
    for (int p = 0; p < pages->count(); ++p) {
        const QString page = pages->tabText(p);
        step(page, [&] { pages->setCurrentIndex(p); });
        for (QTabWidget *tabs : pages->widget(p)->findChildren<QTabWidget *>())
            for (int t = 0; t < tabs->count(); ++t)
                step(page + QStringLiteral(" / ") + tabs->tabText(t),
                     [&] { tabs->setCurrentIndex(t); });
    }
    pages->setCurrentIndex(0);
    // The Server metrics tab until its timeline (a provider's attempts, read in the background)
    // is drawn: the delivery and the drawing are the UI thread's.
    if (auto *server = window.findChild<ys::ServerMetricsView *>(QStringLiteral("serverMetrics"))) {
        step(QStringLiteral("Results / Server metrics, its timeline drawn"), [&] {
            for (QTabWidget *tabs : window.findChildren<QTabWidget *>())
                if (tabs->indexOf(server) >= 0)
                    tabs->setCurrentWidget(server);
            QElapsedTimer waited;
            waited.start();
            do
                QTest::qWait(20);
            while ((server->timelineLoading() || server->timelineProvider().isEmpty()) &&
                   waited.elapsed() < 60000);
        });
    }
    const auto summary = workbench.summary();
    for (const auto &provider : summary->providers)
        step(QStringLiteral("select ") + provider.name,
             [&] { workbench.selectProvider(provider.name); });
    window.close();
    return true;
}

void report(const char *what, const std::vector<double> &runs, double goal)
{
    const double m = median(runs);
    std::printf("%-44s median %9.1f ms of %zu (min %.1f, max %.1f)", what, m, runs.size(),
                *std::min_element(runs.begin(), runs.end()),
                *std::max_element(runs.begin(), runs.end()));
    if (goal > 0)
        std::printf("; goal %.0f ms, %s", goal, m < goal ? "met" : "missed");
    std::printf("\n");
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Times the workbench window on a session with a million attempts."));
    parser.addHelpOption();
    const QCommandLineOption dbOption(QStringLiteral("db"),
                                      QStringLiteral("The generated database (made when missing)."),
                                      QStringLiteral("file"));
    const QCommandLineOption runsOption(QStringLiteral("runs"),
                                        QStringLiteral("Windows to open (default 5)."),
                                        QStringLiteral("n"), QStringLiteral("5"));
    const QCommandLineOption attemptsOption(
        QStringLiteral("attempts"), QStringLiteral("Attempts per provider (default 100000)."),
        QStringLiteral("n"), QStringLiteral("100000"));
    const QCommandLineOption providersOption(QStringLiteral("providers"),
                                             QStringLiteral("Providers (default 10)."),
                                             QStringLiteral("n"), QStringLiteral("10"));
    const QCommandLineOption stepsOption(QStringLiteral("steps"),
                                         QStringLiteral("Print each interaction's longest stall."));
    parser.addOptions({dbOption, runsOption, attemptsOption, providersOption, stepsOption});
    parser.process(app);
    printSteps = parser.isSet(stepsOption);

    ys::bench::GeneratedShape shape;
    shape.providers = std::max(1, parser.value(providersOption).toInt());
    shape.attemptsPerProvider = std::max(10, parser.value(attemptsOption).toInt());
    // The same file bench_analysis makes, when it is there already.
    const QString path = parser.isSet(dbOption)
                             ? parser.value(dbOption)
                             : QDir(QCoreApplication::applicationDirPath())
                                   .filePath(QStringLiteral("../analysis/bench_analysis.sqlite"));
    QString error;
    QElapsedTimer generation;
    generation.start();
    if (!ys::bench::ensureGeneratedDatabase(path, shape, false, &error)) {
        QTextStream(stderr) << error << Qt::endl;
        return 1;
    }
    if (generation.elapsed() > 1000)
        std::printf("generated %s in %.1f s\n", qPrintable(path), generation.elapsed() / 1000.0);

    // The analyst's own settings are neither read nor changed.
    QTemporaryDir settings;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settings.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings.path());

    const int runs = std::max(1, parser.value(runsOption).toInt());
    std::vector<double> firstPaint, filled, loadingStall, interactionStall;
    int steps = 0;
    for (int r = 0; r < runs; ++r) {
        RunFigures f;
        if (!measureOnce(path, &f, &error)) {
            QTextStream(stderr) << error << Qt::endl;
            return 1;
        }
        std::printf("run %d: first paint %.1f ms, table filled %.1f ms, longest stall %.1f ms "
                    "loading, %.1f ms over %d interactions (the longest: %s)\n",
                    r + 1, f.firstPaintMs, f.tableFilledMs, f.loadingStallMs, f.interactionStallMs,
                    f.steps, qPrintable(f.slowestStep));
        std::fflush(stdout);
        firstPaint.push_back(f.firstPaintMs);
        filled.push_back(f.tableFilledMs);
        loadingStall.push_back(f.loadingStallMs);
        interactionStall.push_back(f.interactionStallMs);
        steps = f.steps;
    }
    const qint64 attempts = qint64(shape.providers) * shape.attemptsPerProvider;
    std::printf("%lld attempts, %d providers; %d interactions per window\n", attempts,
                shape.providers, steps);
    report("first paint of the window with its table", firstPaint, 1000);
    report("table filled with the session (summary)", filled, 0);
    report("longest UI-thread stall while loading", loadingStall, 50);
    report("longest UI-thread stall while interacting", interactionStall, 50);
    return 0;
}
