#include "storage/sample_blob.h"

namespace ys {

namespace {
constexpr char kVersion = 1;
}

qsizetype encodeEventTimesTo(const std::vector<qint64> &timesNs, char *out)
{
    char *p = out;
    *p++ = kVersion;
    qint64 previous = 0;
    for (qint64 t : timesNs) {
        const qint64 delta = t - previous;
        previous = t;
        auto zz = (quint64(delta) << 1) ^ quint64(delta >> 63);
        while (zz >= 0x80) {
            *p++ = char((zz & 0x7f) | 0x80);
            zz >>= 7;
        }
        *p++ = char(zz);
    }
    return p - out;
}

QByteArray encodeEventTimes(const std::vector<qint64> &timesNs)
{
    QByteArray out(maxEncodedEventTimesSize(timesNs.size()), Qt::Uninitialized);
    out.truncate(encodeEventTimesTo(timesNs, out.data()));
    return out;
}

bool decodeEventTimes(const QByteArray &blob, std::vector<qint64> *timesNs)
{
    timesNs->clear();
    if (blob.isEmpty())
        return true;
    if (blob.at(0) != kVersion)
        return false;
    qint64 previous = 0;
    quint64 value = 0;
    int shift = 0;
    for (qsizetype i = 1; i < blob.size(); ++i) {
        const auto byte = quint8(blob.at(i));
        if (shift > 63)
            return false;
        value |= quint64(byte & 0x7f) << shift;
        if (byte & 0x80) {
            shift += 7;
            continue;
        }
        const auto delta = qint64(value >> 1) ^ -qint64(value & 1);
        previous += delta;
        timesNs->push_back(previous);
        value = 0;
        shift = 0;
    }
    return shift == 0;
}

} // namespace ys
