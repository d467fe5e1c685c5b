#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QSslCertificate>
#include <QSslKey>
#include <QString>
#include <optional>

namespace ys {

// A self-signed certificate for 127.0.0.1 and localhost (and the address the simulator listens
// on, when that is another), made when the simulator starts with TLS.
// Qt cannot generate keys and core does not link OpenSSL, so the openssl command-line tool makes
// them (a P-256 key, valid for two days); clients trust the certificate only when given it.
struct SimTlsIdentity {
    QSslCertificate certificate;
    QSslKey key;
    QByteArray certificatePem;

    // nullopt with *error saying why (no openssl tool, no TLS support in Qt, ...). `also`, when
    // set, is one more address the certificate names.
    static std::optional<SimTlsIdentity> generate(QString *error, const QHostAddress &also = {});
};

} // namespace ys
