// The analyst's report of the demo session (docs/report.md): yardstick-cli report writes it as
// well-formed XHTML with its sections, inline SVG charts naming every provider, every gate and
// every provider's figures as `show --json` has them, and as a PDF whose text holds the
// sections, in English and in Chinese; bad input exits 2 and leaves no file; File → Save
// report… writes the selected session's report in one click.
#include "charts/report_document.h"
#include "charts/report_pdf.h"
#include "cli_runner.h"
#include "report/report_content.h"
#include "report/report_language.h"
#include "report_reader.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"
#include "test_main.h"
#include "test_support.h"
#include "ui/main_window.h"
#include "ui/report_action.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QMessageBox>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextLayout>
#include <QTextTable>
#include <QTimer>
#include <algorithm>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;
using test::HtmlReport;

namespace {

bool hasChinese(const QString &text)
{
    return text.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]")));
}

QString squeezed(QString s)
{
    return s.remove(QRegularExpression(QStringLiteral("\\s+")));
}

} // namespace

class TstReport : public QObject {
    Q_OBJECT

private:
    std::pair<int, QByteArray> runCli(const QStringList &args, int timeoutMs = 60000 * test::kSlow)
    {
        const test::CliResult r = test::runCli(args, timeoutMs);
        m_stderr = r.err;
        return {r.code, r.out};
    }

    // The section titles the report has in this language, in order.
    QStringList titles(const QString &language)
    {
        const ReportLanguage words(language);
        Database db(m_db);
        QString error;
        if (!db.open(&error))
            return {};
        SessionRepository repo(db);
        const auto summary = loadSessionView(repo, m_session, &error);
        if (!summary)
            return {};
        QStringList out;
        for (const ReportSection &s :
             ReportBuilder::build(*summary, summary->suite, {}, language).sections)
            out << s.title;
        return out;
    }

    QString report(const QString &format, const QString &language)
    {
        const QString out = m_dir.filePath(QStringLiteral("report-%1.%2").arg(language, format));
        const auto [code, stdOut] = runCli(
            {QStringLiteral("report"), QStringLiteral("--db"), m_db, QStringLiteral("--session"),
             QString::number(m_session), QStringLiteral("--format"), format,
             QStringLiteral("--out"), out, QStringLiteral("--lang"), language});
        if (code != 0)
            qWarning().noquote() << m_stderr;
        return code == 0 ? out : QString();
    }

    QTemporaryDir m_dir;
    QString m_db;
    qint64 m_session = 0;
    json m_show;
    QString m_stderr;

private Q_SLOTS:
    void initTestCase();
    void html_data();
    void html();
    void pdf_data();
    void pdf();
    void pdfLaidOutForThePage_data();
    void pdfLaidOutForThePage();
    void badInput_data();
    void badInput();
    void saveReportAction();
};

void TstReport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(QStringLiteral("demo.sqlite"));
    // The demo session tst_cli_demo left (ctest runs it first, the fixture demo_session); a copy,
    // so nothing here changes it. Run alone without it, the test runs the demo itself.
    if (const QString shared = test::demoSessionPath(); QFile::exists(shared)) {
        qInfo("the demo session of %s", qPrintable(shared));
        QVERIFY(QFile::copy(shared, m_db));
    } else {
        const auto [code, out] = runCli({QStringLiteral("run"), QStringLiteral("--suite"),
                                         QStringLiteral("demo"), QStringLiteral("--db"), m_db},
                                        240000);
        QVERIFY2(code == 0, qPrintable(m_stderr));
    }
    const auto [showCode, shown] =
        runCli({QStringLiteral("show"), QStringLiteral("--db"), m_db, QStringLiteral("--json")});
    QCOMPARE(showCode, 0);
    m_show = json::parse(shown.toStdString());
    m_session = m_show["session"].get<qint64>();
    QVERIFY(m_show["providers"].size() >= 2);
}

void TstReport::html_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
}

void TstReport::html()
{
    QFETCH(QString, language);
    const QString path = report(QStringLiteral("html"), language);
    QVERIFY(!path.isEmpty());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QString error;
    const HtmlReport r = test::readHtml(file.readAll(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(r.sectionIds, ReportBuilder::sectionIds());
    QCOMPARE(r.headings, titles(language));
    if (language == QLatin1StringView("zh_CN"))
        QVERIFY(hasChinese(r.allText));

    for (const json &p : m_show["providers"]) {
        const QString name = QString::fromStdString(p["name"].get<std::string>());
        QVERIFY2(r.chartText.value(QStringLiteral("pareto")).contains(name), qPrintable(name));
        QVERIFY2(r.chartText.value(QStringLiteral("context_cost")).contains(name),
                 qPrintable(name));
        // Every gate's result, and the figures every provider's appendix must show.
        QStringList wanted{QStringLiteral("gates.overall"),      QStringLiteral("attempts"),
                           QStringLiteral("successful"),         QStringLiteral("ttft_ms.p50"),
                           QStringLiteral("e2e_ms.p95"),         QStringLiteral("cost_usd"),
                           QStringLiteral("usd_per_1k_measured")};
        for (const auto &[gate, check] : p["gates"]["checks"].items())
            wanted << QStringLiteral("gates.checks.%1.verdict").arg(QString::fromStdString(gate));
        for (const auto &[outcome, n] : p["outcomes"].items())
            wanted << QStringLiteral("outcomes.%1").arg(QString::fromStdString(outcome));
        for (const QString &figure : wanted) {
            const bool found = std::any_of(r.cells.begin(), r.cells.end(), [&](const auto &c) {
                return c.provider == name && c.figure == figure && c.scope.isEmpty();
            });
            QVERIFY2(found, qPrintable(name + QLatin1Char(' ') + figure));
        }
    }
    // The verdicts read as a document: a table of every provider's verdict per kind, then what
    // each stands on in sentences, and the kinds without a verdict as tables; no list of raw
    // lines.
    const auto &verdictRows = r.tables.value(QStringLiteral("verdicts"));
    QCOMPARE(verdictRows.size(), m_show["providers"].size() + 1);
    for (const QString &id : {QStringLiteral("context_sweep"), QStringLiteral("concurrency_sweep"),
                              QStringLiteral("stability")})
        QVERIFY2(r.tables.value(id).size() > m_show["providers"].size(), qPrintable(id));
    int sentences = 0;
    for (const HtmlReport::Line &line : r.lines) {
        if (line.section != QLatin1StringView("verdicts"))
            continue;
        QVERIFY2(!line.item, qPrintable(line.text));
        sentences += line.text.endsWith(QLatin1Char('.')) || line.text.endsWith(QChar(0x3002));
    }
    QVERIFY2(sentences >= int(m_show["providers"].size()) * 6,
             qPrintable(QString::number(sentences)));

    int checked = 0;
    for (const HtmlReport::Cell &c : r.cells) {
        const json *object =
            c.scope == QLatin1StringView("score")
                ? test::providerIn(m_show["score"]["providers"], "provider", c.provider)
            : c.scope == QLatin1StringView("recommendation")
                ? test::providerIn(m_show["recommendation"]["providers"], "provider", c.provider)
                : test::providerIn(m_show["providers"], "name", c.provider);
        QVERIFY2(object, qPrintable(c.provider));
        const json *value = test::member(*object, c.figure);
        QVERIFY2(value, qPrintable(c.provider + QLatin1Char(' ') + c.figure));
        const QString problem = test::checkCell(c, *value);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        ++checked;
    }
    QVERIFY(checked > 50);
}

void TstReport::pdf_data()
{
    html_data();
}

void TstReport::pdf()
{
    QFETCH(QString, language);
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    const QString pdfinfo = QStandardPaths::findExecutable(QStringLiteral("pdfinfo"));
    QVERIFY2(!pdftotext.isEmpty() && !pdfinfo.isEmpty(), "poppler-utils is not installed");
    const QString path = report(QStringLiteral("pdf"), language);
    QVERIFY(!path.isEmpty());

    QProcess info;
    info.start(pdfinfo, {path});
    QVERIFY(info.waitForFinished(30000));
    QCOMPARE(info.exitCode(), 0);
    const auto pages = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)"))
                           .match(QString::fromUtf8(info.readAllStandardOutput()));
    QVERIFY(pages.hasMatch());
    QVERIFY2(pages.captured(1).toInt() >= 3, qPrintable(pages.captured(1)));

    QProcess text;
    text.start(pdftotext,
               {QStringLiteral("-enc"), QStringLiteral("UTF-8"), path, QStringLiteral("-")});
    QVERIFY(text.waitForFinished(30000));
    QCOMPARE(text.exitCode(), 0);
    const QString body = squeezed(QString::fromUtf8(text.readAllStandardOutput()));
    for (const QString &title : titles(language))
        QVERIFY2(body.contains(squeezed(title)), qPrintable(title));
    for (const json &p : m_show["providers"])
        QVERIFY(body.contains(squeezed(QString::fromStdString(p["name"].get<std::string>()))));
    if (language == QLatin1StringView("zh_CN"))
        QVERIFY(hasChinese(body));
}

void TstReport::pdfLaidOutForThePage_data()
{
    html_data();
}

// The PDF's pages as ReportPdf lays them out for printing: in every table cell each word (a run
// without spaces and without Chinese characters, which break anywhere) sits on one line, and,
// its pages drawn as images, none but the last is more than half empty.
void TstReport::pdfLaidOutForThePage()
{
    QFETCH(QString, language);
    Database db(m_db);
    QString error;
    QVERIFY2(db.open(&error), qPrintable(error));
    SessionRepository repo(db);
    const auto summary = loadSessionView(repo, m_session, &error);
    QVERIFY2(summary, qPrintable(error));
    const ReportDocument prepared =
        ReportWriter::prepare(*summary, summary->suite, ReportFormat::Pdf, language);
    const auto doc = ReportPdf::layout(prepared.content, prepared.images, language);

    const QRegularExpression word(QStringLiteral("\\S+"));
    const QRegularExpression chinese(QStringLiteral("[\\x{3000}-\\x{9fff}\\x{ff00}-\\x{ffef}]"));
    int cells = 0;
    int words = 0;
    int tables = 0;
    QStringList broken;
    for (QTextFrame *frame : doc->rootFrame()->childFrames()) {
        auto *table = qobject_cast<QTextTable *>(frame);
        if (!table)
            continue;
        ++tables;
        for (int r = 0; r < table->rows(); ++r) {
            for (int c = 0; c < table->columns(); ++c) {
                const QTextTableCell cell = table->cellAt(r, c);
                ++cells;
                const QTextBlock end = cell.lastCursorPosition().block().next();
                for (QTextBlock b = cell.firstCursorPosition().block(); b.isValid() && b != end;
                     b = b.next()) {
                    const QTextLayout *lines = b.layout();
                    auto it = word.globalMatch(b.text());
                    while (it.hasNext()) {
                        const auto m = it.next();
                        if (m.captured().contains(chinese))
                            continue;
                        ++words;
                        const int first =
                            lines->lineForTextPosition(int(m.capturedStart())).lineNumber();
                        const int last =
                            lines->lineForTextPosition(int(m.capturedEnd()) - 1).lineNumber();
                        if (first != last)
                            broken << QStringLiteral("\"%1\" (row %2, column %3)")
                                          .arg(m.captured())
                                          .arg(r)
                                          .arg(c);
                    }
                }
            }
        }
    }
    QVERIFY2(tables >= 5 && words > 200,
             qPrintable(QStringLiteral("%1 tables, %2 words").arg(tables).arg(words)));
    QVERIFY2(broken.isEmpty(), qPrintable(QStringLiteral("%1 words broken in %2 cells: %3")
                                              .arg(broken.size())
                                              .arg(cells)
                                              .arg(broken.mid(0, 12).join(QStringLiteral(", ")))));

    // Each page drawn at half the layout's resolution; the lowest row with anything on it.
    const QSizeF page = ReportPdf::pageSize();
    const int pages = doc->pageCount();
    QVERIFY(pages >= 3);
    QStringList fills;
    QList<double> used;
    for (int p = 0; p < pages; ++p) {
        QImage image(QSize(int(page.width() / 2), int(page.height() / 2)), QImage::Format_RGB32);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            painter.scale(0.5, 0.5);
            painter.translate(0, -p * page.height());
            doc->drawContents(&painter, QRectF(0, p * page.height(), page.width(), page.height()));
        }
        int lowest = -1;
        for (int y = image.height() - 1; y >= 0 && lowest < 0; --y) {
            const auto *row = reinterpret_cast<const QRgb *>(image.constScanLine(y));
            for (int x = 0; x < image.width(); ++x) {
                if (qGray(row[x]) < 240) {
                    lowest = y;
                    break;
                }
            }
        }
        used << double(lowest + 1) / image.height();
        fills << QStringLiteral("%1%").arg(qRound(used.back() * 100));
    }
    for (int p = 0; p + 1 < pages; ++p)
        QVERIFY2(used[p] >= 0.5, qPrintable(QStringLiteral("page %1 of %2 is %3 full (pages: %4)")
                                                .arg(p + 1)
                                                .arg(pages)
                                                .arg(fills[p], fills.join(QLatin1Char(' ')))));
    qInfo("%s: %d pages filled %s; %d tables, %d cells, %d words", qPrintable(language), pages,
          qPrintable(fills.join(QLatin1Char(' '))), tables, cells, words);
}

void TstReport::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("out");
    const QString good = m_dir.filePath(QStringLiteral("bad.html"));
    const QString missingDb = m_dir.filePath(QStringLiteral("missing.sqlite"));
    QTest::newRow("unwritable path")
        << QStringList{QStringLiteral("--db"),
                       m_db,
                       QStringLiteral("--format"),
                       QStringLiteral("html"),
                       QStringLiteral("--out"),
                       m_dir.filePath(QStringLiteral("no/such/dir/r.html"))}
        << m_dir.filePath(QStringLiteral("no/such/dir/r.html"));
    QTest::newRow("unknown format")
        << QStringList{QStringLiteral("--db"),     m_db,
                       QStringLiteral("--format"), QStringLiteral("docx"),
                       QStringLiteral("--out"),    good}
        << good;
    QTest::newRow("unknown language")
        << QStringList{QStringLiteral("--db"),     m_db,
                       QStringLiteral("--format"), QStringLiteral("html"),
                       QStringLiteral("--lang"),   QStringLiteral("fr"),
                       QStringLiteral("--out"),    good}
        << good;
    QTest::newRow("no such session")
        << QStringList{QStringLiteral("--db"),      m_db,
                       QStringLiteral("--session"), QStringLiteral("999"),
                       QStringLiteral("--format"),  QStringLiteral("pdf"),
                       QStringLiteral("--out"),     good}
        << good;
    QTest::newRow("no such database")
        << QStringList{QStringLiteral("--db"),     missingDb,
                       QStringLiteral("--format"), QStringLiteral("html"),
                       QStringLiteral("--out"),    good}
        << good;
}

void TstReport::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, out);
    const auto [code, stdOut] = runCli(QStringList{QStringLiteral("report")} + args);
    QCOMPARE(code, 2);
    QVERIFY(!m_stderr.trimmed().isEmpty());
    QVERIFY(!QFile::exists(out));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("missing.sqlite"))));
    // Nothing half-written next to it either.
    const QStringList left = QDir(m_dir.path()).entryList({QStringLiteral("bad*")});
    QVERIFY2(left.isEmpty(), qPrintable(left.join(QLatin1Char(' '))));
}

void TstReport::saveReportAction()
{
    Workbench workbench(m_db);
    QString error;
    QVERIFY2(workbench.open(&error), qPrintable(error));
    MainWindow window(&workbench);
    window.show();
    QSignalSpy summary(&workbench, &Workbench::summaryChanged);
    QVERIFY(workbench.selectSession(m_session));
    QVERIFY(summary.wait(30000));

    auto *action = window.findChild<ReportAction *>(QStringLiteral("actionSaveReport"));
    QVERIFY(action);
    QVERIFY(action->isEnabled());
    const QString path = m_dir.filePath(QStringLiteral("gui-report.pdf"));
    action->setChooser([&](QString *chosen, QString *language) {
        *chosen = path;
        *language = QStringLiteral("zh_CN");
        return true;
    });
    QSignalSpy saved(action, &ReportAction::saved);
    QSignalSpy failed(action, &ReportAction::failed);
    action->trigger();
    QVERIFY(saved.wait(60000) || !failed.isEmpty());
    QVERIFY2(failed.isEmpty(),
             failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    QCOMPARE(saved.first().first().toString(), path);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.read(5).startsWith("%PDF-"));
    QVERIFY(action->isEnabled());

    // A path that cannot be written says so (the window's message box) and leaves nothing.
    const QString bad = m_dir.filePath(QStringLiteral("nowhere/gui-report.html"));
    QString shown;
    QTimer closer;
    connect(&closer, &QTimer::timeout, this, [&] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            shown = box->text();
            box->close();
        }
    });
    closer.start(50);
    action->save(bad, QStringLiteral("en"));
    QVERIFY(failed.wait(30000));
    QVERIFY(failed.first().first().toString().contains(bad));
    QTRY_VERIFY(shown.contains(bad));
    QVERIFY(!QFile::exists(bad));
}

YS_TEST_MAIN(TstReport)
#include "tst_report.moc"
