#pragma once

#include "domain/provider_config.h"

#include <QCoreApplication>
#include <QObject>
#include <QString>
#include <memory>
#include <optional>

namespace ys {

class Dialect;
class HttpAttempt;
class NetworkPool;

// What one test request found out, in the words the provider editor shows.
struct ConnectionResult {
    Q_DECLARE_TR_FUNCTIONS(ys::ConnectionResult)
public:
    bool ok = false;    // an answer came back (the outcome is a success)
    int httpStatus = 0; // 0: no HTTP reply at all
    std::optional<double> ttftMs;
    QString model;       // the model identity the provider reported; empty: none
    QString fingerprint; // its system fingerprint, where it gives one
    QString outcome;     // the outcome class's name ("ok", "auth_error", ...); empty: not sent
    QString error;       // what went wrong, in plain words; empty when ok

    // One line: the status, the time to first token and the model, or the error.
    QString summary() const;
};

// "Test connection": one tiny streaming request (a few output tokens) through the engine's own
// attempt code on a network lane, exactly as a run sends it, with the key resolved from its
// reference at that moment. finished() always follows start(), queued, also when nothing could
// be sent (no key, an unknown dialect).
class ConnectionTest : public QObject {
    Q_OBJECT
public:
    explicit ConnectionTest(QObject *parent = nullptr);
    ~ConnectionTest() override;

    // A test already running is cancelled first.
    void start(const ProviderConfig &provider);
    void cancel();
    bool isRunning() const { return m_attempt != nullptr; }
    const ConnectionResult &result() const { return m_result; }

    // The output limit of the test request.
    static constexpr int kMaxOutputTokens = 8;

Q_SIGNALS:
    void finished(const ys::ConnectionResult &result);

private:
    void onAttemptFinished(ys::HttpAttempt *attempt);
    void failNow(const QString &error);

    // Declared before the pool: the attempts on its lanes use the dialect until the pool is
    // gone.
    std::unique_ptr<Dialect> m_dialect;
    std::unique_ptr<NetworkPool> m_pool;
    HttpAttempt *m_attempt = nullptr;
    ConnectionResult m_result;
};

} // namespace ys
