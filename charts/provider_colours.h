#pragma once

#include <QColor>

namespace ys {

// Ten colours that stay apart from one another (Tableau 10), one per provider in session order,
// so a provider keeps its colour from one result view to the next.
inline QColor providerColour(int index)
{
    static const QRgb colours[] = {0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0x76b7b2,
                                   0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
    return QColor(colours[index % 10]);
}

} // namespace ys
