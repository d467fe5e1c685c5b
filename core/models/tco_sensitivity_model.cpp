#include "models/tco_sensitivity_model.h"

#include "analysis/tco_text.h"
#include "models/cell_values.h"

namespace ys {

TcoSensitivityModel::TcoSensitivityModel(QObject *parent)
    : RowTableModel(parent)
{
    const auto right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("input", "", QT_TR_NOOP("Input"), [this](int r) {
        return at(r).label;
    }).tip([this](int r) { return QVariant(at(r).key); });
    addColumn("low", "", QT_TR_NOOP("Low"), [this](int r) {
        return at(r).low;
    }).shown([this](int r) {
          return TcoText::value(at(r).low);
      }).aligned(right);
    addColumn("high", "", QT_TR_NOOP("High"), [this](int r) {
        return at(r).high;
    }).shown([this](int r) {
          return TcoText::value(at(r).high);
      }).aligned(right);
    addColumn("break_even_low", "tokens/month", QT_TR_NOOP("Break-even low"), [this](int r) {
        return cellOrNull(at(r).breakEvenLow);
    }).shown([this](int r) {
          return TcoText::breakEven(at(r).breakEvenLow);
      }).aligned(right);
    addColumn("break_even_high", "tokens/month", QT_TR_NOOP("Break-even high"), [this](int r) {
        return cellOrNull(at(r).breakEvenHigh);
    }).shown([this](int r) {
          return TcoText::breakEven(at(r).breakEvenHigh);
      }).aligned(right);
    addColumn("move", "tokens/month", QT_TR_NOOP("Move"),
              [this](int r) { return cellOrNull(at(r).swing); })
        .shown([this](int r) { return TcoText::move(at(r)); })
        .tip([this](int r) {
            return at(r).unbounded() ? QVariant(tr("The break-even exists at one end only"))
                                     : QVariant();
        })
        .aligned(right);
}

void TcoSensitivityModel::setRows(std::vector<TcoSensitivity> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

} // namespace ys
