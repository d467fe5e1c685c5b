// Bills: the CSV as exports write it (byte-order mark, CRLF, quoted fields, thousands
// separators, other column names), each kind of malformed file refused naming its line and
// column, and acceptance 5: a bill built from sessions recorded on the simulator over ten days,
// with one day's prices doubled, is reconciled with that day flagged and the effective price per
// 1K of the others equal to the session's. The command line runs as the real executable, and
// the window's File → Import bill… shows the same days, figures and flags.
#include "analysis/bill.h"
#include "analysis/bill_csv.h"
#include "analysis/run_summary.h"
#include "charts/bill_chart.h"
#include "domain/suite.h"
#include "models/bill_tables.h"
#include "run/session_runner.h"
#include "sim/sim_host.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"
#include "storage/usage_query.h"
#include "ui/bill_page.h"
#include "ui/main_window.h"
#include "util/csv_reader.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"

#include "cli_runner.h"
#include "fixtures.h"
#include "session_support.h"
#include "suite_files.h"
#include "test_main.h"
#include "test_support.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QMenu>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;

namespace {

const QDate kFirstDay(2026, 3, 1);
constexpr int kDays = 10;
constexpr int kDoubledDay = 6; // 2026-03-07

} // namespace

class TstBill : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;
    qint64 m_session = 0;
    std::vector<RecordedUsage> m_recorded;
    std::map<QString, double> m_sessionUsdPer1k; // model -> the session's measured $/1K
    QString m_lastStderr;

    std::pair<int, QByteArray> runCli(const QStringList &args)
    {
        const test::CliResult r = test::runCli(args, 60000 * test::kSlow);
        m_lastStderr = r.err;
        return {r.code, r.out};
    }

    // The bill a provider would send for the recorded usage: one line per day and model in the
    // default layout, the doubled day's cost twice what was recorded.
    QByteArray billFromRecording() const
    {
        QByteArray csv = "\xEF\xBB\xBF"
                         "date,model,input_tokens,cached_tokens,output_tokens,"
                         "cost_usd\r\n";
        for (const RecordedUsage &u : m_recorded) {
            double cost = u.costUsd.value_or(0.0);
            if (u.day == kFirstDay.addDays(kDoubledDay) && u.model == QLatin1StringView("alpha"))
                cost *= 2;
            csv += QStringLiteral("%1,%2,%3,%4,%5,%6\r\n")
                       .arg(u.day.toString(Qt::ISODate), u.model)
                       .arg(u.inputTokens)
                       .arg(u.cachedTokens)
                       .arg(u.outputTokens)
                       .arg(cost, 0, 'f', 10)
                       .toUtf8();
        }
        return csv;
    }

    // `yardstick-cli bill --db <the recording> --csv csv` and more options.
    std::pair<int, QByteArray> runBill(const QString &csv, const QStringList &more = {})
    {
        return runCli(QStringList{QStringLiteral("bill"), QStringLiteral("--db"), m_db,
                                  QStringLiteral("--csv"), csv} +
                      more);
    }

    // The bill from the recording written to name, and `bill --json` on it, parsed; null when
    // the command fails (its standard error in m_lastStderr).
    json billJson(const QString &name, QString *csvPath)
    {
        *csvPath = m_dir.filePath(name);
        if (!test::writeFileBytes(*csvPath, billFromRecording()))
            return json();
        const auto [code, out] = runBill(*csvPath, {QStringLiteral("--json")});
        return code == 0 ? json::parse(out.toStdString()) : json();
    }

    // The bill with one text replaced: a renamed header, a broken line.
    QByteArray billWith(const QByteArray &from, const QByteArray &to) const
    {
        return billFromRecording().replace(from, to);
    }

private Q_SLOTS:
    // Ten latency scenarios of two providers into one database, then each run moved to its own
    // day, as a month of use would have spread them.
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("bill.sqlite"));
        test::ProfileShape shape;
        shape.ttftMedianMs = shape.ttftP95Ms = 2;
        shape.outputTokensMin = shape.outputTokensMax = 20;
        QString error;
        const auto sim = test::startedSim(
            {test::simProfileJson(QStringLiteral("Alpha"), QStringLiteral("alpha"), shape),
             test::simProfileJson(QStringLiteral("Beta"), QStringLiteral("beta"), shape)});
        if (!sim)
            return;
        Suite suite;
        suite.name = QStringLiteral("bill");
        test::ProviderExtras alpha;
        alpha.price = Price{2.0, 8.0, std::nullopt};
        test::ProviderExtras beta;
        beta.price = Price{0.5, 1.5, std::nullopt};
        suite.providers = {test::simProvider(QStringLiteral("Alpha"), sim->baseUrl(),
                                             QStringLiteral("alpha"), alpha),
                           test::simProvider(QStringLiteral("Beta"), sim->baseUrl(),
                                             QStringLiteral("beta"), beta)};
        for (int i = 0; i < kDays; ++i) {
            Scenario s = test::closedLoopScenario(3, 1, 100, 20, 20000);
            s.warmup = 0;
            suite.scenarios.push_back(s);
        }
        SessionRunner runner;
        QSignalSpy finished(&runner, &SessionRunner::finished);
        QVERIFY2(runner.start(SessionRequest{suite, m_db, std::nullopt, {}}, &error),
                 qPrintable(error));
        QVERIFY(finished.wait(120000 * test::kSlow));
        m_session = finished.first().at(0).toLongLong();

        Database db(m_db);
        QVERIFY2(db.open(&error), qPrintable(error));
        SessionRepository repo(db);
        std::map<qint64, int> nextDay; // provider -> its next run's day
        for (const RunRecord &r : repo.runs(m_session, &error)) {
            QSqlQuery q(db.connection());
            q.prepare(QStringLiteral("UPDATE runs SET started_at = ? WHERE id = ?"));
            q.addBindValue(
                QDateTime(kFirstDay.addDays(nextDay[r.providerId]++), QTime(10, 0), Qt::UTC)
                    .toString(Qt::ISODateWithMs));
            q.addBindValue(r.id);
            QVERIFY(q.exec());
        }
        const auto summary = loadSessionSummary(repo, m_session, &error);
        QVERIFY2(summary, qPrintable(error));
        for (const ProviderSummary &p : summary->providers) {
            QVERIFY(p.costUsd && p.inputTokens && p.outputTokens);
            m_sessionUsdPer1k[p.model] =
                *p.costUsd / double(*p.inputTokens + *p.outputTokens) * 1000.0;
        }
        const auto recorded = UsageQuery::byDayAndModel(db, std::nullopt, &error);
        QVERIFY2(recorded, qPrintable(error));
        m_recorded = *recorded;
        QCOMPARE(m_recorded.size(), std::size_t(2 * kDays));
        for (const RecordedUsage &u : m_recorded) {
            QCOMPARE(u.attempts, qint64(3));
            QVERIFY(u.costUsd && *u.costUsd > 0);
            QVERIFY(u.day >= kFirstDay && u.day < kFirstDay.addDays(kDays));
        }
    }

    // Acceptance 5: the doubled day is flagged and no other; every other day's effective price
    // is the session's; the difference against the recording is that day's recorded cost.
    void doubledDayIsFlagged()
    {
        QString error;
        const auto rows = BillCsv::parse(billFromRecording(), QStringLiteral("bill.csv"),
                                         BillCsv::Columns{}, &error);
        QVERIFY2(rows, qPrintable(error));
        QCOMPARE(rows->size(), std::size_t(2 * kDays));
        const BillReconciliation r = BillReconciler::reconcile(*rows, m_recorded);
        QCOMPARE(r.days.size(), std::size_t(2 * kDays));
        QCOMPARE(r.models.size(), std::size_t(2));
        const QDate doubled = kFirstDay.addDays(kDoubledDay);
        for (const BillDay &d : r.days) {
            QVERIFY(d.billed && d.recorded);
            const bool isDoubled = d.day == doubled && d.model == QLatin1StringView("alpha");
            QVERIFY2(d.flagged == isDoubled,
                     qPrintable(d.day.toString(Qt::ISODate) + QLatin1Char(' ') + d.model));
            const double session = m_sessionUsdPer1k.at(d.model);
            const double billed = *d.billed->usdPer1k();
            QVERIFY2(std::abs(billed / (isDoubled ? 2 * session : session) - 1.0) < 1e-6,
                     qPrintable(QStringLiteral("%1 against %2").arg(billed).arg(session)));
            QCOMPARE(*d.tokenDiff, qint64(0));
            QVERIFY(std::abs(*d.costDiffUsd - (isDoubled ? *d.recorded->costUsd : 0.0)) < 1e-7);
        }
        for (const BillModel &m : r.models) {
            QCOMPARE(m.days, kDays);
            QCOMPARE(m.flaggedDays, m.model == QLatin1StringView("alpha") ? 1 : 0);
            // Over the month the bill is a tenth dearer than the recording for alpha.
            const double expected =
                m_sessionUsdPer1k.at(m.model) * (m.model == QLatin1StringView("alpha") ? 1.1 : 1.0);
            QVERIFY(std::abs(*m.billed.usdPer1k() / expected - 1.0) < 1e-6);
        }
    }

    // A price that moves by less than the floor is not flagged even when the other days agree
    // exactly, and a model billed on under three days is not tested.
    void flagRuleEdges()
    {
        std::vector<BillRow> rows;
        for (int i = 0; i < 5; ++i)
            rows.push_back({i + 2, kFirstDay.addDays(i), QStringLiteral("m"), 1000, 0, 0,
                            i == 2 ? 0.001005 : 0.001});
        rows.push_back({7, kFirstDay, QStringLiteral("rare"), 1000, 0, 0, 0.5});
        rows.push_back({8, kFirstDay.addDays(1), QStringLiteral("rare"), 1000, 0, 0, 5.0});
        const BillReconciliation r = BillReconciler::reconcile(rows, {});
        for (const BillDay &d : r.days)
            QVERIFY(!d.flagged && !d.recorded && !d.costDiffUsd);
        QCOMPARE(r.models.size(), std::size_t(2));
        QVERIFY(!r.models[0].tooFewDays && r.models[1].tooFewDays);
        // Ten per cent off is flagged: 0.0011 against 0.001 ± 0.
        rows[2].costUsd = 0.0011;
        QVERIFY(BillReconciler::reconcile(rows, {}).days[4].flagged);
    }

    // What real exports look like: a byte-order mark, CRLF, quoted headers and cells with
    // commas and quotes, thousands separators, dollar signs, ISO times, other column names
    // mapped by option, and no cached column.
    void exportsAreRead()
    {
        const QByteArray csv = "\xEF\xBB\xBF\"Usage Date\",Model,\"Prompt Tokens\",\"Completion "
                               "Tokens\",\"Amount (USD)\",Note\r\n"
                               "2026-03-01T23:30:00-02:00,gpt-4o-mini,\"1,234,567\",\"12,000\","
                               "$1.25,\"first, \"\"quoted\"\"\r\nline\"\r\n"
                               "\r\n"
                               "2026/03/02,GPT-4O-MINI,1000,0,\"US$ 2,000.50\",\r\n";
        BillCsv::Columns columns;
        QString error;
        for (const char *m : {"date=Usage Date", "input_tokens=prompt tokens",
                              "output_tokens=Completion Tokens", "cost_usd=Amount (USD)"})
            QVERIFY2(columns.map(QString::fromLatin1(m), &error), qPrintable(error));
        QVERIFY(!columns.map(QStringLiteral("price=Amount"), &error));
        QVERIFY2(error.contains(QStringLiteral("price")), qPrintable(error));
        const auto rows = BillCsv::parse(csv, QStringLiteral("export.csv"), columns, &error);
        QVERIFY2(rows, qPrintable(error));
        QCOMPARE(rows->size(), std::size_t(2));
        const BillRow &a = rows->at(0);
        QCOMPARE(a.line, 2);
        QCOMPARE(a.day, QDate(2026, 3, 2)); // 23:30 at UTC−2 is 01:30 UTC the next day
        QCOMPARE(a.inputTokens, qint64(1234567));
        QCOMPARE(a.outputTokens, qint64(12000));
        QCOMPARE(a.cachedTokens, qint64(0));
        QCOMPARE(a.costUsd, 1.25);
        const BillRow &b = rows->at(1);
        QCOMPARE(b.line, 5); // the quoted line break and the blank line count
        QCOMPARE(b.costUsd, 2000.5);
        // The two spellings are one model.
        QCOMPARE(BillReconciler::reconcile(*rows, {}).models.size(), std::size_t(1));

        int errorLine = 0;
        const auto records = CsvReader::parse("a,\"b\"\"c\",\n\"x\ny\",2,3", &error, &errorLine);
        QVERIFY2(records, qPrintable(error));
        QCOMPARE(records->at(0).fields,
                 QStringList({QStringLiteral("a"), QStringLiteral("b\"c"), QString()}));
        QCOMPARE(records->at(1).fields.front(), QStringLiteral("x\ny"));
        QCOMPARE(records->at(1).line, 2);
    }

    void malformedCsv_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("where"); // "FILE:LINE"
        QTest::addColumn<QString>("what");  // the column, or what is wrong
        const QByteArray header = "date,model,input_tokens,cached_tokens,output_tokens,cost_usd\n";
        const QByteArray good = "2026-03-01,m,100,0,10,0.01\n";
        QTest::newRow("too few fields")
            << header + good + "2026-03-02,m,100,0,10\n"
            << QStringLiteral("bad.csv:3") << QStringLiteral("5 fields");
        QTest::newRow("too many fields")
            << header + "2026-03-02,m,100,0,10,0.01,x\n"
            << QStringLiteral("bad.csv:2") << QStringLiteral("7 fields");
        QTest::newRow("not a number")
            << header + good + good + "2026-03-03,m,1O0,0,10,0.01\n"
            << QStringLiteral("bad.csv:4") << QStringLiteral("\"input_tokens\"");
        QTest::newRow("not an amount")
            << header + "2026-03-03,m,100,0,10,ten cents\n"
            << QStringLiteral("bad.csv:2") << QStringLiteral("\"cost_usd\"");
        QTest::newRow("fractional tokens")
            << header + "2026-03-03,m,100,0,10.5,0.01\n"
            << QStringLiteral("bad.csv:2") << QStringLiteral("\"output_tokens\"");
        QTest::newRow("negative tokens")
            << header + "2026-03-03,m,100,-1,10,0.01\n"
            << QStringLiteral("bad.csv:2") << QStringLiteral("\"cached_tokens\"");
        QTest::newRow("bad date") << header + good + "2026-02-30,m,100,0,10,0.01\n"
                                  << QStringLiteral("bad.csv:3") << QStringLiteral("\"date\"");
        QTest::newRow("missing column")
            << QByteArray("date,model,input_tokens,output_tokens\n2026-03-01,m,1,1\n")
            << QStringLiteral("bad.csv:1") << QStringLiteral("\"cost_usd\"");
        QTest::newRow("no model") << header + "2026-03-01,,100,0,10,0.01\n"
                                  << QStringLiteral("bad.csv:2") << QStringLiteral("\"model\"");
        QTest::newRow("unterminated quote")
            << header + good + "2026-03-01,\"m,100,0,10,0.01\n"
            << QStringLiteral("bad.csv:3") << QStringLiteral("never closed");
        QTest::newRow("text after a quote")
            << header + "2026-03-01,\"m\"x,100,0,10,0.01\n"
            << QStringLiteral("bad.csv:2") << QStringLiteral("closing quote");
        QTest::newRow("empty file")
            << QByteArray() << QStringLiteral("bad.csv") << QStringLiteral("empty");
    }

    void malformedCsv()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QString, where);
        QFETCH(QString, what);
        QString error;
        QVERIFY(!BillCsv::parse(csv, QStringLiteral("bad.csv"), BillCsv::Columns{}, &error));
        QVERIFY2(error.startsWith(where) && error.contains(what), qPrintable(error));
    }

    // The real executable: text and JSON reports, and exit 2 naming the line and column of a
    // malformed file (nothing printed on standard output).
    void commandLine()
    {
        QString csvPath;
        const json doc = billJson(QStringLiteral("bill.csv"), &csvPath);
        QVERIFY2(!doc.is_null(), qPrintable(m_lastStderr));
        int code = 0;
        QByteArray out;
        QCOMPARE(doc["bill_lines"].get<int>(), 2 * kDays);
        int flagged = 0;
        for (const json &d : doc["days"]) {
            if (d["flagged"].get<bool>()) {
                ++flagged;
                QCOMPARE(QString::fromStdString(d["date"]), QStringLiteral("2026-03-07"));
                QCOMPARE(QString::fromStdString(d["model"]), QStringLiteral("alpha"));
            }
        }
        QCOMPARE(flagged, 1);
        const double alpha = doc["models"][0]["recorded"]["usd_per_1k_tokens"].get<double>();
        QVERIFY(std::abs(alpha / m_sessionUsdPer1k.at(QStringLiteral("alpha")) - 1.0) < 1e-9);

        std::tie(code, out) =
            runBill(csvPath, {QStringLiteral("--session"), QString::number(m_session)});
        QVERIFY2(code == 0, qPrintable(m_lastStderr));
        qInfo().noquote() << out;
        QVERIFY2(out.contains("2026-03-07 alpha") && out.contains("FLAGGED"), out.constData());

        // Another header, mapped by option.
        const QByteArray renamed = billWith("cost_usd", "Amount (USD)");
        QVERIFY(test::writeFileBytes(csvPath, renamed));
        std::tie(code, out) = runBill(csvPath);
        QCOMPARE(code, 2);
        QVERIFY2(m_lastStderr.contains(QStringLiteral("cost_usd")), qPrintable(m_lastStderr));
        std::tie(code, out) =
            runBill(csvPath, {QStringLiteral("--column"), QStringLiteral("cost_usd=Amount (USD)")});
        QVERIFY2(code == 0, qPrintable(m_lastStderr));

        QByteArray broken = billWith("2026-03-04,beta", "2026-03-04,beta,extra");
        QVERIFY(test::writeFileBytes(csvPath, broken));
        std::tie(code, out) = runBill(csvPath);
        QCOMPARE(code, 2);
        QVERIFY(out.isEmpty());
        QVERIFY2(m_lastStderr.contains(csvPath + QStringLiteral(":")) &&
                     m_lastStderr.contains(QStringLiteral("7 fields")),
                 qPrintable(m_lastStderr));
        broken = billWith("2026-03-05", "2026-13-05");
        QVERIFY(test::writeFileBytes(csvPath, broken));
        std::tie(code, out) = runBill(csvPath);
        QCOMPARE(code, 2);
        QVERIFY2(m_lastStderr.contains(QStringLiteral("\"date\"")) &&
                     m_lastStderr.contains(QStringLiteral("2026-13-05")),
                 qPrintable(m_lastStderr));
        QVERIFY(test::writeFileBytes(csvPath, billFromRecording()));
        std::tie(code, out) = runCli({QStringLiteral("bill"), QStringLiteral("--db"),
                                      m_dir.filePath(QStringLiteral("none.sqlite")),
                                      QStringLiteral("--csv"), csvPath});
        QCOMPARE(code, 2);
    }

    // File → Import bill… in the window: the same days, figures (at the precision the command
    // line prints them) and flags as `yardstick-cli bill` on the same file, the flagged day
    // marked on the chart; a cost column of another name named in the message and then chosen
    // in the page; the selected session alone; a malformed file refused naming its line while
    // the reconciliation shown stays.
    void importedThroughTheWindow()
    {
        QString csvPath;
        const json doc = billJson(QStringLiteral("window-bill.csv"), &csvPath);
        QVERIFY2(!doc.is_null(), qPrintable(m_lastStderr));
        const auto [code, text] = runBill(csvPath);
        QVERIFY2(code == 0, qPrintable(m_lastStderr));
        const QStringList lines = QString::fromUtf8(text).split(QLatin1Char('\n'));

        Workbench workbench(m_db);
        QString error;
        QVERIFY2(workbench.open(&error), qPrintable(error));
        MainWindow window(&workbench);
        BillPage *page = window.billPage();
        auto *fileMenu = window.findChild<QMenu *>(QStringLiteral("fileMenu"));
        QVERIFY(fileMenu && fileMenu->actions().contains(page->importAction()));
        QAbstractItemModelTester daysTester(page->daysModel(),
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester modelsTester(
            page->modelsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QString chosen = csvPath;
        page->setChooser([&] { return chosen; });
        QSignalSpy reconciled(page, &BillPage::reconciled);
        QSignalSpy failed(page, &BillPage::failed);
        page->importAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(reconciled.size(), 1, 30000); // read off the UI thread
        QCOMPARE(failed.size(), 0);
        auto *pages = window.findChild<QTabWidget *>(QStringLiteral("pages"));
        QVERIFY(pages && pages->currentWidget() == page); // the page came to the front

        const BillDaysModel *days = page->daysModel();
        QCOMPARE(std::size_t(days->rowCount()), doc["days"].size());
        const auto same = [](const QVariant &shown, const json &v) {
            if (v.is_null())
                return !shown.isValid();
            return shown.isValid() && std::abs(shown.toDouble() - v.get<double>()) <=
                                          1e-12 * std::max(1.0, std::abs(v.get<double>()));
        };
        const auto value = [days](int row, int column) {
            return days->index(row, column).data(RowTableModel::ValueRole);
        };
        int flagged = 0;
        for (int r = 0; r < days->rowCount(); ++r) {
            const json &d = doc["days"][std::size_t(r)];
            const QString date = QString::fromStdString(d["date"].get<std::string>());
            const QString model = QString::fromStdString(d["model"].get<std::string>());
            QCOMPARE(days->index(r, BillDaysModel::Date).data().toString(), date);
            QCOMPARE(days->index(r, BillDaysModel::Model).data().toString(), model);
            QVERIFY(same(value(r, BillDaysModel::BilledUsd), d["billed"]["cost_usd"]));
            QVERIFY(same(value(r, BillDaysModel::RecordedUsd), d["recorded"]["cost_usd"]));
            QVERIFY(same(value(r, BillDaysModel::DiffUsd), d["cost_diff_usd"]));
            QVERIFY(
                same(value(r, BillDaysModel::BilledUsdPer1k), d["billed"]["usd_per_1k_tokens"]));
            QVERIFY(same(value(r, BillDaysModel::OthersMean), d["others_mean_usd_per_1k"]));
            QVERIFY(same(value(r, BillDaysModel::OthersSigma), d["others_sigma_usd_per_1k"]));
            const bool isFlagged = d["flagged"].get<bool>();
            QCOMPARE(days->index(r, 0).data(BillDaysModel::FlaggedRole).toBool(), isFlagged);
            flagged += isFlagged ? 1 : 0;
            // The texts are the ones the command line prints on that day's line.
            const QString prefix = date + QLatin1Char(' ') + model + QLatin1Char(' ');
            const auto line = std::find_if(lines.begin(), lines.end(),
                                           [&](const QString &l) { return l.startsWith(prefix); });
            QVERIFY2(line != lines.end(), qPrintable(prefix));
            for (int c : {int(BillDaysModel::BilledUsd), int(BillDaysModel::RecordedUsd),
                          int(BillDaysModel::DiffUsd), int(BillDaysModel::BilledUsdPer1k)}) {
                const QString shown = days->index(r, c).data().toString();
                QVERIFY2(line->contains(QLatin1Char(' ') + shown),
                         qPrintable(*line + QStringLiteral(" lacks ") + shown));
            }
            QCOMPARE(line->contains(QStringLiteral("FLAGGED")), isFlagged);
        }
        QCOMPARE(flagged, 1);
        QCOMPARE(days->flaggedDays(), 1);
        QVERIFY2(lines.size() > 1 && lines.at(1) == page->summary(), qPrintable(page->summary()));

        const BillModelsModel *models = page->modelsModel();
        QCOMPARE(std::size_t(models->rowCount()), doc["models"].size());
        for (int r = 0; r < models->rowCount(); ++r) {
            const json &m = doc["models"][std::size_t(r)];
            QCOMPARE(models->index(r, BillModelsModel::Model).data().toString(),
                     QString::fromStdString(m["model"].get<std::string>()));
            QVERIFY(same(
                models->index(r, BillModelsModel::BilledUsdPer1k).data(RowTableModel::ValueRole),
                m["billed"]["usd_per_1k_tokens"]));
            QVERIFY(same(
                models->index(r, BillModelsModel::RecordedUsdPer1k).data(RowTableModel::ValueRole),
                m["recorded"]["usd_per_1k_tokens"]));
            QCOMPARE(
                models->index(r, BillModelsModel::Flagged).data(RowTableModel::ValueRole).toInt(),
                m["flagged_days"].get<int>());
        }

        // The chart: a billed and a recorded line per model, the flagged day marked at its price.
        const BillChart *chart = page->chart();
        QCOMPARE(chart->models(), (QStringList{QStringLiteral("alpha"), QStringLiteral("beta")}));
        QCOMPARE(chart->flaggedPoints().size(), 1);
        const QDate doubled = kFirstDay.addDays(kDoubledDay);
        QCOMPARE(qint64(chart->flaggedPoints().first().x()),
                 QDateTime(doubled, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch());
        for (const json &d : doc["days"])
            if (d["flagged"].get<bool>())
                QCOMPARE(chart->flaggedPoints().first().y(),
                         d["billed"]["usd_per_1k_tokens"].get<double>());

        // Another header for the cost: the page names the field, then reads the column chosen.
        const QByteArray renamed = billWith("cost_usd", "Amount (USD)");
        const auto offer = [&](const QString &name, const QByteArray &bytes) {
            chosen = m_dir.filePath(name);
            QVERIFY(test::writeFileBytes(chosen, bytes));
            page->importAction()->trigger();
        };
        offer(QStringLiteral("renamed.csv"), renamed);
        QTRY_COMPARE(failed.size(), 1);
        QVERIFY2(page->message().contains(QStringLiteral("cost_usd")), qPrintable(page->message()));
        QCOMPARE(days->rowCount(), int(doc["days"].size())); // what was shown stays
        QComboBox *cost = page->columnBox(BillCsv::CostUsd);
        QCOMPARE(cost->currentIndex(), 0);
        QCOMPARE(page->columnBox(BillCsv::Date)->currentText(), QStringLiteral("date"));
        cost->setCurrentIndex(cost->findData(QStringLiteral("Amount (USD)")));
        QTRY_COMPARE_WITH_TIMEOUT(reconciled.size(), 2, 30000);
        QCOMPARE(days->flaggedDays(), 1);

        // The selected session alone: it is the only one, so the same days.
        QVERIFY(workbench.selectSession(m_session));
        QTRY_COMPARE_WITH_TIMEOUT(workbench.selectedSession(), m_session, 30000);
        page->scopeBox()->setCurrentIndex(1);
        QTRY_COMPARE_WITH_TIMEOUT(reconciled.size(), 3, 30000);
        QCOMPARE(days->rowCount(), int(doc["days"].size()));
        QVERIFY2(page->message().contains(QString::number(m_session)), qPrintable(page->message()));

        // A malformed file: refused with its line and column; the reconciliation shown stays.
        const QByteArray broken = billWith("2026-03-05", "2026-13-05");
        offer(QStringLiteral("broken.csv"), broken);
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 2, 30000);
        QVERIFY2(page->message().contains(QStringLiteral("broken.csv:")) &&
                     page->message().contains(QStringLiteral("2026-13-05")),
                 qPrintable(page->message()));
        QCOMPARE(days->rowCount(), int(doc["days"].size()));
    }

    // An attempt is dated by its run's start plus its own offset: a run started a millisecond
    // before midnight puts an attempt 0.999999 ms later on the same day (no rounding up to the
    // millisecond) and its later attempts on the next day. A session filter keeps only that
    // session.
    void attemptsAreDatedByTheirOffset()
    {
        Database db(m_db);
        QString error;
        QVERIFY2(db.open(&error), qPrintable(error));
        QSqlQuery q(db.connection());
        QVERIFY(q.exec(QStringLiteral("SELECT r.id FROM runs r JOIN providers p ON p.id = "
                                      "r.provider_id WHERE p.model = 'alpha' ORDER BY r.id "
                                      "LIMIT 1")));
        QVERIFY(q.next());
        const qint64 run = q.value(0).toLongLong();
        q.finish();
        QVERIFY(q.exec(
            QStringLiteral("SELECT id FROM samples WHERE run_id = %1 ORDER BY id").arg(run)));
        std::vector<qint64> ids;
        while (q.next())
            ids.push_back(q.value(0).toLongLong());
        q.finish();
        QVERIFY(ids.size() >= 2);
        const qint64 before = 1;
        const qint64 after = qint64(ids.size()) - 1;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            const qint64 offsetNs = i == 0 ? 999999 : 1000000 + qint64(i) * 250000000;
            QVERIFY(q.exec(QStringLiteral("UPDATE samples SET start_offset_ns = %1 WHERE id = %2")
                               .arg(offsetNs)
                               .arg(ids[i])));
        }
        QVERIFY(q.exec(QStringLiteral("UPDATE runs SET started_at = '2026-02-28T23:59:59.999Z' "
                                      "WHERE id = %1")
                           .arg(run)));
        const auto usage = UsageQuery::byDayAndModel(db, m_session, &error);
        QVERIFY2(usage, qPrintable(error));
        qint64 feb28 = 0;
        qint64 mar1 = 0;
        qint64 all = 0;
        for (const RecordedUsage &u : *usage) {
            all += u.attempts;
            if (u.model == QLatin1StringView("alpha") && u.day == QDate(2026, 2, 28))
                feb28 = u.attempts;
            if (u.model == QLatin1StringView("alpha") && u.day == kFirstDay)
                mar1 = u.attempts;
        }
        QCOMPARE(all, qint64(6 * kDays));
        QCOMPARE(feb28, before);
        QCOMPARE(mar1, after);
        const auto none = UsageQuery::byDayAndModel(db, m_session + 1, &error);
        QVERIFY(none && none->empty());
    }
};

YS_TEST_MAIN(TstBill)
#include "tst_bill.moc"
