#pragma once

#include <QLocale>

class QCoreApplication;

namespace ys {

// Loads Yardstick's translation for the locale (compiled into the binary) and Qt's own, when
// they exist, and installs them on the application in place of the ones installed before, so the
// language can change while the application runs (every widget then gets a LanguageChange
// event). A locale without a translation, English among them, leaves the source texts.
void installTranslations(QCoreApplication &app, const QLocale &locale = QLocale());

} // namespace ys
