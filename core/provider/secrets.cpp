#include "provider/secrets.h"

#include "util/redact.h"

namespace ys {

bool Secrets::resolve(const QString &reference, QByteArray *key, QString *error)
{
    key->clear();
    if (reference.isEmpty())
        return true;
    if (reference.startsWith(QLatin1StringView("env:"))) {
        const QString var = reference.mid(4);
        const QByteArray value = qgetenv(var.toLocal8Bit().constData());
        if (value.isEmpty()) {
            *error =
                tr("The environment variable %1 named by \"%2\" is not set").arg(var, reference);
            return false;
        }
        *key = value.trimmed();
        registerSecret(*key);
        return true;
    }
    if (reference.startsWith(QLatin1StringView("keychain:"))) {
        *error = tr("\"%1\": no secret service is available in this build; use an env:NAME "
                    "reference instead")
                     .arg(reference);
        return false;
    }
    *error = tr("\"%1\" is not a key reference (use env:NAME or keychain:ID)")
                 .arg(reference.left(8) + QStringLiteral("…"));
    return false;
}

void Secrets::registerSecret(const QByteArray &key)
{
    ys::registerSecret(key);
}

int Secrets::registeredCount()
{
    return registeredSecretCount();
}

QString Secrets::redact(const QString &text, const QList<QByteArray> &secrets)
{
    return redactSecrets(text, secrets);
}

QString Secrets::marker()
{
    return redactionMarker();
}

} // namespace ys
