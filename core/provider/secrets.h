#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace ys {

// Resolves API-key references (env:NAME, keychain:ID) at the moment a request is built, and
// scrubs secrets out of every text that may be stored or shown. Keys themselves are never
// written anywhere.
class Secrets {
    Q_DECLARE_TR_FUNCTIONS(ys::Secrets)
public:
    // Empty reference: no key (servers that need none). On failure returns false and sets
    // *error to a message that names the reference, never a value.
    static bool resolve(const QString &reference, QByteArray *key, QString *error);

    // Replaces the given secrets and anything that looks like an auth header or key parameter.
    static QString redact(const QString &text, const QList<QByteArray> &secrets = {});
};

} // namespace ys
