#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QSslCertificate>
#include <QSslKey>
#include <QString>
#include <optional>

namespace ys {

// A self-signed certificate for 127.0.0.1 and localhost (and the address the simulator listens
// on, when that is another), made when the simulator starts with TLS.
// Qt cannot generate keys, so the openssl command-line tool makes them (a P-256 key, valid for two
// days); clients trust the certificate only when given it.
struct SimTlsIdentity {
    QSslCertificate certificate;
    QSslKey key;
    QByteArray certificatePem;
    // With a client CA: the server asks every client for a certificate signed by one of these
    // and refuses the handshake without one, as a gateway with mutual TLS does.
    QList<QSslCertificate> clientCas;

    // nullopt with *error saying why (no openssl tool, no TLS support in Qt, ...).
    // `also`, when set, is one more address the certificate names.
    static std::optional<SimTlsIdentity> generate(QString *error, const QHostAddress &also = {});
    // A certificate (PEM, the server's first, then any intermediates) and its unencrypted key
    // from files, for example signed by a test CA. nullopt with *error naming the file.
    static std::optional<SimTlsIdentity> load(const QString &certFile, const QString &keyFile,
                                              QString *error);
    // Requires client certificates signed by the CAs in this PEM file.
    bool requireClientCertificates(const QString &caFile, QString *error);
};

} // namespace ys
