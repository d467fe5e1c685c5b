#pragma once

#include <QCoreApplication>
#include <QString>

namespace ys {

// How long a run has left, as the status bar and the command line say it.
class EtaText {
    Q_DECLARE_TR_FUNCTIONS(EtaText)
public:
    // "about 12 s left", "about 3 min 5 s left", "about 1 h 20 min left"; empty when the time
    // is not known (negative).
    static QString format(qint64 etaMs);
};

} // namespace ys
