#pragma once

#include <QString>

class QLabel;
class QWidget;

namespace ys {

// The label a page shows a message or a result in: named objectName (for tests and style
// sheets) and wrapped to the room it has, so that a long message never widens the page.
QLabel *messageLabel(const QString &objectName, QWidget *parent);

// A message label whose text the user can also select with the mouse, to copy it.
QLabel *selectableMessageLabel(const QString &objectName, QWidget *parent);

} // namespace ys
