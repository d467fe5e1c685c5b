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
    // keychain:NAME reads the system keychain (QtKeychain: the Secret Service, KWallet, macOS
    // Keychain, Windows Credential Store) under the service keychainService() and the account
    // NAME; where no secret service runs, it fails with a message that says so and points to
    // env:NAME, which always works. It waits for the keychain on a local event loop.
    static bool resolve(const QString &reference, QByteArray *key, QString *error);
    // The service name keychain entries are kept under ("Yardstick").
    static QString keychainService();
    // Whether this build reads keychain: references at all (QtKeychain was found).
    static bool keychainAvailable();

    // See redactSecrets().
    static QString redact(const QString &text, const QList<QByteArray> &secrets = {});

    // See ys::registerSecret().
    static void registerSecret(const QByteArray &key);
    static int registeredCount();
    static QString marker();
};

} // namespace ys
