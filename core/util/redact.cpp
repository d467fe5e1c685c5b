#include "util/redact.h"

#include <QReadWriteLock>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <vector>

namespace ys {

namespace {

constexpr qsizetype kMinSecretBytes = 4;

struct Needle {
    QString text;
    Qt::CaseSensitivity cs = Qt::CaseSensitive;
};

// The forms a key takes in the texts that reach us: as sent, percent-encoded (a URL), base64
// and base64url (a Basic header, a token), and with JSON's optional "\/" escape.
void addForms(const QByteArray &key, std::vector<Needle> *out)
{
    out->push_back({QString::fromUtf8(key), Qt::CaseSensitive});
    const QByteArray percent = key.toPercentEncoding();
    if (percent != key)
        out->push_back({QString::fromLatin1(percent), Qt::CaseInsensitive}); // %2f or %2F
    const QByteArray base64 = key.toBase64(QByteArray::OmitTrailingEquals);
    out->push_back({QString::fromLatin1(base64), Qt::CaseSensitive});
    const QByteArray base64Url =
        key.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    if (base64Url != base64)
        out->push_back({QString::fromLatin1(base64Url), Qt::CaseSensitive});
    if (key.contains('/'))
        out->push_back({QString::fromUtf8(QByteArray(key).replace("/", "\\/")), Qt::CaseSensitive});
}

// The process-wide set of known secrets. Never destroyed: the log may redact from any thread
// until the very end of the process.
struct Registry {
    QReadWriteLock lock;
    QSet<QByteArray> keys;
    std::vector<Needle> needles; // longest first, so a longer form is replaced whole
};

Registry &registry()
{
    static Registry *instance = new Registry;
    return *instance;
}

bool isRegistered(const QByteArray &key)
{
    Registry &r = registry();
    QReadLocker lock(&r.lock);
    return r.keys.contains(key);
}

} // namespace

void registerSecret(const QByteArray &key)
{
    if (key.size() < kMinSecretBytes || isRegistered(key))
        return;
    Registry &r = registry();
    QWriteLocker lock(&r.lock);
    if (r.keys.contains(key))
        return;
    r.keys.insert(key);
    addForms(key, &r.needles);
    std::stable_sort(r.needles.begin(), r.needles.end(), [](const Needle &a, const Needle &b) {
        return a.text.size() > b.text.size();
    });
}

int registeredSecretCount()
{
    Registry &r = registry();
    QReadLocker lock(&r.lock);
    return int(r.keys.size());
}

QString redactSecrets(const QString &text, const QList<QByteArray> &secrets)
{
    if (text.isEmpty())
        return text;
    // A secret handed in is a secret for the rest of the process too.
    for (const QByteArray &s : secrets)
        registerSecret(s);

    QString out = text;
    const QString mark = redactionMarker();
    {
        Registry &r = registry();
        QReadLocker lock(&r.lock);
        for (const Needle &needle : r.needles) {
            if (out.contains(needle.text, needle.cs))
                out.replace(needle.text, mark, needle.cs);
        }
    }

    // The generic shapes, each behind a cheap test, since the log runs this on every line.
    if (out.contains(QLatin1StringView("authorization"), Qt::CaseInsensitive) ||
        out.contains(QLatin1StringView("api"), Qt::CaseInsensitive)) {
        static const QRegularExpression headers(
            QStringLiteral(
                R"((authorization|api[-_]?key)(["']?\s*[:=]\s*["']?)((?:bearer|basic|token)\s+)?[^\s"',}]+)"),
            QRegularExpression::CaseInsensitiveOption);
        out.replace(headers, QStringLiteral("\\1\\2\\3") + mark);
    }
    if (out.contains(QLatin1Char('='))) {
        static const QRegularExpression urlKey(
            QStringLiteral(R"(([?&](?:key|api[-_]?key|access_token|token)=)[^&\s"'#]+)"),
            QRegularExpression::CaseInsensitiveOption);
        out.replace(urlKey, QStringLiteral("\\1") + mark);
    }
    if (out.contains(QLatin1StringView("sk-")) || out.contains(QLatin1StringView("AIza"))) {
        static const QRegularExpression keyLike(QStringLiteral(
            R"(\b(sk-[A-Za-z0-9_-]{16,}|sk-ant-[A-Za-z0-9_-]{16,}|AIza[0-9A-Za-z_-]{30,}))"));
        out.replace(keyLike, mark);
    }
    return out;
}

} // namespace ys
