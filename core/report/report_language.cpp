#include "report/report_language.h"

#include <QEvent>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace ys {

namespace {

// Answers every text with its source, ahead of the interface's own translation.
class SourceTextTranslator : public QTranslator {
public:
    QString translate(const char *, const char *sourceText, const char *, int) const override
    {
        return QString::fromUtf8(sourceText);
    }
    bool isEmpty() const override { return false; }
};

} // namespace

QStringList ReportLanguage::languages()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

bool ReportLanguage::isKnown(const QString &language)
{
    return languages().contains(language);
}

ReportLanguage::ReportLanguage(const QString &language)
{
    QCoreApplication *app = QCoreApplication::instance();
    if (app)
        app->installEventFilter(this);
    if (language == QLatin1StringView("zh_CN")) {
        const QLocale locale(QLocale::Chinese, QLocale::China);
        auto qt = std::make_unique<QTranslator>();
        if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            m_translators.push_back(std::move(qt));
        auto own = std::make_unique<QTranslator>();
        if (own->load(locale, QStringLiteral("yardstick"), QStringLiteral("_"),
                      QStringLiteral(":/i18n")))
            m_translators.push_back(std::move(own));
    } else {
        m_translators.push_back(std::make_unique<SourceTextTranslator>());
    }
    for (const auto &t : m_translators)
        QCoreApplication::installTranslator(t.get());
}

ReportLanguage::~ReportLanguage()
{
    for (const auto &t : m_translators)
        QCoreApplication::removeTranslator(t.get());
    if (QCoreApplication *app = QCoreApplication::instance())
        app->removeEventFilter(this);
}

bool ReportLanguage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == QCoreApplication::instance() && event->type() == QEvent::LanguageChange)
        return true;
    return QObject::eventFilter(watched, event);
}

} // namespace ys
