#pragma once

#include <QCoreApplication>
#include <QString>
#include <optional>

class QNetworkAccessManager;

namespace ys {

// How late the client sees stream events compared with when they were written, measured
// against a loopback stream whose send times are known exactly. It is the floor under every
// timing the session reports (event loop, QtNetwork's delivery, the machine's load), so it is
// stored with the session and a warning is raised when it is large.
struct CalibrationResult {
    int events = 0;
    double medianMs = 0;
    double p99Ms = 0;
    double maxMs = 0;
    bool large() const { return medianMs > 1.0 || p99Ms > 5.0; }
    QByteArray toJson() const;
};

class SelfCalibration {
    Q_DECLARE_TR_FUNCTIONS(ys::SelfCalibration)
public:
    // Runs the measurement on the calling thread's event loop (it blocks for about
    // events × intervalMs). Returns nullopt with *error set when it could not run.
    static std::optional<CalibrationResult> run(QNetworkAccessManager *nam, QString *error,
                                                int events = 40, int intervalMs = 5);
    static QString describe(const CalibrationResult &result);
};

} // namespace ys
