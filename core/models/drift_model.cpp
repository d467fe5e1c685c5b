#include "models/drift_model.h"

#include "models/cell_values.h"
#include "models/insight_text.h"
#include "util/number_text.h"

namespace ys {

namespace {

QString driftRatioText(std::optional<double> v)
{
    return v ? fixedNumber(*v, 4) : dash();
}

QString spreadText(const ReconciliationSide &side)
{
    if (!side.ratioP5 || !side.ratioP95)
        return dash();
    return QStringLiteral("%1–%2").arg(driftRatioText(side.ratioP5), driftRatioText(side.ratioP95));
}

} // namespace

DriftModel::DriftModel(QObject *parent)
    : HeldRowsModel(parent)
{
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) { return at(r).provider; });
    addColumn("figure", "", QT_TR_NOOP("Figure"),
              [this](int r) { return InsightText::figureLabel(at(r).figure); });
    addColumn("from_session", "", QT_TR_NOOP("From session"),
              [this](int r) { return at(r).fromSession; });
    addColumn("to_session", "", QT_TR_NOOP("To session"),
              [this](int r) { return at(r).toSession; });
    // Before, after and the difference are in the unit of the row's figure.
    addColumn("before", "", QT_TR_NOOP("Before"), [this](int r) {
        return cellOrNull(at(r).before);
    }).shown([this](int r) { return InsightText::before(at(r)); });
    addColumn("after", "", QT_TR_NOOP("After"), [this](int r) {
        return cellOrNull(at(r).after);
    }).shown([this](int r) { return InsightText::after(at(r)); });
    addColumn("difference", "", QT_TR_NOOP("Difference [95% CI]"), [this](int r) {
        return cellOrNull(at(r).difference);
    }).shown([this](int r) { return InsightText::difference(at(r)); });
    addColumn("p_holm", "", QT_TR_NOOP("p (Holm)"),
              [this](int r) { return cellOrNull(at(r).adjustedPValue); })
        .shown([this](int r) -> QVariant {
            const auto &p = at(r).adjustedPValue;
            return p ? QString::number(*p, 'g', 2) : dash();
        })
        .tip([this](int r) {
            return tr("Mann–Whitney U, Holm-adjusted over the comparisons with session %1")
                .arg(at(r).toSession);
        });
}

QVariant DriftModel::ownData(int row, int, int role) const
{
    return role == FigureNameRole ? QVariant(driftFigureName(at(row).figure)) : QVariant();
}

ReconciliationModel::ReconciliationModel(QObject *parent)
    : HeldRowsModel(parent)
{
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) { return at(r).provider; });
    addColumn("tokenizer_family", "", QT_TR_NOOP("Tokenizer family"),
              [this](int r) { return at(r).encoding.family; });
    addColumn("prompt_ratio", "", QT_TR_NOOP("Prompt reported/counted"), [this](int r) {
        return cellOrNull(at(r).input.ratio);
    }).places(4);
    addColumn("prompt_p5_p95", "", QT_TR_NOOP("Prompt P5–P95"), nullptr).shown([this](int r) {
        return spreadText(at(r).input);
    });
    addColumn("output_ratio", "", QT_TR_NOOP("Output reported/counted"), [this](int r) {
        return cellOrNull(at(r).output.ratio);
    }).places(4);
    addColumn("output_p5_p95", "", QT_TR_NOOP("Output P5–P95"), nullptr).shown([this](int r) {
        return spreadText(at(r).output);
    });
    addColumn("status", "", QT_TR_NOOP("Status"), nullptr).shown([this](int r) {
        const TokenReconciliation &t = at(r);
        if (t.encoding.estimated)
            return tr("estimated");
        if (t.flagged())
            return tr("differs by more than 1%");
        if (t.input.attempts + t.output.attempts == 0)
            return tr("no reported usage");
        return tr("agrees");
    });
}

QVariant ReconciliationModel::ownData(int row, int, int role) const
{
    return role == FlaggedRole ? QVariant(at(row).flagged()) : QVariant();
}

} // namespace ys
