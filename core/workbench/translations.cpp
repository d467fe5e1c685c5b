#include "workbench/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace ys {

namespace {

// Marks the translators this file installed, so the next call replaces them.
const QString &ownedName()
{
    static const QString name = QStringLiteral("ys-translator");
    return name;
}

void installOne(QCoreApplication &app, const QLocale &locale, const QString &file,
                const QString &directory)
{
    auto *translator = new QTranslator(&app);
    translator->setObjectName(ownedName());
    if (translator->load(locale, file, QStringLiteral("_"), directory))
        QCoreApplication::installTranslator(translator);
    else
        delete translator;
}

} // namespace

void installTranslations(QCoreApplication &app, const QLocale &locale)
{
    const auto previous = app.findChildren<QTranslator *>(ownedName(), Qt::FindDirectChildrenOnly);
    for (QTranslator *translator : previous) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
    installOne(app, locale, QStringLiteral("yardstick"), QStringLiteral(":/i18n"));
    installOne(app, locale, QStringLiteral("qtbase"),
               QLibraryInfo::path(QLibraryInfo::TranslationsPath));
}

} // namespace ys
