#pragma once

#include "domain/sample.h"

#include <QByteArray>
#include <functional>

namespace ys {

// The fields of an attempt that a session's summary reads (its times, token counts, cost,
// outcome, retry and warm-up marks), packed into a fixed record so an ended run's attempts can
// be kept beside its stream digest in one blob: a summary of a hundred thousand attempts then
// reads a few megabytes instead of every row of the samples table. Everything else of the
// sample (texts, headers, event times) is left out, and of served_by only whether it is set
// (unpacked as "fallback"). The records are in the machine's byte order, under a version byte.
namespace AttemptPack {

void append(QByteArray &packed, const Sample &sample);
// Hands each packed attempt back as a Sample holding the packed fields; false when the blob is
// not of this version or is cut short (then nothing is handed over).
bool unpack(const QByteArray &packed, const std::function<void(Sample &&)> &visit);
// The attempts a blob holds, or -1 when it is not of this version.
qint64 count(const QByteArray &packed);

} // namespace AttemptPack

} // namespace ys
