#include "models/history_window_model.h"

#include "models/cell_values.h"

#include <QDateTime>

namespace ys {

HistoryWindowModel::HistoryWindowModel(QObject *parent)
    : HeldRowsModel(parent)
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("group", "", QT_TR_NOOP("Window or hour (UTC)"), [this](int r) -> QVariant {
        return m_grouping == HistoryGrouping::HourOfDay
                   ? QVariant(at(r).hourOfDay)
                   : QVariant(QDateTime::fromMSecsSinceEpoch(at(r).groupStartMs, Qt::UTC)
                                  .toString(Qt::ISODate));
    }).shown([this](int r) {
          return groupText(at(r), m_grouping);
      }).exportsText();
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) { return at(r).provider; });
    addColumn("sessions", "", QT_TR_NOOP("Sessions"), [this](int r) { return at(r).sessions; })
        .aligned(right)
        .headerTip(QT_TR_NOOP("Finished sessions of the group; interrupted, failed and cancelled "
                              "ones are left out"));
    addColumn("ttft_p50_ms", "ms", QT_TR_NOOP("TTFT P50 (ms)"),
              [this](int r) { return cellOrNull(at(r).ttftP50Ms); })
        .places(1)
        .aligned(right)
        .headerTip(QT_TR_NOOP("The median over the group's sessions of each session's own P50"));
    addColumn("e2e_p50_ms", "ms", QT_TR_NOOP("E2E P50 (ms)"),
              [this](int r) { return cellOrNull(at(r).e2eP50Ms); })
        .places(1)
        .aligned(right);
    addColumn("output_tokens_per_s", "tokens/s", QT_TR_NOOP("Output tokens/s P50"),
              [this](int r) { return cellOrNull(at(r).tokensPerS); })
        .places(0)
        .aligned(right);
}

QString HistoryWindowModel::groupText(const HistoryWindowRow &row, HistoryGrouping grouping)
{
    if (grouping == HistoryGrouping::HourOfDay)
        return tr("%1:00 UTC").arg(row.hourOfDay, 2, 10, QLatin1Char('0'));
    return tr("%1 UTC").arg(QDateTime::fromMSecsSinceEpoch(row.groupStartMs, Qt::UTC)
                                .toString(QStringLiteral("yyyy-MM-dd HH:mm")));
}

void HistoryWindowModel::setRows(std::vector<HistoryWindowRow> rows, HistoryGrouping grouping)
{
    m_grouping = grouping; // read by the reset's views, so set first
    hold(std::move(rows));
}

} // namespace ys
