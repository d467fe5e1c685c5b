#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace ys {

// Resolves API-key references (env:NAME, keychain:ID) at the moment a request is built, and
// scrubs secrets out of every text that may be stored or shown. Keys themselves are never
// written anywhere.
//
// Every key resolved here joins a process-wide set of known secrets, which redact() (and so the
// log, see util/log.h) always removes, whoever calls it and whether or not the caller still
// holds the key.
class Secrets {
    Q_DECLARE_TR_FUNCTIONS(ys::Secrets)
public:
    // Empty reference: no key (servers that need none). On failure returns false and sets
    // *error to a message that names the reference, never a value. A resolved key is
    // registered (see registerSecret()).
    static bool resolve(const QString &reference, QByteArray *key, QString *error);

    // Replaces the given secrets, every registered one, and anything that looks like an auth
    // header, a key parameter or a provider key ("sk-…", "sk-ant-…", "AIza…") with marker().
    // A secret is also found in its percent-encoded, base64 and base64url forms. Secrets shorter
    // than 4 bytes are left alone (they would erase ordinary words).
    static QString redact(const QString &text, const QList<QByteArray> &secrets = {});

    // Adds a key to the process-wide set. Thread-safe; registering a key twice is harmless.
    static void registerSecret(const QByteArray &key);
    // How many distinct keys are registered.
    static int registeredCount();
    // What redact() puts in place of a secret.
    static QString marker() { return QStringLiteral("[REDACTED]"); }
};

} // namespace ys
