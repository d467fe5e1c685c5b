#include "storage/attempt_pack.h"

#include <QtEndian>
#include <cstring>
#include <iterator>

namespace ys::AttemptPack {

namespace {

// 2: the first answer token (first_content_ns) joined the optional times; a pack of version 1
// is not read, and its run's samples are read instead.
// 3: when a tool call's arguments were complete (tool_args_ns) joined them; a pack of an older
// version is not read, and its run's samples are read instead.
constexpr char kVersion = 3;
static_assert(Q_BYTE_ORDER == Q_LITTLE_ENDIAN, "packed attempts are written little-endian");

enum Flag : quint8 { Warmup = 1, Reused = 2, Estimated = 4, ServedElsewhere = 8 };

struct Record {
    qint64 startOffsetNs, endNs, intendedStartNs, queueDelayNs, localPromptTokens,
        localOutputTokens;
    qint64 optional[11]; // see kOptional; present when its bit in present is set
    double costUsd;
    qint32 requestIndex, attemptNumber;
    quint16 present;
    quint8 outcome, flags;
};
static_assert(std::is_trivially_copyable_v<Record>);

constexpr std::optional<qint64> Sample::*kOptional[11] = {
    &Sample::firstTokenNs,   &Sample::headersNs,    &Sample::connectStartNs,
    &Sample::connectedNs,    &Sample::tlsDoneNs,    &Sample::inputTokens,
    &Sample::outputTokens,   &Sample::cachedTokens, &Sample::reasoningTokens,
    &Sample::firstContentNs, &Sample::toolArgsNs};
constexpr quint16 kCostBit = 1u << std::size(kOptional);
static_assert(std::size(kOptional) < 16, "the present bits and the cost's fit in 16 bits");

} // namespace

void append(QByteArray &packed, const Sample &s)
{
    if (packed.isEmpty())
        packed.append(kVersion);
    Record r{};
    r.startOffsetNs = s.startOffsetNs;
    r.endNs = s.endNs;
    r.intendedStartNs = s.intendedStartNs;
    r.queueDelayNs = s.queueDelayNs;
    r.localPromptTokens = s.localPromptTokens;
    r.localOutputTokens = s.localOutputTokens;
    for (int i = 0; i < int(std::size(kOptional)); ++i)
        if (const auto &v = s.*kOptional[i]) {
            r.optional[i] = *v;
            r.present |= quint16(1u << i);
        }
    if (s.costUsd) {
        r.costUsd = *s.costUsd;
        r.present |= kCostBit;
    }
    r.requestIndex = s.requestIndex;
    r.attemptNumber = s.attemptNumber;
    r.outcome = quint8(s.outcome);
    r.flags =
        quint8((s.warmup ? Warmup : 0) | (s.connectionReused ? Reused : 0) |
               (s.tokensEstimated ? Estimated : 0) | (s.servedBy.isEmpty() ? 0 : ServedElsewhere));
    packed.append(reinterpret_cast<const char *>(&r), sizeof r);
}

qint64 count(const QByteArray &packed)
{
    if (packed.isEmpty() || packed.at(0) != kVersion ||
        (packed.size() - 1) % qsizetype(sizeof(Record)) != 0)
        return -1;
    return (packed.size() - 1) / qsizetype(sizeof(Record));
}

bool unpack(const QByteArray &packed, const std::function<void(Sample &&)> &visit)
{
    const qint64 n = count(packed);
    if (n < 0)
        return false;
    const QString elsewhere = QStringLiteral("fallback");
    const char *at = packed.constData() + 1;
    for (qint64 k = 0; k < n; ++k, at += sizeof(Record)) {
        Record r;
        std::memcpy(&r, at, sizeof r);
        Sample s;
        s.startOffsetNs = r.startOffsetNs;
        s.endNs = r.endNs;
        s.intendedStartNs = r.intendedStartNs;
        s.queueDelayNs = r.queueDelayNs;
        s.localPromptTokens = r.localPromptTokens;
        s.localOutputTokens = r.localOutputTokens;
        for (int i = 0; i < int(std::size(kOptional)); ++i)
            if (r.present & (1u << i))
                s.*kOptional[i] = r.optional[i];
        if (r.present & kCostBit)
            s.costUsd = r.costUsd;
        s.requestIndex = r.requestIndex;
        s.attemptNumber = r.attemptNumber;
        s.outcome = r.outcome < kOutcomeCount ? Outcome(r.outcome) : Outcome::ClientError;
        s.warmup = r.flags & Warmup;
        s.connectionReused = r.flags & Reused;
        s.tokensEstimated = r.flags & Estimated;
        if (r.flags & ServedElsewhere)
            s.servedBy = elsewhere;
        visit(std::move(s));
    }
    return true;
}

} // namespace ys::AttemptPack
