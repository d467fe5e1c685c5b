#pragma once

#include <QLocale>

class QCoreApplication;

namespace ys {

// Loads Yardstick's translation for the locale (compiled into the binary) and Qt's own, when
// they exist, and installs them on the application.
void installTranslations(QCoreApplication &app, const QLocale &locale = QLocale());

} // namespace ys
