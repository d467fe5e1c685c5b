// Chart export: PNG with its size and DPI, SVG, PDF and the clipboard, in the current and the
// print theme, with the footnote; from a chart never shown and from the charts of the
// workbench's window, filled by a short real run on the simulator.
#include "charts/chart_export.h"
#include "domain/session_info.h"
#include "models/chart_footnote.h"

#include "test_support.h"

#include <QApplication>
#include <QBuffer>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QMimeData>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
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

} // namespace

class TstChartExport : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
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
};

QTEST_MAIN(TstChartExport)
#include "tst_chart_export.moc"
