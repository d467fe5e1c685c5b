// One number everywhere: two real sessions in one SQLite file, the demo and one that runs every
// scenario kind against the simulator over loopback. For each, every figure `yardstick-cli show
// --json` prints per provider is looked for on every surface that shows it: show's text, the
// workbench's models (their value roles and the text they display), the HTML report and the
// XLSX comparison sheet, and must have the same value there at the precision it is printed
// with. The later session drifts against the demo, and that drift is on every surface that
// shows history. Which figure is read where is the table kFigures below and, for the scenario
// kinds' results, kKindLines in kind_lines.h.
#include "analysis/gates.h"
#include "charts/context_scaling_chart.h"
#include "charts/pareto_chart.h"
#include "domain/outcome.h"
#include "export/comparison_export.h"
#include "models/comparison_table_model.h"
#include "models/drift_model.h"
#include "models/drift_series_model.h"
#include "models/export_roles.h"
#include "models/model_table.h"
#include "models/score_model.h"
#include "report/report_content.h"
#include "sim/sim_host.h"
#include "ui/scores_page.h"
#include "ui/session_drift_view.h"
#include "ui/verdict_cards.h"
#include "workbench/workbench.h"

#include "cli_runner.h"
#include "drift_surfaces.h"
#include "every_kind_suite.h"
#include "fixtures.h"
#include "kind_lines.h"
#include "one_number_surfaces.h"
#include "printed_figure.h"
#include "report_reader.h"
#include "test_main.h"
#include "test_support.h"
#include "xlsx_reader.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <map>
#include <nlohmann/json.hpp>

using namespace ys;
using nlohmann::json;
using test::Findings;
using test::nameOf;
using test::Read;
using test::Session;
using test::Shown;

namespace {

// Each figure of a provider's object in show --json and how each surface names and shows it. An
// empty entry ({}) is a surface that does not show the figure: show's text has one table row
// per provider with seven figures, the Compare page's table its fourteen columns, the XLSX
// sheet the columns of docs/exports.md, the report its comparison, load and appendix tables. A
// figure show --json does not print for a session (a gate its requirements do not set) is not
// looked for. Every provider's figures come from a closed-loop run (checked below), where the
// E2E P95 the latency gate reads, which show's text and the Compare page show, is e2e_ms.p95.
//
// show: the text table's column. Compare page: the column's export key; its ExportValueRole is
// the value, its display text the value at the precision shown ("@tooltip": the cell's tooltip,
// "@gate": its GateRole). Report: the cell's data-figure; data-value is the value, the cell's
// text shows it. XLSX: the comparison sheet's column key; the cell holds the value.
// clang-format off
const test::Figure kFigures[] = {
    // show --json              show (text)                      Compare page (model)                         report (data-figure)                          XLSX comparison sheet
    {"/model",                  {},                              {"model", Read::Text},                       {"model", Read::Text},                        {"model", Read::Text}},
    {"/dialect",                {},                              {},                                          {"dialect", Read::Text},                      {}},
    {"/runs",                   {},                              {"runs"},                                    {"runs"},                                     {"runs"}},
    {"/attempts",               {"succ/n", Read::Denominator},   {"attempts"},                                {"attempts"},                                 {"attempts"}},
    // The Compare page's success cell: "83.3% (10/12)", its value the rate (not in show --json).
    {"/successful",             {"succ/n", Read::Numerator},     {"success_rate_pct", Read::Numerator, false}, {"successful", Read::Numerator},             {"successes"}},
    {"/ttft_ms/p50",            {"TTFT p50"},                    {"ttft_p50_ms"},                             {"ttft_ms.p50"},                              {"ttft_p50_ms"}},
    {"/ttft_ms/p95",            {},                              {"ttft_p95_ms"},                             {"ttft_ms.p95"},                              {"ttft_p95_ms"}},
    {"/ttft_ms/p95_ci/0",       {},                              {},                                          {},                                           {"ttft_p95_ci_low_ms"}},
    {"/ttft_ms/p95_ci/1",       {},                              {},                                          {},                                           {"ttft_p95_ci_high_ms"}},
    {"/ttft_ms/p99",            {},                              {},                                          {"ttft_ms.p99"},                              {}},
    {"/e2e_ms/p50",             {},                              {"e2e_p50_ms"},                              {"e2e_ms.p50"},                               {"e2e_p50_ms"}},
    {"/e2e_ms/p95",             {"E2E p95"},                     {"e2e_p95_ms"},                              {"e2e_ms.p95"},                               {"e2e_p95_ms"}},
    // The E2E P95 the latency gate reads, with its interval: the XLSX's gate columns.
    {"/gates/checks/e2e_p95/value",      {},                     {},                                          {},                                           {"latency_gate_e2e_p95_ms"}},
    {"/gates/checks/e2e_p95/interval/0", {},                     {},                                          {},                                           {"latency_gate_e2e_p95_ci_low_ms"}},
    {"/gates/checks/e2e_p95/interval/1", {},                     {},                                          {},                                           {"latency_gate_e2e_p95_ci_high_ms"}},
    // The report's interval cell ("391.6 – 447.7") carries no data-figure: not read there.
    {"/e2e_ms/p95_ci/0",        {},                              {"e2e_p95_ms", Read::CiLow, false},          {},                                           {"e2e_p95_ci_low_ms"}},
    {"/e2e_ms/p95_ci/1",        {},                              {"e2e_p95_ms", Read::CiHigh, false},         {},                                           {"e2e_p95_ci_high_ms"}},
    {"/e2e_ms/p99",             {},                              {},                                          {"e2e_ms.p99"},                               {}},
    {"/itl_ms/mean",            {},                              {},                                          {"itl_ms.mean"},                              {}},
    {"/itl_ms/p99",             {},                              {},                                          {"itl_ms.p99"},                               {}},
    {"/output_tokens_per_s/p50", {"tok/s"},                      {"output_tok_per_s"},                        {"output_tokens_per_s.p50"},                  {"output_tokens_per_s_p50"}},
    {"/usd_per_1k_tokens",      {"$/1K"},                        {"usd_per_1k"},                              {"usd_per_1k_tokens"},                        {"usd_per_1k_list"}},
    // The Compare page names the measured price in the $ / 1K cell's tooltip, last.
    {"/usd_per_1k_measured",    {},                              {"usd_per_1k@tooltip", Read::LastNumber, false}, {"usd_per_1k_measured"},                  {"usd_per_1k_measured"}},
    {"/usd_per_1k_measured_ci/0", {},                            {},                                          {},                                           {"usd_per_1k_measured_ci_low"}},
    {"/usd_per_1k_measured_ci/1", {},                            {},                                          {},                                           {"usd_per_1k_measured_ci_high"}},
    {"/cost_usd",               {},                              {"cost_usd"},                                {"cost_usd"},                                 {"cost_usd"}},
    {"/tokens_estimated",       {},                              {},                                          {},                                           {"cost_partial", Read::YesNo}},
    {"/input_tokens",           {},                              {},                                          {"input_tokens"},                             {"input_tokens"}},
    {"/output_tokens",          {},                              {},                                          {"output_tokens"},                            {"output_tokens"}},
    {"/cached_tokens",          {},                              {},                                          {"cached_tokens"},                            {}},
    {"/billed_tokens",          {},                              {},                                          {"billed_tokens"},                            {}},
    {"/cost_breakdown_usd/answered",  {},                        {},                                          {"cost_breakdown_usd.answered"},              {}},
    {"/cost_breakdown_usd/retried",   {},                        {},                                          {"cost_breakdown_usd.retried"},               {}},
    {"/cost_breakdown_usd/failed",    {},                        {},                                          {"cost_breakdown_usd.failed"},                {}},
    {"/cost_breakdown_usd/truncated", {},                        {},                                          {"cost_breakdown_usd.truncated"},             {}},
    {"/context_window",         {"context", Read::Thousands},    {"context_tokens", Read::Thousands},         {"context_window", Read::Thousands},          {"context_window_tokens"}},
    {"/load_model",             {},                              {},                                          {"load_model", Read::Text},                   {}},
    {"/concurrency",            {},                              {},                                          {"concurrency"},                              {}},
    {"/achieved_concurrency",   {},                              {},                                          {"achieved_concurrency"},                     {}},
    {"/rate_asked_per_s",       {},                              {},                                          {"rate_asked_per_s"},                         {}},
    {"/rate_achieved_per_s",    {},                              {},                                          {"rate_achieved_per_s"},                      {}},
    {"/gates/overall",          {"gates", Read::Verdict},        {"requirements", Read::Verdict},             {"gates.overall", Read::Verdict},             {"verdict", Read::Verdict}},
    {"/gates/checks/e2e_p95/verdict",    {},                     {"e2e_p95_ms@gate", Read::Verdict},          {"gates.checks.e2e_p95.verdict", Read::Verdict},    {"latency_gate", Read::Verdict}},
    {"/gates/checks/ttft_p95/verdict",   {},                     {},                                          {"gates.checks.ttft_p95.verdict", Read::Verdict},   {"ttft_gate", Read::Verdict}},
    {"/gates/checks/usd_per_1k/verdict", {},                     {"usd_per_1k@gate", Read::Verdict},          {"gates.checks.usd_per_1k.verdict", Read::Verdict}, {"cost_gate", Read::Verdict}},
    {"/gates/checks/context/verdict",    {},                     {"context_tokens@gate", Read::Verdict},      {"gates.checks.context.verdict", Read::Verdict},    {"context_gate", Read::Verdict}},
    {"/gates/passed",           {},                              {},                                          {},                                           {"gates_passed"}},
    {"/gates/min_passed",       {},                              {},                                          {},                                           {"gates_needed"}},
};
// clang-format on

} // namespace

class TstOneNumber : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_db;
    std::map<QString, Session> m_sessions; // "demo", "every kind"
    std::map<QString, std::unique_ptr<test::Gui>> m_gui;
    std::unique_ptr<SimHost> m_sim;

    test::CliResult cli(const QStringList &args, int timeoutMs = 120000 * test::kSlow)
    {
        const test::CliResult r = test::runCli(args, timeoutMs);
        if (r.code != 0)
            qWarning().noquote() << "yardstick-cli" << args.join(QLatin1Char(' ')) << "exited"
                                 << r.code << r.err;
        return r;
    }

    // show --json, show, the HTML report and the XLSX comparison sheet of a session.
    bool readSurfaces(Session &s)
    {
        const QString id = QString::number(s.id);
        const QStringList session{QStringLiteral("--db"), m_db, QStringLiteral("--session"), id};
        const test::CliResult shown =
            cli(QStringList{QStringLiteral("show")} << session << QStringLiteral("--json"));
        const test::CliResult text = cli(QStringList{QStringLiteral("show")} << session);
        const QString html = m_dir.filePath(QStringLiteral("report-%1.html").arg(id));
        const QString xlsx = m_dir.filePath(QStringLiteral("comparison-%1.xlsx").arg(id));
        const test::CliResult report =
            cli(QStringList{QStringLiteral("report")} << session << QStringLiteral("--format")
                                                      << QStringLiteral("html")
                                                      << QStringLiteral("--out") << html);
        const test::CliResult exported =
            cli(QStringList{QStringLiteral("export")}
                << session << QStringLiteral("--format") << QStringLiteral("xlsx")
                << QStringLiteral("--table") << QStringLiteral("comparison")
                << QStringLiteral("--out") << xlsx);
        if (shown.code != 0 || text.code != 0 || report.code != 0 || exported.code != 0)
            return false;
        s.show = json::parse(shown.out.toStdString());
        s.text = QString::fromUtf8(text.out);
        QStringList names;
        for (const json &p : s.show["providers"])
            names << nameOf(p);
        s.table = test::CliText::read(s.text, names);
        QFile file(html);
        QString error;
        if (!file.open(QIODevice::ReadOnly))
            return false;
        s.report = test::readHtml(file.readAll(), &error);
        if (!error.isEmpty())
            qWarning().noquote() << html << error;
        const json book = test::readXlsx(xlsx);
        if (!book.is_object() || !book.contains("comparison"))
            return false;
        s.sheet = book["comparison"];
        return error.isEmpty();
    }

    // The workbench with the session selected, made on first use.
    test::Gui *gui(const QString &session)
    {
        auto &g = m_gui[session];
        if (!g) {
            auto made = std::make_unique<test::Gui>(m_db);
            QString error;
            if (!made->load(m_sessions.at(session).id, &error)) {
                qWarning().noquote() << error;
                return nullptr;
            }
            g = std::move(made);
        }
        return g.get();
    }

    // The Compare page's tooltip of a provider's name.
    static QString providerTooltip(test::Gui &g, const QString &provider)
    {
        const ComparisonTableModel &m = *g.workbench.comparisonModel();
        for (int r = 0; r < m.rowCount(); ++r)
            if (m.index(r, ComparisonTableModel::ProviderColumn).data().toString() == provider)
                return m.index(r, ComparisonTableModel::ProviderColumn)
                    .data(Qt::ToolTipRole)
                    .toString();
        return {};
    }

    static void bothSessions()
    {
        QTest::addColumn<QString>("session");
        QTest::newRow("demo") << QStringLiteral("demo");
        QTest::newRow("every kind") << QStringLiteral("every kind");
    }

private Q_SLOTS:
    void initTestCase();
    void tableFigures_data() { bothSessions(); }
    void tableFigures();
    void outcomesAndPrices_data() { bothSessions(); }
    void outcomesAndPrices();
    void kindResults_data() { bothSessions(); }
    void kindResults();
    void scoresAndPareto_data() { bothSessions(); }
    void scoresAndPareto();
    void drift_data() { bothSessions(); }
    void drift();
    void cleanupTestCase()
    {
        m_gui.clear();
        m_sim.reset();
    }
};

// The demo session tst_cli_demo left (ctest's fixture demo_session; run alone without it, the
// demo is run here), then the every-kind session into the same file.
void TstOneNumber::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_db = m_dir.filePath(QStringLiteral("one.sqlite"));
    QVERIFY(test::demoSessionAt(m_db));
    m_sim = test::startedSim(test::everyKindProfiles());
    if (!m_sim)
        return;
    const QString suite = m_dir.filePath(QStringLiteral("every-kind.json"));
    QFile file(suite);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(test::everyKindSuite(m_sim->baseUrl()));
    file.close();
    const test::CliResult run = cli(
        {QStringLiteral("run"), QStringLiteral("--suite"), suite, QStringLiteral("--db"), m_db});
    QCOMPARE(run.code, 0);

    const test::CliResult list =
        cli({QStringLiteral("list"), QStringLiteral("--db"), m_db, QStringLiteral("--json")});
    QCOMPARE(list.code, 0);
    const json sessions = json::parse(list.out.toStdString());
    QCOMPARE(sessions.size(), std::size_t(2)); // newest first
    QCOMPARE(sessions[0]["suite"].get<std::string>(), std::string("every-kind"));
    m_sessions[QStringLiteral("every kind")].id = sessions[0]["session"].get<qint64>();
    m_sessions[QStringLiteral("demo")].id = sessions[1]["session"].get<qint64>();
    for (auto &[name, s] : m_sessions) {
        QVERIFY2(readSurfaces(s), qPrintable(name));
        QVERIFY(s.show["providers"].size() >= 2);
        // Every provider's figures are a closed-loop run's, where the E2E P95 the latency gate
        // reads is e2e_ms.p95 (kFigures).
        for (const json &p : s.show["providers"])
            QCOMPARE(p["load_model"].get<std::string>(), std::string("closed"));
    }
}

// kFigures on every surface: show's table, the Compare page's model, the report's cells and the
// XLSX comparison sheet.
void TstOneNumber::tableFigures()
{
    QFETCH(QString, session);
    const Session &s = m_sessions.at(session);
    test::Gui *g = gui(session);
    QVERIFY(g);
    QCOMPARE(s.table.header,
             QStringLiteral("provider succ/n TTFT p50 E2E p95 tok/s $/1K context gates"));
    const ComparisonTableModel &model = *g->workbench.comparisonModel();
    const DataTable table = ModelTable::make(model, QStringLiteral("comparison"));
    // The sheet's header row names ComparisonExport's columns in their order.
    const auto columns = ComparisonExport::columns();
    QCOMPARE(s.sheet.size(), s.show["providers"].size() + 1);
    for (std::size_t c = 0; c < columns.size(); ++c)
        QCOMPARE(QString::fromStdString(s.sheet[0][c].get<std::string>()), columns[c].header());

    Findings f;
    for (const json &p : s.show["providers"]) {
        const QString name = nameOf(p);
        for (const test::Figure &figure : kFigures) {
            const std::optional<json> want = test::figureValue(p, figure.pointer);
            if (!want)
                continue; // not printed by show --json for this session
            const auto check = [&](const char *surface, const Shown &shown,
                                   const test::SurfaceCell &cell) {
                if (shown.key)
                    f.check(QString::fromUtf8(surface), name,
                            QStringLiteral("%1 (%2)").arg(QString::fromUtf8(figure.pointer),
                                                          QString::fromUtf8(shown.key)),
                            test::cellProblem(cell, shown, *want));
            };
            check("show", figure.cli, s.table.cell(name, figure.cli.key));
            check("Compare page", figure.gui, test::guiCell(model, table, name, figure.gui));
            check("report", figure.report, test::reportCell(s.report, name, figure.report));
            check("XLSX", figure.xlsx, test::xlsxCell(s.sheet, name, figure.xlsx.key));
        }
    }
    qInfo().noquote() << f.report();
    QVERIFY2(f.problems.isEmpty(), "show --json and a surface differ: the list is above");
    const int providers = int(s.show["providers"].size());
    QVERIFY(f.count("show") >= 6 * providers);
    QVERIFY(f.count("Compare page") >= 14 * providers);
    QVERIFY(f.count("report") >= 25 * providers);
    QVERIFY(f.count("XLSX") >= 20 * providers);
}

// Each provider's outcomes and price: show's lines under its row, the Compare page's success
// tooltip, the report's outcome cells and its appendix.
void TstOneNumber::outcomesAndPrices()
{
    QFETCH(QString, session);
    const Session &s = m_sessions.at(session);
    test::Gui *g = gui(session);
    QVERIFY(g);
    const ComparisonTableModel &model = *g->workbench.comparisonModel();
    static const QRegularExpression price(
        QStringLiteral("\\$(\\S+) in, \\$(\\S+) out per 1M tokens"));
    Findings f;
    bool someFailed = false;
    for (std::size_t row = 0; row < s.show["providers"].size(); ++row) {
        const json &p = s.show["providers"][row];
        const QString name = nameOf(p);
        const auto want = test::outcomeWords(p["outcomes"]);
        const bool failed = p["successful"] != p["attempts"];
        someFailed = someFailed || failed;
        const QStringList cliLines = s.table.rows.at(name).lines;
        const QStringList appendix = s.report.linesOf(QStringLiteral("appendix"), name);
        const auto lineAfter = [](const QStringList &lines, const QString &start) {
            for (const QString &l : lines)
                if (l.startsWith(start))
                    return std::optional<QString>(l.mid(start.size()));
            return std::optional<QString>();
        };
        // The breakdown is shown when an attempt failed; the tooltip always has it.
        const auto shown = [&](const char *surface, const std::optional<QString> &text,
                               bool expected) {
            f.check(QString::fromUtf8(surface), name, QStringLiteral("/outcomes"),
                    !text && !expected ? QString()
                    : !text            ? QStringLiteral("not shown")
                    : !expected        ? QStringLiteral("shown though all succeeded")
                    : test::breakdown(*text) == want
                        ? QString()
                        : QStringLiteral("%1 for %2").arg(*text, test::describe(want)));
        };
        shown("show", lineAfter(cliLines, QStringLiteral("outcomes: ")), failed);
        shown("report", lineAfter(appendix, QStringLiteral("Outcomes: ")), failed);
        QCOMPARE(model.index(int(row), ComparisonTableModel::ProviderColumn).data().toString(),
                 name);
        const QString tooltip = model.index(int(row), ComparisonTableModel::SuccessRateColumn)
                                    .data(Qt::ToolTipRole)
                                    .toString();
        shown("Compare page",
              lineAfter({tooltip.mid(tooltip.indexOf(QStringLiteral("Outcomes: ")))},
                        QStringLiteral("Outcomes: ")),
              true);
        for (const auto &[outcome, n] : p["outcomes"].items()) {
            const std::string figure = "outcomes." + outcome;
            const Shown cell{figure.c_str()};
            f.check(QStringLiteral("report"), name, QString::fromStdString(figure),
                    test::cellProblem(test::reportCell(s.report, name, cell), cell, n));
        }
        // The price in force, as the suite or the catalog gave it.
        for (const auto &[surface, text] :
             {std::pair{"show", lineAfter(cliLines, QStringLiteral("price: "))},
              std::pair{"report", lineAfter(appendix, QStringLiteral("price: "))}}) {
            const auto m = price.match(text.value_or(QString()));
            const json &pp = p["price"];
            f.check(QString::fromUtf8(surface), name, QStringLiteral("/price"),
                    pp.is_null() ? QString()
                    : !m.hasMatch()
                        ? QStringLiteral("no price in \"%1\"").arg(text.value_or(QString()))
                        : test::textProblem(m.captured(1), Shown{}, pp["input_per_mtok"]) +
                              test::textProblem(m.captured(2), Shown{}, pp["output_per_mtok"]));
        }
    }
    qInfo().noquote() << f.report();
    QVERIFY2(f.problems.isEmpty(), "show --json and a surface differ: the list is above");
    if (session == QLatin1StringView("every kind"))
        QVERIFY(someFailed); // Edge's faults: the breakdown is there to compare
}

// Each scenario kind's results (kKindLines): show's lines under the provider's row, the
// report's appendix and its verdicts (the kinds' text, the cards' key figures), and the
// workbench's verdict cards (the kinds that have one; a sweep, the latency run and stability are
// charts there) and its context chart.
void TstOneNumber::kindResults()
{
    QFETCH(QString, session);
    const Session &s = m_sessions.at(session);
    test::Gui *g = gui(session);
    QVERIFY(g);
    const std::vector<VerdictCard> &cards = g->cards->cards();
    Findings f;
    for (const json &p : s.show["providers"]) {
        const QString name = nameOf(p);
        const QStringList verdicts = s.report.linesOf(QStringLiteral("verdicts"), name);
        for (const auto &[kindName, object] : p["results"].items()) {
            const QString kind = QString::fromStdString(kindName);
            const auto lines = [&](const char *surface, const QStringList &l, bool keyFigures) {
                f.add(QString::fromUtf8(surface),
                      test::checkKindLines(
                          object, kind, l, keyFigures,
                          QStringLiteral("%1, %2").arg(QString::fromUtf8(surface), name),
                          f.problems));
            };
            lines("show", s.table.rows.at(name).lines, false);
            lines("report appendix", s.report.linesOf(QStringLiteral("appendix"), name), false);
            if (!VerdictText::kinds().contains(kind))
                continue;
            // A card: its verdict and key figure in the report's verdict table ("pass: 128,000
            // tokens verified"), the sentence it stands on under the provider's heading, the
            // card itself in the GUI.
            const QString cell =
                s.report.tableCell(QStringLiteral("verdicts"), name, VerdictText::title(kind));
            const qsizetype colon = cell.indexOf(QStringLiteral(": "));
            lines("report verdicts", colon < 0 ? QStringList() : QStringList{cell.mid(colon + 2)},
                  true);
            const auto card = std::find_if(cards.begin(), cards.end(), [&](const VerdictCard &c) {
                return c.provider == name && c.kind == kind;
            });
            f.check(QStringLiteral("verdict cards"), name, kind,
                    card == cards.end() ? QStringLiteral("no card") : QString());
            if (card == cards.end())
                continue;
            f.check(QStringLiteral("report verdicts"), name, kind,
                    verdicts.contains(ReportBuilder::tr("%1 (%2): %3")
                                          .arg(card->title, card->verdictText, card->sentence))
                        ? QString()
                        : QStringLiteral("no sentence \"%1\"").arg(card->sentence));
            lines("verdict cards", card->details, false);
            lines("verdict cards",
                  card->keyFigure.isEmpty() ? QStringList() : QStringList{card->keyFigure}, true);
        }
        test::checkContextChart(*g, p, f);
        // Several latency scenarios, a line each: show's, the appendix's, the provider's
        // tooltip on the Compare page.
        const QString tooltip = providerTooltip(*g, name);
        for (const auto &[surface, lines] :
             {std::pair{"show", s.table.rows.at(name).lines},
              std::pair{"report appendix", s.report.linesOf(QStringLiteral("appendix"), name)},
              std::pair{"Compare page", tooltip.split(QLatin1Char('\n'), Qt::SkipEmptyParts)}})
            f.add(QString::fromUtf8(surface),
                  test::checkKindLines(
                      p, QStringLiteral("latency_scenarios"), lines, false,
                      QStringLiteral("%1, %2").arg(QString::fromUtf8(surface), name), f.problems));
    }
    qInfo().noquote() << f.report();
    QVERIFY2(f.problems.isEmpty(), "show --json and a surface differ: the list is above");
    QVERIFY(f.count("show") > 0 && f.count("report appendix") > 0);
    if (session == QLatin1StringView("every kind")) {
        // Every kind ran, each shown: the figures of a kind are compared on each surface.
        QVERIFY(f.count("show") >= 150);
        QVERIFY(f.count("report verdicts") >= 20);
        QVERIFY(f.count("verdict cards") >= 50);
        QVERIFY(f.count("context chart") >= 8);
        QVERIFY(f.count("Compare page") >= 2 * 2 * 9); // two latency scenarios of each provider
    }
}

// The score of each provider (show's Score line, the Scores page's model, the report's
// shortlist) and its point on the cost-latency plane (the Pareto chart; the report's chart is a
// picture, not read).
void TstOneNumber::scoresAndPareto()
{
    QFETCH(QString, session);
    const Session &s = m_sessions.at(session);
    test::Gui *g = gui(session);
    QVERIFY(g);
    Findings f;
    // "Score (throughput 0.4, …): 1. Edge 1.000; 2. Simulated Flash-class 0.000"
    std::map<QString, std::pair<QString, QString>> cliScores;
    for (const QString &line : s.table.after)
        if (line.startsWith(QStringLiteral("Score (")))
            for (const QString &entry :
                 line.mid(line.indexOf(QStringLiteral("): ")) + 3).split(QStringLiteral("; "))) {
                static const QRegularExpression re(QStringLiteral("^(\\d+)\\. (.+) (\\S+)$"));
                if (const auto m = re.match(entry); m.hasMatch())
                    cliScores[m.captured(2)] = {m.captured(1), m.captured(3)};
            }
    const DataTable scores = ModelTable::make(*g->scores->model(), QStringLiteral("scores"));
    for (const json &row : s.show["score"]["providers"]) {
        const QString name = QString::fromStdString(row["provider"].get<std::string>());
        const auto cli = cliScores.find(name);
        for (const char *figure : {"rank", "score"}) {
            const bool rank = std::string(figure) == "rank";
            const Shown shown{figure, Read::Number};
            f.check(QStringLiteral("show"), name, QString::fromUtf8(figure),
                    row[figure].is_null()
                        ? (cli == cliScores.end() ? QString() : QStringLiteral("ranked"))
                    : cli == cliScores.end()
                        ? QStringLiteral("not shown")
                        : test::textProblem(rank ? cli->second.first : cli->second.second, shown,
                                            row[figure]));
            f.check(
                QStringLiteral("report"), name, QString::fromUtf8(figure),
                test::cellProblem(test::reportCell(s.report, name, shown, QStringLiteral("score")),
                                  shown, row[figure]));
            test::SurfaceCell cell;
            for (std::size_t r = 0; r < scores.rows.size(); ++r)
                if (scores.rows[r][0].toString() == name)
                    cell = {true, test::jsonOf(scores.rows[r][rank ? 1 : 2]),
                            g->scores->model()->index(int(r), rank ? 1 : 2).data().toString()};
            f.check(QStringLiteral("Scores page"), name, QString::fromUtf8(figure),
                    test::cellProblem(cell, shown, row[figure]));
        }
    }
    g->pareto->setAxes(ParetoLatencyAxis::E2eP95, ParetoCostAxis::Measured);
    const ParetoPlotData &plot = g->pareto->plot();
    const json &pareto = s.show["pareto"];
    QCOMPARE(plot.points.size(), pareto["points"].size());
    for (const json &point : pareto["points"]) {
        const QString name = QString::fromStdString(point["provider"].get<std::string>());
        const int at = plot.indexOf(name);
        QVERIFY2(at >= 0, qPrintable(name));
        const ParetoPlotPoint &drawn = plot.points[std::size_t(at)];
        const auto end = [](const std::optional<std::pair<double, double>> &i, std::size_t e) {
            return i ? json(e == 0 ? i->first : i->second) : json(nullptr);
        };
        const auto endOf = [](const json &i, std::size_t e) {
            return i.is_array() && e < i.size() ? i[e] : json(nullptr);
        };
        const auto check = [&](const char *figure, const json &value) {
            f.check(QStringLiteral("Pareto chart"), name, QString::fromUtf8(figure),
                    test::rawProblem(value, Shown{}, point[figure]));
        };
        check("usd_per_1k", drawn.cost);
        check("latency_ms", drawn.latency);
        for (std::size_t e = 0; e < 2; ++e) {
            f.check(
                QStringLiteral("Pareto chart"), name, QStringLiteral("usd_per_1k_ci"),
                test::rawProblem(end(drawn.costCi, e), Shown{}, endOf(point["usd_per_1k_ci"], e)));
            f.check(
                QStringLiteral("Pareto chart"), name, QStringLiteral("latency_ci"),
                test::rawProblem(end(drawn.latencyCi, e), Shown{}, endOf(point["latency_ci"], e)));
        }
        const bool front = std::find(pareto["front"].begin(), pareto["front"].end(),
                                     point["provider"]) != pareto["front"].end();
        f.check(QStringLiteral("Pareto chart"), name, QStringLiteral("front"),
                drawn.onFront == front ? QString()
                                       : QStringLiteral("on the front: %1").arg(drawn.onFront));
    }
    qInfo().noquote() << f.report();
    QVERIFY2(f.problems.isEmpty(), "show --json and a surface differ: the list is above");
    QVERIFY(f.count("show") > 0 && f.count("Scores page") > 0 && f.count("report") > 0);
    QVERIFY(f.count("Pareto chart") >= 7 * int(pareto["points"].size()));
}

// The session's drift on every surface that shows history: show's text, the report's caveats,
// the Results page's Drift tab and the History page's drift box (its events across the
// provider's sessions, those ending at this one). The every-kind session drifts against the
// demo (Simulated Flash-class at twice the price, under another fingerprint, faster); the demo,
// the first session, has nothing to drift from and every surface says so.
void TstOneNumber::drift()
{
    QFETCH(QString, session);
    const Session &s = m_sessions.at(session);
    test::Gui *g = gui(session);
    QVERIFY(g);
    const json &events = s.show["drift"];
    std::set<std::string> figures;
    for (const json &e : events)
        figures.insert(e["figure"].get<std::string>());
    if (session == QLatin1StringView("demo")) {
        QVERIFY(events.empty());
    } else {
        QVERIFY2(figures.count("usd_per_1k_measured") && figures.count("system_fingerprint"),
                 events.dump().c_str());
        // Failed attempts that were paid for (prompts cut without an error) in the drifting
        // provider's run: its measured price counts them on every surface, drift's and the
        // History page's too, as show --json does.
        const json *flash =
            test::providerIn(s.show["providers"], "name", QStringLiteral("Simulated Flash-class"));
        QVERIFY(flash && (*flash)["outcomes"].contains("silent_truncation"));
        for (const json &e : events) {
            QCOMPARE(e["provider"].get<std::string>(), std::string("Simulated Flash-class"));
            QCOMPARE(e["from_session"].get<qint64>(), m_sessions.at(QStringLiteral("demo")).id);
        }
    }
    Findings f;
    const QStringList caveats = s.report.linesOf(QStringLiteral("caveats"), {});
    for (const auto &[surface, lines] : {std::pair{QStringLiteral("show"), s.table.after},
                                         std::pair{QStringLiteral("report"), caveats}}) {
        int shown = 0;
        for (const QString &line : lines) {
            const auto l = test::readDriftLine(line);
            if (!l && line.startsWith(QStringLiteral("drift:")))
                f.check(surface, {}, line, QStringLiteral("unreadable"));
            if (!l)
                continue;
            ++shown;
            const json *event = nullptr;
            for (const json &e : events)
                if (e["figure"] == l->figure.toStdString() &&
                    e["provider"] == l->provider.toStdString())
                    event = &e;
            f.check(surface, l->provider, l->figure,
                    event ? test::driftLineProblems(*l, *event).join(QStringLiteral(", "))
                          : QStringLiteral("not in show --json"));
        }
        f.check(surface, {}, QStringLiteral("events"),
                shown == int(events.size()) ? QString() : QStringLiteral("%1 lines").arg(shown));
    }
    if (events.empty())
        QVERIFY2(caveats.contains(QStringLiteral(
                     "No drift against earlier sessions of the same providers was found.")),
                 qPrintable(caveats.join(QLatin1Char('\n'))));
    test::checkDriftModel(QStringLiteral("Drift tab"), *g->drift->model(), s.id, events, f);
    QCOMPARE(g->drift->message().startsWith(QStringLiteral("No drift")), events.empty());
    test::checkDriftValues(s, m_sessions, f);
    if (session != QLatin1StringView("demo")) {
        // The History page's comparison of the demo with this session.
        SessionDiffModel diff;
        QString error;
        const Session &demo = m_sessions.at(QStringLiteral("demo"));
        HistorySource earlier, later; // whole sessions
        earlier.sessionId = demo.id;
        later.sessionId = s.id;
        QVERIFY2(diff.load(*g->workbench.repository(), earlier, later, &error), qPrintable(error));
        QVERIFY(diff.rowCount() >= 6); // Simulated Flash-class ran in both
        test::checkSessionDiff(diff, demo, s, f);
    }
    // The History page's drift box (the provider's series and its events), for each provider.
    for (const json &p : s.show["providers"]) {
        DriftSeriesModel series;
        DriftModel history;
        QString error;
        QVERIFY2(series.load(*g->workbench.repository(), nameOf(p), &error), qPrintable(error));
        history.setEvents(series.events());
        json own = json::array();
        for (const json &e : events)
            if (e["provider"] == p["name"])
                own.push_back(e);
        test::checkDriftModel(QStringLiteral("History page"), history, s.id, own, f);
        test::checkSeries(series, s.id, p, f);
    }
    qInfo().noquote() << f.report();
    QVERIFY2(f.problems.isEmpty(), "show --json and a surface differ: the list is above");
}

YS_TEST_MAIN(TstOneNumber)
#include "tst_one_number.moc"
