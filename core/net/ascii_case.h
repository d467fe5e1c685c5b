#pragma once

#include <QByteArrayView>

namespace ys {

// Header names and tokens compare without case (RFC 9110).
inline bool equalsNoCase(QByteArrayView a, QByteArrayView b)
{
    return a.compare(b, Qt::CaseInsensitive) == 0;
}

} // namespace ys
