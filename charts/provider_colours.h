#pragma once

#include <QColor>

namespace ys {

// Ten colours that stay apart from one another (Tableau 10), by a provider's place in its
// session, so one provider keeps its colour on every chart and neighbours never share one.
inline QColor providerColour(int index)
{
    static const QRgb colours[] = {0x4e79a7, 0xf28e2b, 0x59a14f, 0xe15759, 0x76b7b2,
                                   0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
    return QColor(colours[(index < 0 ? 0 : index) % 10]);
}

} // namespace ys
