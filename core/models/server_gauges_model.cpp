#include "models/server_gauges_model.h"

namespace ys {

ServerGaugesModel::ServerGaugesModel(QObject *parent)
    : HeldRowsModel(parent)
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) { return at(r).provider; });
    addColumn("gauge", "", QT_TR_NOOP("Server figure"),
              [this](int r) { return QString::fromLatin1(serverGaugeKey(at(r).gauge)); })
        .shown([this](int r) { return gaugeText(at(r).gauge); })
        .tip([this](int r) { return at(r).metric; })
        .headerTip(QT_TR_NOOP("What the server reported about its load; the metric's own name "
                              "is in each cell's tooltip"));
    addColumn("scrapes", "", QT_TR_NOOP("Scrapes"), [this](int r) {
        return at(r).scrapes;
    }).aligned(right);
    const auto figure = [&](const char *key, const char *title, double ServerGaugeSummary::*p) {
        addColumn(key, "", title, [this, p](int r) { return at(r).*p; }).places(1).aligned(right);
    };
    figure("min", QT_TR_NOOP("Least"), &ServerGaugeSummary::min);
    figure("median", QT_TR_NOOP("Median"), &ServerGaugeSummary::median);
    figure("max", QT_TR_NOOP("Most"), &ServerGaugeSummary::max);
    figure("last", QT_TR_NOOP("Last"), &ServerGaugeSummary::last);
}

QString ServerGaugesModel::gaugeText(ServerGauge gauge)
{
    switch (gauge) {
    case ServerGauge::Running:
        return tr("Requests running");
    case ServerGauge::Waiting:
        return tr("Requests waiting");
    case ServerGauge::KvCache:
        break;
    }
    return tr("KV cache use (%)");
}

} // namespace ys
