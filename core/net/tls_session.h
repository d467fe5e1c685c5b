#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QString>
#include <memory>

// OpenSSL's types, without its headers.
struct ssl_st;
struct bio_st;

namespace ys {

// What a client TLS connection trusts and presents. caPem: the authorities trusted besides the
// system's (the process's TLS defaults plus a provider's ca_file), PEM; the client certificate
// and its key, PEM, or empty.
struct TlsSettings {
    QByteArray caPem;
    QByteArray clientCertPem;
    QByteArray clientKeyPem;

    // Identifies the settings for the process-wide cache of OpenSSL contexts (a hash).
    QByteArray cacheKey() const;
};

// One client TLS session through OpenSSL, on memory buffers: the owner moves the ciphertext
// between the socket and the session itself (so that every read keeps the kernel's arrival
// time), and the session turns it into plaintext and back. HTTP/1.1 only (ALPN "http/1.1").
// The server's certificate is verified against the system's authorities and the settings', and
// its name (or IP address) against the host.
class TlsSession {
    Q_DECLARE_TR_FUNCTIONS(ys::TlsSession)
public:
    enum class Step { Done, Again, Failed };

    TlsSession(const TlsSettings &settings, const QString &host);
    ~TlsSession();
    TlsSession(const TlsSession &) = delete;
    TlsSession &operator=(const TlsSession &) = delete;

    // False when the context could not be made (errorString() says why).
    bool isValid() const { return m_ssl != nullptr; }

    // Ciphertext that arrived from the server.
    void feed(const char *data, qsizetype size);
    // Drives the handshake; Again: it needs the server's reply (send outgoing() first).
    Step handshake();
    // Decrypted bytes: the count (> 0), 0 when more ciphertext is needed, -1 when the server
    // ended the session (close_notify), -2 on an error.
    qint64 read(char *data, qint64 max);
    // Whether the ciphertext fed so far holds plaintext, the session's end or an error (what an
    // idle connection must not have); TLS records without data (session tickets) are consumed.
    bool hasInput();
    // Encrypts plaintext into the outgoing ciphertext. False on an error.
    bool write(QByteArrayView plain);
    // Ciphertext to send now; the session forgets it.
    QByteArray takeOutgoing();
    bool hasOutgoing() const;

    // The server's certificate was not trusted (the reason is in errorString()).
    bool verifyFailed() const { return m_verifyFailed; }
    QString errorString() const { return m_error; }

private:
    void fail(const QString &what);

    struct Ctx;
    std::shared_ptr<Ctx> m_ctx;
    ::ssl_st *m_ssl = nullptr;
    ::bio_st *m_in = nullptr;  // ciphertext from the server, owned by m_ssl
    ::bio_st *m_out = nullptr; // ciphertext to the server, owned by m_ssl
    bool m_verifyFailed = false;
    QString m_error;
};

} // namespace ys
