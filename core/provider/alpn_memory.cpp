#include "provider/alpn_memory.h"

#include <QHash>
#include <QMutex>

namespace ys {

namespace {

QMutex &mutex()
{
    static QMutex m;
    return m;
}

QHash<QString, bool> &known()
{
    static QHash<QString, bool> k;
    return k;
}

QString originOf(const QUrl &url)
{
    return url.host().toLower() + QLatin1Char(':') + QString::number(url.port(443));
}

} // namespace

void AlpnMemory::note(const QUrl &url, bool offersHttp2)
{
    QMutexLocker lock(&mutex());
    known().insert(originOf(url), offersHttp2);
}

std::optional<bool> AlpnMemory::offersHttp2(const QUrl &url)
{
    QMutexLocker lock(&mutex());
    const auto it = known().constFind(originOf(url));
    if (it == known().constEnd())
        return std::nullopt;
    return *it;
}

void AlpnMemory::forgetAll()
{
    QMutexLocker lock(&mutex());
    known().clear();
}

} // namespace ys
