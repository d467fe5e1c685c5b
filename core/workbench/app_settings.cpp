#include "workbench/app_settings.h"

#include <QCryptographicHash>
#include <QFileInfo>

namespace ys {

namespace {

const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kPage = QStringLiteral("window/page");
const QString kLanguage = QStringLiteral("language");
const QString kHiddenColumns = QStringLiteral("results/hiddenColumns");

// A database path would be split at its slashes into nested groups: its hash is the key.
QString sessionKey(const QString &dbPath)
{
    // A team store's URL is its own canonical name.
    const QString canonical = dbPath.startsWith(QLatin1StringView("postgres"))
                                  ? dbPath
                                  : QFileInfo(dbPath).absoluteFilePath();
    const QByteArray hash =
        QCryptographicHash::hash(canonical.toUtf8(), QCryptographicHash::Sha1).toHex();
    return QStringLiteral("lastSession/") + QString::fromLatin1(hash);
}

// Stores value under key, or removes the key when value is empty, so that an empty choice reads
// back as the default rather than as a stored empty value.
template <typename T> void setOrRemove(QSettings &settings, const QString &key, const T &value)
{
    if (value.isEmpty())
        settings.remove(key);
    else
        settings.setValue(key, value);
}

} // namespace

AppSettings::AppSettings() = default;

QByteArray AppSettings::windowGeometry() const
{
    return m_settings.value(kGeometry).toByteArray();
}

void AppSettings::setWindowGeometry(const QByteArray &geometry)
{
    m_settings.setValue(kGeometry, geometry);
}

QByteArray AppSettings::windowState() const
{
    return m_settings.value(kState).toByteArray();
}

void AppSettings::setWindowState(const QByteArray &state)
{
    m_settings.setValue(kState, state);
}

QString AppSettings::currentPage() const
{
    return m_settings.value(kPage).toString();
}

void AppSettings::setCurrentPage(const QString &objectName)
{
    m_settings.setValue(kPage, objectName);
}

qint64 AppSettings::lastSession(const QString &dbPath) const
{
    return m_settings.value(sessionKey(dbPath), 0).toLongLong();
}

void AppSettings::setLastSession(const QString &dbPath, qint64 sessionId)
{
    m_settings.setValue(sessionKey(dbPath), sessionId);
}

QStringList AppSettings::hiddenComparisonColumns() const
{
    return m_settings.value(kHiddenColumns).toStringList();
}

void AppSettings::setHiddenComparisonColumns(const QStringList &keys)
{
    setOrRemove(m_settings, kHiddenColumns, keys);
}

QString AppSettings::language() const
{
    const QString language = m_settings.value(kLanguage).toString();
    return languages().contains(language) ? language : QString();
}

void AppSettings::setLanguage(const QString &language)
{
    setOrRemove(m_settings, kLanguage, language);
}

QLocale AppSettings::locale() const
{
    return localeOf(language());
}

QLocale AppSettings::localeOf(const QString &language)
{
    return language.isEmpty() ? QLocale() : QLocale(language);
}

QStringList AppSettings::languages()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

} // namespace ys
