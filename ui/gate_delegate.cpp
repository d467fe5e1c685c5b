#include "ui/gate_delegate.h"

#include "models/comparison_table_model.h"

namespace ys {

void GateDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const QVariant gate = index.data(ComparisonTableModel::GateRole);
    if (!gate.isValid())
        return;
    const auto result = GateResult(gate.toInt());
    if (result == GateResult::Fail) {
        option->palette.setColor(QPalette::Text, QColor(0xb0, 0x20, 0x20));
        option->font.setBold(true);
    } else if (result == GateResult::Inconclusive) {
        // The interval straddles the threshold: not a fail, and no pass yet.
        option->palette.setColor(QPalette::Text, QColor(0xa8, 0x5d, 0x00));
        option->font.setItalic(true);
    } else if (result == GateResult::Pass &&
               index.column() == ComparisonTableModel::VerdictColumn) {
        option->palette.setColor(QPalette::Text, QColor(0x1a, 0x7f, 0x37));
        option->font.setBold(true);
    }
}

} // namespace ys
