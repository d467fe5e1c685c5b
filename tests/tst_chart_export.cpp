// Chart export: PNG with its size and DPI, SVG, PDF and the clipboard, in the current and the
// print theme, with the footnote; from a chart never shown and from the charts of the
// workbench's window, filled by a short real run on the simulator.
#include "charts/chart_export.h"
#include "charts/latency_distribution_chart.h"
#include "charts/pareto_chart.h"
#include "domain/session_info.h"
#include "models/chart_footnote.h"
#include "ui/chart_export_dialog.h"
#include "ui/chart_exporter.h"
#include "ui/main_window.h"
#include "ui/results_page.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"

#include "fixtures.h"
#include "test_main.h"
#include "test_support.h"
#include "workbench_fixtures.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QLegend>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QTimer>
#include <QValueAxis>
#include <QXmlStreamReader>

using namespace ys;

namespace {

// The text of an SVG document, or empty when it is not well-formed XML.
QString svgText(const QByteArray &svg, QString *error)
{
    QXmlStreamReader xml(svg);
    QString text;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isCharacters())
            text += xml.text().toString() + QLatin1Char(' ');
    }
    if (xml.hasError()) {
        *error = xml.errorString();
        return {};
    }
    return text;
}

// A program of poppler-utils run on a file: its standard output.
QString poppler(const QString &program, const QStringList &arguments)
{
    const QString path = QStandardPaths::findExecutable(program);
    if (path.isEmpty())
        return {};
    QProcess process;
    process.start(path, arguments);
    if (!process.waitForFinished(30000) || process.exitCode() != 0)
        return {};
    // pdftotext writes the ligatures a font drew (ff, fi, fl) as one character each.
    QString out = QString::fromUtf8(process.readAllStandardOutput());
    out.replace(QChar(0xfb00), QStringLiteral("ff"));
    out.replace(QChar(0xfb01), QStringLiteral("fi"));
    out.replace(QChar(0xfb02), QStringLiteral("fl"));
    return out;
}

// Two named series with titled axes, never put in a window.
QChart *offscreenChart()
{
    auto *chart = new QChart;
    chart->setTitle(QStringLiteral("Offscreen title"));
    auto *x = new QValueAxis;
    x->setTitleText(QStringLiteral("Prompt tokens"));
    x->setRange(0, 10);
    auto *y = new QValueAxis;
    y->setTitleText(QStringLiteral("TTFT (ms)"));
    y->setRange(0, 100);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (const QString &name : {QStringLiteral("Alpha"), QStringLiteral("Beta")}) {
        auto *series = new QLineSeries;
        series->setName(name);
        for (int i = 0; i <= 10; ++i)
            series->append(i, name == QLatin1StringView("Alpha") ? i * 9 : 90 - i * 8);
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    chart->setBackgroundBrush(QColor(0x20, 0x20, 0x28)); // a dark theme's
    return chart;
}

const QString kAlpha = QStringLiteral("Alpha Cloud");
const QString kBeta = QStringLiteral("Beta Labs");

QStringList actionNames(const QList<QAction *> &actions)
{
    QStringList names;
    for (const QAction *a : actions)
        names << a->objectName();
    return names;
}

// A top-level widget of that type and name shown now (a dialog or message box being run).
template <typename T> T *shown(const QString &name)
{
    for (QWidget *w : QApplication::topLevelWidgets()) {
        if (auto *t = qobject_cast<T *>(w); t && t->isVisible() && t->objectName() == name)
            return t;
    }
    return nullptr;
}

QStringList entriesOf(const QString &folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
}

} // namespace

class TstChartExport : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QTemporaryDir m_config;
    std::unique_ptr<SimHost> m_sim;
    std::unique_ptr<Workbench> m_workbench;
    std::unique_ptr<MainWindow> m_window;

    ResultsPage *results() const { return m_window->resultsPage(); }
    ParetoChart *pareto() const { return results()->paretoChart(); }
    QString file(const QString &name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    // Two simulated providers run a short latency scenario into a real SQLite file; the window
    // shows the session.
    void initTestCase()
    {
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_config.path());
        QCoreApplication::setOrganizationName(QStringLiteral("YardstickTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_chart_export"));
        QSettings().clear();
        test::ProfileShape fast, slow;
        fast.ttftMedianMs = fast.ttftP95Ms = 5;
        slow.ttftMedianMs = slow.ttftP95Ms = 40;
        slow.seed = 2;
        QString error;
        m_sim = test::startedSim({test::simProfileJson(kAlpha, QStringLiteral("alpha"), fast),
                                  test::simProfileJson(kBeta, QStringLiteral("beta"), slow)});
        if (!m_sim)
            return;
        Suite suite;
        suite.name = QStringLiteral("chart export");
        test::ProviderExtras cheap, dear;
        cheap.price = Price(0.5, 1.5);
        dear.price = Price(3.0, 10.0);
        suite.providers = {
            test::simProvider(kAlpha, m_sim->baseUrl(), QStringLiteral("alpha"), dear),
            test::simProvider(kBeta, m_sim->baseUrl(), QStringLiteral("beta"), cheap)};
        suite.scenarios = {test::latencyProbe(8, 2, 16, 20000)};
        suite.requirements = Requirements::none();
        m_workbench = std::make_unique<Workbench>(file(QStringLiteral("charts.sqlite")));
        QVERIFY2(m_workbench->open(&error), qPrintable(error));
        m_window = std::make_unique<MainWindow>(m_workbench.get());
        m_window->resize(1200, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        if (!test::runSuiteAndWaitForSummary(*m_workbench, suite, 120000 * test::kSlow))
            return;
        m_window->pages()->setCurrentWidget(results());
        results()->charts()->setCurrentIndex(0);
        QCOMPARE(pareto()->pointCount(), 2);
    }

    void footnoteNamesSessionMethodAndVersion()
    {
        SessionInfo info;
        info.id = 42;
        info.suiteName = QStringLiteral("procurement");
        info.startedAt = QDateTime(QDate(2026, 3, 4), QTime(5, 6), QTimeZone::utc());
        const QString text = ChartFootnote::text(info);
        QVERIFY2(text.contains(QLatin1StringView("Session 42")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1StringView("procurement")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1StringView("2026-03-04 05:06 UTC")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1StringView("closest ranks")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1StringView("Yardstick ") + ChartFootnote::version()),
                 qPrintable(text));
        QVERIFY(ChartFootnote::text(SessionInfo()).contains(QLatin1StringView("No session")));
    }

    void offscreenChartRendersEveryFormat()
    {
        std::unique_ptr<QChart> chart(offscreenChart());
        ChartExportOptions options;
        options.footnote = QStringLiteral("Footnote line");

        const QImage image = ChartExport::image(chart.get(), QSize(900, 500), 300, options);
        QCOMPARE(image.size(), QSize(900, 500));
        // To look at it: YS_TST_IMAGE_DIR names a folder that keeps it.
        if (const QString keep = qEnvironmentVariable("YS_TST_IMAGE_DIR"); !keep.isEmpty())
            image.save(keep + QStringLiteral("/offscreen.png"));
        QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), 300);
        QCOMPARE(qRound(image.dotsPerMeterY() * 0.0254), 300);
        QVERIFY(!chart->scene()); // lent to a scene for the drawing only

        QString error;
        const QString text =
            svgText(ChartExport::svg(chart.get(), QSize(800, 480), options), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        for (const char *expected :
             {"Offscreen title", "Alpha", "Beta", "Prompt tokens", "TTFT (ms)", "Footnote line"})
            QVERIFY2(
                text.contains(QLatin1StringView(expected)),
                qPrintable(QStringLiteral("%1 not in %2").arg(QLatin1StringView(expected), text)));

        options.format = ChartFormat::Pdf;
        const QString pdf = m_dir.filePath(QStringLiteral("offscreen.pdf"));
        QVERIFY2(ChartExport::save(chart.get(), pdf, options, &error), qPrintable(error));
        const QString info = poppler(QStringLiteral("pdfinfo"), {pdf});
        QVERIFY2(info.contains(QRegularExpression(QStringLiteral("Pages:\\s+1\\b"))),
                 qPrintable(info));
        const QString pdfText = poppler(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
        for (const char *expected : {"Offscreen title", "Alpha", "Beta", "Footnote line"})
            QVERIFY2(pdfText.contains(QLatin1StringView(expected)), qPrintable(pdfText));
    }

    void printThemeIsWhiteAndRestored()
    {
        std::unique_ptr<QChart> chart(offscreenChart());
        chart->resize(640, 400);
        const QBrush background = chart->backgroundBrush();
        const QBrush title = chart->titleBrush();
        ChartExportOptions options;
        options.theme = ChartTheme::Print;
        const QImage print = ChartExport::image(chart.get(), QSize(600, 400), 96, options);
        QCOMPARE(print.pixelColor(2, 2), QColor(Qt::white));
        QCOMPARE(chart->backgroundBrush(), background);
        QCOMPARE(chart->titleBrush(), title);
        QCOMPARE(chart->size(), QSizeF(640, 400));
        options.theme = ChartTheme::Current;
        const QImage current = ChartExport::image(chart.get(), QSize(600, 400), 96, options);
        QCOMPARE(current.pixelColor(2, 2), QColor(0x20, 0x20, 0x28));
    }

    void everyChartViewHasTheMenuEntries()
    {
        const QList<QChartView *> views = m_window->findChildren<QChartView *>();
        // Pareto, context scaling, CDF and box, concurrency, cost, drift, TCO, live TTFT and
        // throughput.
        QVERIFY2(views.size() >= 10, qPrintable(QString::number(views.size())));
        for (QChartView *view : views) {
            const QStringList names = actionNames(view->actions());
            const QString what = view->chart()->title() + QLatin1Char(' ') + names.join(u',');
            QVERIFY2(names.contains(QStringLiteral("actionExportThisChart")), qPrintable(what));
            QVERIFY2(names.contains(QStringLiteral("actionCopyThisChart")), qPrintable(what));
            QVERIFY2(view->contextMenuPolicy() == Qt::ActionsContextMenu ||
                         view->contextMenuPolicy() == Qt::CustomContextMenu,
                     qPrintable(what));
        }
        // The Pareto point's menu keeps its own entries and adds them.
        std::unique_ptr<QMenu> menu(pareto()->contextMenuFor(kAlpha, nullptr));
        const QStringList entries = actionNames(menu->actions());
        for (const char *name :
             {"actionRerunThisProvider", "actionExportThisChart", "actionCopyThisChart"})
            QVERIFY2(entries.contains(QLatin1StringView(name)), qPrintable(entries.join(u',')));
        // A view made later (an attempt's stream timeline) has them once shown.
        QDialog detail(m_window.get());
        auto *late = new QChartView(new QChart, &detail);
        QVERIFY(late->actions().isEmpty());
        detail.show();
        QVERIFY(actionNames(late->actions()).contains(QStringLiteral("actionCopyThisChart")));
        QCOMPARE(late->contextMenuPolicy(), Qt::ActionsContextMenu);
    }

    void resultsChartExportsInEveryFormat()
    {
        QChart *chart = pareto()->view()->chart();
        const QString footnote = m_window->chartExporter()->footnote();
        const QString session = QStringLiteral("Session %1").arg(m_workbench->selectedSession());
        QVERIFY2(footnote.contains(session), qPrintable(footnote));
        ChartExportDialog dialog(chart, footnote);
        ChartExportOptions o;
        o.size = QSize(1600, 1000);
        o.dpi = 200;
        dialog.setOptions(o);
        dialog.setPath(file(QStringLiteral("pareto.png")));
        QString error;
        QVERIFY2(dialog.save(&error), qPrintable(error));
        const QImage png(file(QStringLiteral("pareto.png")));
        if (const QString keep = qEnvironmentVariable("YS_TST_IMAGE_DIR"); !keep.isEmpty())
            png.save(keep + QStringLiteral("/pareto.png"));
        QCOMPARE(png.size(), QSize(1600, 1000));
        QCOMPARE(qRound(png.dotsPerMeterX() * 0.0254), 200);

        o.format = ChartFormat::Svg;
        o.size = QSize(1000, 700);
        dialog.setOptions(o);
        dialog.setPath(file(QStringLiteral("pareto.svg")));
        QVERIFY2(dialog.save(&error), qPrintable(error));
        QFile svgFile(file(QStringLiteral("pareto.svg")));
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QString svg = svgText(svgFile.readAll(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        for (const QString &expected : {chart->title(), kAlpha, kBeta, session})
            QVERIFY2(svg.contains(expected), qPrintable(expected + QStringLiteral(" in ") + svg));

        o.format = ChartFormat::Pdf;
        dialog.setOptions(o);
        dialog.setPath(file(QStringLiteral("pareto.pdf")));
        QVERIFY2(dialog.save(&error), qPrintable(error));
        const QString pdf = file(QStringLiteral("pareto.pdf"));
        if (const QString keep = qEnvironmentVariable("YS_TST_IMAGE_DIR"); !keep.isEmpty())
            QFile::copy(pdf, keep + QStringLiteral("/pareto.pdf"));
        const QString info = poppler(QStringLiteral("pdfinfo"), {pdf});
        QVERIFY2(!info.isEmpty(), "pdfinfo (poppler-utils) is missing or failed");
        QVERIFY2(info.contains(QRegularExpression(QStringLiteral("Pages:\\s+1\\b"))),
                 qPrintable(info));
        const QString text =
            poppler(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")}).simplified();
        for (const QString &expected :
             {chart->title(), kAlpha, kBeta, session, ChartFootnote::percentileMethod(),
              QStringLiteral("Yardstick ") + ChartFootnote::version()})
            QVERIFY2(text.contains(expected), qPrintable(expected + QStringLiteral(" in ") + text));
    }

    void printThemeGivesAWhiteBackground()
    {
        QChart *chart = pareto()->view()->chart();
        const QBrush kept = chart->backgroundBrush();
        chart->setBackgroundBrush(QColor(30, 30, 30)); // as a dark palette colours it
        ChartExportOptions o;
        o.theme = ChartTheme::Print;
        const QImage print = ChartExport::image(chart, QSize(800, 500), 96, o);
        o.theme = ChartTheme::Current;
        const QImage current = ChartExport::image(chart, QSize(800, 500), 96, o);
        chart->setBackgroundBrush(kept);
        QCOMPARE(print.pixelColor(3, 3), QColor(Qt::white));
        QCOMPARE(current.pixelColor(3, 3), QColor(30, 30, 30));
    }

    void copyPutsImageAndSvgOnTheClipboard()
    {
        results()->charts()->setCurrentIndex(0);
        QApplication::clipboard()->clear();
        QVERIFY(m_window->chartExporter()->copyAction()->isEnabled());
        m_window->chartExporter()->copyAction()->trigger();
        const QMimeData *data = QApplication::clipboard()->mimeData();
        QVERIFY(data);
        QVERIFY(data->hasImage());
        QVERIFY(!qvariant_cast<QImage>(data->imageData()).isNull());
        QVERIFY(data->hasFormat(QStringLiteral("image/svg+xml")));
        QString error;
        const QString svg = svgText(data->data(QStringLiteral("image/svg+xml")), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(svg.contains(pareto()->view()->chart()->title()));
    }

    // Ctrl+E on the Results page opens the dialog for the chart tab shown; its choices are kept.
    void exportActionSavesTheCurrentChartThroughTheDialog()
    {
        results()->charts()->setCurrentIndex(1);
        QChartView *current = m_window->chartExporter()->currentChart();
        QVERIFY(current);
        QCOMPARE(current, results()->currentChartView());
        const QString path = file(QStringLiteral("via-dialog.svg"));
        bool filled = false;
        QTimer::singleShot(0, this, [&] {
            auto *dialog = shown<ChartExportDialog>(QStringLiteral("chartExportDialog"));
            if (!dialog)
                return;
            auto *format = dialog->findChild<QComboBox *>(QStringLiteral("chartFormat"));
            format->setCurrentIndex(format->findData(int(ChartFormat::Svg)));
            auto *theme = dialog->findChild<QComboBox *>(QStringLiteral("chartTheme"));
            theme->setCurrentIndex(theme->findData(int(ChartTheme::Print)));
            dialog->findChild<QSpinBox *>(QStringLiteral("chartWidth"))->setValue(900);
            dialog->findChild<QSpinBox *>(QStringLiteral("chartHeight"))->setValue(600);
            dialog->findChild<QLineEdit *>(QStringLiteral("chartPath"))->setText(path);
            filled = true;
            dialog->accept();
        });
        m_window->exportChartAction()->trigger();
        QVERIFY(filled);
        QVERIFY(QFile::exists(path));
        const ChartExportOptions kept = ChartExportDialog::storedOptions();
        QCOMPARE(kept.format, ChartFormat::Svg);
        QCOMPARE(kept.theme, ChartTheme::Print);
        QCOMPARE(kept.size, QSize(900, 600));
        QCOMPARE(QDir(ChartExportDialog::storedFolder()), QDir(m_dir.path()));
        results()->charts()->setCurrentIndex(0);
    }

    void badInputSaysSoAndLeavesNoFile()
    {
        const QString folder = file(QStringLiteral("bad"));
        QVERIFY(QDir().mkpath(folder));
        QFile blocker(folder + QStringLiteral("/blocker"));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        ChartExportDialog dialog(pareto()->view()->chart(), QString());
        ChartExportOptions o;
        dialog.setOptions(o);
        QString error;
        const QString unwritable = folder + QStringLiteral("/blocker/chart.png");
        dialog.setPath(unwritable);
        QVERIFY(!dialog.save(&error));
        QVERIFY2(error.contains(unwritable), qPrintable(error));

        o.size = QSize(0, 500);
        dialog.setOptions(o);
        dialog.setPath(folder + QStringLiteral("/zero.png"));
        QVERIFY(!dialog.save(&error));
        QVERIFY2(error.startsWith(QLatin1StringView("Size")), qPrintable(error));

        o.size = QSize(800, 500);
        dialog.setOptions(o);
        dialog.setPath(folder + QStringLiteral("/chart.bmp"));
        QVERIFY(!dialog.save(&error));
        QVERIFY2(error.contains(QLatin1StringView("unknown extension")), qPrintable(error));

        // Save in the dialog: a message box says what is wrong, and the dialog stays.
        QString said;
        QTimer::singleShot(0, this, [&] {
            if (auto *box = shown<QMessageBox>(QStringLiteral("chartExportProblem"))) {
                said = box->text();
                box->accept();
            }
        });
        dialog.setPath(unwritable);
        dialog.show();
        dialog.accept();
        QVERIFY2(said.contains(unwritable), qPrintable(said));
        QVERIFY(dialog.isVisible());
        QCOMPARE(entriesOf(folder), QStringList{QStringLiteral("blocker")});
    }

    void exportLeavesTheChartOnScreenAsItWas()
    {
        results()->charts()->setCurrentIndex(0);
        QChartView *view = pareto()->view();
        QCoreApplication::processEvents();
        const QImage before = view->grab().toImage();
        const QSizeF size = view->chart()->size();
        auto *distribution = results()->findChild<LatencyDistributionChart *>();
        QVERIFY(distribution);
        QVERIFY(!distribution->boxChart()->legend()->isVisible());
        ChartExportOptions o;
        o.theme = ChartTheme::Print;
        o.footnote = QStringLiteral("footnote");
        QVERIFY(!ChartExport::image(view->chart(), QSize(2000, 1200), 300, o).isNull());
        QVERIFY(!ChartExport::svg(view->chart(), QSize(500, 300), o).isEmpty());
        QVERIFY(!ChartExport::pdf(view->chart(), o).isEmpty());
        QVERIFY(!ChartExport::svg(distribution->boxChart(), QSize(500, 300), o).isEmpty());
        QCoreApplication::processEvents();
        QCOMPARE(view->chart()->size(), size);
        QCOMPARE(view->grab().toImage(), before);
        QVERIFY(!distribution->boxChart()->legend()->isVisible());
    }
};

YS_TEST_MAIN(TstChartExport)
#include "tst_chart_export.moc"
