#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace ys {

// Scrubs secrets out of every text that may be stored or shown. It sits in util/ because the log
// (util/log.h) runs every line through it; provider/secrets.h resolves keys and registers them
// here.
//
// The process-wide set of known secrets is always removed, whoever calls and whether or not the
// caller still holds the key.

// Replaces the given secrets, every registered one, and anything that looks like an auth header,
// a key parameter or a provider key ("sk-…", "sk-ant-…", "AIza…") with redactionMarker(). A
// secret is also found in its percent-encoded, base64 and base64url forms. Secrets shorter than
// 4 bytes are left alone (they would erase ordinary words).
QString redactSecrets(const QString &text, const QList<QByteArray> &secrets = {});

// Adds a key to the process-wide set. Thread-safe; registering a key twice is harmless.
void registerSecret(const QByteArray &key);
// How many distinct keys are registered.
int registeredSecretCount();
// What redactSecrets() puts in place of a secret.
inline QString redactionMarker()
{
    return QStringLiteral("[REDACTED]");
}

} // namespace ys
