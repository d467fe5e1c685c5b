#include "ui/message_label.h"

#include "ui/named_child.h"

#include <QLabel>

namespace ys {

QLabel *messageLabel(const QString &objectName, QWidget *parent)
{
    auto *label = namedChild<QLabel>(objectName, parent);
    label->setWordWrap(true);
    return label;
}

QLabel *selectableMessageLabel(const QString &objectName, QWidget *parent)
{
    QLabel *label = messageLabel(objectName, parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace ys
