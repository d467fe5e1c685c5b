#include "provider/secrets.h"

#include "util/redact.h"

#include <QEventLoop>
#include <QPointer>
#include <QSemaphore>
#include <QThread>
#include <QTimer>
#include <functional>
#include <memory>

#ifdef YS_HAVE_QTKEYCHAIN
#include <qt6keychain/keychain.h>
#endif

namespace ys {

namespace {

#ifdef YS_HAVE_QTKEYCHAIN
// A keychain read that never answers (a secret service that hangs) must not hold a session or
// the dialog for long.
constexpr int kKeychainTimeoutMs = 15'000;

struct KeychainRead {
    bool done = false;
    QKeychain::Error error = QKeychain::NoError;
    QString errorString;
    QByteArray value;
};

// Starts a read on the calling thread; `done` runs there when the job has finished. The job
// deletes itself when it finishes, even after the caller has given up waiting for it.
void startKeychainRead(const QString &name, std::function<void(const KeychainRead &)> done)
{
    auto *job = new QKeychain::ReadPasswordJob(Secrets::keychainService());
    job->setAutoDelete(true);
    job->setInsecureFallback(false); // never a plain file instead of the keychain
    job->setKey(name);
    QObject::connect(job, &QKeychain::Job::finished, job, [done](QKeychain::Job *j) {
        KeychainRead r;
        r.done = true;
        r.error = j->error();
        r.errorString = j->errorString();
        if (j->error() == QKeychain::NoError)
            r.value = static_cast<QKeychain::ReadPasswordJob *>(j)->binaryData();
        done(r);
    });
    job->start();
}

// Keys are resolved just before a session starts, on the runner's thread or the UI's. QtKeychain
// queues its jobs through one object that lives in the thread of its first use, and a runner's
// thread ends with its run: the read therefore always runs on the application's thread, and a
// runner waits for it there.
KeychainRead readKeychain(const QString &name)
{
    QCoreApplication *app = QCoreApplication::instance();
    if (!app || QThread::currentThread() == app->thread()) {
        auto result = std::make_shared<KeychainRead>();
        QEventLoop loop;
        QPointer<QEventLoop> waiting(&loop);
        startKeychainRead(name, [result, waiting](const KeychainRead &r) {
            *result = r;
            if (waiting)
                waiting->quit();
        });
        QTimer::singleShot(kKeychainTimeoutMs, &loop, &QEventLoop::quit);
        if (!result->done)
            loop.exec();
        return *result;
    }
    struct Shared {
        QSemaphore ready;
        KeychainRead read;
    };
    auto shared = std::make_shared<Shared>();
    QMetaObject::invokeMethod(
        app,
        [name, shared] {
            startKeychainRead(name, [shared](const KeychainRead &r) {
                shared->read = r;
                shared->ready.release();
            });
        },
        Qt::QueuedConnection);
    if (!shared->ready.tryAcquire(1, kKeychainTimeoutMs))
        return {}; // not done; the read may still finish and write into `shared` alone
    return shared->read;
}
#endif

bool resolveKeychain(const QString &reference, QByteArray *key, QString *error)
{
    const QString name = reference.mid(9);
    if (name.trimmed().isEmpty()) {
        *error = Secrets::tr("\"%1\" names no keychain entry (use keychain:NAME)").arg(reference);
        return false;
    }
#ifdef YS_HAVE_QTKEYCHAIN
    const KeychainRead read = readKeychain(name);
    if (!read.done) {
        *error = Secrets::tr("\"%1\": the system keychain did not answer; store the key in an "
                             "environment variable and use an env:NAME reference instead")
                     .arg(reference);
        return false;
    }
    switch (read.error) {
    case QKeychain::NoError:
        if (read.value.trimmed().isEmpty())
            break;
        *key = read.value.trimmed();
        Secrets::registerSecret(*key);
        return true;
    case QKeychain::EntryNotFound:
        *error = Secrets::tr("\"%1\": the system keychain has no entry \"%2\" for %3")
                     .arg(reference, name, Secrets::keychainService());
        return false;
    case QKeychain::AccessDeniedByUser:
    case QKeychain::AccessDenied:
        *error =
            Secrets::tr("\"%1\": the system keychain refused access to the entry").arg(reference);
        return false;
    default:
        // QtKeychain says little more than "Unknown error" when no secret service runs (no
        // D-Bus session, no keyring daemon): say what that usually means and what still works.
        *error = Secrets::tr("\"%1\": the system keychain cannot be read (%2); no secret service "
                             "seems to be running. Store the key in an environment variable and "
                             "use an env:NAME reference instead")
                     .arg(reference, read.errorString);
        return false;
    }
    *error = Secrets::tr("\"%1\": the keychain entry is empty").arg(reference);
    return false;
#else
    Q_UNUSED(key)
    *error = Secrets::tr("\"%1\": this build has no keychain support (QtKeychain); use an "
                         "env:NAME reference instead")
                 .arg(reference);
    return false;
#endif
}

} // namespace

QString Secrets::keychainService()
{
    return QStringLiteral("Yardstick");
}

bool Secrets::keychainAvailable()
{
#ifdef YS_HAVE_QTKEYCHAIN
    return true;
#else
    return false;
#endif
}

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
        registerSecret(*key);
        return true;
    }
    if (reference.startsWith(QLatin1StringView("keychain:")))
        return resolveKeychain(reference, key, error);
    *error = tr("\"%1\" is not a key reference (use env:NAME or keychain:ID)")
                 .arg(reference.left(8) + QStringLiteral("…"));
    return false;
}

void Secrets::registerSecret(const QByteArray &key)
{
    ys::registerSecret(key);
}

int Secrets::registeredCount()
{
    return registeredSecretCount();
}

QString Secrets::redact(const QString &text, const QList<QByteArray> &secrets)
{
    return redactSecrets(text, secrets);
}

QString Secrets::marker()
{
    return redactionMarker();
}

} // namespace ys
