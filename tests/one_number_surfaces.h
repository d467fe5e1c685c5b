#pragma once

// The surfaces tst_one_number reads a session's figures from, and how it compares one of them
// with show --json: the table row of one figure (Figure: how each surface names and shows it),
// what a surface holds for it (SurfaceCell: its raw value, its text) and where to find it in the
// Compare page's model, the report and the XLSX sheet, show's text split into its table and each
// provider's lines (CliText), and the workbench with the result pages' widgets following one
// selected session (Gui).
#include "analysis/gates.h"
#include "charts/context_scaling_chart.h"
#include "charts/pareto_chart.h"
#include "domain/outcome.h"
#include "drift_surfaces.h"
#include "export/comparison_export.h"
#include "models/comparison_table_model.h"
#include "models/drift_model.h"
#include "models/drift_series_model.h"
#include "models/model_table.h"
#include "models/session_diff_model.h"
#include "printed_figure.h"
#include "report_reader.h"
#include "storage/history_loader.h"
#include "ui/scores_page.h"
#include "ui/session_drift_view.h"
#include "ui/verdict_cards.h"
#include "workbench/demo_host.h"
#include "workbench/workbench.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <QWidget>
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

namespace ys::test {

// How a surface's text shows a figure.
enum class Read {
    Number,      // the text's first number, at the precision printed ("37.3", "$0.00280")
    LastNumber,  // its last number (a tooltip that names the requirement first)
    Numerator,   // "10/12", alone or inside "83.3% (10/12)": the 10
    Denominator, // the 12
    Thousands,   // a context window: "128K", or the count itself below 1,000
    CiLow,       // "444.5 (392–448)": the 392
    CiHigh,      // the 448
    Verdict,     // a gate's verdict: its words (Gates::describe), or its name as a raw value
    Text,        // a string as it is
    YesNo,       // a boolean as "yes" or "no"
};

struct Shown {
    const char *key = nullptr; // the surface's own name for the figure; null: not shown there
    Read read = Read::Number;
    bool raw = true; // the surface's raw value is this figure (else only its text shows it)
};

struct Figure {
    const char *pointer = nullptr; // in the provider's object of show --json
    Shown cli{};                   // show's text
    Shown gui{};                   // the Compare page's model
    Shown report{};                // the HTML report
    Shown xlsx{};                  // the XLSX comparison sheet
};

// What a surface holds for one figure of one provider.
struct SurfaceCell {
    bool found = false;
    std::optional<nlohmann::json> raw; // the value it keeps (null: none)
    std::optional<QString> text;       // the text it shows
};

// A QVariant as JSON: a double, a whole number, a string; null for nothing.
inline nlohmann::json jsonOf(const QVariant &v)
{
    if (!v.isValid() || v.isNull())
        return nullptr;
    switch (v.metaType().id()) {
    case QMetaType::Double:
    case QMetaType::Float:
        return v.toDouble();
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::UInt:
    case QMetaType::ULongLong:
        return v.toLongLong();
    case QMetaType::Bool:
        return v.toBool();
    default:
        return v.toString().toStdString();
    }
}

// A gate verdict's words ("no data") from its name in show --json ("no_data").
inline QString verdictWords(const QString &name)
{
    for (const GateResult r :
         {GateResult::Pass, GateResult::Fail, GateResult::Inconclusive, GateResult::NoData})
        if (Gates::name(r) == name)
            return Gates::describe(r);
    return QStringLiteral("(no verdict named %1)").arg(name);
}

inline QString jsonText(const nlohmann::json &v)
{
    return v.is_string() ? QString::fromStdString(v.get<std::string>())
                         : QString::fromStdString(v.dump());
}

// The raw value against show --json's: numbers at full precision (relative 1e-9), strings as
// they are (a verdict by its name or its words, a boolean as "yes" or "no").
inline QString rawProblem(const nlohmann::json &raw, const Shown &s, const nlohmann::json &want)
{
    const QString got = jsonText(raw);
    if (want.is_null())
        return raw.is_null() || got.isEmpty() ? QString() : QStringLiteral("holds %1").arg(got);
    if (s.read == Read::Verdict) {
        const QString name = jsonText(want);
        return got == name || got == verdictWords(name) ? QString()
                                                        : QStringLiteral("holds %1").arg(got);
    }
    if (s.read == Read::YesNo)
        return got == (want.get<bool>() ? QStringLiteral("yes") : QStringLiteral("no"))
                   ? QString()
                   : QStringLiteral("holds %1").arg(got);
    if (want.is_string())
        return got == jsonText(want) ? QString() : QStringLiteral("holds %1").arg(got);
    if (!raw.is_number())
        return QStringLiteral("holds %1, not a number").arg(got);
    const double a = want.get<double>(), b = raw.get<double>();
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(a))
               ? QString()
               : QStringLiteral("holds %1").arg(b, 0, 'g', 17);
}

// The text against show --json's value, read as s says.
inline QString textProblem(const QString &text, const Shown &s, const nlohmann::json &want)
{
    const QString t = text.trimmed();
    const QString shows = QStringLiteral("shows \"%1\"").arg(t);
    static const QRegularExpression fraction(QStringLiteral("(\\d+)/(\\d+)"));
    static const QRegularExpression interval(QStringLiteral("\\((\\S+)–(\\S+)\\)"));
    switch (s.read) {
    case Read::Numerator:
    case Read::Denominator: {
        const auto m = fraction.match(t);
        const int i = s.read == Read::Numerator ? 1 : 2;
        return m.hasMatch() && want.is_number() && m.captured(i).toLongLong() == want.get<qint64>()
                   ? QString()
                   : shows;
    }
    case Read::Verdict:
        return t == verdictWords(jsonText(want)) ? QString() : shows;
    case Read::Text:
        return t == jsonText(want) ? QString() : shows;
    case Read::YesNo: // only the XLSX shows it, as a raw value
        return shows;
    case Read::CiLow:
    case Read::CiHigh: {
        const auto m = interval.match(t);
        if (!m.hasMatch()) // no interval shown: none to show
            return want.is_null() ? QString() : shows;
        return textProblem(m.captured(s.read == Read::CiLow ? 1 : 2), Shown{}, want);
    }
    default:
        break;
    }
    if (want.is_null())
        return t == QStringLiteral("—") ? QString() : shows;
    const auto shown = printedNumber(t, s.read == Read::LastNumber);
    if (!shown || !want.is_number())
        return shows;
    if (s.read == Read::Thousands) {
        const double v = want.get<double>();
        const bool ok = v < 1000 ? t == QString::number(qint64(v))
                                 : t.endsWith(QLatin1Char('K')) && showsValue(*shown, v, 0.001);
        return ok ? QString() : shows;
    }
    return showsValue(*shown, want.get<double>()) ? QString() : shows;
}

// What a surface holds for a figure against show --json's value; empty when it agrees.
inline QString cellProblem(const SurfaceCell &c, const Shown &s, const nlohmann::json &want)
{
    if (!c.found)
        return QStringLiteral("not shown");
    QStringList problems;
    if (c.raw && s.raw)
        if (const QString p = rawProblem(*c.raw, s, want); !p.isEmpty())
            problems << p;
    if (c.text)
        if (const QString p = textProblem(*c.text, s, want); !p.isEmpty())
            problems << p;
    return problems.join(QStringLiteral(", "));
}

// show's text: the table (a row per provider, its cells under the columns below), each
// provider's lines under its row (without their indent of four), and the lines after them.
struct CliText {
    static QStringList columns()
    {
        return {QStringLiteral("succ/n"), QStringLiteral("TTFT p50"), QStringLiteral("E2E p95"),
                QStringLiteral("tok/s"),  QStringLiteral("$/1K"),     QStringLiteral("context"),
                QStringLiteral("gates")};
    }
    struct Row {
        QStringList cells; // in columns() order
        QStringList lines;
    };
    QString header;
    std::map<QString, Row> rows;
    QStringList after;

    SurfaceCell cell(const QString &provider, const char *column) const
    {
        const auto it = rows.find(provider);
        const qsizetype c = columns().indexOf(QString::fromUtf8(column));
        if (it == rows.end() || c < 0 || c >= it->second.cells.size())
            return {};
        return {true, std::nullopt, it->second.cells[c]};
    }

    static CliText read(const QString &text, const QStringList &providers)
    {
        CliText t;
        Row *row = nullptr;
        bool table = false;
        for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            if (!table) {
                table = line.startsWith(QStringLiteral("provider "));
                if (table)
                    t.header = line.simplified();
                continue;
            }
            if (row && line.startsWith(QStringLiteral("    "))) {
                row->lines << line.mid(4);
                continue;
            }
            const QString name = line.left(28).trimmed();
            if (!line.startsWith(QLatin1Char(' ')) && providers.contains(name) &&
                t.after.isEmpty()) {
                row = &t.rows[name];
                QStringList cells = line.mid(28).split(QLatin1Char(' '), Qt::SkipEmptyParts);
                const qsizetype fixed = columns().size() - 1; // the verdict may be two words
                if (cells.size() > fixed)
                    cells = cells.mid(0, fixed) << cells.mid(fixed).join(QLatin1Char(' '));
                row->cells = cells;
                continue;
            }
            row = nullptr;
            t.after << line;
        }
        return t;
    }
};

// The workbench on one database, one session selected, and the result pages' widgets that
// follow it, as the window has them.
struct Gui {
    Workbench workbench;
    QWidget parent;
    ScoresPage *scores = nullptr;
    ParetoChart *pareto = nullptr;
    ContextScalingChart *context = nullptr;
    VerdictCards *cards = nullptr;
    SessionDriftView *drift = nullptr;

    explicit Gui(const QString &db)
        : workbench(db)
    {
    }

    // Opens the database, makes the widgets and selects the session, waiting for its summary.
    bool load(qint64 session, QString *error)
    {
        if (!workbench.open(error))
            return false;
        scores = new ScoresPage(&workbench, &parent);
        pareto = new ParetoChart(&workbench, &parent);
        context = new ContextScalingChart(&workbench, &parent);
        cards = new VerdictCards(&workbench, &parent);
        drift = new SessionDriftView(&workbench, &parent);
        QSignalSpy changed(&workbench, &Workbench::summaryChanged);
        if (!workbench.selectSession(session)) {
            *error = QStringLiteral("the session was not selected");
            return false;
        }
        for (int i = 0;
             i < 120 && !(workbench.summary() && workbench.summary()->info.id == session); ++i)
            changed.wait(1000);
        if (!workbench.summary() || workbench.summary()->info.id != session) {
            *error = QStringLiteral("session %1's summary did not load").arg(session);
            return false;
        }
        cards->rebuild(); // hidden, the cards would wait to be shown
        return true;
    }
};

// One session as every surface shows it, and show --json.
struct Session {
    qint64 id = 0;
    nlohmann::json show;
    QString text;
    CliText table;
    HtmlReport report;
    nlohmann::json sheet; // the XLSX's comparison sheet: the header row, then one per provider
};

// A member of a provider's object by JSON pointer: null when a member on the way is null (an
// interval show --json has none of), none when show --json does not print it.
inline std::optional<nlohmann::json> figureValue(const nlohmann::json &provider,
                                                 const char *pointer)
{
    const nlohmann::json *at = &provider;
    for (const QString &t :
         QString::fromUtf8(pointer).split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        if (at->is_null())
            return nlohmann::json(nullptr);
        bool number = false;
        const int i = t.toInt(&number);
        if (at->is_array() && number && i >= 0 && std::size_t(i) < at->size())
            at = &(*at)[std::size_t(i)];
        else if (at->is_object() && at->contains(t.toStdString()))
            at = &(*at)[t.toStdString()];
        else
            return std::nullopt;
    }
    return *at;
}

inline QString nameOf(const nlohmann::json &provider)
{
    return QString::fromStdString(provider["name"].get<std::string>());
}

// What was compared on each surface, and every disagreement.
struct Findings {
    QStringList problems;
    std::map<QString, int> compared;

    void check(const QString &surface, const QString &provider, const QString &figure,
               const QString &problem)
    {
        ++compared[surface];
        if (!problem.isEmpty())
            problems << QStringLiteral("%1, %2, %3: %4").arg(surface, provider, figure, problem);
    }
    void add(const QString &surface, int n) { compared[surface] += n; }
    int count(const char *surface) const
    {
        const auto it = compared.find(QString::fromUtf8(surface));
        return it == compared.end() ? 0 : it->second;
    }
    QString report() const
    {
        QStringList counts;
        for (const auto &[surface, n] : compared)
            counts << QStringLiteral("%1 %2").arg(surface).arg(n);
        return QStringLiteral("compared: %1\n%2")
            .arg(counts.join(QStringLiteral(", ")), problems.join(QLatin1Char('\n')));
    }
};

// The report's cell of a figure: data-value is its value, the cell's text shows it.
inline SurfaceCell reportCell(const HtmlReport &r, const QString &provider, const Shown &shown,
                              const QString &scope = {})
{
    const HtmlReport::Cell *c = r.cell(provider, QString::fromUtf8(shown.key), scope);
    if (!c)
        return {};
    nlohmann::json raw = c->value.toStdString();
    bool number = false;
    const double v = c->value.toDouble(&number);
    if (c->value == QLatin1StringView("null"))
        raw = nullptr;
    else if (number && shown.read != Read::Text && shown.read != Read::Verdict)
        raw = v;
    return {true, raw, c->text};
}

// The comparison sheet's cell of a provider: its column by ComparisonExport's key.
inline SurfaceCell xlsxCell(const nlohmann::json &sheet, const QString &provider, const char *key)
{
    const auto columns = ComparisonExport::columns();
    const auto column = std::find_if(columns.begin(), columns.end(), [&](const DataColumn &c) {
        return c.key == QLatin1StringView(key);
    });
    if (column == columns.end())
        return {};
    const std::size_t c = std::size_t(column - columns.begin());
    for (std::size_t r = 1; r < sheet.size(); ++r)
        if (sheet[r][0] == provider.toStdString() && c < sheet[r].size())
            return {true, sheet[r][c], std::nullopt};
    return {};
}

// The Compare page's cell: its export value and its display text ("@tooltip": the tooltip's
// text alone; "@gate": the gate the cell colours, by name).
inline SurfaceCell guiCell(const QAbstractItemModel &model, const DataTable &table,
                           const QString &provider, const Shown &shown)
{
    const QStringList key = QString::fromUtf8(shown.key).split(QLatin1Char('@'));
    int column = -1;
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        if (table.columns[c].key == key[0])
            column = int(c);
    for (std::size_t r = 0; column >= 0 && r < table.rows.size(); ++r) {
        if (table.rows[r][0].toString() != provider)
            continue;
        const QModelIndex index = model.index(int(r), column);
        if (key.size() > 1 && key[1] == QLatin1StringView("gate"))
            return {true,
                    nlohmann::json(
                        Gates::name(GateResult(index.data(ComparisonTableModel::GateRole).toInt()))
                            .toStdString()),
                    std::nullopt};
        if (key.size() > 1)
            return {true, std::nullopt, index.data(Qt::ToolTipRole).toString()};
        return {true, jsonOf(table.rows[r][std::size_t(column)]),
                index.data(Qt::DisplayRole).toString()};
    }
    return {};
}

// "ok 10, rate limited 1": each outcome's words and count.
inline std::map<QString, qint64> breakdown(const QString &text)
{
    std::map<QString, qint64> out;
    for (const QString &part : text.split(QStringLiteral(", "), Qt::SkipEmptyParts)) {
        const qsizetype space = part.lastIndexOf(QLatin1Char(' '));
        out[part.left(space)] = part.mid(space + 1).toLongLong();
    }
    return out;
}

// show --json's outcomes in the words the surfaces use.
inline std::map<QString, qint64> outcomeWords(const nlohmann::json &outcomes)
{
    std::map<QString, qint64> out;
    for (const auto &[name, n] : outcomes.items())
        for (int i = 0; i < kOutcomeCount; ++i)
            if (outcomeName(Outcome(i)) == QString::fromStdString(name))
                out[OutcomeText::display(Outcome(i))] = n.get<qint64>();
    return out;
}

inline QString describe(const std::map<QString, qint64> &m)
{
    QStringList parts;
    for (const auto &[k, v] : m)
        parts << QStringLiteral("%1 %2").arg(k).arg(v);
    return parts.join(QStringLiteral(", "));
}

// The context chart's points and verified limit (ContextPlot, both panes) against the sweep's.
inline void checkContextChart(Gui &g, const nlohmann::json &provider, Findings &f)
{
    const nlohmann::json &results = provider["results"];
    if (!results.contains("context_sweep"))
        return;
    const QString name = nameOf(provider);
    for (const auto &[pane, member] : {std::pair{ContextPane::Cost, "/cost_usd_per_request"},
                                       std::pair{ContextPane::Latency, "/ttft_ms/p50"}}) {
        g.context->setPane(pane);
        const ContextPlotData &plot = g.context->plot();
        const int at = plot.indexOf(name);
        if (at < 0) {
            f.check(QStringLiteral("context chart"), name, QString::fromUtf8(member),
                    QStringLiteral("not drawn"));
            continue;
        }
        const ContextPlotProvider &drawn = plot.providers[std::size_t(at)];
        std::size_t shown = 0;
        for (const nlohmann::json &point : results["context_sweep"]["points"]) {
            const auto value = figureValue(point, member);
            if (!point["skipped"].is_null() || !value || value->is_null())
                continue; // not drawn
            ++shown;
            const auto it =
                std::find_if(drawn.points.begin(), drawn.points.end(), [&](const auto &p) {
                    return p.promptTokens == point["prompt_tokens"].get<double>();
                });
            f.check(QStringLiteral("context chart"), name,
                    QStringLiteral("%1 at %2")
                        .arg(QString::fromUtf8(member))
                        .arg(point["prompt_tokens"].get<int>()),
                    it == drawn.points.end()
                        ? QStringLiteral("not drawn")
                        : rawProblem(nlohmann::json(it->value), Shown{}, *value));
        }
        f.check(QStringLiteral("context chart"), name, QStringLiteral("points"),
                drawn.points.size() == shown ? QString()
                                             : QStringLiteral("%1 drawn").arg(drawn.points.size()));
        const nlohmann::json verified = results.contains("context_limit")
                                            ? results["context_limit"]["verified"]
                                            : nlohmann::json(nullptr);
        f.check(QStringLiteral("context chart"), name, QStringLiteral("context_limit/verified"),
                rawProblem(drawn.verifiedLimit ? nlohmann::json(*drawn.verifiedLimit)
                                               : nlohmann::json(nullptr),
                           Shown{}, verified));
    }
}

// The rows of a DriftModel that end at the session against show --nlohmann::json's events, one
// each.
inline void checkDriftModel(const QString &surface, const DriftModel &model, qint64 session,
                            const nlohmann::json &events, Findings &f)
{
    int rows = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, DriftModel::ToSession).data(ExportValueRole).toLongLong() != session)
            continue;
        ++rows;
        const QString figure =
            model.index(r, DriftModel::Figure).data(DriftModel::FigureNameRole).toString();
        const QString provider = model.index(r, DriftModel::Provider).data().toString();
        const nlohmann::json *event = nullptr;
        for (const nlohmann::json &e : events)
            if (e["figure"] == figure.toStdString() && e["provider"] == provider.toStdString())
                event = &e;
        f.check(surface, provider, figure,
                event ? driftRowProblems(model, r, *event).join(QStringLiteral(", "))
                      : QStringLiteral("not in show --nlohmann::json"));
    }
    f.check(surface, {}, QStringLiteral("events"),
            rows == int(events.size()) ? QString() : QStringLiteral("%1 rows").arg(rows));
}

// The drift's figures are the sessions' own: an event's after is the figure show --nlohmann::json
// gives the provider in this session, its before the one in the session it is compared with.
inline void checkDriftValues(const Session &s, const std::map<QString, Session> &sessions,
                             Findings &f)
{
    const std::map<std::string, const char *> figures{
        {"ttft_ms", "/ttft_ms/p50"},
        {"e2e_ms", "/e2e_ms/p50"},
        {"output_tokens_per_s", "/output_tokens_per_s/p50"},
        {"usd_per_1k_measured", "/usd_per_1k_measured"}};
    for (const nlohmann::json &e : s.show["drift"]) {
        const auto figure = figures.find(e["figure"].get<std::string>());
        if (figure == figures.end())
            continue; // an identity figure: a set of reported values, not a figure of the summary
        const QString provider = QString::fromStdString(e["provider"].get<std::string>());
        for (const auto &[side, session] : {std::pair{"after", e["to_session"].get<qint64>()},
                                            std::pair{"before", e["from_session"].get<qint64>()}}) {
            std::optional<nlohmann::json> value;
            for (const auto &[name, other] : sessions)
                if (other.id == session)
                    if (const nlohmann::json *p =
                            providerIn(other.show["providers"], "name", provider))
                        value = figureValue(*p, figure->second);
            f.check(QStringLiteral("drift"), provider,
                    QStringLiteral("%1 %2 (%3 of session %4)")
                        .arg(QString::fromStdString(figure->first), QString::fromUtf8(side),
                             QString::fromUtf8(figure->second))
                        .arg(session),
                    value ? rawProblem(e[side], Shown{}, *value)
                          : QStringLiteral("no such figure"));
        }
    }
}

// The History page's series of a provider: the session's row has its figures of show
// --nlohmann::json.
inline void checkSeries(const DriftSeriesModel &series, qint64 session,
                        const nlohmann::json &provider, Findings &f)
{
    const DataTable table = ModelTable::make(series, QStringLiteral("series"));
    const QString name = nameOf(provider);
    int rows = 0;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
        if (table.rows[r][DriftSeriesModel::SessionColumn].toLongLong() != session)
            continue;
        ++rows;
        for (const auto &[column, pointer] :
             {std::pair{int(DriftSeriesModel::TtftP95Column), "/ttft_ms/p95"},
              std::pair{int(DriftSeriesModel::E2eP95Column), "/e2e_ms/p95"},
              std::pair{int(DriftSeriesModel::UsdPer1kColumn), "/usd_per_1k_measured"}}) {
            const SurfaceCell cell{true, jsonOf(table.rows[r][std::size_t(column)]),
                                   series.index(int(r), column).data().toString()};
            f.check(QStringLiteral("History page"), name,
                    QStringLiteral("%1 (%2)").arg(QString::fromUtf8(pointer),
                                                  table.columns[std::size_t(column)].key),
                    cellProblem(cell, Shown{}, *figureValue(provider, pointer)));
        }
    }
    f.check(QStringLiteral("History page"), name, QStringLiteral("series"),
            rows == 1 ? QString() : QStringLiteral("%1 rows of this session").arg(rows));
}

// The History page's comparison of two sessions: each provider's row of each figure has the
// figure show --json gives it in the session before and in the session after.
inline void checkSessionDiff(const SessionDiffModel &diff, const Session &before,
                             const Session &after, Findings &f)
{
    const std::map<QString, const char *> figures{
        {QStringLiteral("ttft_p50_ms"), "/ttft_ms/p50"},
        {QStringLiteral("ttft_p95_ms"), "/ttft_ms/p95"},
        {QStringLiteral("e2e_p50_ms"), "/e2e_ms/p50"},
        {QStringLiteral("e2e_p95_ms"), "/e2e_ms/p95"},
        {QStringLiteral("success_rate"), nullptr}, // successful / attempts, shown in %
        {QStringLiteral("usd_per_1k_measured"), "/usd_per_1k_measured"}};
    for (int r = 0; r < diff.rowCount(); ++r) {
        const QString provider = diff.index(r, SessionDiffModel::ProviderColumn).data().toString();
        const QString figure = diff.index(r, SessionDiffModel::FigureColumn)
                                   .data(SessionDiffModel::FigureNameRole)
                                   .toString();
        const auto pointer = figures.find(figure);
        for (const auto &[column, session] :
             {std::pair{int(SessionDiffModel::BeforeColumn), &before},
              std::pair{int(SessionDiffModel::AfterColumn), &after}}) {
            const nlohmann::json *p = providerIn(session->show["providers"], "name", provider);
            QString problem = QStringLiteral("not in session %1's show --json").arg(session->id);
            if (p && pointer != figures.end()) {
                const QModelIndex index = diff.index(r, column);
                const double rate = (*p)["successful"].get<double>() /
                                    std::max(1.0, (*p)["attempts"].get<double>());
                const nlohmann::json want =
                    pointer->second ? *figureValue(*p, pointer->second) : nlohmann::json(rate);
                const auto shown = printedNumber(index.data().toString());
                problem = rawProblem(jsonOf(index.data(ExportValueRole)), Shown{}, want);
                if (!want.is_null() &&
                    !(shown && showsValue(*shown, want.get<double>(), pointer->second ? 1 : 100)))
                    problem += QStringLiteral(" shows \"%1\"").arg(index.data().toString());
            }
            f.check(QStringLiteral("History page"), provider,
                    QStringLiteral("%1 of session %2").arg(figure).arg(session->id), problem);
        }
    }
}

} // namespace ys::test
