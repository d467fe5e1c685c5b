#pragma once

#include "domain/calibration_record.h"
#include "domain/network_settings.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <optional>

class QNetworkAccessManager;

namespace ys {

class Http1Pool;

// How late the client sees stream events compared with when they were written, measured
// against a loopback stream whose send times are known exactly, through the transport the
// session's attempts use. It is the floor under every timing the session reports (event loop,
// the transport's delivery, the machine's load), so it is stored with the session and a
// warning is raised when it is large.
class SelfCalibration {
    Q_DECLARE_TR_FUNCTIONS(ys::SelfCalibration)
public:
    // The transports a provider's attempts go through (calibration_transport names), as
    // HttpAttempt::usesHttp1 chooses: the lanes' HTTP/1.1 client for http:// and for https://
    // with http_version 1.1; QtNetwork for http_version 2; both for https:// with auto (its
    // first attempt goes through QtNetwork, the rest through the lanes when the server turns
    // out not to offer HTTP/2).
    static QStringList transportsFor(const QUrl &url, HttpVersionChoice httpVersion);

    // Each runs the measurement on the calling thread's event loop (it blocks for about
    // events × intervalMs). Returns nullopt with *error set when it could not run.
    // Through QtNetwork, with this thread's manager.
    static std::optional<CalibrationResult> runQtNetwork(QNetworkAccessManager *nam, QString *error,
                                                         int events = 40, int intervalMs = 5);
    // Through the lanes' HTTP/1.1 client, with this thread's pool; an event's arrival is the
    // read time the client reports, as an attempt's is.
    static std::optional<CalibrationResult> runHttp1(Http1Pool *pool, QString *error,
                                                     int events = 40, int intervalMs = 5);
};

} // namespace ys
