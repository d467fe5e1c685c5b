// Table exports (core/export, docs/exports.md) read back: CSV through the project's CSV reader,
// XLSX through Python's openpyxl, JSON through nlohmann; and `yardstick-cli export` on a real
// session run against the simulator, its figures against `show --json`'s.
#include "analysis/gates.h"
#include "cli_runner.h"
#include "export/attempts_export.h"
#include "export/comparison_export.h"
#include "export/table_file.h"
#include "export/table_sink.h"
#include "storage/database.h"
#include "util/csv_reader.h"

#include "fixtures.h"
#include "suite_files.h"
#include "test_main.h"
#include "test_support.h"
#include "xlsx_reader.h"

#include <QFile>
#include <QProcess>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Awkward cells: separators, quotes and line breaks inside, Chinese text, missing numbers.
DataTable awkwardTable()
{
    using Kind = DataColumn::Kind;
    DataTable t;
    t.name = QStringLiteral("awkward");
    t.columns = {{QStringLiteral("name"), QStringLiteral("Name"), {}, Kind::Text},
                 {QStringLiteral("count"), QStringLiteral("Count"), {}, Kind::Integer},
                 {QStringLiteral("e2e_p95_ms"), QStringLiteral("E2E P95"), QStringLiteral("ms"),
                  Kind::Number},
                 {QStringLiteral("note"), QStringLiteral("Note"), {}, Kind::Text}};
    const double nan = std::numeric_limits<double>::quiet_NaN();
    t.rows = {{QStringLiteral("a,b"), 1, 312.5, QStringLiteral("say \"hi\"")},
              {QStringLiteral("line\nbreak"), 2, QVariant(), QStringLiteral("cr\r\nlf")},
              {QStringLiteral("延迟测试"), QVariant(), nan, QString()},
              {QStringLiteral("plain"), qint64(1) << 40, 0.1, QStringLiteral(" spaced ")}};
    return t;
}

int columnOf(const std::vector<DataColumn> &columns, const char *key)
{
    for (std::size_t c = 0; c < columns.size(); ++c)
        if (columns[c].key == QLatin1StringView(key))
            return int(c);
    return -1;
}

// A figure of `show --json` (a number or null) against an exported one.
bool sameFigure(const json &shown, const json &exported)
{
    if (shown.is_null() || exported.is_null())
        return shown.is_null() && exported.is_null();
    const double a = shown.get<double>(), b = exported.get<double>();
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(a));
}

// A CSV cell as JSON: empty is null, anything else the number it reads as.
json csvFigure(const QString &cell)
{
    return cell.isEmpty() ? json(nullptr) : json(cell.toDouble());
}

} // namespace

class TstExport : public test::ScratchSimTest {
    Q_OBJECT

private:
    using Result = test::CliResult;

    Result cli(const QStringList &args) { return test::runCli(args); }

    // A suite of two providers on the simulator, a short latency run each.
    QString writeSuite()
    {
        json providers = json::array();
        for (const char *name : {"Alpha, Inc.", "贝塔"})
            providers.push_back(test::suiteProviderJson(name, m_sim->baseUrl(), "fast",
                                                        test::pricedProviderExtras()));
        const json scenario = test::latencyScenarioJson(12, 2, 64, 16);
        return test::writeJsonFile(m_dir.filePath(QStringLiteral("suite.json")),
                                   test::suiteJson("export", providers, json::array({scenario})));
    }

    // Every attempt the database holds, warm-ups and earlier runs included.
    qint64 storedAttempts()
    {
        Database db(m_db);
        QString error;
        if (!db.open(&error))
            return -1;
        QSqlQuery q(db.connection());
        if (!q.exec(QStringLiteral("SELECT COUNT(*) FROM samples")) || !q.next())
            return -1;
        return q.value(0).toLongLong();
    }

    QString out(const QString &name) const { return m_dir.filePath(name); }

    // The comparison's figures against `show --json`'s, each row given as a key → JSON lookup.
    void checkComparison(const std::function<json(int row, const char *key)> &cell)
    {
        const json &providers = m_show["providers"];
        for (int i = 0; i < int(providers.size()); ++i) {
            const json &p = providers[std::size_t(i)];
            QVERIFY2(cell(i, "provider") == p["name"], cell(i, "provider").dump().c_str());
            QVERIFY(sameFigure(p["attempts"], cell(i, "attempts")));
            QVERIFY(sameFigure(p["successful"], cell(i, "successes")));
            QVERIFY2(sameFigure(p["e2e_ms"]["p95"], cell(i, "e2e_p95_ms")),
                     cell(i, "e2e_p95_ms").dump().c_str());
            QVERIFY(sameFigure(p["e2e_ms"]["p50"], cell(i, "e2e_p50_ms")));
            QVERIFY(sameFigure(p["ttft_ms"]["p95"], cell(i, "ttft_p95_ms")));
            QVERIFY(sameFigure(p["ttft_ms"]["p95_ci"][0], cell(i, "ttft_p95_ci_low_ms")));
            QVERIFY(sameFigure(p["ttft_ms"]["p95_ci"][1], cell(i, "ttft_p95_ci_high_ms")));
            QVERIFY(sameFigure(p["e2e_ms"]["p95_ci"][1], cell(i, "e2e_p95_ci_high_ms")));
            QVERIFY(sameFigure(p["cost_usd"], cell(i, "cost_usd")));
            QVERIFY(sameFigure(p["usd_per_1k_tokens"], cell(i, "usd_per_1k_list")));
            QVERIFY(sameFigure(p["context_window"], cell(i, "context_window_tokens")));
            const QString verdict = QString::fromStdString(cell(i, "verdict").get<std::string>());
            QVERIFY2(
                QStringList({Gates::describe(GateResult::Pass), Gates::describe(GateResult::Fail),
                             Gates::describe(GateResult::Inconclusive),
                             Gates::describe(GateResult::NoData)})
                    .contains(verdict),
                qPrintable(verdict));
        }
    }

    QString m_db;
    json m_show;

private Q_SLOTS:
    void initTestCase()
    {
        test::startFastSimIn(m_dir, m_sim);
        if (QTest::currentTestFailed())
            return;
        m_db = m_dir.filePath(QStringLiteral("export.sqlite"));
        const Result ran = cli({QStringLiteral("run"), QStringLiteral("--suite"), writeSuite(),
                                QStringLiteral("--db"), m_db});
        QVERIFY2(ran.code == 0, qPrintable(ran.err));
        const Result shown =
            cli({QStringLiteral("show"), QStringLiteral("--db"), m_db, QStringLiteral("--json")});
        QVERIFY2(shown.code == 0, qPrintable(shown.err));
        m_show = json::parse(shown.out.toStdString());
        QCOMPARE(m_show["providers"].size(), std::size_t(2));
    }

    void cleanupTestCase() { m_sim.reset(); }

    void formatNames()
    {
        QCOMPARE(TableFile::formatFromName(QStringLiteral("CSV")), TableFile::Format::Csv);
        QCOMPARE(TableFile::formatFromName(QStringLiteral("xlsx")), TableFile::Format::Xlsx);
        QCOMPARE(TableFile::formatFromPath(QStringLiteral("/a/b.json")), TableFile::Format::Json);
        QVERIFY(!TableFile::formatFromName(QStringLiteral("ods")));
        QVERIFY(!TableFile::formatFromPath(QStringLiteral("/a/b")));
    }

    void csvRoundTrips()
    {
        const QString path = m_dir.filePath(QStringLiteral("awkward.csv"));
        QString error;
        QVERIFY2(TableFile::write(awkwardTable(), path, TableFile::Format::Csv, &error),
                 qPrintable(error));
        const QByteArray bytes = readAll(path);
        QVERIFY(bytes.startsWith("\xEF\xBB\xBF"));
        QVERIFY(bytes.contains("\r\n"));
        QVERIFY(bytes.contains("\"say \"\"hi\"\"\""));
        int line = 0;
        const auto records = CsvReader::parse(bytes, &error, &line);
        QVERIFY2(records, qPrintable(error));
        QCOMPARE(records->size(), std::size_t(5));
        QCOMPARE(records->at(0).fields,
                 QStringList({QStringLiteral("Name"), QStringLiteral("Count"),
                              QStringLiteral("E2E P95 (ms)"), QStringLiteral("Note")}));
        QCOMPARE(records->at(1).fields,
                 QStringList({QStringLiteral("a,b"), QStringLiteral("1"), QStringLiteral("312.5"),
                              QStringLiteral("say \"hi\"")}));
        QCOMPARE(records->at(2).fields,
                 QStringList({QStringLiteral("line\nbreak"), QStringLiteral("2"), QString(),
                              QStringLiteral("cr\nlf")}));
        // The file keeps the CRLF inside the quotes; the reader makes every line break LF.
        QVERIFY(bytes.contains("\"cr\r\nlf\""));
        QCOMPARE(records->at(3).fields,
                 QStringList({QStringLiteral("延迟测试"), QString(), QString(), QString()}));
        QCOMPARE(records->at(4).fields,
                 QStringList({QStringLiteral("plain"), QStringLiteral("1099511627776"),
                              QStringLiteral("0.1"), QStringLiteral(" spaced ")}));
    }

    // Text that a spreadsheet would run as a formula keeps a leading apostrophe; numbers,
    // negative ones too, are written as they are.
    void csvGuardsFormulas()
    {
        DataTable table;
        table.name = QStringLiteral("errors");
        table.columns = {
            {QStringLiteral("error"), QStringLiteral("Error"), {}, DataColumn::Kind::Text},
            {QStringLiteral("delta_ms"), QStringLiteral("Change"), QStringLiteral("ms"),
             DataColumn::Kind::Number}};
        const QStringList texts = {QStringLiteral("=HYPERLINK(\"http://x\")"), QStringLiteral("+1"),
                                   QStringLiteral("-ERR"), QStringLiteral("@SUM(A1)"),
                                   QStringLiteral("a=b")};
        for (const QString &t : texts)
            table.rows.push_back({t, -12.5});
        const QString path = m_dir.filePath(QStringLiteral("formulas.csv"));
        QString error;
        QVERIFY2(TableFile::write(table, path, TableFile::Format::Csv, &error), qPrintable(error));
        int line = 0;
        const auto records = CsvReader::parse(readAll(path), &error, &line);
        QVERIFY2(records, qPrintable(error));
        QCOMPARE(records->size(), std::size_t(texts.size() + 1));
        for (int i = 0; i < texts.size(); ++i) {
            const QString expected =
                i < 4 ? QLatin1Char('\'') + texts.at(i) : texts.at(i); // "a=b" is plain text
            QCOMPARE(records->at(std::size_t(i) + 1).fields.at(0), expected);
            QCOMPARE(records->at(std::size_t(i) + 1).fields.at(1), QStringLiteral("-12.5"));
        }
    }

    void xlsxReadsBack()
    {
        const QString path = m_dir.filePath(QStringLiteral("awkward.xlsx"));
        QString error;
        DataTable second = awkwardTable();
        second.name = QStringLiteral("second/sheet");
        QVERIFY2(TableFile::write({awkwardTable(), second}, path, TableFile::Format::Xlsx, &error),
                 qPrintable(error));
        const json book = test::readXlsx(path);
        QVERIFY2(book.is_object(), "python3 and openpyxl are needed to read the XLSX back");
        QCOMPARE(book.size(), std::size_t(2));
        QVERIFY(book.contains("second_sheet"));
        const json &rows = book["awkward"];
        QCOMPARE(rows.size(), std::size_t(5));
        QCOMPARE(rows[0][2].get<std::string>(), std::string("E2E P95 (ms)"));
        QVERIFY(rows[1][1].is_number());
        QVERIFY(rows[1][2].is_number());
        QCOMPARE(rows[1][2].get<double>(), 312.5);
        QCOMPARE(rows[1][0].get<std::string>(), std::string("a,b"));
        QCOMPARE(rows[2][0].get<std::string>(), std::string("line\nbreak"));
        QVERIFY(rows[2][2].is_null()); // missing
        QCOMPARE(QString::fromStdString(rows[3][0].get<std::string>()), QStringLiteral("延迟测试"));
        QVERIFY(rows[3][1].is_null());
        QVERIFY(rows[3][2].is_null()); // NaN
        QCOMPARE(rows[4][1].get<double>(), 1099511627776.0);
        // No temporary file is left beside it.
        QCOMPARE(QDir(m_dir.path())
                     .entryList({QStringLiteral(".awkward*")}, QDir::Hidden | QDir::Files)
                     .size(),
                 0);
    }

    void jsonParsesBack()
    {
        const QString one = m_dir.filePath(QStringLiteral("awkward.json"));
        QString error;
        QVERIFY2(TableFile::write(awkwardTable(), one, TableFile::Format::Json, &error),
                 qPrintable(error));
        json doc = json::parse(readAll(one).toStdString());
        QVERIFY(doc.is_array());
        QCOMPARE(doc.size(), std::size_t(4));
        QCOMPARE(doc[0]["name"].get<std::string>(), std::string("a,b"));
        QCOMPARE(doc[0]["e2e_p95_ms"].get<double>(), 312.5);
        QCOMPARE(doc[0]["count"].get<qint64>(), qint64(1));
        QCOMPARE(doc[1]["note"].get<std::string>(), std::string("cr\r\nlf"));
        QVERIFY(doc[1]["e2e_p95_ms"].is_null());
        QVERIFY(doc[2]["e2e_p95_ms"].is_null());
        QCOMPARE(QString::fromStdString(doc[2]["name"].get<std::string>()),
                 QStringLiteral("延迟测试"));

        const QString two = m_dir.filePath(QStringLiteral("two.json"));
        DataTable empty;
        empty.name = QStringLiteral("empty");
        QVERIFY2(TableFile::write({awkwardTable(), empty}, two, TableFile::Format::Json, &error),
                 qPrintable(error));
        doc = json::parse(readAll(two).toStdString());
        QCOMPARE(doc["awkward"].size(), std::size_t(4));
        QVERIFY(doc["empty"].is_array() && doc["empty"].empty());
    }

    // An unwritable path fails with its name, and an earlier file of that name survives.
    void failedWritesLeaveNothing()
    {
        QString error;
        const QString missing = m_dir.filePath(QStringLiteral("no/such/folder/t.csv"));
        for (const auto format :
             {TableFile::Format::Csv, TableFile::Format::Xlsx, TableFile::Format::Json}) {
            error.clear();
            QVERIFY(!TableFile::write(awkwardTable(), missing, format, &error));
            QVERIFY2(error.contains(missing), qPrintable(error));
        }
        const QString existing = m_dir.filePath(QStringLiteral("keep.xlsx"));
        {
            QFile f(existing);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("old");
        }
        {
            // Abandoned half-way: the sink removes its temporary file.
            auto sink = TableSink::create(TableFile::Format::Xlsx, existing);
            QVERIFY(sink->open(&error));
            const DataTable t = awkwardTable();
            QVERIFY(sink->beginTable(t.name, t.columns, &error));
            sink->row(t.columns, t.rows.front());
        }
        QCOMPARE(readAll(existing), QByteArray("old"));
        QCOMPARE(QDir(m_dir.path())
                     .entryList({QStringLiteral(".keep*")}, QDir::Hidden | QDir::Files)
                     .size(),
                 0);
        QVERIFY(!TableFile::write({awkwardTable(), awkwardTable()}, existing,
                                  TableFile::Format::Csv, &error));
    }

    void comparisonColumns()
    {
        ProviderSummary s;
        s.name = QStringLiteral("A");
        s.model = QStringLiteral("m");
        s.runs = 1;
        s.attempts = 10;
        s.successes = 9;
        s.ttftMs.p50 = 100;
        s.ttftMs.p95 = 150;
        s.ttftMs.p95Ci = std::pair(140.0, 170.0);
        s.e2eMs.p95 = 400;
        s.e2eMs.p95Ci = std::pair(380.0, 420.0);
        s.contextWindow = 128000;
        Requirements req;
        req.maxP95LatencyMs = 1000;
        const DataTable t = comparisonTable({s}, req);
        QCOMPARE(t.name, QStringLiteral("comparison"));
        QCOMPARE(t.rows.size(), std::size_t(1));
        auto column = [&](const char *key) {
            for (std::size_t c = 0; c < t.columns.size(); ++c)
                if (t.columns[c].key == QLatin1StringView(key))
                    return int(c);
            return -1;
        };
        for (const char *key :
             {"ttft_p95_ms", "ttft_p95_ci_low_ms", "ttft_p95_ci_high_ms", "e2e_p95_ci_low_ms",
              "e2e_p95_ci_high_ms", "verdict", "latency_gate", "success_rate_pct"})
            QVERIFY2(column(key) >= 0, key);
        const auto &row = t.rows.front();
        QCOMPARE(row[column("ttft_p95_ci_low_ms")].toDouble(), 140.0);
        QCOMPARE(row[column("e2e_p95_ci_high_ms")].toDouble(), 420.0);
        QCOMPARE(row[column("success_rate_pct")].toDouble(), 90.0);
        QVERIFY(!row[column("e2e_p50_ms")].isValid());
        QCOMPARE(row[column("latency_gate")].toString(), Gates::describe(GateResult::Pass));
        QCOMPARE(t.columns[column("e2e_p95_ci_low_ms")].header(),
                 QStringLiteral("E2E P95 95% CI low (ms)"));
    }

    void cliCsvWritesBothFiles()
    {
        const QString path = out(QStringLiteral("session.csv"));
        const Result r =
            cli({QStringLiteral("export"), QStringLiteral("--db"), m_db, QStringLiteral("--format"),
                 QStringLiteral("csv"), QStringLiteral("--out"), path});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QString error;
        int line = 0;
        const auto comparison = CsvReader::parse(readAll(path), &error, &line);
        QVERIFY2(comparison, qPrintable(error));
        const auto columns = ComparisonExport::columns();
        QCOMPARE(comparison->size(), m_show["providers"].size() + 1);
        QCOMPARE(comparison->front().fields.size(), qsizetype(columns.size()));
        QCOMPARE(comparison->front().fields[columnOf(columns, "e2e_p95_ms")],
                 QStringLiteral("E2E P95 (ms)"));
        checkComparison([&](int row, const char *key) {
            const QString cell =
                comparison->at(std::size_t(row) + 1).fields[columnOf(columns, key)];
            const DataColumn::Kind kind = columns[std::size_t(columnOf(columns, key))].kind;
            return kind == DataColumn::Kind::Text ? json(cell.toStdString()) : csvFigure(cell);
        });

        const auto attempts =
            CsvReader::parse(readAll(out(QStringLiteral("session-attempts.csv"))), &error, &line);
        QVERIFY2(attempts, qPrintable(error));
        QCOMPARE(qint64(attempts->size()) - 1, storedAttempts());
        QCOMPARE(attempts->front().fields.size(), qsizetype(AttemptsExport::columns().size()));
        QVERIFY(attempts->front().fields.contains(QStringLiteral("E2E (ms)")));
    }

    void cliXlsxHasASheetEach()
    {
        const QString path = out(QStringLiteral("session.xlsx"));
        const Result r = cli(
            {QStringLiteral("export"), QStringLiteral("--db"), m_db, QStringLiteral("--session"),
             QString::number(m_show["session"].get<qint64>()), QStringLiteral("--format"),
             QStringLiteral("xlsx"), QStringLiteral("--out"), path});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const json book = test::readXlsx(path);
        QVERIFY2(book.is_object(), "python3 and openpyxl are needed to read the XLSX back");
        QVERIFY(book.contains("comparison") && book.contains("attempts"));
        const auto columns = ComparisonExport::columns();
        const json &rows = book["comparison"];
        QCOMPARE(rows[0][columnOf(columns, "ttft_p95_ci_low_ms")].get<std::string>(),
                 std::string("TTFT P95 95% CI low (ms)"));
        QVERIFY(rows[1][columnOf(columns, "e2e_p95_ms")].is_number());
        QVERIFY(rows[1][columnOf(columns, "attempts")].is_number());
        checkComparison([&](int row, const char *key) {
            return rows[std::size_t(row) + 1][std::size_t(columnOf(columns, key))];
        });
        const json &attempts = book["attempts"];
        QCOMPARE(qint64(attempts.size()) - 1, storedAttempts());
        const int e2e = columnOf(AttemptsExport::columns(), "e2e_ms");
        QVERIFY(attempts[1][std::size_t(e2e)].is_number());
    }

    void cliJsonHasAMemberEach()
    {
        const QString path = out(QStringLiteral("session.json"));
        Result r =
            cli({QStringLiteral("export"), QStringLiteral("--db"), m_db, QStringLiteral("--format"),
                 QStringLiteral("json"), QStringLiteral("--out"), path});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const json doc = json::parse(readAll(path).toStdString());
        checkComparison(
            [&](int row, const char *key) { return doc["comparison"][std::size_t(row)][key]; });
        QCOMPARE(qint64(doc["attempts"].size()), storedAttempts());
        QVERIFY(doc["attempts"][0]["e2e_ms"].is_number());

        // One table alone is an array.
        const QString attemptsOnly = out(QStringLiteral("attempts.json"));
        r = cli({QStringLiteral("export"), QStringLiteral("--db"), m_db, QStringLiteral("--out"),
                 attemptsOnly, QStringLiteral("--table"), QStringLiteral("attempts")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const json only = json::parse(readAll(attemptsOnly).toStdString());
        QVERIFY(only.is_array());
        QCOMPARE(qint64(only.size()), storedAttempts());

        // When a tool call's arguments were complete, in ms as the other times; empty for an
        // attempt that made no call (the simulated attempts made none: one is given a time).
        const QString withTool = out(QStringLiteral("tool.sqlite"));
        QVERIFY(QFile::copy(m_db, withTool));
        {
            Database db(withTool);
            QString error;
            QVERIFY2(db.open(&error), qPrintable(error));
            QSqlQuery q(db.connection());
            QVERIFY(q.exec(QStringLiteral(
                "UPDATE samples SET tool_args_ns = 123456789 WHERE id = (SELECT id FROM samples "
                "ORDER BY run_id, seq LIMIT 1)")));
        }
        const QString toolJson = out(QStringLiteral("tool.json"));
        r = cli({QStringLiteral("export"), QStringLiteral("--db"), withTool,
                 QStringLiteral("--out"), toolJson, QStringLiteral("--table"),
                 QStringLiteral("attempts")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const json tool = json::parse(readAll(toolJson).toStdString());
        QVERIFY(tool.size() > 1);
        QCOMPARE(tool[0]["tool_args_ms"].get<double>(), 123.456789);
        QVERIFY(tool[1].contains("tool_args_ms") && tool[1]["tool_args_ms"].is_null());
    }

    // Bad input exits 2 naming what is wrong, writes nothing and keeps an earlier file.
    void cliBadInput()
    {
        const QString kept = out(QStringLiteral("kept.csv"));
        {
            QFile f(kept);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("earlier");
        }
        const QString missingDb = out(QStringLiteral("missing.sqlite"));
        const QString unwritable = out(QStringLiteral("no/such/folder/x.csv"));
        const QString fresh = out(QStringLiteral("fresh.xlsx"));
        struct Case {
            QStringList args;
            QString named;
            QString target;
        };
        const QStringList db{QStringLiteral("--db"), m_db};
        const std::vector<Case> cases{
            {db + QStringList{QStringLiteral("--format"), QStringLiteral("ods"),
                              QStringLiteral("--out"), kept},
             QStringLiteral("ods"), kept},
            {db + QStringList{QStringLiteral("--out"), out(QStringLiteral("x.ods"))},
             QStringLiteral("ods"), out(QStringLiteral("x.ods"))},
            {db + QStringList{QStringLiteral("--out"), unwritable}, unwritable, unwritable},
            {db + QStringList{QStringLiteral("--session"), QStringLiteral("999"),
                              QStringLiteral("--out"), kept},
             QStringLiteral("999"), kept},
            {db + QStringList{QStringLiteral("--table"), QStringLiteral("runs"),
                              QStringLiteral("--out"), fresh},
             QStringLiteral("runs"), fresh},
            {{QStringLiteral("--db"), missingDb, QStringLiteral("--out"), fresh}, missingDb, fresh},
        };
        for (const Case &c : cases) {
            const Result r = cli(QStringList{QStringLiteral("export")} + c.args);
            QVERIFY2(r.code == 2, qPrintable(c.args.join(QLatin1Char(' ')) + QLatin1Char(' ') +
                                             QString::number(r.code) + r.err));
            QVERIFY2(r.err.contains(c.named), qPrintable(r.err));
            if (c.target == kept)
                QCOMPARE(readAll(kept), QByteArray("earlier"));
            else
                QVERIFY(!QFile::exists(c.target));
        }
        QVERIFY(!QFile::exists(missingDb)); // never made by an export
        QVERIFY(!QFile::exists(out(QStringLiteral("kept-attempts.csv"))));
        // Nothing half-written is left in the folder.
        const QStringList left =
            QDir(m_dir.path()).entryList(QDir::Hidden | QDir::Files | QDir::NoDotAndDotDot);
        for (const QString &name : left)
            QVERIFY2(!name.startsWith(QLatin1Char('.')) && !name.contains(QStringLiteral(".new")),
                     qPrintable(name));
    }
};

YS_TEST_GUILESS_MAIN(TstExport)
#include "tst_export.moc"
