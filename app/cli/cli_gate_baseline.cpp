#include "cli/cli_gate_baseline.h"

#include "analysis/regression_gate_json.h"
#include "run/metrics_endpoint.h"
#include "storage/run_queue.h"
#include "util/log.h"

#include <QDateTime>
#include <QTextStream>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

const char *const kGateBaseline = "gate-baseline";

} // namespace

void CliGateBaseline::addOptions(QCommandLineParser &parser)
{
    parser.addOption(QCommandLineOption(
        QString::fromLatin1(kGateBaseline),
        tr("schedule add, queue: after a worker runs the suite, compare its session with this "
           "session (latest: the newest earlier finished session of the suite) as gate "
           "--baseline does, and keep the verdict."),
        QStringLiteral("id|latest")));
}

std::optional<int> CliGateBaseline::readOptions(const QCommandLineParser &parser, QByteArray *json)
{
    CliBaselineOptions o;
    if (const auto code = CliGate::readOptions(parser, &o, QString::fromLatin1(kGateBaseline)))
        return code;
    if (!o.given())
        return std::nullopt;
    // A baseline id that is no session of the database is bad input now, not at every run.
    if (const auto code = CliGate::checkBaseline(parser.value(QStringLiteral("db")), o))
        return code;
    *json = toJson(o);
    return std::nullopt;
}

QByteArray CliGateBaseline::toJson(const CliBaselineOptions &o)
{
    nlohmann::json j;
    j["baseline"] = o.latest ? nlohmann::json("latest") : nlohmann::json(o.baselineId.value_or(0));
    j["tolerance"] = o.regression.tolerance;
    j["alpha"] = o.regression.alpha;
    return QByteArray::fromStdString(j.dump());
}

std::optional<CliBaselineOptions> CliGateBaseline::fromJson(const QByteArray &json, QString *error)
{
    const auto j = nlohmann::json::parse(json.toStdString(), nullptr, false);
    CliBaselineOptions o;
    if (j.is_object() && j.contains("baseline") && j.contains("tolerance") && j.contains("alpha") &&
        j["tolerance"].is_number() && j["alpha"].is_number()) {
        const nlohmann::json &b = j["baseline"];
        o.latest = b == "latest";
        if (b.is_number_integer() && b.get<qint64>() > 0)
            o.baselineId = b.get<qint64>();
        o.regression.tolerance = j["tolerance"].get<double>();
        o.regression.alpha = j["alpha"].get<double>();
        if (o.given() && regressionToleranceInRange(o.regression.tolerance) &&
            regressionAlphaInRange(o.regression.alpha))
            return o;
    }
    *error = tr("the stored gate is not one schedule add writes: %1").arg(QString::fromUtf8(json));
    return std::nullopt;
}

bool CliGateBaseline::check(const QString &dbPath, RunQueue &queue, const QueueClaim &claim,
                            qint64 sessionId, MetricsEndpoint *metrics)
{
    const auto say = [](const QString &line) {
        QTextStream out(stdout);
        out << line << '\n';
        out.flush();
        qCInfo(lcApp).noquote() << line;
    };
    QString error;
    auto stored = nlohmann::json::parse(claim.gateJson.toStdString(), nullptr, false);
    if (!stored.is_object())
        stored = nlohmann::json::object();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    std::optional<BaselineComparison> c;
    if (const auto o = fromJson(claim.gateJson, &error))
        c = CliGate::compare(dbPath, sessionId, *o, &error);
    nlohmann::json verdict;
    if (!c) {
        say(tr("item %1: regression gate not checked: %2").arg(claim.itemId).arg(error));
        verdict["error"] = error.toStdString();
    } else {
        verdict = regressionGateJson(c->gate, sessionId, c->baselineId);
        const auto found = c->gate.regressions();
        for (const RegressionCheck *r : found)
            say(tr("item %1: %2").arg(claim.itemId).arg(CliGate::describe(*r)));
        say(found.empty() ? tr("item %1: session %2, no regression against baseline session %3")
                                .arg(claim.itemId)
                                .arg(sessionId)
                                .arg(c->baselineId)
                          : tr("item %1: session %2, %3 regression(s) against baseline session %4")
                                .arg(claim.itemId)
                                .arg(sessionId)
                                .arg(found.size())
                                .arg(c->baselineId));
        if (metrics)
            metrics->regressionGateChecked(c->suite, c->gate, now.toMSecsSinceEpoch());
    }
    verdict["checked_at"] = now.toString(Qt::ISODateWithMs).toStdString();
    stored["verdict"] = verdict;
    if (!queue.setGate(claim.itemId, QByteArray::fromStdString(stored.dump()), &error))
        say(tr("item %1: the verdict cannot be stored: %2").arg(claim.itemId).arg(error));
    return c && c->gate.regressed();
}

} // namespace ys
