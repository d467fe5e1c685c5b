#pragma once

#include <QCoreApplication>
#include <QString>

namespace ys {

struct SessionInfo;

// The line under every exported chart, so a picture pasted into a report still says where its
// figures came from: the session (id, suite name, start time), how its percentiles are computed
// and the Yardstick version that measured and drew it.
class ChartFootnote {
    Q_DECLARE_TR_FUNCTIONS(ys::ChartFootnote)
public:
    // For a session; an id of 0 stands for none (a chart drawn before any session is chosen).
    static QString text(const SessionInfo &session);
    // The percentile method's name, as docs/measurements.md ("Percentiles") gives it.
    static QString percentileMethod();
    static QString version();
};

} // namespace ys
