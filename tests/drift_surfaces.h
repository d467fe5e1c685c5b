#pragma once

// A drift event (show --json's drift[], docs/show-json.md#drift) as the surfaces that show
// history show it: the line of show's text and of the report's caveats ("drift: P TTFT p50 since
// session 3: 100.3 ms → 200.4 ms (+99.8%; difference +100.1 [+99.2, +101.0], p = 2.1e-07)"), and
// a row of the workbench's DriftModel (the Results page's Drift tab, the History page's drift
// box). Each is read back and compared with the event's figures at the precision shown; the
// problems found are returned, empty when they agree. tst_drift and tst_one_number use these.
#include "analysis/drift.h"
#include "models/drift_model.h"
#include "models/export_roles.h"
#include "models/insight_text.h"
#include "printed_figure.h"

#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

namespace ys::test {

// A drift line's parts, as printed.
struct DriftLine {
    QString provider, figure; // figure: show --json's name ("ttft_ms")
    qint64 fromSession = 0;
    QString before, after, relative, difference, ciLow, ciHigh, p; // the last five: numbers only
};

// show --json's name of a figure from its label on the surfaces ("TTFT p50" → "ttft_ms").
inline QString driftFigureOfLabel(const QString &label)
{
    for (const DriftFigure f :
         {DriftFigure::TtftMs, DriftFigure::E2eMs, DriftFigure::OutputTokensPerS,
          DriftFigure::UsdPer1k, DriftFigure::Model, DriftFigure::Fingerprint})
        if (InsightText::figureLabel(f) == label)
            return driftFigureName(f);
    return {};
}

// A line of show's text or of the report: none when it is not a drift line.
inline std::optional<DriftLine> readDriftLine(const QString &line)
{
    static const QRegularExpression numeric(QStringLiteral(
        "^drift: (.+?) (TTFT p50|E2E p50|output tok/s p50|measured \\$/1K) since session (\\d+): "
        "(.+) → (.+) \\((\\S+); difference (\\S+)(?: \\[(\\S+), (\\S+)\\])?, p = (\\S+)\\)$"));
    static const QRegularExpression identity(QStringLiteral(
        "^drift: (.+?) (reported model|system fingerprint) changed since session (\\d+): "
        "(.*) → (.*)$"));
    if (const auto m = numeric.match(line); m.hasMatch())
        return DriftLine{m.captured(1),
                         driftFigureOfLabel(m.captured(2)),
                         m.captured(3).toLongLong(),
                         m.captured(4),
                         m.captured(5),
                         m.captured(6),
                         m.captured(7),
                         m.captured(8),
                         m.captured(9),
                         m.captured(10)};
    if (const auto m = identity.match(line); m.hasMatch())
        return DriftLine{m.captured(1),
                         driftFigureOfLabel(m.captured(2)),
                         m.captured(3).toLongLong(),
                         m.captured(4),
                         m.captured(5),
                         {},
                         {},
                         {},
                         {},
                         {}};
    return std::nullopt;
}

// The text shows the number (or "—" null) at its precision, as scale × value.
inline bool driftNumberShown(const QString &text, const nlohmann::json &value, double scale = 1)
{
    if (value.is_null())
        return text.isEmpty() || text == QStringLiteral("—");
    const auto shown = printedNumber(text);
    return shown && value.is_number() && showsValue(*shown, value.get<double>(), scale);
}

// The identity figures' value sets, joined as the surfaces join them.
inline QString driftValues(const nlohmann::json &values)
{
    QStringList out;
    for (const nlohmann::json &v : values)
        out << QString::fromStdString(v.get<std::string>());
    return out.join(QStringLiteral(", "));
}

inline bool isIdentityFigure(const nlohmann::json &event)
{
    return event["before"].is_array();
}

// A drift line against its event of show --json.
inline QStringList driftLineProblems(const DriftLine &l, const nlohmann::json &e)
{
    QStringList out;
    const auto expect = [&](bool ok, const char *what, const QString &shown) {
        if (!ok)
            out << QStringLiteral("%1 shows \"%2\"").arg(QString::fromUtf8(what), shown);
    };
    expect(l.provider == QString::fromStdString(e["provider"].get<std::string>()), "provider",
           l.provider);
    expect(l.fromSession == e["from_session"].get<qint64>(), "from_session",
           QString::number(l.fromSession));
    if (isIdentityFigure(e)) {
        expect(l.before == driftValues(e["before"]), "before", l.before);
        expect(l.after == driftValues(e["after"]), "after", l.after);
        return out;
    }
    expect(driftNumberShown(l.before, e["before"]), "before", l.before);
    expect(driftNumberShown(l.after, e["after"]), "after", l.after);
    expect(driftNumberShown(l.relative, e["relative"], 100), "relative", l.relative);
    expect(driftNumberShown(l.difference, e["difference"]), "difference", l.difference);
    const nlohmann::json &ci = e["difference_ci"];
    expect(driftNumberShown(l.ciLow, ci.is_array() ? ci[0] : nlohmann::json()), "ci low", l.ciLow);
    expect(driftNumberShown(l.ciHigh, ci.is_array() ? ci[1] : nlohmann::json()), "ci high",
           l.ciHigh);
    expect(driftNumberShown(l.p, e["p_adjusted"]), "p_adjusted", l.p);
    return out;
}

// A DriftModel row against its event: the raw values (ExportValueRole) at full precision, the
// displayed text at its precision.
inline QStringList driftRowProblems(const DriftModel &model, int row, const nlohmann::json &e)
{
    QStringList out;
    const auto cell = [&](int column, int role = Qt::DisplayRole) {
        return model.index(row, column).data(role);
    };
    const auto raw = [&](int column, const nlohmann::json &want, const char *what) {
        const QVariant v = cell(column, ExportValueRole);
        const bool ok = want.is_null()
                            ? !v.isValid()
                            : v.isValid() && std::abs(v.toDouble() - want.get<double>()) <=
                                                 1e-9 * std::max(1.0, std::abs(want.get<double>()));
        if (!ok)
            out << QStringLiteral("%1 holds %2").arg(QString::fromUtf8(what), v.toString());
    };
    if (cell(DriftModel::Provider).toString() !=
        QString::fromStdString(e["provider"].get<std::string>()))
        out << QStringLiteral("provider %1").arg(cell(DriftModel::Provider).toString());
    raw(DriftModel::FromSession, e["from_session"], "from_session");
    raw(DriftModel::ToSession, e["to_session"], "to_session");
    if (isIdentityFigure(e)) {
        if (cell(DriftModel::Before, ExportValueRole).toString() != driftValues(e["before"]) ||
            cell(DriftModel::After, ExportValueRole).toString() != driftValues(e["after"]))
            out << QStringLiteral("values %1 → %2")
                       .arg(cell(DriftModel::Before).toString(),
                            cell(DriftModel::After).toString());
        return out;
    }
    raw(DriftModel::Before, e["before"], "before");
    raw(DriftModel::After, e["after"], "after");
    raw(DriftModel::Difference, e["difference"], "difference");
    raw(DriftModel::PValue, e["p_adjusted"], "p_adjusted");
    for (const auto &[column, member] :
         {std::pair{int(DriftModel::Before), "before"}, std::pair{int(DriftModel::After), "after"},
          std::pair{int(DriftModel::Difference), "difference"},
          std::pair{int(DriftModel::PValue), "p_adjusted"}})
        if (!driftNumberShown(cell(column).toString(), e[member]))
            out << QStringLiteral("%1 shows \"%2\"")
                       .arg(QString::fromUtf8(member), cell(column).toString());
    return out;
}

} // namespace ys::test
