#include "net/tls_session.h"

#include <QCryptographicHash>
#include <QHostAddress>
#include <QMutex>
#include <map>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

namespace ys {

namespace {

QString openSslErrors()
{
    QStringList parts;
    while (const unsigned long e = ERR_get_error()) {
        char buffer[256];
        ERR_error_string_n(e, buffer, sizeof buffer);
        parts << QString::fromLatin1(buffer);
    }
    return parts.join(QStringLiteral("; "));
}

void addCas(SSL_CTX *ctx, const QByteArray &pem)
{
    if (pem.isEmpty())
        return;
    BIO *bio = BIO_new_mem_buf(pem.constData(), int(pem.size()));
    X509_STORE *store = SSL_CTX_get_cert_store(ctx);
    while (X509 *cert = PEM_read_bio_X509(bio, nullptr, nullptr, nullptr)) {
        // A certificate the store has already (a system one) is not an error.
        X509_STORE_add_cert(store, cert);
        X509_free(cert);
    }
    BIO_free(bio);
    ERR_clear_error(); // the end of the PEM data, and duplicates, leave errors behind
}

bool useClientCertificate(SSL_CTX *ctx, const TlsSettings &s)
{
    if (s.clientCertPem.isEmpty())
        return true;
    BIO *certBio = BIO_new_mem_buf(s.clientCertPem.constData(), int(s.clientCertPem.size()));
    X509 *cert = PEM_read_bio_X509(certBio, nullptr, nullptr, nullptr);
    BIO_free(certBio);
    BIO *keyBio = BIO_new_mem_buf(s.clientKeyPem.constData(), int(s.clientKeyPem.size()));
    EVP_PKEY *key = PEM_read_bio_PrivateKey(keyBio, nullptr, nullptr, nullptr);
    BIO_free(keyBio);
    const bool ok = cert && key && SSL_CTX_use_certificate(ctx, cert) == 1 &&
                    SSL_CTX_use_PrivateKey(ctx, key) == 1 && SSL_CTX_check_private_key(ctx) == 1;
    X509_free(cert);
    EVP_PKEY_free(key);
    return ok;
}

} // namespace

// One OpenSSL context per distinct settings, made once and shared by every session (an
// SSL_CTX is safe to use from several threads once set up).
struct TlsSession::Ctx {
    SSL_CTX *ctx = nullptr;
    QString error;
    ~Ctx() { SSL_CTX_free(ctx); }

    static std::shared_ptr<Ctx> forSettings(const TlsSettings &s)
    {
        static QMutex mutex;
        static std::map<QByteArray, std::shared_ptr<Ctx>> cache;
        const QByteArray key = s.cacheKey();
        QMutexLocker lock(&mutex);
        auto &slot = cache[key];
        if (!slot)
            slot = make(s);
        return slot;
    }

    static std::shared_ptr<Ctx> make(const TlsSettings &s)
    {
        auto c = std::make_shared<Ctx>();
        c->ctx = SSL_CTX_new(TLS_client_method());
        if (!c->ctx) {
            c->error = TlsSession::tr("OpenSSL: %1").arg(openSslErrors());
            return c;
        }
        SSL_CTX_set_min_proto_version(c->ctx, TLS1_2_VERSION);
        SSL_CTX_set_verify(c->ctx, SSL_VERIFY_PEER, nullptr);
        SSL_CTX_set_default_verify_paths(c->ctx);
        static const unsigned char alpn[] = "\x08http/1.1";
        SSL_CTX_set_alpn_protos(c->ctx, alpn, sizeof alpn - 1);
        addCas(c->ctx, s.caPem);
        if (!useClientCertificate(c->ctx, s))
            c->error = TlsSession::tr("the client certificate or its key cannot be used: %1")
                           .arg(openSslErrors());
        return c;
    }
};

QByteArray TlsSettings::cacheKey() const
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QByteArray *part : {&caPem, &clientCertPem, &clientKeyPem}) {
        hash.addData(QByteArray::number(part->size()) + ':');
        hash.addData(*part);
    }
    return hash.result();
}

TlsSession::TlsSession(const TlsSettings &settings, const QString &host)
    : m_ctx(Ctx::forSettings(settings))
{
    if (!m_ctx->ctx || !m_ctx->error.isEmpty()) {
        m_error = m_ctx->error;
        return;
    }
    m_ssl = SSL_new(m_ctx->ctx);
    m_in = BIO_new(BIO_s_mem());
    m_out = BIO_new(BIO_s_mem());
    BIO_set_mem_eof_return(m_in, -1); // empty: "retry", not the end
    SSL_set_bio(m_ssl, m_in, m_out);
    SSL_set_connect_state(m_ssl);
    QString name = host;
    if (name.startsWith(QLatin1Char('[')) && name.endsWith(QLatin1Char(']')))
        name = name.mid(1, name.size() - 2);
    const QByteArray ascii = name.toLatin1();
    if (!QHostAddress(name).isNull()) {
        X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(m_ssl), ascii.constData());
    } else {
        SSL_set_tlsext_host_name(m_ssl, ascii.constData());
        SSL_set1_host(m_ssl, ascii.constData());
    }
}

TlsSession::~TlsSession()
{
    SSL_free(m_ssl); // frees both memory BIOs
}

void TlsSession::feed(const char *data, qsizetype size)
{
    if (m_ssl && size > 0)
        BIO_write(m_in, data, int(size));
}

void TlsSession::fail(const QString &what)
{
    const long verify = m_ssl ? SSL_get_verify_result(m_ssl) : X509_V_OK;
    if (verify != X509_V_OK) {
        m_verifyFailed = true;
        m_error = tr("the server's certificate is not trusted: %1")
                      .arg(QString::fromLatin1(X509_verify_cert_error_string(verify)));
        ERR_clear_error();
        return;
    }
    const QString details = openSslErrors();
    m_error = details.isEmpty() ? what : tr("%1: %2").arg(what, details);
}

TlsSession::Step TlsSession::handshake()
{
    if (!m_ssl)
        return Step::Failed;
    const int rc = SSL_do_handshake(m_ssl);
    if (rc == 1)
        return Step::Done;
    const int e = SSL_get_error(m_ssl, rc);
    if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE)
        return Step::Again;
    fail(tr("the TLS handshake failed"));
    return Step::Failed;
}

qint64 TlsSession::read(char *data, qint64 max)
{
    if (!m_ssl)
        return -2;
    const int n = SSL_read(m_ssl, data, int(std::min<qint64>(max, 1 << 30)));
    if (n > 0)
        return n;
    const int e = SSL_get_error(m_ssl, n);
    if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE)
        return 0;
    if (e == SSL_ERROR_ZERO_RETURN)
        return -1;
    fail(tr("TLS error"));
    return -2;
}

bool TlsSession::hasInput()
{
    if (!m_ssl)
        return true;
    char byte;
    const int n = SSL_peek(m_ssl, &byte, 1);
    if (n > 0)
        return true;
    const int e = SSL_get_error(m_ssl, n);
    if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE)
        return false;
    ERR_clear_error();
    return true;
}

bool TlsSession::write(QByteArrayView plain)
{
    if (!m_ssl)
        return false;
    qsizetype done = 0;
    while (done < plain.size()) {
        const int n = SSL_write(m_ssl, plain.data() + done,
                                int(std::min<qsizetype>(plain.size() - done, 1 << 30)));
        if (n <= 0) {
            fail(tr("TLS error"));
            return false;
        }
        done += n;
    }
    return true;
}

bool TlsSession::hasOutgoing() const
{
    return m_out && BIO_ctrl_pending(m_out) > 0;
}

QByteArray TlsSession::takeOutgoing()
{
    QByteArray bytes;
    if (!m_out)
        return bytes;
    const size_t pending = BIO_ctrl_pending(m_out);
    if (pending == 0)
        return bytes;
    bytes.resize(qsizetype(pending));
    const int n = BIO_read(m_out, bytes.data(), int(pending));
    bytes.resize(std::max(0, n));
    return bytes;
}

} // namespace ys
