#include "models/stability_model.h"

#include "models/cell_values.h"
#include "models/kind_results_text.h"
#include "util/number_text.h"

#include <QStringList>

namespace ys {

namespace {

// The parts one after another, or a dash for none.
QString dotted(const QStringList &parts)
{
    return parts.isEmpty() ? dash() : parts.join(QStringLiteral(" · "));
}

} // namespace

StabilityModel::StabilityModel(QObject *parent)
    : HeldRowsModel(parent)
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) { return at(r).provider; });
    addColumn("attempts", "", QT_TR_NOOP("Streams"), [this](int r) {
        return at(r).result.attempts;
    }).aligned(right);
    const auto itl = [&](const char *key, const char *title,
                         std::optional<double> Distribution::*p) -> ColumnSpec & {
        return addColumn(key, "ms", title,
                         [this, p](int r) { return cellOrNull(at(r).result.itlMs.*p); })
            .places(1)
            .aligned(right);
    };
    itl("itl_p50_ms", QT_TR_NOOP("ITL P50 (ms)"), &Distribution::p50)
        .headerTip(QT_TR_NOOP("Inter-token latency: the gaps between a stream's deliveries"));
    itl("itl_p95_ms", QT_TR_NOOP("ITL P95 (ms)"), &Distribution::p95);
    itl("itl_p99_ms", QT_TR_NOOP("ITL P99 (ms)"), &Distribution::p99);
    addColumn("longest_stall_ms", "ms", QT_TR_NOOP("Longest gap (ms)"),
              [this](int r) { return cellOrNull(at(r).result.longestStallMs); })
        .places(1)
        .aligned(right)
        .headerTip(QT_TR_NOOP("The longest wait between two deliveries of any stream"));
    addColumn("stalls", "", QT_TR_NOOP("Stalls"), nullptr)
        .shown([this](int r) { return stallsText(at(r).result); })
        .headerTip(QT_TR_NOOP("Gaps between deliveries at least as long as each threshold the "
                              "scenario set"));
    addColumn("cuts", "", QT_TR_NOOP("Cut streams"), [this](int r) { return at(r).result.cuts; })
        .aligned(right)
        .headerTip(QT_TR_NOOP("Streams that ended without their end marker"));
    addColumn("finish_reasons", "", QT_TR_NOOP("Finish reasons"), nullptr).shown([this](int r) {
        return finishText(at(r).result);
    });
}

QString StabilityModel::stallsText(const StabilityResult &r)
{
    return dotted(KindResultsText::stallParts(r));
}

QString StabilityModel::gapText(double ms)
{
    return fixedNumber(ms, 1);
}

QString StabilityModel::finishText(const StabilityResult &r)
{
    return dotted(KindResultsText::finishParts(r));
}

} // namespace ys
