#include "cli/cli_gate.h"

#include "analysis/gates.h"
#include "analysis/gates_json.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"

#include <QFileInfo>
#include <QTextStream>
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

} // namespace

int CliGate::gate(const CliGateOptions &o)
{
    if (!Database::isPostgresUrl(o.dbPath) && !QFileInfo::exists(o.dbPath)) {
        complain(tr("%1: no such database").arg(o.dbPath));
        return 1;
    }
    // The requirements file is bad input whatever the database holds: checked first.
    std::optional<Requirements> fromFile;
    QString error;
    if (!o.requirementsPath.isEmpty()) {
        fromFile = Requirements::loadFile(o.requirementsPath, &error);
        if (!fromFile) {
            complain(error);
            return 2;
        }
    }
    Database db(o.dbPath);
    if (!db.open(&error)) {
        complain(error);
        return 1;
    }
    SessionRepository repo(db);
    qint64 sessionId = o.sessionId.value_or(0);
    if (!o.sessionId) {
        const auto sessions = repo.sessions(&error);
        if (sessions.empty()) {
            complain(error.isEmpty() ? tr("%1 holds no sessions").arg(o.dbPath) : error);
            return 1;
        }
        sessionId = sessions.front().id;
    }
    auto summary = loadSessionView(repo, sessionId, &error);
    if (!summary) {
        complain(error);
        return 1;
    }
    if (summary->providers.empty()) {
        complain(tr("Session %1 has no providers to gate").arg(sessionId));
        return 1;
    }
    QString source = QStringLiteral("default");
    if (fromFile) {
        summary->requirements = *fromFile;
        Gates::judge(*summary);
        source = QStringLiteral("file");
    } else if (const auto suite = repo.sessionSuite(sessionId, nullptr);
               suite && suite->requirements) {
        source = QStringLiteral("suite");
    }

    bool qualified = true;
    nlohmann::json providers = nlohmann::json::array();
    QStringList lines;
    for (std::size_t i = 0; i < summary->providers.size(); ++i) {
        const ProviderSummary &p = summary->providers[i];
        const GateVerdict v = Gates::verdict(*summary, i);
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
    const int code = qualified ? 0 : kNotQualified;
    if (o.quiet)
        return code;
    QTextStream out(stdout);
    if (o.json) {
        nlohmann::json doc;
        doc["session"] = sessionId;
        doc["suite"] = summary->info.suiteName.toStdString();
        doc["requirements"] = requirementsJson(summary->requirements);
        doc["requirements_source"] = source.toStdString();
        doc["qualified"] = qualified;
        doc["exit_code"] = code;
        doc["providers"] = providers;
        out << QString::fromStdString(doc.dump(2)) << '\n';
        return code;
    }
    const QString sourceText = source == QLatin1StringView("file")    ? tr("the file")
                               : source == QLatin1StringView("suite") ? tr("the suite")
                                                                      : tr("the default");
    out << tr("Session %1 (%2)").arg(sessionId).arg(summary->info.suiteName) << '\n';
    out << requirementsLine(summary->requirements, sourceText) << '\n';
    for (const QString &line : lines)
        out << line << '\n';
    out << (qualified ? tr("Every provider qualifies.")
                      : tr("Not every provider qualifies (exit code 3)."))
        << '\n';
    return code;
}

} // namespace ys
