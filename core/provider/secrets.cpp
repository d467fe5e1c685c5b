#include "provider/secrets.h"

#include <QRegularExpression>

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

QString Secrets::redact(const QString &text, const QList<QByteArray> &secrets)
{
    QString out = text;
    for (const QByteArray &s : secrets) {
        if (s.size() >= 4)
            out.replace(QString::fromUtf8(s), QStringLiteral("[REDACTED]"));
    }
    static const QRegularExpression headers(
        QStringLiteral(
            R"((authorization|x-api-key|x-goog-api-key|api-key)(["']?\s*[:=]\s*["']?)(bearer\s+)?[^\s"',}]+)"),
        QRegularExpression::CaseInsensitiveOption);
    out.replace(headers, QStringLiteral("\\1\\2\\3[REDACTED]"));
    static const QRegularExpression urlKey(QStringLiteral(R"(([?&]key=)[^&\s"']+)"),
                                           QRegularExpression::CaseInsensitiveOption);
    out.replace(urlKey, QStringLiteral("\\1[REDACTED]"));
    static const QRegularExpression keyLike(QStringLiteral(
        R"(\b(sk-[A-Za-z0-9_-]{16,}|sk-ant-[A-Za-z0-9_-]{16,}|AIza[0-9A-Za-z_-]{30,})\b)"));
    out.replace(keyLike, QStringLiteral("[REDACTED]"));
    return out;
}

} // namespace ys
