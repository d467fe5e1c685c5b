#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QLatin1StringView>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

// The names of the transports self-calibration measures, as stored in the session's
// calibration JSON (docs/show-json.md, docs/measurements.md).
namespace calibration_transport {
// http:// attempts: the network lanes' own HTTP/1.1 client over plain TCP.
inline constexpr QLatin1StringView kLanesHttp1{"lanes-http1"};
// https:// attempts: QtNetwork (QNetworkAccessManager) on a lane.
inline constexpr QLatin1StringView kQtNetwork{"qt-network"};
} // namespace calibration_transport

// How late one transport delivered the events of a loopback stream whose send times are known.
struct CalibrationResult {
    QString transport; // empty: stored before the transport was named
    int events = 0;
    double medianMs = 0;
    double p99Ms = 0;
    double maxMs = 0;
    bool large() const { return medianMs > 1.0 || p99Ms > 5.0; }
};

// A session's self-calibration: one result per transport its attempts use. Stored as JSON in
// sessions.calibration: the top-level figures are the result with the largest median, named by
// "transport", and "transports" holds every result. A record stored before transports were
// named (the figures alone) reads as one result with no transport.
struct CalibrationRecord {
    std::vector<CalibrationResult> results;

    bool large() const;
    // The result with the largest median (the first of equals); null when there is none.
    const CalibrationResult *headline() const;
    QByteArray toJson() const;
    // nullopt for an empty or unreadable value, or one without figures.
    static std::optional<CalibrationRecord> fromJson(const QByteArray &json);
};

// User-visible words about a calibration.
class CalibrationText {
    Q_DECLARE_TR_FUNCTIONS(ys::CalibrationText)
public:
    // The transport's stable name, or "unknown transport" for one stored without a name.
    static QString transportName(const QString &transport);
    // "Client delivery overhead (lanes-http1): median 0.050 ms, p99 0.200 ms over 40 events"
    static QString describe(const CalibrationResult &result);
    // Every result of the record, joined with "; ".
    static QString describe(const CalibrationRecord &record);
};

} // namespace ys
