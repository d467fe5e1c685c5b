#include "cli/cli_gate.h"

#include "analysis/gates.h"
#include "analysis/gates_json.h"
#include "analysis/regression_gate_json.h"
#include "cli/cli_session.h"
#include "models/session_diff_model.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"
#include "util/number_text.h"

#include <QFileInfo>
#include <QTextStream>
#include <algorithm>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

void complain(const QString &message)
{
    QTextStream err(stderr);
    err << message << '\n';
}

QString number(double v)
{
    // Enough digits for $0.00123 and for 312.4 ms alike.
    return QString::number(v, 'g', 6);
}

QString gateLine(const Gate &g)
{
    QString value = g.value ? number(*g.value) : CliGate::tr("not measured");
    if (g.interval)
        value +=
            QStringLiteral(" [%1, %2]").arg(number(g.interval->first), number(g.interval->second));
    return CliGate::tr("%1: %2, %3").arg(Gates::describe(g), Gates::describe(g.result), value);
}

QString requirementsLine(const Requirements &req, const QString &source)
{
    const GateVerdict empty = Gates::evaluate(ProviderSummary{}, req);
    const QStringList gates = Gates::describe(req);
    const QString name = req.preset.isEmpty() ? CliGate::tr("custom") : req.preset;
    return CliGate::tr("Requirements (%1, from %2): %3; %4 of %5 gates must pass")
        .arg(name, source, gates.join(QStringLiteral("; ")))
        .arg(empty.minPassed)
        .arg(empty.gates.size());
}

// What the gate looked at: the session, its summary, where its requirements came from and, with
// --baseline, the comparison with the baseline.
struct GateInput {
    qint64 sessionId = 0;
    SessionSummary summary;
    QString source = QStringLiteral("default"); // of the requirements: file, suite or default
    std::optional<RegressionGate> regression;
    qint64 baselineId = 0; // "latest" resolved
    QString baselineSuite;
};

// A figure of the regression gate in its unit: ms, a percentage, or dollars.
QString regressionValue(DiffFigure figure, std::optional<double> v)
{
    if (!v)
        return QStringLiteral("—");
    if (figure == DiffFigure::SuccessRate)
        return fixedNumber(*v * 100, 1);
    if (figure == DiffFigure::UsdPer1kMeasured)
        return number(*v);
    return fixedNumber(*v, 1);
}

QString signedText(double v, int decimals)
{
    const QString text = fixedNumber(v, decimals);
    return v > 0 ? QLatin1Char('+') + text : text;
}

QString regressionVerdict(const RegressionCheck &c)
{
    if (c.regression)
        return CliGate::tr("regression");
    if (!c.worse)
        return CliGate::tr("not worse");
    if (!c.pValue)
        return CliGate::tr("worse, not tested");
    if (!c.significant)
        return CliGate::tr("worse, not significant");
    return CliGate::tr("worse, within the tolerance");
}

// "Fast, E2E P95 (ms): 212.4 → 260.1 (+22.5%), p = 0.00031: regression"
QString regressionLine(const RegressionCheck &c)
{
    const DiffRow &r = c.row;
    QString size;
    if (r.figure == DiffFigure::SuccessRate && r.change)
        size = CliGate::tr("%1 points").arg(signedText(*r.change * 100, 1));
    else if (c.relativeChange)
        size = signedText(*c.relativeChange * 100, 1) + QLatin1Char('%');
    else
        size = QStringLiteral("—");
    const QString p = c.pValue ? QString::number(*c.pValue, 'g', 2) : QStringLiteral("—");
    return CliGate::tr("%1, %2: %3 → %4 (%5), p = %6: %7")
        .arg(r.provider, SessionDiffModel::figureLabel(r.figure),
             regressionValue(r.figure, r.before), regressionValue(r.figure, r.after), size, p,
             regressionVerdict(c));
}

void printRegressions(QTextStream &out, const GateInput &in)
{
    const RegressionGate &g = *in.regression;
    const qint64 baselineId = in.baselineId;
    out << CliGate::tr("Against baseline session %1 (%2): tolerance %3%, alpha %4, Holm's "
                       "correction over %5 tests")
               .arg(baselineId)
               .arg(in.baselineSuite, number(g.options.tolerance * 100), number(g.options.alpha))
               .arg(g.tests)
        << '\n';
    for (const RegressionCheck &c : g.checks)
        out << QStringLiteral("    ") << regressionLine(c) << '\n';
    if (!g.onlyInBaseline.isEmpty())
        out << QStringLiteral("    ")
            << CliGate::tr("Only in the baseline, not compared: %1")
                   .arg(g.onlyInBaseline.join(QStringLiteral(", ")))
            << '\n';
    if (!g.onlyInSession.isEmpty())
        out << QStringLiteral("    ")
            << CliGate::tr("Not in the baseline, not compared: %1")
                   .arg(g.onlyInSession.join(QStringLiteral(", ")))
            << '\n';
    const auto found = g.regressions();
    out << (found.empty()
                ? CliGate::tr("No regression against baseline session %1.").arg(baselineId)
                : CliGate::tr("Regressions against baseline session %1: %2 (exit "
                              "code 3).")
                      .arg(baselineId)
                      .arg(found.size()))
        << '\n';
}

// The baseline of o for the session: its id, "latest" resolved; nullopt with *error.
std::optional<qint64> baselineOf(const SessionRepository &repo, qint64 sessionId,
                                 const CliBaselineOptions &o, QString *error)
{
    if (o.latest)
        return CliGate::latestBaseline(repo, sessionId, error);
    if (*o.baselineId == sessionId) {
        *error = CliGate::tr("--baseline %1 is the session being checked; give another session "
                             "to compare it with")
                     .arg(sessionId);
        return std::nullopt;
    }
    return o.baselineId;
}

// The session's providers against the baseline's: the one comparison of gate --baseline, run
// --gate --baseline and a worker's scheduled session; nullopt with *error.
std::optional<BaselineComparison> judgeBaseline(const SessionRepository &repo, qint64 sessionId,
                                                const SessionSummary &session,
                                                const CliBaselineOptions &o, QString *error)
{
    const auto baselineId = baselineOf(repo, sessionId, o, error);
    if (!baselineId)
        return std::nullopt;
    QString loadError;
    const auto baseline = loadSessionSummary(repo, *baselineId, &loadError);
    if (!baseline) {
        *error = CliGate::tr("--baseline %1: %2").arg(*baselineId).arg(loadError);
        return std::nullopt;
    }
    BaselineComparison c;
    c.sessionId = sessionId;
    c.baselineId = *baselineId;
    c.suite = session.info.suiteName;
    c.baselineSuite = baseline->info.suiteName;
    c.gate = judgeRegressions(baseline->providers, session.providers, o.regression);
    if (c.gate.checks.empty()) {
        *error = CliGate::tr("Session %1 and baseline session %2 have no provider in common "
                             "(session: %3; baseline: %4)")
                     .arg(sessionId)
                     .arg(*baselineId)
                     .arg(c.gate.onlyInSession.join(QStringLiteral(", ")),
                          c.gate.onlyInBaseline.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    return c;
}

// The baseline's providers against the session's (--baseline); an exit code on bad input.
std::optional<int> compareWithBaseline(const SessionRepository &repo, const CliBaselineOptions &o,
                                       GateInput *in)
{
    QString error;
    auto c = judgeBaseline(repo, in->sessionId, in->summary, o, &error);
    if (!c) {
        complain(error);
        return CliGate::kBadInput;
    }
    in->baselineId = c->baselineId;
    in->baselineSuite = c->baselineSuite;
    in->regression = std::move(c->gate);
    return std::nullopt;
}

// Opens the database and loads the session (and the baseline); an exit code when it cannot.
// Without --baseline a lookup that fails is an error (1), with it bad input (2).
std::optional<int> loadInput(const CliGateOptions &o, const CliBaselineOptions &b, GateInput *in)
{
    const int lookupFailed = b.given() ? CliGate::kBadInput : 1;
    if (!Database::isPostgresUrl(o.dbPath) && !QFileInfo::exists(o.dbPath)) {
        complain(CliGate::tr("%1: no such database").arg(o.dbPath));
        return lookupFailed;
    }
    // The requirements file is bad input whatever the database holds: checked first.
    std::optional<Requirements> fromFile;
    QString error;
    if (!o.requirementsPath.isEmpty()) {
        fromFile = Requirements::loadFile(o.requirementsPath, &error);
        if (!fromFile) {
            complain(error);
            return CliGate::kBadInput;
        }
    }
    Database db(o.dbPath);
    if (!db.open(&error)) {
        complain(error);
        return lookupFailed;
    }
    SessionRepository repo(db);
    const auto id = o.sessionId ? o.sessionId : cli::CliSession::latestSession(repo, &error);
    if (!id) {
        complain(error);
        return lookupFailed;
    }
    in->sessionId = *id;
    auto summary = loadSessionView(repo, in->sessionId, &error);
    if (!summary) {
        complain(error);
        return lookupFailed;
    }
    in->summary = std::move(*summary);
    if (in->summary.providers.empty()) {
        complain(CliGate::tr("Session %1 has no providers to gate").arg(in->sessionId));
        return lookupFailed;
    }
    if (fromFile) {
        in->summary.requirements = *fromFile;
        Gates::judge(in->summary);
        in->source = QStringLiteral("file");
    } else if (const auto suite = repo.sessionSuite(in->sessionId, nullptr);
               suite && suite->requirements) {
        in->source = QStringLiteral("suite");
    }
    if (b.given())
        return compareWithBaseline(repo, b, in);
    return std::nullopt;
}

} // namespace

void CliGate::addOptions(QCommandLineParser &parser)
{
    parser.addOption(QCommandLineOption(
        QStringLiteral("baseline"),
        tr("gate, run --gate: also compare each provider with the same provider of this session "
           "(latest: the newest earlier finished session of the suite) and exit 3 on a "
           "regression."),
        QStringLiteral("id")));
    parser.addOption(QCommandLineOption(QStringLiteral("tolerance"),
                                        tr("--baseline, --gate-baseline: the change let through, a "
                                           "fraction from 0 to below 1 (default "
                                           "0.10: 10% slower or dearer, 10 points less success)."),
                                        QStringLiteral("fraction")));
    parser.addOption(QCommandLineOption(QStringLiteral("alpha"),
                                        tr("--baseline, --gate-baseline: the family-wise "
                                           "significance level, above 0 and at most 0.5 "
                                           "(default 0.05)."),
                                        QStringLiteral("level")));
}

std::optional<int> CliGate::readOptions(const QCommandLineParser &parser, CliBaselineOptions *o,
                                        const QString &baselineOption)
{
    const QString baseline = parser.value(baselineOption);
    const bool hasBaseline = parser.isSet(baselineOption);
    if (!hasBaseline &&
        (parser.isSet(QStringLiteral("tolerance")) || parser.isSet(QStringLiteral("alpha")))) {
        complain(tr("--tolerance and --alpha need --%1 ID").arg(baselineOption));
        return kBadInput;
    }
    if (!hasBaseline)
        return std::nullopt;
    bool ok = false;
    const qint64 id = baseline.toLongLong(&ok);
    if (baseline == QLatin1StringView("latest")) {
        o->latest = true;
    } else if (!ok || id <= 0) {
        complain(tr("--%1: \"%2\" is not a session id or latest").arg(baselineOption, baseline));
        return kBadInput;
    } else {
        o->baselineId = id;
    }
    if (parser.isSet(QStringLiteral("tolerance"))) {
        const QString text = parser.value(QStringLiteral("tolerance"));
        o->regression.tolerance = text.toDouble(&ok);
        if (!ok || !regressionToleranceInRange(o->regression.tolerance)) {
            complain(tr("--tolerance: \"%1\" is not a fraction from 0 to below 1 (0.05 is 5%)")
                         .arg(text));
            return kBadInput;
        }
    }
    if (parser.isSet(QStringLiteral("alpha"))) {
        const QString text = parser.value(QStringLiteral("alpha"));
        o->regression.alpha = text.toDouble(&ok);
        if (!ok || !regressionAlphaInRange(o->regression.alpha)) {
            complain(
                tr("--alpha: \"%1\" is not a level above 0 and at most 0.5 (e.g. 0.05)").arg(text));
            return kBadInput;
        }
    }
    return std::nullopt;
}

std::optional<int> CliGate::checkBaseline(const QString &dbPath, const CliBaselineOptions &o)
{
    if (!o.baselineId)
        return std::nullopt;
    QString error;
    if (!Database::isPostgresUrl(dbPath) && !QFileInfo::exists(dbPath)) {
        complain(tr("--baseline %1: %2: no such database").arg(*o.baselineId).arg(dbPath));
        return kBadInput;
    }
    Database db(dbPath);
    if (db.open(&error) && SessionRepository(db).session(*o.baselineId, &error))
        return std::nullopt;
    complain(tr("--baseline %1: %2")
                 .arg(*o.baselineId)
                 .arg(error.isEmpty() ? tr("no such session") : error));
    return kBadInput;
}

std::optional<qint64> CliGate::latestBaseline(const SessionRepository &repo, qint64 sessionId,
                                              QString *error)
{
    const std::vector<SessionInfo> sessions = repo.sessions(error, false);
    const auto self = std::find_if(sessions.begin(), sessions.end(),
                                   [&](const SessionInfo &s) { return s.id == sessionId; });
    if (self == sessions.end()) {
        if (error->isEmpty())
            *error = tr("There is no session %1").arg(sessionId);
        return std::nullopt;
    }
    const SessionInfo *best = nullptr;
    for (const SessionInfo &s : sessions) {
        const bool earlier =
            s.startedAt < self->startedAt || (s.startedAt == self->startedAt && s.id < sessionId);
        if (s.id == sessionId || !earlier || s.suiteName != self->suiteName ||
            s.status != SessionStatus::Finished)
            continue;
        if (!best || s.startedAt > best->startedAt ||
            (s.startedAt == best->startedAt && s.id > best->id))
            best = &s;
    }
    if (!best) {
        *error = tr("--baseline latest: no finished session of suite \"%1\" started before "
                    "session %2")
                     .arg(self->suiteName)
                     .arg(sessionId);
        return std::nullopt;
    }
    return best->id;
}

QString CliGate::describe(const RegressionCheck &check)
{
    return regressionLine(check);
}

std::optional<BaselineComparison> CliGate::compare(const QString &dbPath, qint64 sessionId,
                                                   const CliBaselineOptions &o, QString *error)
{
    Database db(dbPath);
    if (!db.open(error))
        return std::nullopt;
    SessionRepository repo(db);
    const auto summary = loadSessionView(repo, sessionId, error);
    if (!summary)
        return std::nullopt;
    return judgeBaseline(repo, sessionId, *summary, o, error);
}

int CliGate::gate(const CliGateOptions &o, const CliBaselineOptions &b)
{
    GateInput in;
    if (const auto code = loadInput(o, b, &in))
        return *code;
    const SessionSummary &summary = in.summary;
    bool qualified = true;
    nlohmann::json providers = nlohmann::json::array();
    QStringList lines;
    for (std::size_t i = 0; i < summary.providers.size(); ++i) {
        const ProviderSummary &p = summary.providers[i];
        const GateVerdict v = Gates::verdict(summary, i);
        const GateResult overall = v.overall();
        qualified = qualified && overall == GateResult::Pass;
        providers.push_back({{"name", p.name.toStdString()},
                             {"model", p.model.toStdString()},
                             {"gates", gatesJson(v)}});
        lines << tr("%1: %2 (%3 of %4 gates passed, %5 needed)")
                     .arg(p.name, Gates::describe(overall))
                     .arg(v.passed())
                     .arg(v.gates.size())
                     .arg(v.minPassed);
        for (const Gate &g : v.gates)
            lines << QStringLiteral("    ") + gateLine(g);
    }
    const bool regressed = in.regression && in.regression->regressed();
    const int code = qualified && !regressed ? 0 : kNotQualified;
    if (o.quiet)
        return code;
    QTextStream out(stdout);
    if (o.json) {
        nlohmann::json doc;
        doc["session"] = in.sessionId;
        doc["suite"] = summary.info.suiteName.toStdString();
        doc["requirements"] = requirementsJson(summary.requirements);
        doc["requirements_source"] = in.source.toStdString();
        doc["qualified"] = qualified;
        doc["exit_code"] = code;
        doc["providers"] = providers;
        if (in.regression)
            doc["regression_gate"] =
                regressionGateJson(*in.regression, in.sessionId, in.baselineId);
        out << QString::fromStdString(doc.dump(2)) << '\n';
        return code;
    }
    const QString sourceText = in.source == QLatin1StringView("file")    ? tr("the file")
                               : in.source == QLatin1StringView("suite") ? tr("the suite")
                                                                         : tr("the default");
    out << tr("Session %1 (%2)").arg(in.sessionId).arg(summary.info.suiteName) << '\n';
    out << requirementsLine(summary.requirements, sourceText) << '\n';
    for (const QString &line : lines)
        out << line << '\n';
    out << (qualified ? tr("Every provider qualifies.")
                      : tr("Not every provider qualifies (exit code 3)."))
        << '\n';
    if (in.regression)
        printRegressions(out, in);
    return code;
}

} // namespace ys
