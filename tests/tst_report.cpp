// The analyst's report of the demo session (docs/report.md): yardstick-cli report writes it as
// well-formed XHTML with its sections, inline SVG charts naming every provider, every gate and
// every provider's figures as `show --json` has them, and as a PDF whose text holds the
// sections, in English and in Chinese; bad input exits 2 and leaves no file; File → Save
// report… writes the selected session's report in one click.
#include "cli_runner.h"
#include "report/report_content.h"
#include "report/report_language.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"
#include "test_support.h"
#include "ui/main_window.h"
#include "ui/report_action.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QXmlStreamReader>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

// What the test reads out of a report's XHTML.
struct HtmlReport {
    QStringList sectionIds;
    QStringList headings;              // the h2 texts
    QHash<QString, QString> chartText; // data-chart -> every SVG text in it
    struct Cell {
        QString provider, figure, value, scope, text;
    };
    std::vector<Cell> cells;
    QString allText;
};

HtmlReport readHtml(const QByteArray &bytes, QString *error)
{
    HtmlReport r;
    QXmlStreamReader xml(bytes);
    QString chart; // inside <figure data-chart>
    int inH2 = 0;
    std::optional<HtmlReport::Cell> cell;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto a = xml.attributes();
            const auto name = xml.name();
            if (name == QLatin1StringView("section"))
                r.sectionIds << a.value(QStringLiteral("id")).toString();
            else if (name == QLatin1StringView("h2"))
                ++inH2, r.headings << QString();
            else if (name == QLatin1StringView("figure"))
                chart = a.value(QStringLiteral("data-chart")).toString();
            else if (name == QLatin1StringView("td") &&
                     a.hasAttribute(QStringLiteral("data-figure")))
                cell = HtmlReport::Cell{a.value(QStringLiteral("data-provider")).toString(),
                                        a.value(QStringLiteral("data-figure")).toString(),
                                        a.value(QStringLiteral("data-value")).toString(),
                                        a.value(QStringLiteral("data-scope")).toString(),
                                        {}};
        } else if (xml.isCharacters()) {
            const QString text = xml.text().toString();
            r.allText += text;
            if (inH2)
                r.headings.back() += text;
            if (!chart.isEmpty())
                r.chartText[chart] += text + QLatin1Char('\n');
            if (cell)
                cell->text += text;
        } else if (xml.isEndElement()) {
            const auto name = xml.name();
            if (name == QLatin1StringView("h2"))
                --inH2;
            else if (name == QLatin1StringView("figure"))
                chart.clear();
            else if (name == QLatin1StringView("td") && cell) {
                r.cells.push_back(*cell);
                cell.reset();
            }
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("line %1: %2").arg(xml.lineNumber()).arg(xml.errorString());
    return r;
}

const json *member(const json &object, const QString &path)
{
    const json *at = &object;
    for (const QString &key : path.split(QLatin1Char('.'))) {
        if (!at->is_object() || !at->contains(key.toStdString()))
            return nullptr;
        at = &(*at)[key.toStdString()];
    }
    return at;
}

const json *providerIn(const json &array, const char *key, const QString &name)
{
    for (const json &p : array)
        if (p.value(key, std::string()) == name.toStdString())
            return &p;
    return nullptr;
}

// The cell's raw value is the JSON member's, and its text shows that value.
QString checkCell(const HtmlReport::Cell &c, const json &j)
{
    const QString where = QStringLiteral("%1 %2").arg(c.provider, c.figure);
    if (j.is_null())
        return c.value == QLatin1StringView("null") && c.text == QStringLiteral("—")
                   ? QString()
                   : where + QStringLiteral(": null in show --json, %1 / %2").arg(c.value, c.text);
    if (j.is_string())
        return QString::fromStdString(j.get<std::string>()) == c.value
                   ? QString()
                   : where + QStringLiteral(": %1 in the report").arg(c.value);
    if (!j.is_number())
        return where + QStringLiteral(": not a number in show --json");
    const double want = j.get<double>();
    const double got = c.value.toDouble();
    if (std::abs(want - got) > 1e-9 * std::max(1.0, std::abs(want)))
        return where + QStringLiteral(": %1 in the report, %2 in show --json").arg(got).arg(want);
    bool numeric = false;
    const double shown = c.text.toDouble(&numeric);
    if (!numeric) // "30/30" and "128K" show the value their own way
        return c.text.isEmpty() ? where + QStringLiteral(": no text") : QString();
    const qsizetype dot = c.text.indexOf(QLatin1Char('.'));
    const int decimals = dot < 0 ? 0 : int(c.text.size() - dot - 1);
    if (std::abs(shown - want) > 0.5 * std::pow(10.0, -decimals) + 1e-12)
        return where + QStringLiteral(": shows %1 for %2").arg(c.text).arg(want);
    return {};
}

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
    const HtmlReport r = readHtml(file.readAll(), &error);
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
    int checked = 0;
    for (const HtmlReport::Cell &c : r.cells) {
        const json *object = c.scope == QLatin1StringView("score")
                                 ? providerIn(m_show["score"]["providers"], "provider", c.provider)
                                 : providerIn(m_show["providers"], "name", c.provider);
        QVERIFY2(object, qPrintable(c.provider));
        const json *value = member(*object, c.figure);
        QVERIFY2(value, qPrintable(c.provider + QLatin1Char(' ') + c.figure));
        const QString problem = checkCell(c, *value);
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

QTEST_MAIN(TstReport)
#include "tst_report.moc"
