#pragma once

#include <QString>

namespace ys {

// A new child of parent of type T (a widget, an action), named objectName: how a page makes the
// children that tests and style sheets find by name, in one expression its constructor's
// initialiser list can hold.
template <typename T, typename Parent> T *namedChild(const QString &objectName, Parent *parent)
{
    auto *child = new T(parent);
    child->setObjectName(objectName);
    return child;
}

} // namespace ys
