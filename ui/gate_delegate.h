#pragma once

#include <QStyledItemDelegate>

namespace ys {

// Colours a comparison cell by the requirement gate it shows: red when it fails, amber italic
// when inconclusive (more attempts needed), green for an overall pass. The model says which gate
// (GateRole); the colours are this layer's business.
class GateDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace ys
