#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace ys {

// Resolves API-key references (env:NAME, keychain:ID) at the moment a request is built. Keys
// themselves are never written anywhere.
//
// Every key resolved here joins the process-wide set of known secrets of util/redact.h, which
// the log always removes. redact(), registerSecret(), registeredCount() and marker() forward to
// that file, so provider/ and its callers keep one name for keys.
class Secrets {
    Q_DECLARE_TR_FUNCTIONS(ys::Secrets)
public:
    // Empty reference: no key (servers that need none). On failure returns false and sets
    // *error to a message that names the reference, never a value. A resolved key is
    // registered (see registerSecret()).
    static bool resolve(const QString &reference, QByteArray *key, QString *error);

    // See redactSecrets().
    static QString redact(const QString &text, const QList<QByteArray> &secrets = {});

    // See ys::registerSecret().
    static void registerSecret(const QByteArray &key);
    static int registeredCount();
    static QString marker();
};

} // namespace ys
